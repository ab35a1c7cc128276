"""The editor and C1-PROSE-NAME-STALE's private name another file reads (session 20, pandas'
``_supports_daily_offset_mask``), through a real client: another file of the workspace starts
reading the name, and the open file's finding leaves the default rules at its next check (the
function itself unchanged, so the incremental check would otherwise reuse its findings); it
stops, and the finding is back -- each time as a check from scratch finds it."""

from __future__ import annotations

from pathlib import Path

import pytest_lsp
from lsprotocol import types
from pytest_lsp import LanguageClient

from tests.lsp_helpers import open_documents, recheck_after_edits, start_session, until
from tests.test_lsp_incremental import _Recorder
from tests.test_lsp_server import CONFIG
from tests.test_names_elsewhere_runs import _NOBODY
from tests.test_static_prose_names_s20 import CALLER, RANGES

# ranges.py: the function whose docstring names ``_supports_daily_mask``, and a helper edited
# to make the server check the file again without touching it
CHECKED = RANGES.lstrip("\n") + "\n\ndef helper():\n    return 1\n"


@pytest_lsp.fixture(config=CONFIG)
async def client(lsp_client: LanguageClient, tmp_path: Path):
    root = tmp_path / "ws"
    (root / "arrays").mkdir(parents=True)
    (root / "arrays" / "__init__.py").write_text("", encoding="utf-8")
    (root / "arrays" / "ranges.py").write_text(CHECKED, encoding="utf-8")
    (root / "arrays" / "dates.py").write_text(_NOBODY.lstrip("\n"), encoding="utf-8")
    await start_session(lsp_client, root, types.ClientCapabilities())
    yield
    await lsp_client.shutdown_session()


async def test_another_file_starting_to_read_the_private_name_changes_the_finding(
    client: LanguageClient, tmp_path: Path
) -> None:
    root = tmp_path / "ws"
    ranges, dates = root / "arrays" / "ranges.py", root / "arrays" / "dates.py"
    shown = _Recorder()
    client.diagnostics = shown
    texts = {ranges: CHECKED, dates: _NOBODY.lstrip("\n")}
    open_documents(client, texts)
    await until(lambda: shown.count(ranges) and shown.count(dates), "both files checked")
    assert {rule for _, rule in shown.seen(ranges)} == {"C1-PROSE-NAME-STALE"}
    steps = ((CALLER, set()), (_NOBODY, {"C1-PROSE-NAME-STALE"}))
    await recheck_after_edits(client, shown, root, ranges, dates, texts, steps)
