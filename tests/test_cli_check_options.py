"""``docref check`` options as a subprocess: configuration, suppression, baseline, formats,
``--since``, include/exclude, ``--max-calls``."""

from __future__ import annotations

import json
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import jsonschema
import pytest

from tests.fake_openai import Behaviour, FakeOpenAI
from tests.helpers import REPO, SCALE_BAD, docref_env, run_docref

SCHEMA = json.loads((REPO / "tests/data/sarif-schema-2.1.0.json").read_text(encoding="utf-8"))
KEY_ENV = "DOCREF_TEST_OPTIONS_KEY"

BAD = SCALE_BAD


def run(
    cwd: Path, tmp_path: Path, *args: str, env_extra: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    env = docref_env(tmp_path / "cache", **(env_extra or {}))
    return run_docref(["check", *args], cwd=cwd, env=env)


@pytest.fixture
def ws(tmp_path: Path) -> Path:
    root = tmp_path / "ws"
    (root / "pkg").mkdir(parents=True)
    (root / "pyproject.toml").write_text("[project]\nname = 'ws'\n", encoding="utf-8")
    (root / "pkg" / "maths.py").write_text(BAD, encoding="utf-8")
    return root


def configure(root: Path, table: str) -> None:
    (root / "pyproject.toml").write_text(
        f"[project]\nname = 'ws'\n\n[tool.docref]\n{table}\n", encoding="utf-8"
    )


def rules_of(proc: subprocess.CompletedProcess[str]) -> list[str]:
    return sorted(f["rule"] for f in json.loads(proc.stdout)["findings"])


def test_two_findings_without_configuration(ws: Path, tmp_path: Path) -> None:
    proc = run(ws, tmp_path, ".", "--format", "json")
    assert proc.returncode == 1, proc.stderr
    assert rules_of(proc) == ["C1-PARAM-UNKNOWN", "C2-RETURN-TYPE"]


# --------------------------------------------------------------------------- configuration


def test_bad_configuration_exits_two_with_the_key(ws: Path, tmp_path: Path) -> None:
    configure(ws, "concurency = 4")
    proc = run(ws, tmp_path, ".")
    assert proc.returncode == 2
    assert "unknown setting 'concurency'; did you mean 'concurrency'?" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_broken_toml_exits_two(ws: Path, tmp_path: Path) -> None:
    (ws / "pyproject.toml").write_text("[tool.docref\n", encoding="utf-8")
    proc = run(ws, tmp_path, ".")
    assert proc.returncode == 2 and "not valid TOML" in proc.stderr


def test_ignore_list_from_configuration(ws: Path, tmp_path: Path) -> None:
    configure(ws, 'ignore = ["C2"]')
    proc = run(ws, tmp_path, ".", "--format", "json")
    assert proc.returncode == 1
    assert rules_of(proc) == ["C1-PARAM-UNKNOWN"]
    configure(ws, 'ignore = ["pkg/**:C1-PARAM-UNKNOWN", "C2-RETURN-TYPE"]')
    assert run(ws, tmp_path, ".").returncode == 0


def test_bad_ignore_entry_is_a_configuration_error(ws: Path, tmp_path: Path) -> None:
    configure(ws, 'ignore = ["C9"]')
    proc = run(ws, tmp_path, ".")
    assert proc.returncode == 2 and "C9" in proc.stderr


def test_exclude_glob_skips_files_under_a_folder_but_not_named_files(
    ws: Path, tmp_path: Path
) -> None:
    configure(ws, 'exclude = ["pkg/**"]')
    assert run(ws, tmp_path, ".").returncode == 0
    assert run(ws, tmp_path, "pkg/maths.py").returncode == 1  # named explicitly: checked


def test_include_glob(ws: Path, tmp_path: Path) -> None:
    configure(ws, 'include = ["src/**"]')
    assert run(ws, tmp_path, ".").returncode == 0
    configure(ws, 'include = ["pkg/*.py"]')
    assert run(ws, tmp_path, ".").returncode == 1


def test_configured_model_is_used_and_flags_override_it(ws: Path, tmp_path: Path) -> None:
    with FakeOpenAI() as fake:
        fake.set_default(Behaviour(text="1"))
        configure(
            ws,
            f'model = "openai/test"\napi_base = "{fake.base_url}"\n'
            f'api_key_env = "{KEY_ENV}"\ncriteria = ["C1"]',
        )
        env = {KEY_ENV: "sk-options"}
        proc = run(ws, tmp_path, ".", "--format", "json", env_extra=env)
        assert proc.returncode == 1, proc.stderr  # the two static findings remain
        report = json.loads(proc.stdout)
        segments = report["scores"][0]["segments"]
        assert report["stats"]["llm_calls"] == segments == len(fake.requests)  # C1 only
        proc = run(ws, tmp_path, ".", "--no-llm", "--format", "json", env_extra=env)
        assert json.loads(proc.stdout)["tier"] == "static"
        proc = run(ws, tmp_path, ".", "--criteria", "C1,C2", "--no-llm-cache", env_extra=env)
        assert len(fake.requests) == 3 * segments


def test_max_calls_stops_asking(ws: Path, tmp_path: Path) -> None:
    with FakeOpenAI() as fake:
        fake.set_default(Behaviour(text="1"))
        args = ["--model", "openai/test", "--api-base", fake.base_url, "--max-calls", "3"]
        proc = run(ws, tmp_path, ".", *args, "--format", "json")
        assert len(fake.requests) == 3
        report = json.loads(proc.stdout)
        assert report["stats"]["llm_calls"] == 3
        segments = report["scores"][0]["segments"]
        assert report["stats"]["not_asked"] == 4 * segments - 3
        # a check with a static failure scores as failed, the rest of the unasked as unknown
        assert report["scores"][0]["unknown"] > 0
        assert proc.returncode == 1  # the static findings; a spent budget is not a failure


# --------------------------------------------------------------------------- suppression


def test_inline_marker_on_the_def_line(ws: Path, tmp_path: Path) -> None:
    target = ws / "pkg" / "maths.py"
    text = BAD.replace("-> float:\n", "-> float:  # docref: ignore[C2]\n", 1)
    target.write_text(text, encoding="utf-8")
    proc = run(ws, tmp_path, ".", "--format", "json")
    assert rules_of(proc) == ["C1-PARAM-UNKNOWN"]
    target.write_text(text.replace("ignore[C2]", "ignore"), encoding="utf-8")
    assert run(ws, tmp_path, ".").returncode == 0


def test_unknown_code_in_a_marker_is_a_warning(ws: Path, tmp_path: Path) -> None:
    target = ws / "pkg" / "maths.py"
    target.write_text(BAD.replace("-> float:\n", "-> float:  # docref: ignore[C9]\n", 1))
    proc = run(ws, tmp_path, ".")
    assert proc.returncode == 1
    assert "warning" in proc.stderr and "C9" in proc.stderr


def test_baseline_hides_known_findings_and_reports_new_ones(ws: Path, tmp_path: Path) -> None:
    baseline = tmp_path / "baseline.json"
    proc = run(ws, tmp_path, ".", "--write-baseline", str(baseline))
    assert proc.returncode == 0 and "wrote 2 finding(s)" in proc.stderr
    assert "line" not in json.loads(baseline.read_text(encoding="utf-8"))["findings"][0]
    proc = run(ws, tmp_path, ".", "--baseline", str(baseline), "--format", "json")
    assert proc.returncode == 0, proc.stdout
    assert json.loads(proc.stdout)["stats"]["baselined"] == 2
    # moving the function down keeps it baselined
    target = ws / "pkg" / "maths.py"
    target.write_text("import os\n\n\n" + BAD, encoding="utf-8")
    assert run(ws, tmp_path, ".", "--baseline", str(baseline)).returncode == 0
    # a new inconsistency is reported
    target.write_text(BAD.replace("fctor (float)", "fctor (float): x.\n        sclae"))
    proc = run(ws, tmp_path, ".", "--baseline", str(baseline), "--format", "json")
    assert proc.returncode == 1
    configure(ws, f'baseline = "{baseline.as_posix()}"')
    assert run(ws, tmp_path, ".").returncode == 1


def test_missing_baseline_file_exits_two(ws: Path, tmp_path: Path) -> None:
    proc = run(ws, tmp_path, ".", "--baseline", str(tmp_path / "nope.json"))
    assert proc.returncode == 2 and "nope.json" in proc.stderr


# --------------------------------------------------------------------------- formats


def test_sarif_output_is_schema_valid(ws: Path, tmp_path: Path) -> None:
    proc = run(ws, tmp_path, ".", "--format", "sarif")
    assert proc.returncode == 1
    log = json.loads(proc.stdout)
    jsonschema.validate(log, SCHEMA)
    results = log["runs"][0]["results"]
    assert sorted(r["ruleId"] for r in results) == ["C1-PARAM-UNKNOWN", "C2-RETURN-TYPE"]
    assert all(r["partialFingerprints"] for r in results)
    moved = run_after_move(ws, tmp_path)
    assert [r["partialFingerprints"] for r in moved] == [r["partialFingerprints"] for r in results]
    assert [r["locations"][0]["physicalLocation"]["region"]["startLine"] for r in moved] != [
        r["locations"][0]["physicalLocation"]["region"]["startLine"] for r in results
    ]


def run_after_move(ws: Path, tmp_path: Path) -> list[dict[str, object]]:
    (ws / "pkg" / "maths.py").write_text("X = 1\n\n\n" + BAD, encoding="utf-8")
    proc = run(ws, tmp_path, ".", "--format", "sarif")
    results: list[dict[str, object]] = json.loads(proc.stdout)["runs"][0]["results"]
    return results


def test_github_annotations(ws: Path, tmp_path: Path) -> None:
    proc = run(ws, tmp_path, ".", "--format", "github")
    assert proc.returncode == 1
    lines = proc.stdout.splitlines()
    assert len(lines) == 2
    assert all(ln.startswith("::error file=pkg/maths.py,line=") for ln in lines)
    assert any("title=docref C1-PARAM-UNKNOWN::" in ln for ln in lines)


# --------------------------------------------------------------------------- --since


@pytest.fixture
def git_ws(ws: Path) -> Iterator[Path]:
    if shutil.which("git") is None:
        pytest.skip("git is not installed")

    def git(*args: str) -> None:
        subprocess.run(["git", *args], cwd=ws, check=True, capture_output=True)

    git("init", "-q", "-b", "main")
    git("config", "user.email", "t@example.com")
    git("config", "user.name", "t")
    git("add", ".")
    git("commit", "-qm", "base")
    yield ws


def test_since_checks_only_changed_functions(git_ws: Path, tmp_path: Path) -> None:
    assert run(git_ws, tmp_path, ".", "--since", "main").returncode == 0  # nothing changed
    other = git_ws / "pkg" / "other.py"
    other.write_text(BAD.replace("def scale", "def shrink"), encoding="utf-8")
    proc = run(git_ws, tmp_path, ".", "--since", "main", "--format", "json")
    assert proc.returncode == 1
    assert {f["qualname"] for f in json.loads(proc.stdout)["findings"]} == {"shrink"}


def test_since_unknown_ref_exits_two(git_ws: Path, tmp_path: Path) -> None:
    proc = run(git_ws, tmp_path, ".", "--since", "no-such-branch")
    assert proc.returncode == 2 and "--since no-such-branch" in proc.stderr
    proc = run(git_ws, tmp_path, ".", "--since=--output=/tmp/x")
    assert proc.returncode == 2


def test_since_keeps_findings_on_changed_class_docstrings(git_ws: Path, tmp_path: Path) -> None:
    shapes = git_ws / "pkg" / "shapes.py"
    shapes.write_text(
        'class Point:\n    """A point.\n\n    Args:\n        x (int): X.\n    """\n\n'
        "    def __init__(self, x: int) -> None:\n        self.x = x\n",
        encoding="utf-8",
    )
    subprocess.run(["git", "add", "."], cwd=git_ws, check=True)
    subprocess.run(["git", "commit", "-qm", "point"], cwd=git_ws, check=True)
    # the class docstring now documents ``z``, which the constructor does not take
    text = shapes.read_text(encoding="utf-8").replace("x (int): X.", "x (int): X.\n        z: Z.")
    shapes.write_text(text, encoding="utf-8")
    proc = run(git_ws, tmp_path, ".", "--since", "HEAD", "--format", "json")
    assert proc.returncode == 1, proc.stderr
    assert {f["qualname"] for f in json.loads(proc.stdout)["findings"]} == {"Point"}
