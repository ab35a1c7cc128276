"""``docref check``'s ruff-style flags as a subprocess: ``--select/--ignore/--extend-*`` with
prefixes, ``--exit-zero``, ``--statistics``, ``--config``, ``-q``, colour, and the ``concise``,
``full``, ``gitlab`` and ``junit`` formats."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tests.fake_openai import Behaviour, FakeOpenAI
from tests.test_cli_check_options import BAD, rules_of, run


@pytest.fixture
def ws(tmp_path: Path) -> Path:
    root = tmp_path / "ws"
    (root / "pkg").mkdir(parents=True)
    (root / "pyproject.toml").write_text("[project]\nname = 'ws'\n", encoding="utf-8")
    (root / "pkg" / "maths.py").write_text(BAD, encoding="utf-8")
    (root / "pkg" / "clean.py").write_text('def f() -> None:\n    """Do."""\n', encoding="utf-8")
    return root


@pytest.mark.parametrize(
    ("flags", "expected"),
    [
        (["--select", "C2"], ["C2-RETURN-TYPE"]),
        (["--select", "c1-param"], ["C1-PARAM-UNKNOWN"]),  # a prefix, any case
        (["--ignore", "C2-RET"], ["C1-PARAM-UNKNOWN"]),
        (["--select", "C1,C2", "--ignore", "C1"], ["C2-RETURN-TYPE"]),
        # the longer selector wins: ignore a criterion but keep one of its rules
        (
            ["--select", "C2", "--extend-select", "C1-PARAM-UNKNOWN"],
            ["C1-PARAM-UNKNOWN", "C2-RETURN-TYPE"],
        ),
        (
            ["--select", "C1,C2", "--ignore", "C1", "--extend-select", "C1-PARAM"],
            ["C1-PARAM-UNKNOWN", "C2-RETURN-TYPE"],
        ),
        (["--extend-ignore", "C1", "--extend-ignore", "C2"], []),
        # naming an opt-in rule turns it on
        (
            ["--extend-select", "DOC"],
            ["C1-PARAM-UNKNOWN", "C2-RETURN-TYPE", "DOC-PARAM-MISSING"],
        ),
    ],
)
def test_selection_by_codes_and_prefixes(
    ws: Path, tmp_path: Path, flags: list[str], expected: list[str]
) -> None:
    proc = run(ws, tmp_path, ".", "--format", "json", *flags)
    assert rules_of(proc) == expected, proc.stderr
    assert proc.returncode == (1 if expected else 0)


def test_a_selector_naming_nothing_is_a_usage_error(ws: Path, tmp_path: Path) -> None:
    proc = run(ws, tmp_path, ".", "--select", "C2-PARAM-TYP,C9")
    assert proc.returncode == 2
    assert "--select C9: names no rule or criterion" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_exit_zero_quiet_and_statistics(ws: Path, tmp_path: Path) -> None:
    proc = run(ws, tmp_path, ".", "--exit-zero", "-q")
    assert proc.returncode == 0
    assert len(proc.stdout.splitlines()) == 2
    assert proc.stderr == ""  # no summary, no hint, no progress
    stats = run(ws, tmp_path, ".", "--statistics", "-q")
    assert stats.returncode == 1
    lines = [ln.split() for ln in stats.stdout.splitlines()]
    assert [ln[:3] for ln in lines] == [
        ["1", "C1-PARAM-UNKNOWN", "[*]"],
        ["1", "C2-RETURN-TYPE", "[*]"],
    ]


def test_config_file_replaces_the_root_settings(ws: Path, tmp_path: Path) -> None:
    plain = tmp_path / "docref.toml"
    plain.write_text('ignore = ["C2"]\n', encoding="utf-8")
    proc = run(ws, tmp_path, ".", "--format", "json", "--config", str(plain))
    assert rules_of(proc) == ["C1-PARAM-UNKNOWN"]
    pyproject = tmp_path / "other" / "pyproject.toml"
    pyproject.parent.mkdir()
    pyproject.write_text('[tool.docref]\nignore = ["C1"]\n', encoding="utf-8")
    proc = run(ws, tmp_path, ".", "--format", "json", "--config", str(pyproject))
    assert rules_of(proc) == ["C2-RETURN-TYPE"]
    # bad input: a missing file, a bad key
    missing = run(ws, tmp_path, ".", "--config", str(tmp_path / "nope.toml"))
    assert (
        missing.returncode == 2 and "--config" in missing.stderr and "cannot read" in missing.stderr
    )
    plain.write_text("ignor = []\n", encoding="utf-8")
    bad = run(ws, tmp_path, ".", "--config", str(plain))
    assert bad.returncode == 2 and "ignor" in bad.stderr and "Traceback" not in bad.stderr


def test_colour_on_demand_and_never_with_no_color(ws: Path, tmp_path: Path) -> None:
    assert "\x1b[" not in run(ws, tmp_path, ".").stdout  # a pipe: no colour
    forced = run(ws, tmp_path, ".", env_extra={"FORCE_COLOR": "1"})
    assert "\x1b[1;31mC1-PARAM-UNKNOWN\x1b[0m" in forced.stdout
    both = run(ws, tmp_path, ".", env_extra={"FORCE_COLOR": "1", "NO_COLOR": "1"})
    assert "\x1b[" not in both.stdout
    assert both.stdout == run(ws, tmp_path, ".").stdout


def test_concise_and_full_formats(ws: Path, tmp_path: Path) -> None:
    concise = run(ws, tmp_path, ".", "--format", "concise").stdout.splitlines()
    assert concise == [
        'pkg/maths.py:6:9: C1-PARAM-UNKNOWN documents parameter "fctor", but scale() has no '
        'such parameter; did you mean "factor"?',
        'pkg/maths.py:9:9: C2-RETURN-TYPE says it returns "str", but scale() returns float',
    ]
    full = run(ws, tmp_path, ".", "--format", "full", "--select", "C2").stdout
    assert full.startswith(concise[1] + "\n")
    assert "\n9 |         str: The scaled value.\n" in full
    assert "\n  |         ^^^^^^^^^^^^^^^^^^^^^^\n" in full
    assert "  = help: " in full


def test_gitlab_and_junit_formats(ws: Path, tmp_path: Path) -> None:
    gitlab = run(ws, tmp_path, ".", "--format", "gitlab")
    assert gitlab.returncode == 1
    report = json.loads(gitlab.stdout)
    assert [r["check_name"] for r in report] == ["C1-PARAM-UNKNOWN", "C2-RETURN-TYPE"]
    first = report[0]
    assert first["severity"] == "major" and len(first["fingerprint"]) == 64
    assert first["location"] == {"path": "pkg/maths.py", "lines": {"begin": 6, "end": 6}}
    junit = run(ws, tmp_path, ".", "--format", "junit")
    root = ET.fromstring(junit.stdout)
    assert root.tag == "testsuites" and root.get("failures") == "2"
    suites = {s.get("name"): s for s in root}
    assert set(suites) == {"pkg/maths.py", "pkg/clean.py"}
    assert suites["pkg/clean.py"].get("failures") == "0"
    cases = suites["pkg/maths.py"].findall("testcase")
    assert [c.get("name") for c in cases] == ["C1-PARAM-UNKNOWN at 6:9", "C2-RETURN-TYPE at 9:9"]
    assert cases[0].find("failure") is not None


def test_selection_narrows_what_the_model_is_asked(ws: Path, tmp_path: Path) -> None:
    with FakeOpenAI() as fake:
        fake.set_default(Behaviour(text="1"))
        model = ["--model", "openai/test", "--api-base", fake.base_url, "--format", "json"]
        # only static rules selected: the model has nothing to answer
        proc = run(ws, tmp_path, ".", *model, "--select", "C2-RETURN")
        assert rules_of(proc) == ["C2-RETURN-TYPE"] and fake.requests == []
        # one criterion: only its questions are asked (one per checked sentence)
        proc = run(ws, tmp_path, ".", *model, "--select", "C1", "--no-llm-cache")
        report = json.loads(proc.stdout)
        assert rules_of(proc) == ["C1-PARAM-UNKNOWN"]
        assert report["stats"]["llm_calls"] == len(fake.requests) > 0
        asked = len(fake.requests)
        run(ws, tmp_path, ".", *model, "--select", "C1,C3", "--no-llm-cache")
        assert len(fake.requests) - asked == 2 * asked
