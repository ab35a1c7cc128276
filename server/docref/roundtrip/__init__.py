"""Round-trip verification: does a docstring carry enough to rebuild its function?

A model gets the file context (imports, class scope, signature, docstring; the body replaced
by a placeholder) and writes the body; the project's own tests, run on a temporary copy,
judge each candidate. Reported: c/m, pass@k (unbiased estimator) and the forward lift
against the uninformative docstring "TODO: Implement.".

* :mod:`docref.roundtrip.engine` -- `run_roundtrip`, the entry point for the CLI and the
  language server; :mod:`docref.roundtrip.cli` -- ``docref roundtrip``.
* :mod:`docref.roundtrip.filecontext`, :mod:`docref.roundtrip.parsing`,
  :mod:`docref.roundtrip.discovery`, :mod:`docref.roundtrip.generate`,
  :mod:`docref.roundtrip.sandbox` (+ the injected :mod:`docref.roundtrip.sandbox_guard`),
  :mod:`docref.roundtrip.estimator`, :mod:`docref.roundtrip.result`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from docref.roundtrip.engine import RoundtripRequest, run_roundtrip
    from docref.roundtrip.estimator import pass_at_k, pass_at_ks
    from docref.roundtrip.result import Candidate, RoundtripError, RoundtripResult, VariantScore

__all__ = [
    "Candidate",
    "RoundtripError",
    "RoundtripRequest",
    "RoundtripResult",
    "VariantScore",
    "pass_at_k",
    "pass_at_ks",
    "run_roundtrip",
]

_HOMES = {
    "RoundtripRequest": "engine",
    "run_roundtrip": "engine",
    "pass_at_k": "estimator",
    "pass_at_ks": "estimator",
    "Candidate": "result",
    "RoundtripError": "result",
    "RoundtripResult": "result",
    "VariantScore": "result",
}


def __getattr__(name: str) -> Any:
    """Import the public names lazily: ``docref --help`` must not pay for the graph stack.

    Args:
        name (str): The attribute asked for.

    Returns:
        Any: The object from its home module.

    Raises:
        AttributeError: For a name this package does not export.
    """
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'docref.roundtrip' has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(f"docref.roundtrip.{home}"), name)
