"""End-to-end tests of fix-all (``source.fixAll.docref``), "Fix this docstring" fixing the
finding it was invoked on first, and the pairing fix, over a real LSP client (no model).
"""

from __future__ import annotations

from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import LanguageClient

from tests.lsp_helpers import open_document
from tests.test_lsp_code_actions import (
    _start,
    apply_client_side,
    edits_of,
    resolve,
    send_and_save,
)
from tests.test_lsp_server import CONFIG

FIX_ALL = "source.fixAll.docref"

# three functions: a did-you-mean, a pairing (filename -> path), and one nothing settles
# (two documented names that are no parameters, two undocumented parameters)
MODULE = '''\
def area(width: int, height: int) -> int:
    """Compute the area of a box.

    Args:
        widht (int): The width.
        height (int): The height.
    """
    return width * height


def load(path: str, mode: str = "r") -> str:
    """Read a file.

    Args:
        filename (str): Where the file is.
        mode (str): How to open it.
    """
    with open(path, mode) as f:
        return f.read()


def copy(source: str, target: str) -> None:
    """Copy a file.

    Args:
        src (str): What to copy.
        dst (str): Where to.
    """
    print(source, target)
'''
MODULE_FIXED = MODULE.replace("widht (int)", "width (int)").replace("filename (str)", "path (str)")
# one docstring, two findings: a name nothing settles, and a type the fix can set
TWO_FINDINGS = '''\
def scale(value: float, factor: float, offset: float) -> float:
    """Scale a value.

    Args:
        amount (float): The value.
        ratio (float): The factor.
        offset (str): Added at the end.
    """
    return value * factor + offset
'''


@pytest_lsp.fixture(config=CONFIG, params=["visual-studio-code", "neovim"])
async def client(lsp_client: LanguageClient, request: pytest.FixtureRequest, tmp_path: Path):
    await _start(lsp_client, request.param, tmp_path, None)
    yield
    await lsp_client.shutdown_session()


async def code_actions(
    client: LanguageClient,
    path: Path,
    diagnostics: list[types.Diagnostic],
    only: list[str] | None = None,
    at: types.Range | None = None,
) -> list[types.CodeAction]:
    start = types.Position(line=0, character=0)
    result = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(path.as_uri()),
            range=at or types.Range(start=start, end=start),
            context=types.CodeActionContext(diagnostics=diagnostics, only=only),
        )
    )
    return [a for a in result or [] if isinstance(a, types.CodeAction)]


@pytest.mark.parametrize("only", [FIX_ALL, "source"])
async def test_fix_all_on_save_is_one_versioned_edit_of_every_deterministic_fix(
    client: LanguageClient, tmp_path: Path, only: str
) -> None:
    path = tmp_path / "ws" / "files.py"
    published = await open_document(client, path, MODULE)
    assert sorted(d.data["rule"] for d in published.diagnostics) == ["C1-PARAM-UNKNOWN"] * 4
    # what VS Code's editor.codeActionsOnSave asks: the edit comes with the action
    [action] = await code_actions(client, path, [], only=[only])
    assert action.kind == FIX_ALL and action.edit is not None
    edits, version = edits_of(action.edit, path.as_uri())
    assert len(edits) == 2  # one per fixed docstring, in one document change
    if version is not None:
        assert version == 1
    fixed = apply_client_side(client, MODULE, edits)
    assert fixed == MODULE_FIXED
    after = await send_and_save(client, path, fixed, 2)
    # what nothing settles is left: copy()'s two names
    assert sorted(d.message.split('"')[1] for d in after.diagnostics) == ["dst", "src"]
    # nothing fixable left: a fix-all request gets no action, the save goes on quietly
    assert await code_actions(client, path, [], only=[FIX_ALL]) == []


