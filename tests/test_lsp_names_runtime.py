"""The editor and members made at run time (session 19): the decorator in another file of
the workspace stops setting attributes on the class it takes, and the open file's finding
appears at its next check (the documented method itself unchanged, so the incremental check
would otherwise reuse its findings); it sets them again, and the finding goes."""

from __future__ import annotations

from pathlib import Path

import pytest_lsp
from lsprotocol import types
from pytest_lsp import LanguageClient

from tests.lsp_helpers import open_documents, recheck_after_edits, start_session, until
from tests.test_lsp_incremental import _Recorder
from tests.test_lsp_server import CONFIG
from tests.test_names_runtime_runs import NO_SETATTR
from tests.test_static_names_runtime import DECORATOR, SERVICE

# cadc.py: the class whose docstring names ``query_name``, and a helper edited to make the
# server check the file again without touching the documented method
CADC = (
    SERVICE.format(decorator="async_to_sync", mentioned="query_name").lstrip("\n")
    + "\n\ndef helper():\n    return 1\n"
)


@pytest_lsp.fixture(config=CONFIG)
async def client(lsp_client: LanguageClient, tmp_path: Path):
    root = tmp_path / "ws"
    (root / "pkg").mkdir(parents=True)
    (root / "pkg" / "__init__.py").write_text("", encoding="utf-8")
    (root / "pkg" / "cadc.py").write_text(CADC, encoding="utf-8")
    (root / "pkg" / "utils.py").write_text(DECORATOR.lstrip("\n"), encoding="utf-8")
    await start_session(lsp_client, root, types.ClientCapabilities())
    yield
    await lsp_client.shutdown_session()


async def test_the_decorator_stopping_to_make_members_changes_the_finding(
    client: LanguageClient, tmp_path: Path
) -> None:
    root = tmp_path / "ws"
    cadc, utils = root / "pkg" / "cadc.py", root / "pkg" / "utils.py"
    shown = _Recorder()
    client.diagnostics = shown
    texts = {cadc: CADC, utils: DECORATOR.lstrip("\n")}
    open_documents(client, texts)
    await until(lambda: shown.count(cadc) and shown.count(utils), "both files checked")
    assert shown.seen(cadc) == set()
    steps = ((NO_SETATTR, {"C1-NAME-UNRESOLVED"}), (DECORATOR, set()))
    await recheck_after_edits(client, shown, root, cadc, utils, texts, steps)
