"""Editor speed on real files (issue #18): ``docref serve`` against ``ruff server``, one client.

Both servers are driven over stdio by the same pygls client, one after the other, on a copy of
a source tree (tests left out) so saves never touch the original:

- ``stdlib`` (the default): the CPython standard library's ``--files`` (12) largest modules
  outside the test directories (``pydoc_data/topics.py``, ``_pydecimal.py``, ...);
- ``library``: ``--files`` modules of 3-150 KB of one library (``--tree``), spread evenly
  over its size range ("typical files of a popular library").

Each file is opened, its first diagnostics awaited, then ``--edits`` (6) edits are made, each
one word of a docstring changed to a word not seen before (a string literal when the file
has no docstring, as ``pydoc_data/topics.py``), spread over the file.  One edit is what an
editor sends when the user saves: the ranged ``didChange`` (both servers ask for incremental
sync), the file written, ``didSave``.  The time is from sending ``didChange`` to the last
``publishDiagnostics`` for that document version once the server is *settled*: no further
publish for it during ``--quiet`` ms (docref publishes on save, ruff on change; a server
that publishes twice for a version is charged for the second).  Without a model configured
docref publishes the static tier only.

ruff runs with the DOC rules (pydoclint's, preview) selected through its
``initializationOptions``; docref with its defaults, indexing the copied tree first (its
``docref/status`` reaching ``idle``).  Prints median / p90 / max per server and the ratios,
writes JSON.

    python benchmarks/bench_editor.py [stdlib|library] [--tree DIR] [--files 12] [--edits 6]
        [--quiet 250] [--servers docref ruff] [--json-out FILE]
"""

from __future__ import annotations

import argparse
import ast
import asyncio
import json
import os
import platform
import re
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from lsprotocol import converters, types

STD = "/root/.pyenv/versions/3.11.7/lib/python3.11"
SKIP_DIRS = {"test", "tests", "idle_test", "site-packages", "__pycache__", ".git"}
RUFF_OPTIONS = {"settings": {"lint": {"preview": True, "extendSelect": ["DOC"]}}}
TYPICAL_BYTES = (3_000, 150_000)
WORD = re.compile(r"\b[A-Za-z]{4,}\b")


def copy_tree(src: str, dst: Path) -> None:
    """The ``.py`` files of ``src`` (test directories left out) under ``dst``."""
    for dirpath, dirnames, filenames in os.walk(src):
        dirnames[:] = sorted(d for d in dirnames if d not in SKIP_DIRS)
        rel = os.path.relpath(dirpath, src)
        for name in filenames:
            if name.endswith(".py"):
                target = dst / rel / name
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(os.path.join(dirpath, name), target)


def pick_files(root: Path, mode: str, count: int) -> list[Path]:
    """The ``count`` largest files (``stdlib``), or ``count`` files spread evenly over the
    3-150 KB range (``library``)."""
    sized = sorted(((p.stat().st_size, p) for p in root.rglob("*.py")), reverse=True)
    if mode == "stdlib":
        return [p for _, p in sized[:count]]
    low, high = TYPICAL_BYTES
    typical = [p for size, p in sized if low <= size <= high]
    if len(typical) <= count:
        return typical
    step = (len(typical) - 1) / max(1, count - 1)
    return [typical[round(i * step)] for i in range(count)]


def edit_spots(text: str, edits: int) -> list[tuple[int, int]]:
    """``edits`` (offset, length) of words inside docstrings, spread over the file."""
    try:
        tree = ast.parse(text)
    except SyntaxError:
        return []
    lines = text.splitlines(keepends=True)
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line))
    nodes: list[ast.Constant] = []
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            assert isinstance(body, list)
            first = body[0] if body else None
            value = first.value if isinstance(first, ast.Expr) else None
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                nodes.append(value)
    if not nodes:  # a data module: any string literal
        nodes = [
            n for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)
        ]
    spots: list[tuple[int, int]] = []
    for node in sorted(nodes, key=lambda n: (n.lineno, n.col_offset)):
        assert node.end_lineno is not None and node.end_col_offset is not None
        begin = starts[node.lineno - 1] + node.col_offset  # ASCII files: columns are chars
        end = starts[node.end_lineno - 1] + node.end_col_offset
        found = WORD.search(text, begin + 3, max(begin + 3, end - 3))
        if found is not None:
            spots.append((found.start(), found.end() - found.start()))
    if len(spots) <= edits:
        return spots
    step = (len(spots) - 1) / max(1, edits - 1)
    return [spots[round(i * step)] for i in range(edits)]


