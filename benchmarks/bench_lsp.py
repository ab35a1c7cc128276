"""Editor speed of ``docref serve`` (issue #4), measured through a real LSP client over stdio.

Targets, against a local OpenAI-compatible endpoint answering every request after a fixed
latency L (default 300 ms), on a docstring of 6 sentences in a workspace of 2,000 files:

- save -> static diagnostics published: <= 100 ms median;
- save -> all model diagnostics published: <= L + 250 ms median, every question in flight at
  once (the workspace sets ``concurrency`` to 32, above the 24 questions of a new docstring);
- re-save unchanged: 0 model calls; one sentence edited: exactly 4 model calls;
- 50 rapid edit+save pairs: one check runs to completion (one model result published), the
  others are cancelled; the server's memory stays flat.

The script writes the workspace (``--files`` modules with documented functions importing one
another, plus ``target.py``), starts ``tests/fake_openai.py`` in this process (every answer
"1" after ``--latency`` seconds), starts ``python -m docref.lsp`` with a fresh cache and
drives it with pygls' client.  "Save -> static" is the time from sending ``didSave`` to the
first ``publishDiagnostics`` of that version; "save -> model" to the second one (the merged
list, published once the model answered).  Each timed save edits one sentence to a text not
seen before, so its four questions really go to the endpoint (the other 20 are answered from
the cache); the "new docstring" rows replace every sentence (24 questions).  Memory is the
server's VmRSS from /proc.  Prints a table and writes JSON.

    python benchmarks/bench_lsp.py [--files 2000] [--latency 0.3] [--saves 20] [--json-out F]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import shutil
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lsprotocol import types
from pygls.lsp.client import LanguageClient

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if REPO not in sys.path:
    sys.path.insert(0, REPO)
from tests.fake_openai import Behaviour, FakeOpenAI  # noqa: E402

KEY_ENV = "DOCREF_BENCH_LSP_KEY"
TARGET = "target.py"


def target_source(sentences: list[str], tag: str) -> str:
    """``target.py``: one function whose docstring has exactly ``sentences`` (6 of them)."""
    body = "\n    ".join(sentences)
    return (
        "from pkg.m0001 import f0001_0\n\n\n"
        "def combine(left, right):\n"
        f'    """{body}\n    """\n'
        f"    # {tag}\n"
        "    return f0001_0(left) + f0001_0(right)\n"
    )


def base_sentences(n: int) -> list[str]:
    """Six sentences, every one of them new for a new ``n`` (so none is answered from cache)."""
    return [
        f"Combine two values, variant {n}.",
        f"Each value is first normalised by a helper ({n}).",
        f"The helper result is added for both inputs ({n}).",
        f"No input is modified ({n}).",
        f"The result is a number ({n}).",
        f"It never raises for numbers ({n}).",
    ]


def write_workspace(root: Path, files: int, latency_base: str) -> None:
    pkg = root / "pkg"
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text("", encoding="utf-8")
    for i in range(files - 2):
        other = f"m{(i + 1) % (files - 2):04d}"
        lines = [f"from pkg.{other} import f{(i + 1) % (files - 2):04d}_0\n\n"]
        for j in range(3):
            lines.append(
                f"\ndef f{i:04d}_{j}(value):\n"
                f'    """Return the value plus {j}.\n\n'
                "    Args:\n"
                "        value: The number to shift.\n\n"
                "    Returns:\n"
                f"        The value plus {j}.\n"
                '    """\n'
                f"    return value + {j}\n"
            )
        (pkg / f"m{i:04d}.py").write_text("".join(lines), encoding="utf-8")
    (root / "pyproject.toml").write_text(
        "[tool.docref]\n"
        'model = "openai/bench-judge"\n'
        f'api_base = "{latency_base}"\n'
        f'api_key_env = "{KEY_ENV}"\n'
        "concurrency = 32\n"
        "timeout = 30\n",
        encoding="utf-8",
    )


@dataclass
class Seen:
    """Publish times per version, and status notifications."""

    publishes: dict[int, list[float]] = field(default_factory=dict)
    idle: asyncio.Event = field(default_factory=asyncio.Event)

    def count(self, version: int) -> int:
        return len(self.publishes.get(version, []))