async def test_fix_all_is_offered_unfiltered_only_with_something_to_fix_and_resolves(
    client: LanguageClient, tmp_path: Path
) -> None:
    path = tmp_path / "ws" / "files.py"
    published = await open_document(client, path, MODULE)
    assert await code_actions(client, path, [], only=[types.CodeActionKind.QuickFix]) == []
    actions = await code_actions(client, path, list(published.diagnostics))
    [fix_all] = [a for a in actions if a.kind == FIX_ALL]
    assert fix_all.edit is None  # a light-bulb listing computes nothing
    resolved = await resolve(client, fix_all)
    assert resolved.edit is not None
    edits, _ = edits_of(resolved.edit, path.as_uri())
    assert apply_client_side(client, MODULE, edits) == MODULE_FIXED
    # a finding of no rule with a deterministic fix (an unresolved reference): not offered
    other = tmp_path / "ws" / "other.py"
    text = 'def area(w, h):\n    """Area. See :func:`no_such_helper`."""\n    return w * h\n'
    text += "\n\ndef no_such_helpar():\n    return 0\n"  # a did-you-mean: reported (7c85e3d)
    published = await open_document(client, other, text)
    assert [d.data["rule"] for d in published.diagnostics] == ["C1-XREF-UNRESOLVED"]
    actions = await code_actions(client, other, list(published.diagnostics))
    assert actions and [a for a in actions if a.kind == FIX_ALL] == []


async def test_fix_this_docstring_pairs_the_renamed_parameter(
    client: LanguageClient, tmp_path: Path
) -> None:
    path = tmp_path / "ws" / "files.py"
    published = await open_document(client, path, MODULE)
    [filename] = [d for d in published.diagnostics if '"filename"' in d.message]
    actions = await code_actions(client, path, [filename], at=filename.range)
    [fix] = [a for a in actions if a.title == "Fix this docstring"]
    edits, _ = edits_of((await resolve(client, fix)).edit, path.as_uri())
    assert apply_client_side(client, MODULE, edits) == MODULE.replace(
        "filename (str)", "path (str)"
    )
    # the control: copy() has two unknown names, so nothing is paired and the user hears why
    [src] = [d for d in published.diagnostics if '"src"' in d.message]
    client.messages.clear()
    actions = await code_actions(client, path, [src], at=src.range)
    [fix] = [a for a in actions if a.title == "Fix this docstring"]
    assert (await resolve(client, fix)).edit is None
    [message] = [m.message for m in client.messages]
    assert "2 documented names are not parameters (dst, src)" in message


async def test_fix_this_docstring_fixes_the_invoked_finding_or_says_why_not(
    client: LanguageClient, tmp_path: Path
) -> None:
    path = tmp_path / "ws" / "scale.py"
    published = await open_document(client, path, TWO_FINDINGS)
    by_rule = {d.data["rule"]: d for d in published.diagnostics if '"ratio"' not in d.message}
    assert set(by_rule) == {"C1-PARAM-UNKNOWN", "C2-PARAM-TYPE"}
    fixed_type = TWO_FINDINGS.replace("offset (str)", "offset (float)")
    # invoked on the type finding: fixed, nothing more to say
    chosen = by_rule["C2-PARAM-TYPE"]
    actions = await code_actions(client, path, list(published.diagnostics), at=chosen.range)
    [fix] = [a for a in actions if a.title == "Fix this docstring"]
    assert fix.data["first"] == chosen.data["key"]
    client.messages.clear()
    edits, _ = edits_of((await resolve(client, fix)).edit, path.as_uri())
    assert apply_client_side(client, TWO_FINDINGS, edits) == fixed_type
    assert "not the one you chose" not in " ".join(m.message for m in client.messages)
    # invoked on a name nothing settles: the other finding is still fixed, and the message
    # says the chosen one was not, and why
    chosen = by_rule["C1-PARAM-UNKNOWN"]
    actions = await code_actions(client, path, list(published.diagnostics), at=chosen.range)
    [fix] = [a for a in actions if a.title == "Fix this docstring"]
    assert fix.data["first"] == chosen.data["key"]
    client.messages.clear()
    edits, _ = edits_of((await resolve(client, fix)).edit, path.as_uri())
    assert apply_client_side(client, TWO_FINDINGS, edits) == fixed_type
    [message] = [m.message for m in client.messages]
    assert "not the one you chose (C1-PARAM-UNKNOWN: no close match" in message


async def test_fix_all_for_an_outdated_version_makes_no_edit_and_says_why(
    client: LanguageClient, tmp_path: Path
) -> None:
    path = tmp_path / "ws" / "files.py"
    published = await open_document(client, path, MODULE)
    actions = await code_actions(client, path, list(published.diagnostics))
    [fix_all] = [a for a in actions if a.kind == FIX_ALL]
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=path.as_uri(), version=2),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=MODULE + "\n")],
        )
    )
    client.messages.clear()
    assert (await resolve(client, fix_all)).edit is None
    [message] = [m.message for m in client.messages]
    assert "changed since this fix was offered" in message
