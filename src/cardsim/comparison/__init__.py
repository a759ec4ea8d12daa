"""Rule variants side by side on the same deals: ``cardsim.compare`` and ``cardsim compare``.

* :mod:`.variants` -- ``"NAME: key=value ..."`` into full rules and players;
* :mod:`.figures` -- the figures per hand and per game, as per-unit values;
* :mod:`.stats` -- paired differences with 95% intervals from exact sums, Holm's marks;
* :mod:`.run` -- the chunked run (local, Dask), checkpoints, the result;
* :mod:`.report` -- the self-contained HTML report with matplotlib figures.
"""
from .run import CompareResult, compare
from .variants import Variant, make_variants

__all__ = ["compare", "CompareResult", "Variant", "make_variants"]