async def wait_for(condition: Any, timeout: float = 120.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise TimeoutError("the server did not answer in time")
        await asyncio.sleep(0.002)


def rss_mb(pid: int) -> float:
    with open(f"/proc/{pid}/status", encoding="ascii") as fh:
        for line in fh:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


class Session:
    def __init__(self, client: LanguageClient, seen: Seen, fake: FakeOpenAI, path: Path) -> None:
        self.client, self.seen, self.fake, self.path = client, seen, fake, path
        self.uri = path.as_uri()
        self.version = 1

    def change(self, text: str) -> int:
        self.version += 1
        self.client.text_document_did_change(
            types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(
                    uri=self.uri, version=self.version
                ),
                content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)],
            )
        )
        return self.version

    def save(self, text: str) -> float:
        self.path.write_text(text, encoding="utf-8")
        sent = time.perf_counter()
        self.client.text_document_did_save(
            types.DidSaveTextDocumentParams(text_document=types.TextDocumentIdentifier(self.uri))
        )
        return sent

    async def timed_save(self, text: str) -> tuple[float, float, int]:
        """(save -> static ms, save -> model ms, model requests) for one edit + save."""
        before = len(self.fake.requests)
        version = self.change(text)
        sent = self.save(text)
        await wait_for(lambda: self.seen.count(version) >= 2)
        static, merged = self.seen.publishes[version][:2]
        return (static - sent) * 1000, (merged - sent) * 1000, len(self.fake.requests) - before


