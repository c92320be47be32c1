"""Write the benchmark's numbers into the docs: a Markdown table and an SVG chart."""

from __future__ import annotations

import math
from pathlib import Path
from xml.sax.saxutils import escape

PAGE_FILE = "performance.md"
CHART_FILE = "performance.svg"
START, END = "<!-- benchmark table: start -->", "<!-- benchmark table: end -->"


def write_docs(results: dict, docs: Path) -> None:
    """Regenerate the chart, and the table between the markers of the performance page."""
    page = (docs / PAGE_FILE).read_text(encoding="utf-8")
    before, rest = page.split(START, 1)
    after = rest.split(END, 1)[1]
    page = f"{before}{START}\n{table_markdown(results)}{END}{after}"
    (docs / PAGE_FILE).write_text(page, encoding="utf-8")
    (docs / CHART_FILE).write_text(chart_svg(results["render"].get("M", [])), encoding="utf-8")


def table_markdown(results: dict) -> str:
    """The render table (x join per workload) and compile and memory lines, as Markdown."""
    names = list(results["render"])
    labels = [label for label, _, _ in results["render"][names[0]]]
    lines = ["| engine | " + " | ".join(f"{name}: renders/s | {name}: x join" for name in names) + " |"]
    lines.append("|---|" + "---:|---:|" * len(names))
    for label in labels:
        cells = []
        for name in names:
            row = next((row for row in results["render"][name] if row[0] == label), None)
            cells += [f"{1 / row[1]:,.0f}", f"{row[2]:.1f}"] if row else ["-", "-"]
        lines.append(f"| {label} | " + " | ".join(cells) + " |")
    lines += [
        "",
        "| workload | compile | full parse | one google-adk render | compiled memory |",
        "|---|---:|---:|---:|---:|",
    ]
    for name in names:
        costs, (kept, size) = results["compile"][name], results["memory"][name]
        lines.append(
            f"| {name} | {costs['templating compile'] * 1e3:.3f} ms | {costs['templating parse (full AST)'] * 1e3:.3f} ms"
            f" | {costs['one google-adk render'] * 1e3:.3f} ms | {kept / size:.2f} x source |"
        )
    lines += ["", "| template size | compile time per MB |", "|---:|---:|"]
    lines += [f"| {size:,} chars | {per * 1e3:.1f} ms |" for size, per in results["scaling"]]
    return "\n".join(lines) + "\n"


def chart_svg(rows: list[tuple]) -> str:
    """A horizontal bar chart of "x join" on workload M, log scale, written by hand."""
    width, bar_height, left = 760, 26, 330
    height = 40 + bar_height * len(rows)
    top = max((ratio for _, _, ratio in rows), default=10)
    scale = (width - left - 70) / math.log10(max(top, 10) * 1.2)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" font-size="13">',
        f'<text x="{left}" y="18">Workload M: time per render / time of the join lower bound (log scale)</text>',
    ]
    for index, (label, _, ratio) in enumerate(rows):
        y = 30 + index * bar_height
        length = max(2.0, scale * math.log10(max(ratio, 1.0)) + 2)
        colour = "#2e7d32" if label.startswith("templating") else "#1565c0" if "join" in label else "#9e9e9e"
        parts.append(f'<text x="{left - 8}" y="{y + 17}" text-anchor="end">{escape(label)}</text>')
        parts.append(f'<rect x="{left}" y="{y + 4}" width="{length:.1f}" height="{bar_height - 8}" fill="{colour}"/>')
        parts.append(f'<text x="{left + length + 6:.1f}" y="{y + 17}">{ratio:.1f}x</text>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
