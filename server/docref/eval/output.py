"""Summaries of an evaluation run: the ``--json`` document, the text table and the plot.

JSON contract (keys may be added, never renamed)::

    {"dataset", "n", "methods": [{"method", "pearson", "spearman", "kendall", "average",
      "p_values", "ci95", "calls", "tokens", "cost_usd", "seconds", ...}]}
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from docref.eval.datasets import Dataset, Item
from docref.eval.metrics import correlations, segment_scores
from docref.eval.runner import MethodRun

__all__ = ["format_table", "plot_scores", "summarise"]


def _round(value: float | None, digits: int = 4) -> float | None:
    return None if value is None else round(value, digits)


def summarise_method(
    run: MethodRun, items: Sequence[Item], *, resamples: int, seed: int
) -> dict[str, Any]:
    """One method's entry of the ``methods`` list."""
    scored = [(r.score, it.label) for r, it in zip(run.results, items, strict=True) if r]
    pairs = [(s, label) for s, label in scored if s is not None]
    corr = correlations(
        [s for s, _ in pairs], [label for _, label in pairs], resamples=resamples, seed=seed
    )
    done = [r for r in run.results if r is not None]
    costs_known = any(r.calls and r.cost_unknown < r.calls for r in done)
    entry: dict[str, Any] = {
        "method": run.method,
        "pearson": _round(corr.pearson),
        "spearman": _round(corr.spearman),
        "kendall": _round(corr.kendall),
        "average": _round(corr.average),
        "p_values": {k: v for k, v in corr.p_values.items()},
        "ci95": {
            k: None if v is None else [round(v[0], 4), round(v[1], 4)] for k, v in corr.ci95.items()
        },
        "calls": sum(r.calls for r in done),
        "tokens": sum(r.prompt_tokens + r.completion_tokens for r in done),
        "prompt_tokens": sum(r.prompt_tokens for r in done),
        "completion_tokens": sum(r.completion_tokens for r in done),
        "cost_usd": round(sum(r.cost_usd for r in done), 6) if costs_known else None,
        "seconds": round(sum(r.seconds for r in done), 3),
        "seconds_per_item": round(sum(r.seconds for r in done) / len(done), 3) if done else None,
        "wall_seconds": round(run.wall_seconds, 3),
        "n_scored": corr.n,
        "n_done": len(done),
        "n_items": len(items),
        "cached": run.cached,
        "unknown_answers": sum(r.unknown for r in done),
        "unscored": dict(run.notes),
        "settings": run.settings,
        "note": corr.note,
        "error": run.fatal or run.error,
        "scores": [None if r is None else r.score for r in run.results],
    }
    gold: list[tuple[str, int, int]] = []
    for result, item in zip(run.results, items, strict=True):
        if result is None or not result.segments or not item.segments:
            continue
        for index, criterion, predicted in result.segments:
            label = item.segments[index].labels.get(criterion)
            if label is not None:
                gold.append((criterion, predicted, label))
    if gold:
        entry["segment_metrics"] = [s.to_json() for s in segment_scores(gold)]
    return entry


def summarise(
    dataset: Dataset,
    items: Sequence[Item],
    runs: Sequence[MethodRun],
    *,
    resamples: int,
    seed: int,
) -> dict[str, Any]:
    """The ``--json`` document."""
    return {
        "dataset": dataset.path,
        "n": len(items),
        "skipped_lines": [{"line": p.line, "message": p.message} for p in dataset.problems],
        "seed": seed,
        "bootstrap_resamples": resamples,
        "labels": [item.label for item in items],
        "ids": [item.ident for item in items],
        "methods": [summarise_method(r, items, resamples=resamples, seed=seed) for r in runs],
    }


def _cell(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.3f}"


def format_table(summary: dict[str, Any]) -> str:
    """The text table: one row per method, correlations, CI of the average, cost."""
    head = (
        f"{'method':<10} {'n':>4} {'pearson':>8} {'spearman':>8} {'kendall':>8} "
        f"{'average':>8} {'avg CI95':>15} {'calls':>7} {'tokens':>9} {'cost $':>8} {'s/item':>7}"
    )
    lines = [f"dataset: {summary['dataset']} ({summary['n']} items)", head, "-" * len(head)]
    notes: list[str] = []
    for m in summary["methods"]:
        ci = m["ci95"].get("average")
        ci_text = "n/a" if not ci else f"[{ci[0]:.3f}, {ci[1]:.3f}]"
        cost = "n/a" if m["cost_usd"] is None else f"{m['cost_usd']:.4f}"
        per_item = _cell(m["seconds_per_item"])
        lines.append(
            f"{m['method']:<10} {m['n_scored']:>4} {_cell(m['pearson']):>8} "
            f"{_cell(m['spearman']):>8} {_cell(m['kendall']):>8} {_cell(m['average']):>8} "
            f"{ci_text:>15} {m['calls']:>7} {m['tokens']:>9} {cost:>8} {per_item:>7}"
        )
        if m["error"]:
            notes.append(f"{m['method']}: stopped: {m['error']} ({m['n_done']} items done)")
        if m["note"]:
            notes.append(f"{m['method']}: {m['note']}")
        for why, count in m["unscored"].items():
            notes.append(f"{m['method']}: {count} item(s) not scored: {why}")
        if m["unknown_answers"]:
            notes.append(f"{m['method']}: {m['unknown_answers']} unknown answer(s) excluded")
        for seg in m.get("segment_metrics", []):
            notes.append(
                f"{m['method']}: segments {seg['criterion']}: n={seg['n']} "
                f"acc={_cell(seg['accuracy'])} P={_cell(seg['precision'])} "
                f"R={_cell(seg['recall'])} F1={_cell(seg['f1'])}"
            )
    if summary["skipped_lines"]:
        notes.append(f"{len(summary['skipped_lines'])} dataset line(s) skipped")
    return "\n".join([*lines, *(["", *notes] if notes else [])]) + "\n"


def plot_scores(summary: dict[str, Any], path: str) -> None:
    """Score against label per method, mean +/- sd per label (the paper's Figure 3 style).

    Args:
        summary: the document :func:`summarise` returns.
        path: the PNG file to write.

    Raises:
        OSError: the file cannot be written.
    """
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np

    methods = summary["methods"]
    labels = summary["labels"]
    columns = min(3, max(1, len(methods)))
    rows = (len(methods) + columns - 1) // columns
    fig, axes = plt.subplots(rows, columns, figsize=(4.2 * columns, 3.4 * rows), squeeze=False)
    for ax in axes.flat[len(methods) :]:
        ax.set_visible(False)
    for ax, method in zip(axes.flat, methods, strict=False):
        pairs = [(lab, s) for lab, s in zip(labels, method["scores"], strict=True) if s is not None]
        xs = sorted({lab for lab, _ in pairs})
        if pairs:
            ax.scatter(
                [lab for lab, _ in pairs], [s for _, s in pairs], s=10, alpha=0.35, color="grey"
            )
            means = [float(np.mean([s for lab, s in pairs if lab == x])) for x in xs]
            sds = [float(np.std([s for lab, s in pairs if lab == x])) for x in xs]
            ax.errorbar(xs, means, yerr=sds, fmt="o-", color="C0", capsize=4, label="mean ± sd")
            ax.legend(loc="lower right", fontsize=7)
        title = f"{method['method']}  r={_cell(method['pearson'])}"
        ax.set_title(title, fontsize=9)
        ax.set_xlabel("human label")
        ax.set_ylabel("score")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
