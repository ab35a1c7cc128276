"""Editor speed on real files (issue #18): ``docref serve`` against ``ruff server``, one client.

Both servers run at once, each on its own copy of a source tree (tests left out) so saves
never touch the original, and are driven over stdio by the same minimal client, *interleaved*:
each edit goes to one server, then (once it settled) to the other, the order alternating, so
both see the same moments of a shared machine.  Besides wall-clock times each edit's CPU time
in the server process (all its threads, ``/proc/PID/task/*/schedstat``) is recorded.

- ``stdlib`` (the default): the CPython standard library's ``--files`` (12) largest modules
  outside the test directories (``pydoc_data/topics.py``, ``_pydecimal.py``, ...);
- ``library``: ``--files`` modules of 3-150 KB of each library given (``--tree A B ...``,
  one after the other, then pooled), spread evenly over its size range ("typical files of a
  popular library").

Each file is opened, its first diagnostics awaited, then ``--edits`` (6) edits are made, each
one word of a docstring changed to a word not seen before (a string literal when the file
has no docstring, as ``pydoc_data/topics.py``), spread over the file; ``--rounds`` repeats
them (new words each time). One edit is what an editor sends when the user saves: the ranged
``didChange`` (both servers ask for incremental sync), the file written, ``didSave``. The
time is from sending ``didChange`` to the last ``publishDiagnostics`` for that document
version once the server is *settled*: no further publish for it during ``--quiet`` ms
(docref publishes on save, ruff on change; a server that publishes twice for a version is
charged for the second). Without a model configured
docref publishes the static tier only.

ruff runs with the DOC rules (pydoclint's, preview) selected through its
``initializationOptions``; docref with its defaults, indexing the copied tree first (its
``docref/status`` reaching ``idle``).  Prints median / p90 / max per server and the
ratios, wall-clock and CPU per edit, writes JSON.

    python benchmarks/bench_editor.py [stdlib|library] [--tree DIR ...] [--files 12]
        [--edits 6] [--rounds 1] [--quiet 250] [--servers docref ruff] [--json-out FILE]
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


def cpu_seconds(pid: int) -> float:
    """CPU time (user + system) of every live thread of process ``pid``, in seconds: the
    scheduler's nanosecond counters (``/proc/PID/task/*/schedstat``) where Linux has them,
    else the 10 ms ticks of ``/proc/PID/stat``, else 0 (not Linux)."""
    total = 0
    try:
        for task in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{task}/schedstat", encoding="ascii") as fh:
                total += int(fh.read().split()[0])
        return total / 1e9
    except (OSError, ValueError, IndexError):
        pass
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as fh:
            fields = fh.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return 0.0


class Session:
    """One server process and its client, driven one edit at a time (so two servers can be
    interleaved edit by edit)."""

    def __init__(self, name: str, command: list[str], options: Any, root: Path) -> None:
        self.name, self.command, self.options, self.root = name, command, options, root
        self.cache = Path(tempfile.mkdtemp(prefix="docref-bench-editor-cache-"))
        self.rows: list[dict[str, Any]] = []
        self.index_s: float | None = None

    async def start(self) -> None:
        env = {**os.environ, "DOCREF_CACHE_DIR": str(self.cache)}
        logname = os.path.join(tempfile.gettempdir(), f"bench_editor_{self.name}.log")
        self.log = open(logname, "wb")  # noqa: SIM115
        self.process = await asyncio.create_subprocess_exec(
            *self.command,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=self.log,
            env=env,
            limit=2**26,
        )
        self.client = Client(self.process)
        started = time.perf_counter()
        await self.client.request(
            "initialize",
            types.InitializeParams(
                capabilities=types.ClientCapabilities(),
                root_uri=self.root.as_uri(),
                workspace_folders=[types.WorkspaceFolder(uri=self.root.as_uri(), name="ws")],
                initialization_options=self.options,
            ),
        )
        self.client.notify("initialized", types.InitializedParams())
        if self.name == "docref":
            await asyncio.wait_for(self.client.idle.wait(), timeout=900)
            self.index_s = round(time.perf_counter() - started, 2)

    def cpu(self) -> float:
        return cpu_seconds(self.process.pid)

    async def open(self, rel: str, args: argparse.Namespace) -> str:
        """Open ``rel``, wait for its first diagnostics; returns its text."""
        path = self.root / rel
        uri = path.as_uri()
        text = path.read_text(encoding="utf-8")
        self.client.versions[uri] = 1
        sent = time.perf_counter()
        self.client.notify(
            "textDocument/didOpen",
            types.DidOpenTextDocumentParams(
                types.TextDocumentItem(uri=uri, language_id="python", version=1, text=text)
            ),
        )
        opened = await self.client.settled(uri, 1, args.quiet / 1000, args.timeout)
        self.rows.append(
            {
                "file": rel,
                "bytes": path.stat().st_size,
                "open_ms": round((opened - sent) * 1000, 1),
                "edits_ms": [],
                "first_publish_ms": [],
                "cpu_ms": [],
            }
        )
        return text

    async def edit(
        self, rel: str, text: str, offset: int, length: int, word: str, args: argparse.Namespace
    ) -> str:
        """Replace ``length`` characters at ``offset`` with ``word``: the ranged change, the
        file written, the save; wait until settled.  Returns the new text."""
        path = self.root / rel
        uri = path.as_uri()
        client = self.client
        start, end = position(text, offset), position(text, offset + length)
        text = text[:offset] + word + text[offset + length :]
        version = client.versions[uri] = client.versions[uri] + 1
        path.write_text(text, encoding="utf-8")
        cpu = self.cpu()
        sent = time.perf_counter()
        client.notify(
            "textDocument/didChange",
            types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
                content_changes=[
                    types.TextDocumentContentChangePartial(range=types.Range(start, end), text=word)
                ],
            ),
        )
        client.notify(
            "textDocument/didSave",
            types.DidSaveTextDocumentParams(types.TextDocumentIdentifier(uri)),
        )
        done = await client.settled(uri, version, args.quiet / 1000, args.timeout)
        row = self.rows[-1]
        row["edits_ms"].append(round((done - sent) * 1000, 1))
        row["first_publish_ms"].append(
            round((client.publishes[(uri, version)][0] - sent) * 1000, 1)
        )
        # settled = quiet for --quiet ms: whatever the edit made the server do is done
        row["cpu_ms"].append(round((self.cpu() - cpu) * 1000, 2))
        return text

    def close(self, rel: str) -> None:
        uri = (self.root / rel).as_uri()
        self.client.notify(
            "textDocument/didClose",
            types.DidCloseTextDocumentParams(types.TextDocumentIdentifier(uri)),
        )
        row = self.rows[-1]
        print(f"  {self.name}: {row['file']} ({row['bytes']} B): {row['edits_ms']}", flush=True)

    async def stop(self) -> dict[str, Any]:
        await self.client.request("shutdown", None)
        self.client.notify("exit", None)
        try:
            await asyncio.wait_for(self.process.wait(), timeout=10)
        except TimeoutError:
            self.process.kill()
            await self.process.wait()
        self.client.reader.cancel()
        self.log.close()
        shutil.rmtree(self.cache, ignore_errors=True)
        return self.summary()

    def summary(self) -> dict[str, Any]:
        every = [ms for row in self.rows for ms in row["edits_ms"]]
        cpu = [ms for row in self.rows for ms in row["cpu_ms"]]
        out = {"index_s": self.index_s, "files": self.rows, **summary(every)}
        if cpu:
            out["cpu"] = summary(cpu)
        return out


def summary(values: list[float]) -> dict[str, Any]:
    if not values:
        return {"edits": 0}
    ordered = sorted(values)
    p90 = ordered[min(len(ordered) - 1, round(0.9 * (len(ordered) - 1)))]
    return {
        "edits": len(values),
        "median_ms": round(statistics.median(values), 2),
        "p90_ms": round(p90, 2),
        "max_ms": round(max(values), 2),
        "mean_ms": round(statistics.fmean(values), 2),
    }


def server_command(name: str) -> tuple[list[str], Any] | None:
    if name == "docref":
        return [sys.executable, "-m", "docref.lsp"], None
    ruff = shutil.which("ruff")
    if ruff is None:
        print("ruff is not installed: skipped")
        return None
    return [ruff, "server"], RUFF_OPTIONS


async def run_tree(tree: str, args: argparse.Namespace) -> dict[str, Any]:
    """Both servers on one tree, each on its own copy, edits interleaved: the same edit to
    one server then the other (the order alternating), so both see the same moments of a
    shared machine."""
    work = Path(tempfile.mkdtemp(prefix="docref-bench-editor-"))
    sessions: list[Session] = []
    try:
        for name in args.servers:
            command = server_command(name)
            if command is None:
                continue
            root = work / name
            copy_tree(tree, root)
            sessions.append(Session(name, command[0], command[1], root))
        if not sessions:
            return {"tree": tree, "servers": {}}
        files = [
            str(p.relative_to(sessions[0].root))
            for p in pick_files(sessions[0].root, args.mode, args.files)
        ]
        print(f"{tree}: {len(files)} files, servers {[s.name for s in sessions]}", flush=True)
        for session in sessions:
            await session.start()
        counter = 0
        for rel in files:
            texts = [await session.open(rel, args) for session in sessions]
            spots = edit_spots(texts[0], args.edits)
            for round_no in range(args.rounds):
                for i, (offset, length) in enumerate(spots):
                    counter += 1
                    word = (f"w{counter:04d}" + "x" * length)[:length]
                    order = list(range(len(sessions)))
                    if (i + round_no) % 2:
                        order.reverse()
                    for k in order:
                        texts[k] = await sessions[k].edit(rel, texts[k], offset, length, word, args)
            for session in sessions:
                session.close(rel)
        servers = {session.name: await session.stop() for session in sessions}
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return {"tree": tree, "servers": servers, **ratios(servers)}


def ratios(servers: dict[str, Any]) -> dict[str, Any]:
    d, r = servers.get("docref"), servers.get("ruff")
    if not d or not r or not r.get("edits") or not d.get("edits"):
        return {}
    keys = ("median_ms", "p90_ms", "max_ms")
    out: dict[str, Any] = {"ratios": {k: round(d[k] / r[k], 1) if r[k] else None for k in keys}}
    if "cpu" in d and "cpu" in r:
        dc, rc = d["cpu"], r["cpu"]
        out["cpu_ratios"] = {
            k: round(dc[k] / rc[k], 1) if rc[k] else None for k in (*keys, "mean_ms")
        }
    return out


def pooled(trees: list[dict[str, Any]]) -> dict[str, Any]:
    """Every tree's edits together, per server."""
    servers: dict[str, Any] = {}
    names = {name for tree in trees for name in tree["servers"]}
    for name in sorted(names):
        rows = [row for tree in trees for row in tree["servers"].get(name, {}).get("files", [])]
        every = [ms for row in rows for ms in row["edits_ms"]]
        cpu = [ms for row in rows for ms in row["cpu_ms"]]
        servers[name] = {**summary(every), "cpu": summary(cpu)}
    return {"tree": "all", "servers": servers, **ratios(servers)}