def position(text: str, offset: int) -> types.Position:
    line = text.count("\n", 0, offset)
    start = text.rfind("\n", 0, offset) + 1
    return types.Position(line, len(text[start:offset].encode("utf-16-le")) // 2)


class Client:
    """A minimal LSP client over a subprocess's stdio: lsprotocol's types and converter for
    what is sent, plain JSON for what is received (pygls' client cannot structure every
    server's ``initialize`` answer: ruff's fails on lsprotocol 2025).

    Requests from the server are answered ``null``; ``publishDiagnostics`` arrival times are
    kept per (uri, version), a publish without a version counting for the document's latest.
    """

    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self.process = process
        self.converter = converters.get_converter()
        self.next_id = 0
        self.answers: dict[int, asyncio.Future[Any]] = {}
        self.publishes: dict[tuple[str, int | None], list[float]] = {}
        self.versions: dict[str, int] = {}
        self.idle = asyncio.Event()
        self.reader = asyncio.ensure_future(self._read())

    def _send(self, message: dict[str, Any]) -> None:
        body = json.dumps({"jsonrpc": "2.0", **message}).encode("utf-8")
        assert self.process.stdin is not None
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)

    def notify(self, method: str, params: Any) -> None:
        self._send({"method": method, "params": self.converter.unstructure(params)})

    async def request(self, method: str, params: Any) -> Any:
        self.next_id += 1
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self.answers[self.next_id] = future
        self._send(
            {"id": self.next_id, "method": method, "params": self.converter.unstructure(params)}
        )
        return await future

    async def _read(self) -> None:
        stream = self.process.stdout
        assert stream is not None
        while True:
            length = 0
            while True:
                line = await stream.readline()
                if not line:
                    return
                if not line.strip():
                    break
                name, _, value = line.decode("ascii").partition(":")
                if name.lower() == "content-length":
                    length = int(value)
            message = json.loads(await stream.readexactly(length))
            now = time.perf_counter()
            method = message.get("method")
            if method is None:
                future = self.answers.pop(message.get("id"), None)
                if future is not None and not future.done():
                    future.set_result(message.get("result"))
            elif "id" in message:  # a request of the server's: accept, answer nothing
                self._send({"id": message["id"], "result": None})
            elif method == "textDocument/publishDiagnostics":
                params = message["params"]
                uri = params["uri"]
                version = params.get("version", self.versions.get(uri))
                self.publishes.setdefault((uri, version), []).append(now)
            elif method == "docref/status" and message["params"].get("state") == "idle":
                self.idle.set()

    async def settled(self, uri: str, version: int, quiet: float, timeout: float) -> float:
        """When the last publish of ``uri`` at ``version`` arrived, once none came for
        ``quiet`` seconds."""
        deadline = time.perf_counter() + timeout
        while True:
            now = time.perf_counter()
            times = self.publishes.get((uri, version)) or []
            if times and now - times[-1] >= quiet:
                return times[-1]
            if now > deadline:
                raise TimeoutError(f"no diagnostics for {uri} version {version}")
            await asyncio.sleep(0.002)


async def drive(
    name: str, command: list[str], options: Any, root: Path, files: list[Path], args: Any
) -> dict[str, Any]:
    cache = Path(tempfile.mkdtemp(prefix="docref-bench-editor-cache-"))
    env = {**os.environ, "DOCREF_CACHE_DIR": str(cache)}
    log = open(os.path.join(tempfile.gettempdir(), f"bench_editor_{name}.log"), "wb")  # noqa: SIM115
    process = await asyncio.create_subprocess_exec(
        *command,
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        stderr=log,
        env=env,
        limit=2**26,
    )
    client = Client(process)
    started = time.perf_counter()
    await client.request(
        "initialize",
        types.InitializeParams(
            capabilities=types.ClientCapabilities(),
            root_uri=root.as_uri(),
            workspace_folders=[types.WorkspaceFolder(uri=root.as_uri(), name="ws")],
            initialization_options=options,
        ),
    )
    client.notify("initialized", types.InitializedParams())
    index_s = None
    if name == "docref":
        await asyncio.wait_for(client.idle.wait(), timeout=900)
        index_s = round(time.perf_counter() - started, 2)
    rows: list[dict[str, Any]] = []
    counter = 0
    quiet = args.quiet / 1000
    for path in files:
        uri = path.as_uri()
        text = path.read_text(encoding="utf-8")
        client.versions[uri] = 1
        sent = time.perf_counter()
        client.notify(
            "textDocument/didOpen",
            types.DidOpenTextDocumentParams(
                types.TextDocumentItem(uri=uri, language_id="python", version=1, text=text)
            ),
        )
        opened = await client.settled(uri, 1, quiet, args.timeout)
        row: dict[str, Any] = {
            "file": str(path.relative_to(root)),
            "bytes": path.stat().st_size,
            "open_ms": round((opened - sent) * 1000, 1),
            "edits_ms": [],
            "first_publish_ms": [],
        }
        for offset, length in edit_spots(text, args.edits):
            counter += 1
            word = (f"w{counter:03d}" + "x" * length)[:length]
            start, end = position(text, offset), position(text, offset + length)
            text = text[:offset] + word + text[offset + length :]
            version = client.versions[uri] = client.versions[uri] + 1
            path.write_text(text, encoding="utf-8")
            sent = time.perf_counter()
            client.notify(
                "textDocument/didChange",
                types.DidChangeTextDocumentParams(
                    text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
                    content_changes=[
                        types.TextDocumentContentChangePartial(
                            range=types.Range(start, end), text=word
                        )
                    ],
                ),
            )
            client.notify(
                "textDocument/didSave",
                types.DidSaveTextDocumentParams(types.TextDocumentIdentifier(uri)),
            )
            done = await client.settled(uri, version, quiet, args.timeout)
            row["edits_ms"].append(round((done - sent) * 1000, 1))
            first = client.publishes[(uri, version)][0]
            row["first_publish_ms"].append(round((first - sent) * 1000, 1))
        client.notify(
            "textDocument/didClose",
            types.DidCloseTextDocumentParams(types.TextDocumentIdentifier(uri)),
        )
        rows.append(row)
        print(f"  {name}: {row['file']} ({row['bytes']} B): {row['edits_ms']}", flush=True)
    await client.request("shutdown", None)
    client.notify("exit", None)
    try:
        await asyncio.wait_for(process.wait(), timeout=10)
    except TimeoutError:
        process.kill()
        await process.wait()
    client.reader.cancel()
    log.close()
    shutil.rmtree(cache, ignore_errors=True)
    every = [ms for row in rows for ms in row["edits_ms"]]
    return {"index_s": index_s, "files": rows, **summary(every)}


