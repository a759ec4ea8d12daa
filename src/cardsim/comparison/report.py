"""``cardsim compare --report FILE.html``: one self-contained page, readable offline.

The tables of the comparison and matplotlib figures embedded as PNG data URIs: the
seat and position figures' paired differences with their 95% intervals, every
variant's game-length distribution, and a win-probability heat map per variant
(whole games).  matplotlib is an optional extra: ``pip install 'cardsim[plot]'``.
"""
from __future__ import annotations

import base64
import html
import io
from pathlib import Path
from typing import Any, Sequence

from .. import atomic
from ..errors import CardsimError

REPORT_SUFFIXES = (".html", ".htm")
#: win-probability cells seen fewer times than this are left out of heat maps and terminal tables
MIN_STATES = 20


def _pyplot() -> Any:
    try:
        import matplotlib
    except ImportError:
        raise CardsimError("--report needs matplotlib: pip install 'cardsim[plot]'") from None
    matplotlib.use("Agg", force=True)
    import matplotlib.pyplot as plt

    return plt


def check_report_path(path: str | Path) -> Path:
    """Refuse a report path that cannot be written, before any simulation (one line)."""
    text = str(path)
    if not text.strip():
        raise CardsimError("--report '' is not a file name: give one ending in .html")
    out = Path(path)
    if out.is_dir() or text.endswith("/"):
        raise CardsimError(f"cannot write report {text!r}: it is a directory; give a file name ending in .html")
    if out.suffix.lower() not in REPORT_SUFFIXES:
        raise CardsimError(f"report {text!r}: the file name must end in .html")
    atomic.check_writable(out)
    _pyplot()
    return out


def _png(fig: Any) -> str:
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=96, bbox_inches="tight", metadata={"Software": None})
    fig.clf()
    import matplotlib.pyplot as plt

    plt.close(fig)
    return base64.b64encode(buffer.getvalue()).decode("ascii")


def _fmt(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, float):
        return f"{value:.6g}"
    return str(value)


def _table(columns: Sequence[str], rows: Sequence[Sequence[Any]], cls: str = "") -> str:
    head = "".join(f"<th>{html.escape(c)}</th>" for c in columns)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(_fmt(c))}</td>" for c in row) + "</tr>" for row in rows)
    return f'<table class="{cls}"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'


def seat_label(figure: str, seat: int | None) -> str:
    if seat is None:
        return ""
    if figure.endswith("_by_position"):
        return "dealer" if seat == 0 else f"dealer+{seat}"
    return str(seat)


def difference_rows(data: dict[str, Any]) -> list[list[Any]]:
    values = {v["name"]: v["figures"] for v in data["variants"]}
    rows = []
    for d in data["differences"]:
        va, vb = values[d["a"]][d["figure"]], values[d["b"]][d["figure"]]
        if d["seat"] is not None:
            va, vb = va[d["seat"]], vb[d["seat"]]
        ci = "" if d["ci_low"] is None else f"[{d['ci_low']:.6g}, {d['ci_high']:.6g}]"
        rows.append([d["figure"], seat_label(d["figure"], d["seat"]), f"{d['b']} - {d['a']}", va, vb,
                     d["estimate"], ci, d["p"], "*" if d["significant"] else ""])
    return rows


