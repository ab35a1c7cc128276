"""End-to-end tests of ``docref serve`` over stdio, driven by pytest-lsp's client.

Every server test runs twice, once with VS Code's client capabilities and once with Neovim's.
"""

import argparse
from dataclasses import replace
from pathlib import Path
from typing import Any
from urllib.parse import urlparse
from urllib.request import url2pathname

import pytest
import pytest_lsp
from docref.core.findings import Criterion, Finding, Tier
from docref.graph.extraction import PARALLEL_THRESHOLD
from docref.lsp.cli import add_serve_parser
from docref.lsp.diagnostics import client_range, severity_of
from lsprotocol import types
from pytest_lsp import LanguageClient, client_capabilities

from tests.lsp_helpers import (
    next_diagnostics,
    open_document,
    server_config,
    start_session,
    write_fillers,
)

CONFIG = server_config("docref-lsp-test-cache-")

C1_PARAM = '''\
def area(width, height):
    """Compute the area of a box.

    Args:
        widht: The width.
        height: The height.
    """
    return width * height
'''
C1_PARAM_FIXED = C1_PARAM.replace("widht:", "width:")
C1_PARAM_MESSAGE = (
    'C1 name inconsistency: documents parameter "widht", but area() has no such parameter; '
    'did you mean "width"?'
)
# The flagged sentence follows CJK (1 UTF-16 unit each) and an emoji (2 units) on its line.
WIDE_CRLF = (
    "def area(width, height):\r\n"
    '    """面积 😀 of a box. See :func:`no_such_helper` for more.\r\n'
    "\r\n"
    "    Args:\r\n"
    "        width: The width.\r\n"
    "        height: The height.\r\n"
    '    """\r\n'
    "    return width * height\r\n"
    # the reference's near miss: an unresolved reference is reported with a second signal,
    # a did-you-mean (7c85e3d; without one it is the opt-in C1-XREF-UNCORROBORATED)
    "\r\n\r\ndef no_such_helpar():\r\n"
    "    return 0\r\n"
)
SYNTAX_ERROR = '''\
def good(a):
    """Return a.

    Args:
        b: The value.
    """
    return a


def broken(:
    return )
'''


@pytest.fixture
def pyproject() -> str | None:
    """The workspace's pyproject.toml text, ``None`` for none (tests parametrize this)."""
    return None


@pytest_lsp.fixture(config=CONFIG, params=["visual-studio-code", "neovim"])
async def client(
    lsp_client: LanguageClient,
    request: pytest.FixtureRequest,
    tmp_path: Path,
    init_options: Any,
    pyproject: str | None,
    filler_files: int,
):
    @lsp_client.feature(types.CLIENT_REGISTER_CAPABILITY)
    def on_register(client: LanguageClient, params: types.RegistrationParams) -> None:
        return None

    root = tmp_path / "ws"
    root.mkdir()
    write_fillers(root, filler_files, tmp_path.name)
    if pyproject is not None:
        (root / "pyproject.toml").write_text(pyproject, encoding="utf-8")
    result = await start_session(lsp_client, root, client_capabilities(request.param), init_options)
    lsp_client.initialize_result = result  # type: ignore[attr-defined]
    yield
    await lsp_client.shutdown_session()


def span(start: tuple[int, int], end: tuple[int, int]) -> types.Range:
    return types.Range(
        start=types.Position(line=start[0], character=start[1]),
        end=types.Position(line=end[0], character=end[1]),
    )


# ---- server -------------------------------------------------------------------------------


async def test_server_starts_and_declares_hover(client: LanguageClient) -> None:
    result: types.InitializeResult = client.initialize_result  # type: ignore[attr-defined]
    assert result.server_info is not None and result.server_info.name == "docref"
    assert result.capabilities.hover_provider
    assert result.capabilities.text_document_sync is not None


