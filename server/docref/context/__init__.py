"""1-hop related information for one function (the ReFEree context stage).

Public surface: :func:`build_context`, :func:`find_function`, :class:`FunctionContext`,
:class:`RelatedBlock`, :class:`DroppedBlock`, :class:`ContextError`, plus the external
documentation lookups :func:`python_external_doc` / :func:`java_external_doc`.
"""

from docref.context.build import ContextError, build_context, find_function
from docref.context.external import ExternalDoc, java_external_doc, python_external_doc
from docref.context.model import DroppedBlock, FunctionContext, RelatedBlock, estimate_tokens
from docref.defaults import DEFAULT_TOKEN_BUDGET

__all__ = [
    "DEFAULT_TOKEN_BUDGET",
    "ContextError",
    "DroppedBlock",
    "ExternalDoc",
    "FunctionContext",
    "RelatedBlock",
    "build_context",
    "estimate_tokens",
    "find_function",
    "java_external_doc",
    "python_external_doc",
]
