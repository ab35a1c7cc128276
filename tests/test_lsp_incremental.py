"""The editor's incremental checks through a real client (issue 18): a dependency's signature
edited and saved in one file changes the diagnostics of the open file that uses it, and what
the server shows after each save equals a from-scratch check of the same texts."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest_lsp
from lsprotocol import types
from pytest_lsp import LanguageClient

from tests.lsp_helpers import edit_and_save, fresh_findings, open_documents, start_session, until
from tests.test_incremental_static import BASE, USER
from tests.test_lsp_server import CONFIG

Shown = set[tuple[int, str]]


class _Recorder(dict[str, Sequence[types.Diagnostic]]):
    """The client's diagnostics store, also counting the publishes per document."""

    def __init__(self) -> None:
        super().__init__()
        self.counts: dict[str, int] = {}

    def __setitem__(self, uri: str, diagnostics: Sequence[types.Diagnostic]) -> None:
        super().__setitem__(uri, diagnostics)
        self.counts[uri] = self.counts.get(uri, 0) + 1

    def seen(self, path: Path) -> Shown:
        """(line, rule) of each diagnostic last published for ``path``."""
        return {(d.range.start.line, d.data["rule"]) for d in self.get(path.as_uri(), [])}

    def count(self, path: Path) -> int:
        return self.counts.get(path.as_uri(), 0)


@pytest_lsp.fixture(config=CONFIG)
async def client(lsp_client: LanguageClient, tmp_path: Path):
    root = tmp_path / "ws"
    (root / "pkg").mkdir(parents=True)
    (root / "pkg" / "__init__.py").write_text("", encoding="utf-8")
    for name, text in (("base.py", BASE), ("user.py", USER)):
        (root / "pkg" / name).write_text(text, encoding="utf-8")
    await start_session(lsp_client, root, types.ClientCapabilities())
    yield
    await lsp_client.shutdown_session()


async def test_a_dependency_signature_edit_changes_the_dependent_files_diagnostics(
    client: LanguageClient, tmp_path: Path
) -> None:
    root = tmp_path / "ws"
    base, user = root / "pkg" / "base.py", root / "pkg" / "user.py"
    shown = _Recorder()
    client.diagnostics = shown  # pytest-lsp's own handler stores each publish here

    texts = {base: BASE, user: USER}
    open_documents(client, texts)
    await until(lambda: shown.count(base) and shown.count(user), "both files checked")
    assert shown.seen(user) == fresh_findings(root, "pkg/user.py")
    initial = shown.seen(user)
    assert sorted(rule for _, rule in initial) == ["C1-PARAM-UNKNOWN"]  # other()'s "extra"

    version = 1
    edits = [
        ("Join two parts.", "Join two halves."),  # a docstring word: the dependent unchanged
        # the constructor's signature: Child (user.py) documents a parameter it no longer has
        # (keyword-only: a subclass may name inherited positional arguments its own way)
        (
            "    def __init__(self, size):",
            "    def __init__(self, *, length):\n        size = length",
        ),
        # parse's signature and body: load (user.py) documents a KeyError nothing raises
        ("def parse(text, strict=False):", "def parse(text, *, strict=False):"),
        ("        raise KeyError(text)", "        return None"),
    ]
    for old, new in edits:
        version += 1
        texts[base] = texts[base].replace(old, new, 1)
        base.write_text(texts[base], encoding="utf-8")
        before = shown.count(base), shown.count(user)
        edit_and_save(client, base, texts[base], version)
        # the saved file, then the open importer re-checked
        await until(
            lambda b=before: shown.count(base) > b[0] and shown.count(user) > b[1],
            f"base.py version {version} and user.py checked",
        )
        assert shown.seen(base) == fresh_findings(root, "pkg/base.py")
        assert shown.seen(user) == fresh_findings(root, "pkg/user.py")
    final = shown.seen(user)
    assert final != initial
    rules = sorted(rule for _, rule in final)
    assert rules == ["C1-PARAM-UNKNOWN", "C1-PARAM-UNKNOWN", "C3-RAISES"], final