async def test_open_publishes_the_planted_param_error(
    client: LanguageClient, tmp_path: Path
) -> None:
    published = await open_document(client, tmp_path / "ws" / "mod.py", C1_PARAM, version=3)
    assert published.version == 3
    [diagnostic] = published.diagnostics
    assert diagnostic.range == span((4, 8), (4, 25))
    assert diagnostic.code == "C1-PARAM-UNKNOWN"  # the rule id, as ruff shows its codes
    assert diagnostic.source == "docref"
    assert diagnostic.message == C1_PARAM_MESSAGE
    assert diagnostic.severity == types.DiagnosticSeverity.Error  # static: proven, an error
    assert diagnostic.data["rule"] == "C1-PARAM-UNKNOWN"
    assert diagnostic.data["criterion"] == "C1"
    assert diagnostic.data["tier"] == "static"
    assert diagnostic.data["qualname"] == "area"
    assert diagnostic.data["fix_hint"] == 'rename "widht" to "width"'
    assert diagnostic.data["key"].startswith("mod.py::area::C1::C1-PARAM-UNKNOWN::")
    # the code links to the rule's own section, in a file shipped with the package
    assert diagnostic.code_description is not None
    page, anchor = diagnostic.code_description.href.split("#")
    assert anchor == "c1-param-unknown"
    text = Path(url2pathname(urlparse(page).path)).read_text(encoding="utf-8")
    assert "\n## C1-PARAM-UNKNOWN\n" in text and "### How to suppress" in text


async def test_columns_are_utf16_after_emoji_and_cjk_in_a_crlf_file(
    client: LanguageClient, tmp_path: Path
) -> None:
    published = await open_document(client, tmp_path / "ws" / "wide.py", WIDE_CRLF)
    [diagnostic] = published.diagnostics
    result: types.InitializeResult = client.initialize_result  # type: ignore[attr-defined]
    encoding = result.capabilities.position_encoding or types.PositionEncodingKind.Utf16
    # indent and quotes (7), 面积 + space, 😀, " of a box. " (11); the sentence is 36 long
    start = {
        types.PositionEncodingKind.Utf16: 7 + 3 + 2 + 11,
        types.PositionEncodingKind.Utf8: 7 + 7 + 4 + 11,  # Neovim negotiates UTF-8
        types.PositionEncodingKind.Utf32: 7 + 3 + 1 + 11,
    }[encoding]
    assert diagnostic.range == span((1, start), (1, start + 36))
    assert diagnostic.code == "C1-XREF-UNRESOLVED"


async def test_save_after_fixing_clears_the_diagnostics(
    client: LanguageClient, tmp_path: Path
) -> None:
    path = tmp_path / "ws" / "mod.py"
    assert (await open_document(client, path, C1_PARAM)).diagnostics
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=path.as_uri(), version=2),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=C1_PARAM_FIXED)],
        )
    )
    client.text_document_did_save(
        types.DidSaveTextDocumentParams(text_document=types.TextDocumentIdentifier(path.as_uri()))
    )
    published = await next_diagnostics(client)
    assert published.version == 2
    assert list(published.diagnostics) == []


async def test_close_clears_the_diagnostics(client: LanguageClient, tmp_path: Path) -> None:
    path = tmp_path / "ws" / "mod.py"
    assert (await open_document(client, path, C1_PARAM)).diagnostics
    client.text_document_did_close(
        types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(path.as_uri()))
    )
    published = await next_diagnostics(client)
    assert published.uri == path.as_uri()
    assert list(published.diagnostics) == []


