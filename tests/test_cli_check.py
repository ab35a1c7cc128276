"""``docref check`` as a subprocess: formats, exit codes, the sample project's planted errors."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from tests.helpers import REPO, docref_env, run_docref


def _run(args: list[str], tmp_path: Path, cwd: Path = REPO) -> subprocess.CompletedProcess[str]:
    return run_docref(["check", *args], cwd=cwd, env=docref_env(tmp_path / "cache"))


def test_sample_project_planted_inconsistencies(tmp_path: Path) -> None:
    proc = _run(["examples/shop", "--format", "json"], tmp_path)
    assert proc.returncode == 1, proc.stderr
    report = json.loads(proc.stdout)
    assert report["tier"] == "static" and report["errors"] == []
    rules = {(f["path"], f["rule"], f["criterion"]) for f in report["findings"]}
    # exactly the static plants listed in examples/shop/README.md, nothing else
    assert len(report["findings"]) == len(rules) == 7
    assert ("shop/cart.py", "C1-XREF-UNRESOLVED", "C1") in rules  # :meth:`Cart.is_blank`
    # ``count (int): Ignored.`` documents a parameter add_item() does not have
    assert ("shop/cart.py", "C1-PARAM-UNKNOWN", "C1") in rules
    # ``Returns: list[Line]`` while the signature says ``-> Line``
    assert ("shop/cart.py", "C2-RETURN-TYPE", "C2") in rules
    # ``Raises: KeyError`` on ``is_empty()``, which neither raises it nor calls anything
    assert ("shop/cart.py", "C3-RAISES", "C3") in rules
    # Javadoc ``@return the total in euros as a double`` on a method declared ``long``
    assert ("java/com/example/shop/Checkout.java", "C2-JAVADOC-RETURN-TYPE", "C2") in rules
    # Javadoc ``@param currency`` (no such parameter) and ``@throws java.io.IOException`` (a
    # checked exception total() neither declares nor throws)
    assert ("java/com/example/shop/Checkout.java", "C1-PARAM-UNKNOWN", "C1") in rules
    assert ("java/com/example/shop/Checkout.java", "C3-RAISES", "C3") in rules
    unknown = next(
        f
        for f in report["findings"]
        if f["rule"] == "C1-PARAM-UNKNOWN" and f["path"] == "shop/cart.py"
    )
    assert "count" in unknown["message"]
    source = (REPO / "examples/shop/shop/cart.py").read_text(encoding="utf-8")
    assert source[unknown["start"] : unknown["end"]].startswith("count (int)")


def test_text_format_is_path_line_col(tmp_path: Path) -> None:
    proc = _run(["examples/shop/shop/cart.py"], tmp_path)
    assert proc.returncode == 1
    lines = [ln for ln in proc.stdout.splitlines() if ln]
    # relative to the working directory (REPO), not to the project root examples/shop
    assert lines and all(ln.startswith("examples/shop/shop/cart.py:") for ln in lines)
    # contract: ``path:line:col: CODE message  [static]``, CODE the rule id (as ruff's)
    assert any(
        ": C1-PARAM-UNKNOWN documents parameter " in ln and ln.endswith("  [static]")
        for ln in lines
    )
    assert "4 finding(s) (C1 2, C2 1, C3 1)" in proc.stderr
    assert "LLM tier off" in proc.stderr  # says how to turn the model tier on


def test_clean_code_exits_zero(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    ws.mkdir()
    (ws / "ok.py").write_text(
        "def add(a: int, b: int = 0) -> int:\n"
        '    """Add two numbers.\n\n'
        "    Args:\n"
        "        a (int): The first.\n"
        "        b (int, optional): The second.\n\n"
        "    Returns:\n"
        "        int: The sum.\n"
        '    """\n'
        "    return a + b\n",
        encoding="utf-8",
    )
    proc = _run([str(ws)], tmp_path)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout == ""


def test_missing_path_exits_two(tmp_path: Path) -> None:
    proc = _run([str(tmp_path / "nope")], tmp_path)
    assert proc.returncode == 2
    assert "no such file or folder" in proc.stderr


def test_syntax_error_file_still_checked(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    ws.mkdir()
    (ws / "broken.py").write_text(
        'def f(a):\n    """Do it.\n\n    Args:\n        b: Gone.\n    """\n    return a\n\n'
        "def g(:\n    pass\n",
        encoding="utf-8",
    )
    proc = _run([str(ws), "--format", "json"], tmp_path)
    assert proc.returncode == 1, proc.stderr
    report = json.loads(proc.stdout)
    assert [f["rule"] for f in report["findings"]] == ["C1-PARAM-UNKNOWN"]


def test_no_source_files_warns(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    ws.mkdir()
    (ws / "notes.txt").write_text("nothing to check\n", encoding="utf-8")
    proc = _run([str(ws)], tmp_path)
    assert proc.returncode == 0
    assert "no indexable Python or Java files" in proc.stderr


def test_json_contract_keys(tmp_path: Path) -> None:
    proc = _run(["examples/shop", "--format", "json"], tmp_path)
    report = json.loads(proc.stdout)
    assert set(report) >= {"findings", "scores", "stats"}
    assert report["scores"] == []  # no model: the static tier alone gives no ReFEree score
    assert set(report["stats"]) >= {
        "files", "functions", "llm_calls", "cache_hits", "tokens", "cost_usd", "seconds",
        "llm_errors",
    }  # fmt: skip
    assert report["stats"]["llm_calls"] == 0 and report["stats"]["files"] == 5
    for f in report["findings"]:
        assert set(f) >= {
            "path", "qualname", "line", "column", "end_line", "end_column", "criterion", "tier",
            "message", "explanation", "evidence",
        }  # fmt: skip
        assert f["tier"] == "static" and f["line"] >= 1 and f["column"] >= 1
    c1 = next(
        f for f in report["findings"] if f["criterion"] == "C1" and f["path"] == "shop/cart.py"
    )
    assert (c1["line"], c1["column"]) == (38, 13)  # 1-based, as the text format prints