async def run(args: argparse.Namespace) -> dict[str, Any]:
    work = Path(tempfile.mkdtemp(prefix="docref-bench-lsp-"))
    cache = work / "cache"
    root = work / "ws"
    results: dict[str, Any] = {}
    with FakeOpenAI() as fake:
        fake.set_default(Behaviour.hang(args.latency, text="1"))
        write_workspace(root, args.files, fake.base_url)
        sentences = base_sentences(0)
        text = target_source(sentences, "start")
        (root / TARGET).write_text(text, encoding="utf-8")
        seen = Seen()
        client = LanguageClient("docref-bench", "1")

        @client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def on_publish(ls: LanguageClient, params: types.PublishDiagnosticsParams) -> None:
            if params.uri.endswith(TARGET) and params.version is not None:
                seen.publishes.setdefault(params.version, []).append(time.perf_counter())

        @client.feature("docref/status")
        def on_status(ls: LanguageClient, params: Any) -> None:
            if getattr(params, "state", None) == "idle":
                seen.idle.set()

        @client.feature(types.WINDOW_WORK_DONE_PROGRESS_CREATE)
        def on_progress_create(ls: LanguageClient, params: Any) -> None:
            return None

        env = {**os.environ, "DOCREF_CACHE_DIR": str(cache), KEY_ENV: "sk-bench"}
        await client.start_io(sys.executable, "-m", "docref.lsp", env=env)
        server_pid = client._server.pid  # type: ignore[union-attr]
        started = time.perf_counter()
        await client.initialize_async(
            types.InitializeParams(
                capabilities=types.ClientCapabilities(),
                root_uri=root.as_uri(),
                workspace_folders=[types.WorkspaceFolder(uri=root.as_uri(), name="ws")],
            )
        )
        client.initialized(types.InitializedParams())
        await asyncio.wait_for(seen.idle.wait(), timeout=600)
        results["index_seconds"] = round(time.perf_counter() - started, 2)
        results["rss_after_index_mb"] = round(rss_mb(server_pid), 1)

        session = Session(client, seen, fake, root / TARGET)
        client.text_document_did_open(
            types.DidOpenTextDocumentParams(
                text_document=types.TextDocumentItem(
                    uri=session.uri, language_id="python", version=1, text=text
                )
            )
        )
        await wait_for(lambda: seen.count(1) >= 2)
        results["open_requests"] = len(fake.requests)

        # one sentence edited per save (4 new questions each)
        one_sentence: list[tuple[float, float, int]] = []
        for n in range(args.saves):
            sentences = [*sentences[:4], f"The result is a plain number ({n}).", sentences[5]]
            text = target_source(sentences, "start")
            one_sentence.append(await session.timed_save(text))
        # every sentence new (24 questions in flight at once)
        whole: list[tuple[float, float, int]] = []
        for n in range(max(3, args.saves // 4)):
            text = target_source(base_sentences(1000 + n), "start")
            whole.append(await session.timed_save(text))
        # re-save unchanged: no question
        resave = await session.timed_save(text)

        # 50 rapid edit+save pairs, twice, memory measured around them
        rss_before = rss_mb(server_pid)
        bursts = []
        for burst in range(2):
            first = session.version + 1
            closed_before = sum(r.client_closed_early for r in fake.requests)
            for n in range(50):
                sentences = [*base_sentences(5000 + burst * 100 + n)]
                text = target_source(sentences, f"burst {burst} {n}")
                session.change(text)
                session.save(text)
            last = session.version
            await wait_for(lambda last=last: seen.count(last) >= 2)  # type: ignore[misc]
            await asyncio.sleep(max(1.0, 3 * args.latency))  # let any stray result arrive
            merged = [v for v in range(first, last + 1) if seen.count(v) >= 2]
            closed = sum(r.client_closed_early for r in fake.requests) - closed_before
            bursts.append(
                {
                    "model_results_published": len(merged),
                    "last_version_published": last in merged,
                    "requests_abandoned": closed,
                    "rss_mb": round(rss_mb(server_pid), 1),
                }
            )
        await client.shutdown_async(None)
        client.exit(None)
        await client.stop()

    def median(rows: list[tuple[float, float, int]], i: int) -> float:
        return round(statistics.median(r[i] for r in rows), 1)

    results.update(
        {
            "files": args.files,
            "latency_ms": args.latency * 1000,
            "one_sentence": {
                "saves": len(one_sentence),
                "static_ms_median": median(one_sentence, 0),
                "model_ms_median": median(one_sentence, 1),
                "requests_per_save": sorted({r[2] for r in one_sentence}),
                "static_ms_all": [round(r[0], 1) for r in one_sentence],
                "model_ms_all": [round(r[1], 1) for r in one_sentence],
            },
            "new_docstring": {
                "saves": len(whole),
                "static_ms_median": median(whole, 0),
                "model_ms_median": median(whole, 1),
                "requests_per_save": sorted({r[2] for r in whole}),
            },
            "resave_requests": resave[2],
            "bursts": bursts,
            "rss_before_bursts_mb": round(rss_before, 1),
        }
    )
    shutil.rmtree(work, ignore_errors=True)
    return results


def print_table(r: dict[str, Any]) -> None:
    latency = r["latency_ms"]
    print(f"docref serve, {r['files']} files, L = {latency:.0f} ms")
    print(f"  indexing: {r['index_seconds']} s, server RSS {r['rss_after_index_mb']} MB")
    print("| measure | median | target |")
    print("|---|---|---|")
    one, whole = r["one_sentence"], r["new_docstring"]
    print(f"| save -> static (one sentence edited) | {one['static_ms_median']} ms | <= 100 ms |")
    print(
        f"| save -> model (one sentence edited, {one['requests_per_save']} calls) "
        f"| {one['model_ms_median']} ms | <= {latency + 250:.0f} ms |"
    )
    print(f"| save -> static (new docstring) | {whole['static_ms_median']} ms | <= 100 ms |")
    print(
        f"| save -> model (new docstring, {whole['requests_per_save']} calls) "
        f"| {whole['model_ms_median']} ms | <= {latency + 250:.0f} ms |"
    )
    print(f"| re-save unchanged: model calls | {r['resave_requests']} | 0 |")
    for n, b in enumerate(r["bursts"]):
        print(
            f"| burst {n + 1}: 50 edit+save -> model results published | "
            f"{b['model_results_published']} (last: {b['last_version_published']}), "
            f"{b['requests_abandoned']} requests abandoned, RSS {b['rss_mb']} MB | 1 |"
        )
    print(f"  RSS before the bursts: {r['rss_before_bursts_mb']} MB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--files", type=int, default=2000)
    parser.add_argument("--latency", type=float, default=0.3)
    parser.add_argument("--saves", type=int, default=20)
    parser.add_argument("--json-out", default=os.path.join("benchmarks", "out", "bench_lsp.json"))
    args = parser.parse_args()
    results = asyncio.run(run(args))
    python = platform.python_version()
    results["machine"] = f"{platform.machine()}, {os.cpu_count()} CPUs, Python {python}"
    results["date"] = time.strftime("%Y-%m-%d %H:%M")
    print_table(results)
    os.makedirs(os.path.dirname(args.json_out) or ".", exist_ok=True)
    with open(args.json_out, "w", encoding="utf-8") as fh:
        json.dump(results, fh, indent=2)
    print(f"wrote {args.json_out}")


if __name__ == "__main__":
    main()