async def run(args: argparse.Namespace) -> dict[str, Any]:
    trees = [await run_tree(tree, args) for tree in args.tree]
    results: dict[str, Any] = {"mode": args.mode, "trees": trees}
    if len(trees) > 1:
        results["all"] = pooled(trees)
    return results


def print_table(results: dict[str, Any]) -> None:
    parts = list(results["trees"])
    if "all" in results:
        parts.append(results["all"])
    for part in parts:
        print(f"\n{results['mode']}: {part['tree']}")
        print("| server | edits | median | p90 | max | CPU/edit median | p90 | mean |")
        print("|---|---|---|---|---|---|---|---|")
        for name, r in part["servers"].items():
            if r.get("edits"):
                c = r.get("cpu", {})
                print(
                    f"| {name} | {r['edits']} | {r['median_ms']} ms | {r['p90_ms']} ms "
                    f"| {r['max_ms']} ms | {c.get('median_ms')} ms | {c.get('p90_ms')} ms "
                    f"| {c.get('mean_ms')} ms |"
                )
        got = part.get("ratios")
        if got:
            print(
                f"docref / ruff: median {got['median_ms']}x (target <= 5x), "
                f"p90 {got['p90_ms']}x (target <= 10x), max {got['max_ms']}x"
            )
        cpu = part.get("cpu_ratios")
        if cpu:
            print(
                f"CPU per edit, docref / ruff: median {cpu['median_ms']}x, p90 {cpu['p90_ms']}x, "
                f"mean {cpu['mean_ms']}x"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("mode", nargs="?", choices=("stdlib", "library"), default="stdlib")
    parser.add_argument(
        "--tree",
        nargs="+",
        default=None,
        help="source trees, one after the other (default: the stdlib)",
    )
    parser.add_argument("--files", type=int, default=12)
    parser.add_argument("--edits", type=int, default=6)
    parser.add_argument(
        "--rounds", type=int, default=1, help="times each file's edits are made (new words)"
    )
    parser.add_argument("--quiet", type=float, default=250, help="ms without a publish")
    parser.add_argument("--timeout", type=float, default=120, help="s per edit at most")
    parser.add_argument("--servers", nargs="+", default=["docref", "ruff"])
    parser.add_argument("--json-out", default=None)
    args = parser.parse_args()
    if args.tree is None:
        if args.mode == "library":
            parser.error("library mode needs --tree DIR")
        args.tree = [STD]
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