async def test_hover_on_a_flagged_entry_explains_the_criterion(
    client: LanguageClient, tmp_path: Path
) -> None:
    path = tmp_path / "ws" / "mod.py"
    await open_document(client, path, C1_PARAM)
    document = types.TextDocumentIdentifier(path.as_uri())
    hover = await client.text_document_hover_async(
        types.HoverParams(text_document=document, position=types.Position(line=4, character=12))
    )
    assert hover is not None
    assert isinstance(hover.contents, types.MarkupContent)
    assert hover.contents.kind == types.MarkupKind.Markdown
    text = hover.contents.value
    assert Criterion.C1.definition in text
    assert "Name inconsistency" in text
    # the diagnostic's message is the editor's to show: the hover adds what it lacks
    assert 'documents parameter "widht"' not in text
    assert f"[`mod.py:1`]({path.as_uri()}#L1): `def area(width, height):`" in text
    assert '**Fix**: rename "widht" to "width"' in text
    assert "Tier: static · rule `C1-PARAM-UNKNOWN`" in text
    assert hover.range == span((4, 8), (4, 25))
    # the body is neither a flagged sentence nor the header or docstring: no hover
    elsewhere = await client.text_document_hover_async(
        types.HoverParams(text_document=document, position=types.Position(line=7, character=6))
    )
    assert elsewhere is None
    # the header: the docstring's standing (no model here, so no ReFEree score)
    header = await client.text_document_hover_async(
        types.HoverParams(text_document=document, position=types.Position(line=0, character=6))
    )
    assert header is not None and isinstance(header.contents, types.MarkupContent)
    assert "`area`: static tier only" in header.contents.value
    assert "1 finding(s) in this docstring" in header.contents.value


MULTILINE_TABS = (
    "def area(width, height):\n"
    '\t"""Compute the area.\n'
    "\n"
    "\tSee :func:`nothing_here` for the\n"
    "\tfull rules.\n"
    '\t"""\n'
    "\treturn width * height\n"
    "\n\ndef nothing_hero():\n"  # a did-you-mean, see WIDE_CRLF
    "    return 0\n"
)


async def test_a_sentence_over_two_tab_indented_lines_is_one_diagnostic_range(
    client: LanguageClient, tmp_path: Path
) -> None:
    published = await open_document(client, tmp_path / "ws" / "tabs.py", MULTILINE_TABS)
    [diagnostic] = published.diagnostics
    # from "See" after one tab to the end of "rules." on the next line (a tab is one unit)
    assert diagnostic.range == span((3, 1), (4, 12))
    assert diagnostic.data["rule"] == "C1-XREF-UNRESOLVED"


async def test_a_syntax_error_leaves_the_intact_functions_checked(
    client: LanguageClient, tmp_path: Path
) -> None:
    published = await open_document(client, tmp_path / "ws" / "broken.py", SYNTAX_ERROR)
    [diagnostic] = published.diagnostics
    assert diagnostic.range == span((4, 8), (4, 21))
    assert diagnostic.data["qualname"] == "good"


async def test_a_file_outside_the_workspace_is_checked_too(
    client: LanguageClient, tmp_path: Path
) -> None:
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    published = await open_document(client, outside / "loose.py", C1_PARAM)
    assert [d.message for d in published.diagnostics] == [C1_PARAM_MESSAGE]


@pytest.mark.parametrize("filler_files", [PARALLEL_THRESHOLD + 6])
async def test_a_workspace_big_enough_for_worker_processes_indexes_cleanly(
    client: LanguageClient, tmp_path: Path, filler_files: int
) -> None:
    # Over PARALLEL_THRESHOLD uncached files: the background index runs in worker processes,
    # which inherit the server's redirected standard output and must leave the stream intact.
    root = tmp_path / "ws"
    published = await open_document(client, root / "mod.py", C1_PARAM)
    assert [d.message for d in published.diagnostics] == [C1_PARAM_MESSAGE]
    assert client.messages == []


@pytest.mark.parametrize("init_options", [{"concurrency": "x"}, ["not", "a", "table"]])
async def test_bad_initialization_options_warn_and_the_server_keeps_working(
    client: LanguageClient, tmp_path: Path, init_options: Any
) -> None:
    published = await open_document(client, tmp_path / "ws" / "mod.py", C1_PARAM)
    assert [d.message for d in published.diagnostics] == [C1_PARAM_MESSAGE]
    warnings = [m for m in client.messages if m.type == types.MessageType.Warning]
    assert len(warnings) == 1
    assert "initializationOptions" in warnings[0].message


