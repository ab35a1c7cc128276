"""The tree-sitter Java language and the query that finds every name a declaration uses.

Both are process-wide, made once (under a lock: the language server extracts from threads).
The query's captures are the vocabulary :mod:`docref.graph.java_refs` classifies: ``@call``,
``@field``, ``@mref`` (method invocations, field accesses, method references, recorded as
dotted chains), ``@new`` (the type of ``new T(..)``), ``@stype`` / ``@type`` / ``@atype``
(type names), ``@id`` (an identifier used as a value), ``@ann`` (annotations, whose
arguments are no uses), ``@skip`` (lambda parameters) and ``@decl`` (local variables).  The
language lives here, apart from both extractor modules, because the query needs it and
:mod:`docref.graph.java_extract` parses with it.
"""

from __future__ import annotations

import threading

import tree_sitter_java
from tree_sitter import Language, Query

__all__ = ["java_language", "refs_query"]

_lock = threading.Lock()
_language: Language | None = None
_refs_query: Query | None = None

# ``@id`` captures an identifier only where it is a whole expression (a variable / field /
# enum constant used by name): every parent slot of the grammar (tree-sitter-java 0.23
# node-types) that admits an ``expression``, except annotation arguments (dropped by range)
# and the objects of calls / field accesses / method references (recorded as dotted chains
# by ``@call`` / ``@field`` / ``@mref``).
#
# Every pattern is written so that the query runs in linear time however deep the nesting:
# a pattern rooted at a node type with an unanchored child, like ``(binary_expression
# (identifier))``, keeps a pending state for each such ancestor, which is quadratic on the
# left-deep ``"a" + "b" + ...`` chains of generated code (or deeply nested calls).  So
# field slots use a wildcard parent (``(_ right: (identifier))`` starts matching at the
# child), argument lists / array initializers / parentheses use the token before the
# identifier (``(_ "," . (identifier))``, comments allowed in between), and statements
# anchor on their first child.
_REFS_QUERY_TEXT = """
(annotation) @ann
(method_invocation) @call
(field_access) @field
(method_reference) @mref
(object_creation_expression type: (_) @new)
(scoped_type_identifier) @stype
(type_identifier) @type
(record_pattern (identifier) @atype)

(_ left: (identifier) @id)
(_ right: (identifier) @id)
(_ value: (identifier) @id)
(_ condition: (identifier) @id)
(_ consequence: (identifier) @id)
(_ alternative: (identifier) @id)
(_ operand: (identifier) @id)
(_ array: (identifier) @id)
(_ index: (identifier) @id)
(_ body: (identifier) @id)
(_ init: (identifier) @id)
(_ update: (identifier) @id)
(_ template_processor: (identifier) @id)
(_ "(" . [(line_comment) (block_comment)]* . (identifier) @id)
(_ "," . [(line_comment) (block_comment)]* . (identifier) @id)
(_ "{" . [(line_comment) (block_comment)]* . (identifier) @id)
(assert_statement (identifier) @id)
(dimensions_expr . (identifier) @id)
(explicit_constructor_invocation . (identifier) @id)
(expression_statement . (identifier) @id)
(guard . (identifier) @id)
(object_creation_expression . (identifier) @id)
(resource . (identifier) @id .)
(return_statement . (identifier) @id)
(string_interpolation . (identifier) @id)
(switch_label . (identifier) @id)
(throw_statement . (identifier) @id)
(update_expression (identifier) @id)
(yield_statement . (identifier) @id)
(inferred_parameters (identifier) @skip)

(variable_declarator name: (identifier) @decl)
(enhanced_for_statement name: (identifier) @decl)
(catch_formal_parameter name: (identifier) @decl)
(resource name: (identifier) @decl)
(instanceof_expression name: (identifier) @decl)
(type_pattern (identifier) @decl)
(record_pattern_component (identifier) @decl)
"""


def java_language() -> Language:
    """The tree-sitter Java language, created once per process."""
    global _language
    if _language is None:
        with _lock:
            if _language is None:
                _language = Language(tree_sitter_java.language())
    return _language


def refs_query() -> Query:
    """The references query, compiled once per process."""
    global _refs_query
    if _refs_query is None:
        lang = java_language()
        with _lock:
            if _refs_query is None:
                _refs_query = Query(lang, _REFS_QUERY_TEXT)
    return _refs_query