def _difference_plot(plt: Any, data: dict[str, Any]) -> str | None:
    """Seat / position figures: difference b - a with its 95% interval, one panel per figure."""
    groups: dict[str, list[dict[str, Any]]] = {}
    for d in data["differences"]:
        if d["seat"] is not None and d["estimate"] is not None:
            groups.setdefault(d["figure"], []).append(d)
    if not groups:
        return None
    names = list(groups)
    cols = 2 if len(names) > 1 else 1
    rows = -(-len(names) // cols)
    fig, axes = plt.subplots(rows, cols, figsize=(5.5 * cols, 2.2 + 0.35 * 4 * rows), squeeze=False)
    for ax, name in zip(axes.flat, names):
        items = groups[name]
        labels = [f"{seat_label(name, d['seat'])} ({d['b']}-{d['a']})" for d in items]
        est = [d["estimate"] for d in items]
        err = [[d["estimate"] - d["ci_low"] for d in items], [d["ci_high"] - d["estimate"] for d in items]]
        colors = ["tab:red" if d["significant"] else "tab:blue" for d in items]
        y = list(range(len(items)))
        for yi, e, lo, hi, c in zip(y, est, err[0], err[1], colors):
            ax.errorbar([e], [yi], xerr=[[lo], [hi]], fmt="o", color=c, capsize=3)
        ax.axvline(0, color="grey", lw=0.8)
        ax.set_yticks(y, labels)
        ax.set_title(name, fontsize=10)
        ax.invert_yaxis()
    for ax in list(axes.flat)[len(names):]:
        ax.axis("off")
    fig.suptitle("Seat and position figures: paired difference with 95% interval (red: significant, Holm)",
                 fontsize=10)
    fig.tight_layout()
    return _png(fig)


def _length_plot(plt: Any, data: dict[str, Any]) -> str | None:
    if data["unit"] != "game":
        return None
    fig, ax = plt.subplots(figsize=(7, 3.5))
    for v in data["variants"]:
        hist = v["game_length"]["histogram"]
        xs = sorted(int(h) for h in hist)
        total = sum(hist.values())
        ax.step(xs, [hist[str(x)] / total for x in xs], where="mid", label=v["name"])
    ax.set_xlabel("hands in the game")
    ax.set_ylabel("share of games")
    ax.set_title("Game length")
    ax.legend()
    fig.tight_layout()
    return _png(fig)


def _win_plots(plt: Any, data: dict[str, Any]) -> list[tuple[str, str]]:
    import numpy as np

    out = []
    several = len(data["variants"][0]["policy"]) > 2 and data["game"] not in ("euchre", "partnership-pinochle",
                                                                               "spades")
    for v in data["variants"]:
        wp = v.get("win_probability")
        if not wp or not wp["cells"]:
            continue
        width, low, high = wp["bin_width"], wp["lowest"], wp["highest"]
        edges = list(range(low, high + width, width))
        grid = np.full((len(edges), len(edges)), np.nan)
        for cell in wp["cells"]:
            if cell["states"] >= MIN_STATES:
                grid[(cell["score"] - low) // width, (cell["opponent"] - low) // width] = cell["win_rate"]
        fig, ax = plt.subplots(figsize=(5.5, 4.5))
        image = ax.imshow(grid, origin="lower", cmap="viridis", vmin=0, vmax=1, aspect="auto",
                          extent=(low, high + width, low, high + width))
        fig.colorbar(image, ax=ax, label="P(win)")
        ax.set_xlabel("leading opponent's score" if several else "opponent's score")
        ax.set_ylabel("own score")
        ax.set_title(f"{v['name']}: P(win) at the start of a hand (bins of {width}; blank: under {MIN_STATES} seen)",
                     fontsize=9)
        fig.tight_layout()
        out.append((v["name"], _png(fig)))
    return out


STYLE = """
body { font-family: sans-serif; margin: 2em; color: #222; }
table { border-collapse: collapse; margin: 1em 0; font-size: 0.9em; }
th, td { border: 1px solid #bbb; padding: 0.2em 0.6em; text-align: right; }
th { background: #eee; }
td:first-child, th:first-child { text-align: left; }
img { display: block; max-width: 100%; margin: 1em 0; border: 1px solid #ddd; }
.note { color: #555; }
"""


def render(data: dict[str, Any]) -> str:
    """The report as one HTML string."""
    plt = _pyplot()
    esc = html.escape
    parts = [f"<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">"
             f"<title>cardsim compare: {esc(data['game'])}</title><style>{STYLE}</style></head><body>",
             f"<h1>cardsim compare: {esc(data['game'])}</h1>",
             f"<p>{data['units']} {esc(data['unit'])}s per variant, dealt alike in every variant "
             f"(seed {data['seed']}); differences are paired, 95% intervals, * = significant after Holm's "
             f"correction over all {len(data['differences'])} differences.</p>"]
    parts.append("<h2>Variants</h2>")
    for v in data["variants"]:
        changed = {k: val for k, val in v["rules"].items() if any(val != w["rules"].get(k) for w in data["variants"])}
        parts.append(f"<p><b>{esc(v['name'])}</b>: policy {esc(','.join(v['policy']))}; "
                     f"{esc(', '.join(f'{k}={val}' for k, val in changed.items()) or 'same rules')}</p>")
    parts.append("<h2>Differences</h2>")
    parts.append(_table(["figure", "seat", "difference", "a", "b", "estimate", "95% interval", "p", "Holm"],
                        difference_rows(data), "differences"))
    images: list[tuple[str, str]] = []
    diff_png = _difference_plot(plt, data)
    if diff_png:
        images.append(("Seat and position advantage", diff_png))
    length_png = _length_plot(plt, data)
    if length_png:
        images.append(("Game length", length_png))
    for name, png in _win_plots(plt, data):
        images.append((f"Win probability by score: {name}", png))
    parts.append("<h2>Figures</h2>")
    for title, png in images:
        parts.append(f"<h3>{esc(title)}</h3><img alt=\"{esc(title)}\" src=\"data:image/png;base64,{png}\">")
    if data["unit"] == "game":
        parts.append("<h2>Game length (hands)</h2>")
        qs = ["q10", "q25", "q50", "q75", "q90"]
        parts.append(_table(["variant", "mean", *qs],
                            [[v["name"], v["figures"].get("game_length"), *(v["game_length"].get(q) for q in qs)]
                             for v in data["variants"]], "lengths"))
        for v in data["variants"]:
            wp = v.get("win_probability")
            if wp:
                parts.append(f"<h2>Win probability by score: {esc(v['name'])}</h2>")
                parts.append(_table(["score from", "opponent from", "states", "P(win)"],
                                    [[c["score"], c["opponent"], c["states"], c["win_rate"]] for c in wp["cells"]],
                                    "winprob"))
    for note in data.get("notes", []):
        parts.append(f"<p class=\"note\">Note: {esc(note)}</p>")
    parts.append("<h2>Full rules</h2>")
    for v in data["variants"]:
        parts.append(f"<h3>{esc(v['name'])}</h3>")
        parts.append(_table(["option", "value"], [[k, val] for k, val in v["rules"].items()], "rules"))
    parts.append("</body></html>\n")
    return "".join(parts)


def write_report(result: Any, path: str | Path) -> Path:
    out = Path(path)
    atomic.write_text(out, render(result.data))
    return out
