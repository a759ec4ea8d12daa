"""Dask: compare, simulate and bid on a LocalCluster of 2 workers give the bytes of a local run,
and the HTML report opens in headless Chromium with its tables and every image loaded."""
from __future__ import annotations

import base64
import json
import re
import shutil
import struct
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from cardsim import compare
from cardsim.cli import main

distributed = pytest.importorskip("distributed", reason="the cluster extra: pip install 'cardsim[cluster]'")

CP = "cutthroat-pinochle"
VARIANTS = ["a: must_beat=always", "b: must_beat=never"]


def run(*args: str):
    result = CliRunner().invoke(main, list(args), env={"COLUMNS": None})
    assert result.exit_code == 0, (result.stdout, result.stderr, result.exception)
    return result.stdout


@pytest.fixture(scope="module")
def scheduler():
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0",
                                       silence_logs=50)
    try:
        yield cluster.scheduler_address
    finally:
        cluster.close()


def test_compare_on_two_workers_is_the_local_run(scheduler):
    for unit in ({"hands": 6000, "chunk": 1000}, {"games": 200, "chunk": 40}):
        local = compare(CP, VARIANTS, seed=3, threads=1, **unit)
        remote = compare(CP, VARIANTS, seed=3, scheduler=scheduler, **unit)
        assert remote.to_json() == local.to_json()
    spades = dict(games=150, chunk=50, seed=2)
    assert compare("spades", ["a:", "b: bag_limit=5"], scheduler=scheduler, **spades).to_json() == \
        compare("spades", ["a:", "b: bag_limit=5"], threads=2, **spades).to_json()


def test_simulate_and_bid_on_two_workers_are_the_local_run(scheduler):
    args = ["simulate", CP, "--hands", "70000", "--seed", "5", "--json"]
    assert run(*args, "--scheduler", scheduler) == run(*args, "--threads", "2")
    args = ["simulate", "spades", "--hands", "3000", "--unit", "game", "--seed", "5", "--json"]
    assert run(*args, "--scheduler", scheduler) == run(*args, "--threads", "1")
    hand = "AS AS TS KS QS JS 9S AH AD AC QS JD KH QH 9D"
    args = ["bid", CP, hand, "--trials", "20000", "--seed", "1", "--json"]
    assert run(*args, "--scheduler", scheduler) == run(*args, "--threads", "2")
    args = ["bid", "euchre", "JH JD AH KS 9C", "--upcard", "9H", "--dealer", "3", "--precision", "0.02", "--json"]
    assert run(*args, "--scheduler", scheduler) == run(*args, "--threads", "2")


def test_pimc_bid_odds_on_two_workers_are_the_local_run(scheduler):
    """Bid odds with PIMC and oracle seats on the cluster (tasks of SOLVER_STEP trials, so both
    workers play): the odds of a local run, in every game family; --policies too."""
    from cardsim import bid_odds
    for game, cards, kw in (
            ("euchre", "JH AH KS 9C TD", {"upcard": "9H", "policy": ["pimc(worlds=3,eval=playout)", "heuristic",
                                                                      "oracle", "random"]}),
            ("spades", "AS KS QS 2S AH KH 3H 4D 5D 6C 7C 8C 9C", {"policy": "pimc(worlds=2,bids=pimc)"}),
            (CP, "AS AS TS KS QS JS JS 9S AH TH KH QH AD KD QC", {"policy": ["pimc(worlds=2)", "heuristic", "oracle"],
                                                                   "dealer": 2}),
            ("two-hand-pinochle", "AS TS KS QS JS 9S AH TH KH QH AD JD", {"policy": "pimc(worlds=2)",
                                                                          "upcard": "9C"})):
        trials = 30 if game == "spades" else 120
        local = bid_odds(game, cards, trials=trials, seed=3, threads=1, **kw).to_dict()
        assert bid_odds(game, cards, trials=trials, seed=3, scheduler=scheduler, **kw).to_dict() == local
    args = ["bid", "euchre", "JH AH KS 9C TD", "--upcard", "9H", "--policies", "heuristic,pimc(worlds=2,eval=playout)",
            "--trials", "150", "--seed", "2", "--json"]
    assert run(*args, "--scheduler", scheduler) == run(*args, "--threads", "2")


def _accept(deals):
    return (deals[1] & 0xF) != 0   # seat 1 holds a club (module level: the cluster may not need it, but it pickles)


