"""Tests for the docref CLI, run as a real subprocess (``python -m docref``)."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import REPO, SHOP, docref_env, run_docref

CART = "examples/shop/shop/cart.py"
Run = Callable[..., subprocess.CompletedProcess[str]]
CHECKOUT = "examples/shop/java/com/example/shop/Checkout.java"


@pytest.fixture
def run(tmp_path: Path) -> Run:
    env = docref_env(tmp_path / "cache")

    def _run(
        *args: str, stdin: str | None = None, cwd: Path = REPO
    ) -> subprocess.CompletedProcess[str]:
        return run_docref(args, cwd=cwd, env=env, timeout=60, stdin=stdin)

    return _run


def _json(proc: subprocess.CompletedProcess[str]) -> Any:
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def test_help_exits_zero(run: Run) -> None:
    proc = run("--help")
    assert proc.returncode == 0
    for command in ("segment", "context", "index"):
        assert command in proc.stdout


# ---------------------------------------------------------------- segment


@pytest.mark.parametrize("via", ["--text", "stdin"])
def test_segment_offsets_slice_the_input(run: Run, via: str) -> None:
    text = "Café au lait costs 3 €. Dr. Smith said so!\nA second line follows here.  Done"
    proc = run("segment", "--text", text) if via == "--text" else run("segment", stdin=text)
    assert proc.returncode == 0, proc.stderr
    rows = [json.loads(line) for line in proc.stdout.splitlines()]
    assert [r["text"] for r in rows] == [
        "Café au lait costs 3 €.",
        "Dr. Smith said so!",
        "A second line follows here.",
        "Done",
    ]
    for row in rows:
        assert set(row) == {"text", "start", "end"}
        assert text[row["start"] : row["end"]] == row["text"]
    assert [r["start"] for r in rows] == sorted(r["start"] for r in rows)


def test_segment_empty_input_prints_nothing(run: Run) -> None:
    proc = run("segment", stdin="")
    assert proc.returncode == 0
    assert proc.stdout == ""


# ---------------------------------------------------------------- context


def test_context_json_python_sample(run: Run) -> None:
    data = _json(run("context", f"{CART}::Cart.add_item", "--json"))
    assert {"qualname", "path", "docstring_range", "segments", "related", "dropped"} <= set(data)
    assert data["qualname"] == "Cart.add_item"
    assert data["path"].endswith("shop/cart.py")
    assert data["language"] == "python"
    assert data["style"] == "google"
    (sl, _), (el, _) = data["docstring_range"]
    assert sl < el

    kinds = {(s["kind"], s["name"]) for s in data["segments"]}
    assert ("param", "sku") in kinds
    assert any(s["kind"] == "returns" for s in data["segments"])
    source = (SHOP / "shop" / "cart.py").read_text(encoding="utf-8")
    for seg in data["segments"]:
        assert source[seg["start"] : seg["end"]] == seg["text"]

    related = {r["name"]: r for r in data["related"]}
    assert related["MAX_LINES"]["kind"] == "internal"
    assert related["MAX_LINES"]["entity"] == "variable"
    assert related["MAX_LINES"]["text"] == "MAX_LINES = 50"
    assert related["Line"]["kind"] == "internal"
    assert data["dropped"] == []
    assert data["tokens"] <= data["token_budget"]


def test_context_json_java_sample(run: Run) -> None:
    data = _json(run("context", f"{CHECKOUT}::Checkout.total", "--json"))
    assert data["language"] == "java"
    assert data["style"] == "javadoc"
    assert ("param", "skus") in {(s["kind"], s["name"]) for s in data["segments"]}
    cross = [r for r in data["related"] if r["kind"] == "cross"]
    assert [r["name"] for r in cross] == ["prices.priceOf"]
    assert cross[0]["target"].endswith("Prices.java::Prices.priceOf")
    assert "priceOf(String sku)" in cross[0]["text"]


def test_context_no_external_flag(run: Run) -> None:
    data = _json(run("context", f"{CART}::Cart.add_item", "--json", "--no-external"))
    assert data["related"]
    assert all(r["kind"] != "external" for r in data["related"])


def test_context_budget_flag(run: Run) -> None:
    data = _json(run("context", f"{CART}::Cart.add_item", "--json", "--budget", "10"))
    assert data["token_budget"] == 10
    assert data["tokens"] <= 10
    assert data["dropped"]
    assert all("budget" in d["reason"] for d in data["dropped"])


def test_context_text_mode(run: Run) -> None:
    proc = run("context", f"{CART}::Cart.add_item", "--no-external")
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "Cart.add_item" in out
    assert "docstring (google)" in out
    assert "param sku: sku (str): The product code." in out
    assert "returns:" in out
    assert "# MAX_LINES #\nMAX_LINES = 50" in out
    assert "# Line #\n@dataclass\nclass Line:" in out


def test_context_unknown_qualname_suggests(run: Run) -> None:
    proc = run("context", f"{CART}::Cart.add_itm")
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert "did you mean" in proc.stderr
    assert "Cart.add_item" in proc.stderr


@pytest.mark.parametrize(
    "target",
    ["examples/shop/shop/nope.py::f", CART, f"{CART}::", "::Cart.add_item"],
    ids=["missing-file", "no-separator", "empty-qualname", "empty-path"],
)
def test_context_bad_target_exits_2(run: Run, target: str) -> None:
    proc = run("context", target)
    assert proc.returncode == 2
    assert "docref: error:" in proc.stderr
    assert proc.stdout == ""


# ---------------------------------------------------------------- index


def test_index_sample_project(run: Run) -> None:
    data = _json(run("index", "examples/shop", "--json"))
    assert {"files", "functions", "classes", "edges", "skipped", "seconds"} <= set(data)
    sources = [p for p in SHOP.rglob("*") if p.suffix in (".py", ".java")]
    assert data["files"] == len(sources)
    assert data["classes"] >= 4  # Line, Cart, Checkout, Prices
    assert data["functions"] >= 7
    assert data["edges"] > 0
    assert data["skipped"] == []
    assert data["seconds"] >= 0


@pytest.mark.parametrize("mode", ["json", "text"])
def test_index_reports_skipped_files(run: Run, tmp_path: Path, mode: str) -> None:
    ws = tmp_path / "ws"
    ws.mkdir()
    (ws / "good.py").write_text("def f():\n    return 1\n")
    (ws / "blob.py").write_bytes(b"x = 1\x00\x00\xff\xfe\x00")
    (ws / "dangling.py").symlink_to(ws / "does-not-exist.py")
    if mode == "text":
        proc = run("index", str(ws))
        assert proc.returncode == 0, proc.stderr
        assert proc.stdout.startswith("1 files, 1 functions, 0 classes")
        assert "skipped blob.py: binary" in proc.stdout
        assert "skipped dangling.py: broken symlink" in proc.stdout
        return
    data = _json(run("index", str(ws), "--json"))
    assert data["files"] == 1
    assert data["functions"] == 1
    skipped = {s["path"]: s["reason"] for s in data["skipped"]}
    assert set(skipped) == {"blob.py", "dangling.py"}
    assert "binary" in skipped["blob.py"]
    assert "symlink" in skipped["dangling.py"]


def test_index_empty_directory(run: Run, tmp_path: Path) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    data = _json(run("index", str(empty), "--json"))
    assert data["files"] == 0
    assert data["functions"] == 0
    assert data["skipped"] == []


def test_index_not_a_directory_exits_2(run: Run, tmp_path: Path) -> None:
    proc = run("index", str(tmp_path / "nowhere"))
    assert proc.returncode == 2
    assert "not a directory" in proc.stderr


def test_internal_error_exits_two_with_a_message(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A docref bug must never exit 1 (which means "findings") or print a bare traceback."""
    from docref.cli import commands
    from docref.cli.main import main

    def broken(args: object) -> int:
        raise RuntimeError("boom")

    monkeypatch.setattr(commands, "index", broken)
    assert main(["index", "."]) == 2
    err = capsys.readouterr().err
    assert "internal error: RuntimeError: boom" in err and "Traceback" not in err
    assert main(["-v", "index", "."]) == 2
    assert "Traceback" in capsys.readouterr().err


def test_version(run: Run) -> None:
    proc = run("--version")
    assert proc.returncode == 0 and proc.stdout.startswith("docref ")
