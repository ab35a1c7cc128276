"""Rewrite vetting: is a proposed docstring at least as useful as the original for rebuilding
the function (round-trip pass@1 not lower)?

"Fix this docstring" calls :func:`vet_rewrite` before offering a model rewrite when the
``fix_verify_with_roundtrip`` setting is on.  Both docstrings are judged the same way (the
same samples, tests and model); the uninformative-docstring variant is not sampled (no
forward lift is needed to compare two docstrings).  Without tests, or when the tests fail on
the original code, there is nothing to compare and the rewrite is not held back.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from docref.roundtrip.engine import RoundtripRequest, run_roundtrip
from docref.roundtrip.result import RoundtripError

if TYPE_CHECKING:
    from docref.graph.project import ProjectGraph
    from docref.llm.client import ModelClient
    from docref.roundtrip.generate import AnswerStore

__all__ = ["VETTING_SAMPLES", "Vetting", "vet_rewrite"]

VETTING_SAMPLES = 3


@dataclass(frozen=True, slots=True)
class Vetting:
    """The verdict on a rewrite: ``accepted`` unless its pass@1 is lower than the original's;
    ``compared`` is false when no comparison could be made (``reason`` says why);
    ``original``/``rewrite`` are the pass@1 values when it was."""

    accepted: bool
    compared: bool
    reason: str
    original: float | None = None
    rewrite: float | None = None


async def vet_rewrite(
    client: ModelClient,
    path: str,
    qualname: str,
    literal: str,
    *,
    root: str | None = None,
    graph: ProjectGraph | None = None,
    store: AnswerStore | None = None,
    samples: int = VETTING_SAMPLES,
) -> Vetting:
    """Compare round-trip pass@1 of ``qualname``'s docstring with ``literal`` (the rewrite,
    quotes included), on the files as saved.

    Args:
        client (ModelClient): The model that regenerates the bodies.
        path (str): The file holding the function.
        qualname (str): The function's dotted name in that file.
        literal (str): The proposed docstring literal.
        root (str | None): The project root (default: the graph's, else the file's folder).
        graph (ProjectGraph | None): An indexed graph of the project (default: one is made).
        store (AnswerStore | None): The answer cache, or ``None``.
        samples (int): Bodies sampled per docstring.

    Returns:
        Vetting: The verdict.
    """
    base = RoundtripRequest(path=path, qualname=qualname, root=root, samples=samples, lift=False)
    try:
        before = await run_roundtrip(base, client=client, graph=graph, store=store)
    except RoundtripError as exc:
        return Vetting(True, False, f"not vetted by a round trip: {exc}")
    if before.error is not None:
        return Vetting(True, False, f"not vetted by a round trip: {before.error}")
    candidate = RoundtripRequest(
        path=path, qualname=qualname, root=root, samples=samples, lift=False, docstring=literal
    )
    try:
        after = await run_roundtrip(candidate, client=client, graph=graph, store=store)
    except RoundtripError as exc:
        return Vetting(True, False, f"not vetted by a round trip: {exc}")
    was, now = before.doc.pass_at_k.get("1"), after.doc.pass_at_k.get("1")
    if was is None or now is None:
        return Vetting(True, False, "not vetted by a round trip: no usable samples")
    if now < was:
        return Vetting(
            False,
            True,
            f"the rewrite rebuilds the function worse than the original docstring "
            f"(round-trip pass@1 {now:.2f} < {was:.2f})",
            was,
            now,
        )
    return Vetting(True, True, f"round-trip pass@1 {now:.2f} (original {was:.2f})", was, now)