@pytest.mark.parametrize("pyproject", ['[tool.docref]\nseverity = { C1 = "note" }\n'])
@pytest.mark.parametrize("init_options", [{"severity": {"C1-PARAM-UNKNOWN": "error"}}])
async def test_initialization_options_override_pyproject_settings(
    client: LanguageClient, tmp_path: Path, init_options: Any, pyproject: str
) -> None:
    published = await open_document(client, tmp_path / "ws" / "mod.py", C1_PARAM)
    assert [d.severity for d in published.diagnostics] == [types.DiagnosticSeverity.Error]
    assert client.messages == []


@pytest.mark.parametrize("pyproject", ["[tool.docref]\nconcurency = 4\n", "not = [toml"])
async def test_a_bad_pyproject_warns_and_uses_the_defaults(
    client: LanguageClient, tmp_path: Path, pyproject: str
) -> None:
    published = await open_document(client, tmp_path / "ws" / "mod.py", C1_PARAM)
    assert [d.severity for d in published.diagnostics] == [types.DiagnosticSeverity.Error]
    [warning] = client.messages
    assert "pyproject.toml" in warning.message
    assert "using the defaults" in warning.message


# ---- pure helpers ---------------------------------------------------------------------------


def _finding(rule: str = "C1-PARAM-UNKNOWN") -> Finding:
    return Finding(
        path="m.py",
        qualname="f",
        start=0,
        end=3,
        range=((0, 4), (0, 7)),
        segment_text="abc",
        criterion=Criterion.C1,
        verdict="fail",
        tier="static",
        rule=rule,
        message="m",
    )


def test_severity_prefers_the_most_specific_key_and_maps_note_to_information() -> None:
    finding = _finding()
    assert severity_of(finding, {}) == types.DiagnosticSeverity.Error
    assert severity_of(replace(finding, tier=Tier.LLM), {}) == types.DiagnosticSeverity.Warning
    assert severity_of(finding, {"static": "note"}) == types.DiagnosticSeverity.Information
    table = {"static": "note", "C1": "error", "C1-PARAM-UNKNOWN": "warning"}
    assert severity_of(finding, table) == types.DiagnosticSeverity.Warning
    assert severity_of(finding, {"C1": "hint"}) == types.DiagnosticSeverity.Hint


@pytest.mark.parametrize("init_options", [{"severity": {"C1": "off"}}])
async def test_a_criterion_turned_off_is_not_published(
    client: LanguageClient, tmp_path: Path, init_options: Any
) -> None:
    published = await open_document(client, tmp_path / "ws" / "mod.py", C1_PARAM)
    assert list(published.diagnostics) == []


def test_ranges_follow_the_negotiated_position_encoding() -> None:
    lines = ["a😀 = 1  # é\n"]
    rng = ((0, 3), (0, 7))  # UTF-16: after the emoji, through " = 1"
    assert client_range(rng, lines, types.PositionEncodingKind.Utf16) == span((0, 3), (0, 7))
    assert client_range(rng, lines, types.PositionEncodingKind.Utf32) == span((0, 2), (0, 6))
    assert client_range(rng, lines, types.PositionEncodingKind.Utf8) == span((0, 5), (0, 9))


def test_serve_parser_takes_a_tcp_port_and_rejects_a_bad_one(
    capsys: pytest.CaptureFixture[str],
) -> None:
    parser = argparse.ArgumentParser(prog="docref")
    add_serve_parser(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["serve", "--tcp", "2087"])
    assert (args.tcp, args.host) == (2087, "127.0.0.1")
    assert parser.parse_args(["serve"]).tcp is None
    with pytest.raises(SystemExit):
        parser.parse_args(["serve", "--tcp", "70000"])
    assert "expected a port number 1..65535" in capsys.readouterr().err
    # what vscode-languageclient appends for TransportKind.stdio: accepted, stdio is the default
    args = parser.parse_args(["serve", "--stdio"])
    assert args.stdio and args.tcp is None
    both = parser.parse_args(["serve", "--stdio", "--tcp", "2087"])
    assert args.func(both) == 2
    assert "--tcp and --stdio exclude each other" in capsys.readouterr().err
