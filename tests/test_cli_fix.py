"""``docref check --fix`` / ``--diff`` / ``--add-ignore`` as a subprocess, on copies of the
sample project and of real standard-library modules: every file still parses, nothing but
docstrings (or, for markers, comments) changed, and a re-check shows the fixed findings gone."""

from __future__ import annotations

import ast
import json
import shutil
import sysconfig
import tokenize
from io import StringIO
from pathlib import Path

from docref.graph.java_extract import parse as parse_java

from tests.fake_openai import Behaviour, FakeOpenAI
from tests.test_cli_check_options import BAD, run
from tests.test_lsp_code_actions import MODEL_ANSWER, REWRITE_PROMPT, UNSETTLED, UNSETTLED_FIXED

REPO = Path(__file__).resolve().parents[1]
STDLIB = Path(sysconfig.get_paths()["stdlib"])
# ipaddress.py documents "Returns:" on a generator (C3-RETURNS-YIELDS): a real, fixable finding
STDLIB_MODULES = ("ipaddress.py", "textwrap.py", "shlex.py", "fnmatch.py")


def _files(root: Path) -> dict[str, str]:
    return {
        str(p.relative_to(root)): p.read_text(encoding="utf-8")
        for p in sorted(root.rglob("*"))
        if p.suffix in (".py", ".java")
    }


def _docstring_free(text: str) -> str:
    """The module's AST with every docstring blanked (what must not change)."""
    tree = ast.parse(text)
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            first = node.body[0] if node.body else None
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                first.value.value = ""
    return ast.dump(tree)


def _without_comments(text: str) -> list[str]:
    tokens = tokenize.generate_tokens(StringIO(text).readline)
    return [t.string for t in tokens if t.type != tokenize.COMMENT]


def _java_code(text: str) -> list[bytes]:
    data = text.encode()
    out, stack = [], [parse_java(data).root_node]
    while stack:
        node = stack.pop()
        if "comment" in node.type:
            continue
        if node.child_count == 0:
            out.append(data[node.start_byte : node.end_byte])
        stack.extend(reversed(node.children))
    return out


def _findings(root: Path, tmp_path: Path) -> list[tuple[str, str, str]]:
    proc = run(root, tmp_path, ".", "--format", "json")
    return sorted(
        (f["path"], f["rule"], f["segment_text"]) for f in json.loads(proc.stdout)["findings"]
    )


def _assert_only_docstrings_changed(before: dict[str, str], after: dict[str, str]) -> None:
    assert set(before) == set(after)
    for name, old in before.items():
        new = after[name]
        if name.endswith(".py"):
            assert _docstring_free(new) == _docstring_free(old), name  # parses, same code
        else:
            assert not parse_java(new.encode()).root_node.has_error, name
            assert _java_code(new) == _java_code(old), name


def test_diff_then_fix_on_a_copy_of_the_sample_project(tmp_path: Path) -> None:
    root = tmp_path / "shop"
    shutil.copytree(REPO / "examples/shop", root)
    before = _files(root)
    found = _findings(root, tmp_path)
    diff = run(root, tmp_path, ".", "--diff")
    assert diff.returncode == 1
    assert _files(root) == before  # --diff writes nothing
    assert diff.stdout.count("+++ b/") == 2
    assert (
        "-            list[Line]: The new line.\n+            Line: The new line.\n" in diff.stdout
    )
    assert "-     * @throws java.io.IOException if the price list cannot be read\n" in diff.stdout
    fixed = run(root, tmp_path, ".", "--fix")
    assert fixed.returncode == 1  # what no deterministic fix can do is still reported
    assert "fixed 3 finding(s) in 2 file(s)" in fixed.stderr
    after = _files(root)
    assert sorted(n for n in before if before[n] != after[n]) == [
        "java/com/example/shop/Checkout.java",
        "shop/cart.py",
    ]
    _assert_only_docstrings_changed(before, after)
    left = _findings(root, tmp_path)
    gone = sorted(set(found) - set(left))
    assert [(path, rule) for path, rule, _ in gone] == [
        ("java/com/example/shop/Checkout.java", "C3-RAISES"),
        ("shop/cart.py", "C2-RETURN-TYPE"),
        ("shop/cart.py", "C3-RAISES"),
    ]
    assert set(left) < set(found)  # nothing new
    # the output after --fix lists exactly what is left, at its new position
    printed = [ln.split(": ", 2)[1].split()[0] for ln in fixed.stdout.splitlines()]
    assert sorted(printed) == sorted(rule for _, rule, _ in left)
    again = run(root, tmp_path, ".", "--diff")
    assert again.returncode == 0 and again.stdout == ""


