"""The CLI commands.  Output goes to stdout; messages and errors to stderr."""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from typing import TYPE_CHECKING, Any

from docref.config.root import find_root
from docref.console.argtypes import existing_target

# Each command imports the stages it needs when it runs: `docref segment` and `--help`
# should not pay for tree-sitter, diskcache and the context stage.
if TYPE_CHECKING:
    from docref.context import FunctionContext
    from docref.graph.project import ProjectGraph
    from docref.segments import ParsedDocstring


def _error(message: str) -> None:
    print(f"docref: error: {message}", file=sys.stderr)


def segment(args: argparse.Namespace) -> int:
    from docref.segments import segment_prose

    text = args.text if args.text is not None else sys.stdin.read()
    for span in segment_prose(text):
        print(json.dumps({"text": span.text, "start": span.start, "end": span.end}))
    return 0


def context(args: argparse.Namespace) -> int:
    try:
        path, qualname = existing_target(args.target)
    except ValueError as exc:
        _error(str(exc))
        return 2
    from docref.context import ContextError, build_context
    from docref.graph.project import ProjectGraph

    root = os.path.abspath(args.root) if args.root else find_root(path)
    graph = ProjectGraph(root, use_cache=not args.no_cache)
    graph.index()
    try:
        ctx = build_context(
            graph,
            os.path.abspath(path),
            qualname,
            token_budget=args.budget,
            external=not args.no_external,
        )
    except ContextError as exc:
        _error(str(exc))
        if exc.suggestions:
            print("did you mean: " + ", ".join(exc.suggestions), file=sys.stderr)
        return 2
    parsed, docstring_range = _segments(graph, ctx)
    if args.json:
        print(json.dumps(_context_json(ctx, parsed, docstring_range), indent=2))
    else:
        _print_context(ctx, parsed)
    return 0


def _segments(
    graph: ProjectGraph, ctx: FunctionContext
) -> tuple[ParsedDocstring | None, list[list[int]] | None]:
    from docref.segments import byte_to_char, line_index, segment_docstring

    fe = graph.get(ctx.path)
    fn = next((f for f in fe.functions if f.qualname == ctx.qualname), None) if fe else None
    if fn is None or fn.docstring is None:
        return None, None
    text = graph.source(ctx.path)
    data = text.encode("utf-8", "surrogatepass")
    span = fn.docstring.span
    start, end = byte_to_char(data, span.start_byte), byte_to_char(data, span.end_byte)
    parsed = segment_docstring(text, start, end, "java" if ctx.language == "java" else "python")
    index = line_index(text)
    (sl, sc), (el, ec) = index.position(start), index.position(end)
    return parsed, [[sl, sc], [el, ec]]


def _context_json(
    ctx: FunctionContext, parsed: ParsedDocstring | None, docstring_range: list[list[int]] | None
) -> dict[str, Any]:
    return {
        "qualname": ctx.qualname,
        "path": ctx.path,
        "language": ctx.language,
        "docstring_range": docstring_range,
        "style": parsed.style if parsed else None,
        "segments": [s.to_json() for s in parsed.segments] if parsed else [],
        "warnings": list(parsed.warnings) if parsed else [],
        "related": [b.to_json() for b in ctx.related],
        "dropped": [d.to_json() for d in ctx.dropped],
        "unresolved": ctx.unresolved,
        "tokens": ctx.tokens,
        "token_budget": ctx.token_budget,
    }


def _print_context(ctx: FunctionContext, parsed: ParsedDocstring | None) -> None:
    print(f"{ctx.path}::{ctx.qualname}  ({ctx.language})")
    if parsed is None:
        print("\nno docstring")
    else:
        print(f"\ndocstring ({parsed.style}), {len(parsed.segments)} segments:")
        for seg in parsed.segments:
            (sl, sc), (el, ec) = seg.range
            label = seg.kind + (f" {seg.name}" if seg.name else "")
            print(f"  [{sl + 1}:{sc + 1}-{el + 1}:{ec + 1}] {label}: {seg.text}")
        for warning in parsed.warnings:
            print(f"  warning: {warning}")
    print(f"\nrelated information: {len(ctx.related)} blocks, ~{ctx.tokens} tokens")
    for block in ctx.related:
        print(f"\n--- {block.origin} {block.entity} {block.target}  ({block.location()})")
        print(block.render().rstrip())
    for dropped in ctx.dropped:
        print(
            f"\ndropped {dropped.name} ({dropped.origin}, ~{dropped.tokens} tokens): "
            f"{dropped.reason}"
        )


def index(args: argparse.Namespace) -> int:
    if not os.path.isdir(args.path):
        _error(f"{args.path}: not a directory")
        return 2
    from docref.graph.project import ProjectGraph

    started = time.perf_counter()
    root = find_root(args.path)
    graph = ProjectGraph(root, use_cache=not args.no_cache)
    report = graph.index(workers=args.workers)
    report.seconds = time.perf_counter() - started
    if args.json:
        print(json.dumps({"root": root, **report.to_json()}, indent=2))
        return 0
    print(
        f"{report.files} files, {report.functions} functions, {report.classes} classes, "
        f"{report.edges} edges in {report.seconds:.2f}s ({report.cache_hits} from cache); "
        f"root {root}"
    )
    for skipped in report.skipped:
        print(f"skipped {skipped.relpath}: {skipped.reason}")
    return 0
