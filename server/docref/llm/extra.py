"""Whether the ``llm`` extra is installed: the one answer every model entry point asks.

``pip install docref`` is the static tier, the language server and the CLI; litellm (some
300 MB with its dependencies) comes only with ``pip install 'docref[llm]'``.  Everything that
asks a model (``docref check --model`` or a configured ``model``, ``docref eval``'s model
methods, ``docref roundtrip``, the server's model tier) asks :func:`llm_extra_missing` first
and reports its one line instead of failing on an import deep inside a run.
"""

from __future__ import annotations

import importlib.util

__all__ = ["LLM_EXTRA_MISSING", "llm_extra_missing"]

#: What to tell the user, in one line (the CLI prefixes ``docref: error:``).
LLM_EXTRA_MISSING = (
    "the model tier needs litellm, which this docref was installed without: "
    "pip install 'docref[llm]' (pre-commit: additional_dependencies: ['docref[llm]'])"
)


def llm_extra_missing() -> str | None:
    """:data:`LLM_EXTRA_MISSING` when litellm cannot be imported, else ``None``.

    Only looks the module up (no import: litellm takes seconds to import).
    """
    try:
        found = importlib.util.find_spec("litellm") is not None
    except (ImportError, ValueError):  # a broken or half-removed installation
        found = False
    return None if found else LLM_EXTRA_MISSING