def test_fix_on_real_standard_library_modules(tmp_path: Path) -> None:
    root = tmp_path / "std"
    root.mkdir()
    for name in STDLIB_MODULES:
        shutil.copy(STDLIB / name, root / name)
    before = _files(root)
    found = _findings(root, tmp_path)
    assert any(rule == "C3-RETURNS-YIELDS" for _, rule, _ in found)
    proc = run(root, tmp_path, ".", "--fix", "--select", "C3-RETURNS-YIELDS")
    assert proc.returncode == 0, proc.stderr
    after = _files(root)
    assert before != after
    _assert_only_docstrings_changed(before, after)
    left = _findings(root, tmp_path)
    assert not any(rule == "C3-RETURNS-YIELDS" for _, rule, _ in left)
    assert set(left) <= set(found)
    assert "    Yields:\n        A list of IPv4Network's" in after["ipaddress.py"]


def test_a_fix_that_would_not_parse_is_not_written(tmp_path: Path) -> None:
    root = tmp_path / "ws"
    root.mkdir()
    # the docstring is fixable, but the file has a syntax error further down: the fixed
    # file would not parse, so nothing is written and the finding stays
    broken = BAD + "\ndef oops(:\n    pass\n"
    (root / "m.py").write_text(broken, encoding="utf-8")
    proc = run(root, tmp_path, ".", "--fix")
    assert proc.returncode == 1
    assert "fix not applied: the fixed file does not parse" in proc.stderr
    assert (root / "m.py").read_text(encoding="utf-8") == broken


def test_fix_keeps_crlf_and_the_byte_order_mark(tmp_path: Path) -> None:
    root = tmp_path / "ws"
    root.mkdir()
    raw = b"\xef\xbb\xbf" + BAD.replace("\n", "\r\n").encode()
    (root / "m.py").write_bytes(raw)
    proc = run(root, tmp_path, ".", "--fix")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    new = (root / "m.py").read_bytes()
    assert new.startswith(b"\xef\xbb\xbf") and b"\n" not in new.replace(b"\r\n", b"")
    assert b"        factor (float): The factor.\r\n" in new and b"        float: The" in new


def test_add_ignore_then_a_clean_rerun(tmp_path: Path) -> None:
    root = tmp_path / "shop"
    shutil.copytree(REPO / "examples/shop", root)
    before = _files(root)
    proc = run(root, tmp_path, ".", "--add-ignore")
    assert proc.returncode == 0, proc.stderr
    assert "added 3 ignore marker(s) for 7 finding(s)" in proc.stderr
    after = _files(root)
    cart = after["shop/cart.py"]
    assert '        """  # docref: ignore[C1-PARAM-UNKNOWN, C2-RETURN-TYPE]\n' in cart
    assert "     */  // docref: ignore[" in after["java/com/example/shop/Checkout.java"]
    for name, old in before.items():  # only comments were added
        if name.endswith(".py"):
            assert _without_comments(after[name]) == _without_comments(old), name
        else:
            assert _java_code(after[name]) == _java_code(old), name
    clean = run(root, tmp_path, ".")
    assert clean.returncode == 0 and clean.stdout == ""
    assert "0 finding(s)" in clean.stderr and "warning" not in clean.stderr
    # a second run finds nothing to mark and changes nothing
    assert run(root, tmp_path, ".", "--add-ignore").returncode == 0
    assert _files(root) == after


def test_model_rewrites_only_with_unsafe_fixes(tmp_path: Path) -> None:
    root = tmp_path / "ws"
    root.mkdir()
    target = root / "box.py"
    target.write_text(UNSETTLED, encoding="utf-8")
    # no model: --unsafe-fixes is a usage error, nothing is written
    refused = run(root, tmp_path, ".", "--fix", "--unsafe-fixes")
    assert refused.returncode == 2 and "--unsafe-fixes" in refused.stderr
    assert target.read_text(encoding="utf-8") == UNSETTLED
    with FakeOpenAI() as fake:
        fake.set_default(Behaviour(text="1"))  # the judge: every sentence passes
        fake.when(REWRITE_PROMPT, then=Behaviour(text=MODEL_ANSWER))
        model = ["--model", "openai/test", "--api-base", fake.base_url]
        # a model and --fix, but not --unsafe-fixes: no rewrite is asked for
        safe = run(root, tmp_path, ".", "--fix", *model)
        assert safe.returncode == 1
        assert target.read_text(encoding="utf-8") == UNSETTLED
        assert not any(REWRITE_PROMPT in json.dumps(r.body) for r in fake.requests)
        unsafe = run(root, tmp_path, ".", "--fix", "--unsafe-fixes", *model)
        assert unsafe.returncode == 0, unsafe.stderr
        assert "the model fixed 1 finding(s) in 1 file(s)" in unsafe.stderr
    assert target.read_text(encoding="utf-8") == UNSETTLED_FIXED
