"""1-hop related information for one function (ReFEree "related information").

Every name the function uses is followed one hop back to its definition and classified:
internal (same file), cross (another project file, through an import or, in Java, the same
package) or external (outside the project: rendered from its real documentation).  The
released ReFEree retrieval's defects are not copied: same-file variables are included,
definitions below the target are visible, ``self.method()`` renders that method only, a
lookup spanning files keeps every block, relative imports follow package semantics and
externals keep their full dotted path (``os.path.join``, not ``os.join``).
"""

from __future__ import annotations

from collections.abc import Callable

from docref.context.model import DroppedBlock, FunctionContext, RelatedBlock
from docref.context.receivers import Hit, Receivers
from docref.context.render import render_entity
from docref.context.resolve import Resolver, block_name, is_builtin
from docref.defaults import DEFAULT_TOKEN_BUDGET
from docref.external.lookup import java_external_doc, python_external_doc
from docref.graph.model import FileExtract, Function
from docref.graph.project import ProjectGraph


class ContextError(LookupError):
    """The function cannot be found; ``suggestions`` lists close qualnames."""

    def __init__(self, message: str, suggestions: list[str]) -> None:
        super().__init__(message)
        self.suggestions = suggestions


def find_function(graph: ProjectGraph, path: str, qualname: str) -> tuple[FileExtract, Function]:
    """The function ``qualname`` of ``path``, or :class:`ContextError` with suggestions."""
    import difflib

    fe = graph.get(path)
    if fe is None:
        reason = graph.skipped.get(graph.relpath(path))
        message = f"{path}: not indexed" + (f" ({reason})" if reason else "")
        known = list(graph.files)
        raise ContextError(message, difflib.get_close_matches(graph.relpath(path), known, 3))
    for fn in fe.functions:
        if fn.qualname == qualname:
            return fe, fn
    names = [f.qualname for f in fe.functions]
    close = difflib.get_close_matches(qualname, names, 5, 0.5)
    tail = qualname.rsplit(".", 1)[-1]
    close += [n for n in names if n.rsplit(".", 1)[-1] == tail and n not in close]
    raise ContextError(f"{path}: no function or method named {qualname!r}", close[:5])


def _code_without_docstring(data: bytes, fn: Function) -> str:
    """The function's source without its own docstring: the judge compares the docstring's
    sentences with the code, so the code must not already contain them (the benchmark's
    ``input`` has no Javadoc either) -- and an edit of one sentence must not change the code
    every other sentence's question is asked with.  A docstring on lines of its own goes
    with its lines; a body left empty gets ``...``."""
    start, end = fn.span.start_byte, fn.span.end_byte
    doc = fn.docstring
    if doc is None or not (start <= doc.span.start_byte < doc.span.end_byte <= end):
        return data[start:end].decode("utf-8", "replace")
    cut_from, cut_to = doc.span.start_byte, doc.span.end_byte
    line_start = data.rfind(b"\n", start, cut_from) + 1 or start
    line_end = data.find(b"\n", cut_to, end)
    line_end = end if line_end < 0 else line_end + 1
    own_lines = not data[line_start:cut_from].strip() and not data[cut_to:line_end].strip()
    if own_lines:
        indent = data[line_start:cut_from]
        cut_from, cut_to = line_start, line_end
    head, tail = data[start:cut_from], data[cut_to:end]
    if own_lines and not tail.strip():
        tail = indent + b"...\n"
    return (head + tail).decode("utf-8", "replace")


def build_context(
    graph: ProjectGraph,
    path: str,
    qualname: str,
    *,
    token_budget: int = DEFAULT_TOKEN_BUDGET,
    external: bool = True,
    external_lookup: Callable[[str, str], tuple[str, str, str]] | None = None,
) -> FunctionContext:
    """The code of ``path::qualname`` and its related information within ``token_budget``."""
    fe, fn = find_function(graph, path, qualname)
    data = graph.source(fe.path).encode("utf-8", "surrogatepass")
    resolver = Resolver(graph, fe, fn)
    ctx = FunctionContext(
        path=fe.path,
        qualname=fn.qualname,
        language=fe.language,
        code=_code_without_docstring(data, fn),
        token_budget=token_budget,
    )
    lookup = external_lookup or _external_lookup
    receivers = Receivers(resolver)
    seen_targets: set[tuple[str, str]] = set()
    for ref in fn.references:
        hits = receivers.hits(ref.name)
        if hits is None:
            found, ext = resolver.resolve(ref.name)
            hits = [Hit(block_name(ref.name), found)] if found is not None else []
            if found is None and ext is not None:
                hits = [Hit(ref.name, external=ext)]
        if not hits:
            if ref.kind == "call" and "." not in ref.name and not is_builtin(fe.language, ref.name):
                # builtins are not dependencies (nothing imports them): not "unresolved" either
                ctx.unresolved.append(ref.name)
            continue
        for hit in hits:
            found, ext = hit.found, hit.external
            if found is not None:
                key = (found.path, found.entity.qualname)
                if key in seen_targets or (found.path == fe.path and found.entity is fn):
                    continue
                seen_targets.add(key)
                text, entity_kind = render_entity(
                    graph, found.path, found.entity, fe.language, with_fields=hit.typed
                )
                ctx.related.append(
                    RelatedBlock(
                        name=hit.name,
                        origin=found.origin,
                        entity=entity_kind,
                        target=f"{found.path}::{found.entity.qualname}",
                        text=text,
                        uses=ref.count,
                        path=found.path,
                        line=found.entity.span.start_line,
                    )
                )
            elif ext is not None and external and ("", ext) not in seen_targets:
                seen_targets.add(("", ext))
                text, kind, source = lookup(fe.language, ext)
                ctx.related.append(
                    RelatedBlock(hit.name, "external", kind, ext, text, ref.count, source=source)
                )
    _apply_budget(ctx)
    return ctx


def _external_lookup(language: str, qualified: str) -> tuple[str, str, str]:
    doc = java_external_doc(qualified) if language == "java" else python_external_doc(qualified)
    return doc.render(), doc.kind, doc.source


def _apply_budget(ctx: FunctionContext) -> None:
    """Drop the least-used blocks (latest first among equals) until the budget holds."""
    total = ctx.tokens
    if total <= ctx.token_budget:
        return
    order = sorted(range(len(ctx.related)), key=lambda i: (ctx.related[i].uses, -i))
    drop: set[int] = set()
    for i in order:
        if total <= ctx.token_budget:
            break
        block = ctx.related[i]
        drop.add(i)
        total -= block.tokens
        ctx.dropped.append(
            DroppedBlock(
                block.name,
                block.origin,
                block.tokens,
                f"token budget {ctx.token_budget} exceeded (used {block.uses}x)",
            )
        )
    ctx.related = [b for i, b in enumerate(ctx.related) if i not in drop]
