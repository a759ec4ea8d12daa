"""The record dtypes of every family match their C structs (checked at import by
cardsim._contract.check_record_layout), and the check names the record when they do not."""
from __future__ import annotations

import numpy as np
import pytest

from cardsim._contract import check_record_layout


def test_a_mismatch_is_an_import_error_naming_the_record() -> None:
    dtype = np.dtype([("a", "i2"), ("b", "i1")], align=True)
    check_record_layout(dtype, 4, {"a": 0, "b": 2}, "test record")
    for size, offsets in ((6, {"a": 0, "b": 2}), (4, {"a": 0, "b": 3}), (4, {"a": 0})):
        with pytest.raises(ImportError, match="test record dtype does not match the C struct"):
            check_record_layout(dtype, size, offsets, "test record")


def test_a_dtype_may_leave_a_struct_field_out() -> None:
    check_record_layout(np.dtype({"names": ["a"], "formats": ["i2"], "itemsize": 4}), 4, {"a": 0, "b": 2}, "x")


def test_every_family_imports_with_its_records_checked() -> None:
    from cardsim.euchre import euchre
    from cardsim.pinochle import cutthroat, partnership, two_hand
    from cardsim.spades import spades

    for dtype in (cutthroat.CP_RECORD_DTYPE, partnership.PP_RECORD_DTYPE, two_hand.TH_RECORD_DTYPE,
                  euchre.EUCHRE_RECORD_DTYPE, euchre.CUTTHROAT_EUCHRE_RECORD_DTYPE, spades.SP_RECORD_DTYPE):
        assert dtype.itemsize > 0 and dtype.names
