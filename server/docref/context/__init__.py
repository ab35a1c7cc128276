"""1-hop related information for one function (the ReFEree context stage).

Public surface: :func:`build_context`, :func:`find_function`, :class:`FunctionContext`,
:class:`RelatedBlock`, :class:`DroppedBlock`, :class:`ContextError`. The external documentation
lookups it renders are in :mod:`docref.external`.
"""

from docref.context.build import ContextError, build_context, find_function
from docref.context.model import DroppedBlock, FunctionContext, RelatedBlock, estimate_tokens
from docref.defaults import DEFAULT_TOKEN_BUDGET

__all__ = [
    "DEFAULT_TOKEN_BUDGET",
    "ContextError",
    "DroppedBlock",
    "FunctionContext",
    "RelatedBlock",
    "build_context",
    "estimate_tokens",
    "find_function",
]