def summary(values: list[float]) -> dict[str, Any]:
    if not values:
        return {"edits": 0}
    ordered = sorted(values)
    p90 = ordered[min(len(ordered) - 1, round(0.9 * (len(ordered) - 1)))]
    return {
        "edits": len(values),
        "median_ms": round(statistics.median(values), 1),
        "p90_ms": round(p90, 1),
        "max_ms": round(max(values), 1),
    }


async def run(args: argparse.Namespace) -> dict[str, Any]:
    work = Path(tempfile.mkdtemp(prefix="docref-bench-editor-"))
    results: dict[str, Any] = {"mode": args.mode, "tree": args.tree, "servers": {}}
    try:
        for name in args.servers:
            root = work / name
            copy_tree(args.tree, root)  # a fresh copy each: the other server's edits are gone
            files = pick_files(root, args.mode, args.files)
            if name == "docref":
                command, options = [sys.executable, "-m", "docref.lsp"], None
            else:
                ruff = shutil.which("ruff")
                if ruff is None:
                    print("ruff is not installed: skipped")
                    continue
                command, options = [ruff, "server"], RUFF_OPTIONS
            print(f"{name}: {len(files)} files of {args.tree}", flush=True)
            results["servers"][name] = await drive(name, command, options, root, files, args)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    servers = results["servers"]
    if "docref" in servers and "ruff" in servers and servers["ruff"].get("edits"):
        d, r = servers["docref"], servers["ruff"]
        results["ratios"] = {
            k: round(d[k] / r[k], 1) if r[k] else None for k in ("median_ms", "p90_ms", "max_ms")
        }
    return results


def print_table(results: dict[str, Any]) -> None:
    print(f"\n{results['mode']}: {results['tree']}")
    print("| server | edits | median | p90 | max |")
    print("|---|---|---|---|---|")
    for name, r in results["servers"].items():
        if r.get("edits"):
            print(
                f"| {name} | {r['edits']} | {r['median_ms']} ms | {r['p90_ms']} ms "
                f"| {r['max_ms']} ms |"
            )
    ratios = results.get("ratios")
    if ratios:
        print(
            f"docref / ruff: median {ratios['median_ms']}x (target <= 5x), "
            f"p90 {ratios['p90_ms']}x (target <= 10x), max {ratios['max_ms']}x"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("mode", nargs="?", choices=("stdlib", "library"), default="stdlib")
    parser.add_argument("--tree", default=None, help="the source tree (default: the stdlib)")
    parser.add_argument("--files", type=int, default=12)
    parser.add_argument("--edits", type=int, default=6)
    parser.add_argument("--quiet", type=float, default=250, help="ms without a publish")
    parser.add_argument("--timeout", type=float, default=120, help="s per edit at most")
    parser.add_argument("--servers", nargs="+", default=["docref", "ruff"])
    parser.add_argument("--json-out", default=None)
    args = parser.parse_args()
    if args.tree is None:
        if args.mode == "library":
            parser.error("library mode needs --tree DIR")
        args.tree = STD
    out = args.json_out or os.path.join("benchmarks", "out", f"bench_editor_{args.mode}.json")
    results = asyncio.run(run(args))
    python = platform.python_version()
    results["machine"] = f"{platform.machine()}, {os.cpu_count()} CPUs, Python {python}"
    results["date"] = time.strftime("%Y-%m-%d %H:%M")
    results["load_average"] = os.getloadavg()
    print_table(results)
    os.makedirs(os.path.dirname(out) or ".", exist_ok=True)
    with open(out, "w", encoding="utf-8") as fh:
        json.dump(results, fh, indent=2)
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