def test_conditioned_bid_odds_on_two_workers_are_the_local_run(scheduler):
    """Conditioned odds (core, PIMC and accept= runs): the trials on the workers, their ids and the
    deals they tried counted here, so the odds and the acceptance are a local run's."""
    from cardsim import bid_odds
    for game, cards, kw, trials in (
            ("euchre", "JH AH KS 9C TD", {"upcard": "9H", "voids": ["1:S"], "constraints": ["2: H >= 2"]}, 30_000),
            ("euchre", "JH AH KS 9C TD", {"upcard": "9H", "accept": _accept}, 25_000),
            ("euchre", "JH AH KS 9C TD", {"upcard": "9H", "accept": _accept, "precision": 0.02}, None),
            (CP, "AS AS TS KS QS JS JS 9S AH TH KH QH AD KD QC", {"policy": ["pimc(worlds=2)", "heuristic", "oracle"],
                                                                   "dealer": 2, "constraints": ["2: H >= 3"]}, 120)):
        local = bid_odds(game, cards, trials=trials, seed=3, threads=1, **kw).to_dict()
        assert local["conditions"]["acceptance"] < 1
        assert bid_odds(game, cards, trials=trials, seed=3, scheduler=scheduler, **kw).to_dict() == local


def test_workers_option_starts_its_own_local_cluster():
    args = ["compare", CP, "--variant", VARIANTS[0], "--variant", VARIANTS[1], "--hands", "4000", "--json"]
    assert run(*args, "--workers", "2") == run(*args, "--threads", "1")


# -- the HTML report in a real browser --------------------------------------------------------------
class _Page(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tables = 0
        self.images: list[str] = []
        self.external: list[str] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "table":
            self.tables += 1
        if tag == "img":
            self.images.append(attrs.get("src", ""))
        for key in ("src", "href"):
            if key in attrs and not str(attrs[key]).startswith(("data:", "#")):
                self.external.append(attrs[key])


CHECK = """<script>
window.addEventListener('load', function () {
  var imgs = Array.from(document.images);
  var out = document.createElement('pre'); out.id = 'cardsim-check';
  out.textContent = JSON.stringify({tables: document.querySelectorAll('table').length,
    rows: document.querySelectorAll('table.differences tbody tr').length,
    images: imgs.map(function (i) { return [i.complete, i.naturalWidth, i.naturalHeight]; })});
  document.body.appendChild(out);
});
</script></body>"""


def chromium() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name) or (f"/usr/bin/{name}" if Path(f"/usr/bin/{name}").exists() else None)
        if path:
            return path
    return None


def test_report_is_self_contained_and_loads_in_headless_chromium(tmp_path):
    pytest.importorskip("matplotlib", reason="the plot extra: pip install 'cardsim[plot]'")
    report = tmp_path / "spades.html"
    run("compare", "spades", "--variant", "short: target_score=250", "--variant", "long: target_score=500",
        "--games", "200", "--seed", "1", "--threads", "1", "--report", str(report))
    text = report.read_text()
    page = _Page()
    page.feed(text)
    assert page.external == []  # nothing to fetch: readable offline
    assert page.tables >= 4  # differences, game length, a win-probability table per variant, rules
    assert len(page.images) == 4  # seat advantage, game length, two heat maps
    for src in page.images:
        data = base64.b64decode(src.split(",", 1)[1])
        assert data[:8] == b"\x89PNG\r\n\x1a\n"
        width, height = struct.unpack(">II", data[16:24])
        assert width > 100 and height > 100
    browser = chromium()
    if browser is None:
        pytest.skip("no chromium: .ci/run installs it with apt-get")
    checked = tmp_path / "checked.html"
    checked.write_text(text.replace("</body>", CHECK))
    dom = subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                          f"--user-data-dir={tmp_path / 'profile'}", "--virtual-time-budget=10000", "--dump-dom",
                          checked.as_uri()], capture_output=True, text=True, timeout=120).stdout
    found = re.search(r'<pre id="cardsim-check">(.*?)</pre>', dom, re.S)
    assert found, dom[-2000:]
    seen = json.loads(found.group(1).replace("&quot;", '"'))
    assert seen["tables"] == page.tables and seen["rows"] == 14
    assert len(seen["images"]) == 4
    assert all(complete and w > 100 and h > 100 for complete, w, h in seen["images"]), seen["images"]


def test_game_simulate_on_the_cluster_gives_the_same_records(scheduler):
    from cardsim import Game

    for name, unit in (("spades", "game"), (CP, "hand")):
        game = Game(name)
        local = game.simulate(5000, seed=2, threads=1, unit=unit)
        remote = game.simulate(5000, seed=2, unit=unit, scheduler=scheduler)
        assert local.array.dtype == remote.array.dtype
        assert (local.array == remote.array).all() and local.summary() == remote.summary()
        parts = list(game.iter_simulate(5000, chunk=1200, seed=2, unit=unit, scheduler=scheduler))
        assert [len(p) for p in parts] == [1200, 1200, 1200, 1200, 200]
        assert (np.concatenate(parts) == local.array).all()
