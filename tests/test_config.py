"""``[tool.docref]``: loading, validation messages, CLI overrides."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.config import ConfigError, Settings, load_settings


def write(tmp_path: Path, body: str) -> str:
    (tmp_path / "pyproject.toml").write_text(body, encoding="utf-8")
    return str(tmp_path)


def test_defaults_without_pyproject(tmp_path: Path) -> None:
    settings = load_settings(str(tmp_path))
    assert settings.model is None
    assert settings.criteria == ("C1", "C2", "C3", "C4")
    assert settings.concurrency == 16
    assert settings.on_llm_error == "fail"
    assert settings.source == "defaults"


def test_pyproject_without_table_gives_defaults(tmp_path: Path) -> None:
    root = write(tmp_path, '[project]\nname = "x"\n')
    settings = load_settings(root)
    assert settings.model is None
    assert settings.source.endswith("pyproject.toml")


def test_full_table_is_read(tmp_path: Path) -> None:
    root = write(
        tmp_path,
        """
[tool.docref]
model = "openai/gpt-4.1-mini"
api_base = "http://127.0.0.1:8080/v1"
api-key-env = "MY_KEY"
profile = "referee-ver4"
criteria = ["c1", "C3"]
weights = { C1 = 2, C3 = 0.5 }
severity = { C4 = "note", "C2-PARAM-TYPE" = "error", LLM = "note" }
context_tokens = 1500
concurrency = 4
timeout = 12
max_calls = 100
include = ["src/**"]
exclude = ["src/vendored/**"]
local_only = true
ignore = ["C4", "tests/**:C1"]
baseline = ".docref-baseline.json"
on_llm_error = "warn"
""",
    )
    s = load_settings(root)
    assert s.model == "openai/gpt-4.1-mini"
    assert s.api_key_env == "MY_KEY"
    assert s.profile == "referee-ver4"
    assert s.criteria == ("C1", "C3")
    assert s.weights == {"C1": 2.0, "C3": 0.5}
    assert s.severity == {"C4": "note", "C2-PARAM-TYPE": "error", "llm": "note"}
    assert (s.context_tokens, s.concurrency, s.timeout, s.max_calls) == (1500, 4, 12.0, 100)
    assert s.include == ("src/**",) and s.exclude == ("src/vendored/**",)
    assert s.local_only is True
    assert s.ignore == ("C4", "tests/**:C1")
    assert s.baseline == ".docref-baseline.json"
    assert s.on_llm_error == "warn"


def test_unknown_key_suggests_the_close_one(tmp_path: Path) -> None:
    root = write(tmp_path, "[tool.docref]\nconcurency = 3\n")
    with pytest.raises(ConfigError) as err:
        load_settings(root)
    message = str(err.value)
    assert "pyproject.toml [tool.docref]" in message
    assert "unknown setting 'concurency'" in message
    assert "did you mean 'concurrency'?" in message


def test_unknown_key_without_close_match_lists_the_known_ones(tmp_path: Path) -> None:
    root = write(tmp_path, "[tool.docref]\nzzz = 1\n")
    with pytest.raises(ConfigError, match=r"known: .*api_base"):
        load_settings(root)


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ('model = ""', "model: expected a non-empty string"),
        ("model = 3", "model: expected a non-empty string, got an integer (3)"),
        ('profile = "fancy"', "profile: expected one of paper, referee-ver4"),
        ('criteria = ["C5"]', "criteria: expected a non-empty subset of C1, C2, C3, C4"),
        ("criteria = []", "criteria: expected a non-empty subset"),
        ("weights = { C9 = 1 }", "weights: unknown criterion 'C9'"),
        ("weights = { C1 = -1 }", "weights: C1: expected a number >= 0"),
        ("weights = { C1 = 0, C2 = 0 }", "at least one weight must be > 0"),
        ("weights = 3", "weights: expected a table"),
        ('severity = { C1 = "fatal" }', "severity: C1: expected one of error, warning, note"),
        ('severity = { nonsense = "note" }', "neither a criterion (C1..C4), a tier nor a rule id"),
        ('severity = { llm = "off" }', "llm: a tier cannot be turned off here"),
        ("context_tokens = 0", "context_tokens: expected a positive integer, got an integer (0)"),
        ("concurrency = 2.5", "concurrency: expected a positive integer, got a number (2.5)"),
        ("concurrency = true", "concurrency: expected a positive integer, got a boolean"),
        ("timeout = -1", "timeout: expected a positive number of seconds"),
        ('timeout = "5"', "timeout: expected a positive number of seconds, got a string"),
        ("timeout = nan", "timeout: expected a positive number of seconds"),
        ("max_calls = 0", "max_calls: expected a positive integer"),
        ('include = "src"', "include: expected a list of non-empty strings, got a string"),
        ('exclude = [""]', "exclude: expected a list of non-empty strings"),
        ('local_only = "yes"', "local_only: expected true or false"),
        ("fix_verify_with_roundtrip = 1", "fix_verify_with_roundtrip: expected true or false"),
        ('on_llm_error = "ignore"', "on_llm_error: expected one of fail, warn"),
        ('enable = ["NOPE"]', "enable: unknown opt-in rule(s) NOPE"),
        ("tool_docref = 1", "unknown setting 'tool_docref'"),
    ],
)
def test_bad_values_name_key_and_expectation(tmp_path: Path, line: str, expected: str) -> None:
    root = write(tmp_path, f"[tool.docref]\n{line}\n")
    with pytest.raises(ConfigError) as err:
        load_settings(root)
    assert expected in str(err.value)


def test_a_pasted_key_is_refused_without_echoing_it(tmp_path: Path) -> None:
    secret = "sk-proj-abcdefghijklmnopqrstuvwxyz0123456789"
    root = write(tmp_path, f'[tool.docref]\napi_key_env = "{secret}"\n')
    with pytest.raises(ConfigError) as err:
        load_settings(root)
    assert "NAME of an environment variable" in str(err.value)
    assert secret not in str(err.value)
    assert "abcdefghij" not in str(err.value)


def test_broken_toml_is_a_config_error(tmp_path: Path) -> None:
    root = write(tmp_path, "[tool.docref\nmodel = 1\n")
    with pytest.raises(ConfigError, match="not valid TOML"):
        load_settings(root)


def test_non_utf8_pyproject_is_a_config_error(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_bytes(b'[tool.docref]\nmodel = "\xff\xfe"\n')
    with pytest.raises(ConfigError, match=r"pyproject\.toml"):
        load_settings(str(tmp_path))


def test_table_of_wrong_type(tmp_path: Path) -> None:
    root = write(tmp_path, '[tool]\ndocref = "on"\n')
    with pytest.raises(ConfigError, match="expected a table of settings, got a string"):
        load_settings(root)


def test_pyproject_that_is_a_directory(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").mkdir()
    with pytest.raises(ConfigError, match="cannot read"):
        load_settings(str(tmp_path))


def test_override_applies_only_given_values() -> None:
    base = Settings.from_mapping({"model": "openai/a", "concurrency": 4}, "test")
    merged = base.override(model=None, concurrency=8, api_base="http://127.0.0.1:1/v1")
    assert merged.model == "openai/a"
    assert merged.concurrency == 8
    assert merged.api_base == "http://127.0.0.1:1/v1"
    assert base.concurrency == 4  # frozen: the original is untouched


def test_override_rejects_unknown_names() -> None:
    with pytest.raises(ConfigError, match="unknown setting"):
        Settings().override(nonsense=1)


def test_editor_settings_use_the_same_validation() -> None:
    with pytest.raises(ConfigError, match="initializationOptions: timeout"):
        Settings.from_mapping({"timeout": 0}, "initializationOptions")
    with pytest.raises(ConfigError, match="expected a table of settings"):
        Settings.from_mapping([1, 2], "initializationOptions")  # type: ignore[arg-type]


def test_run_mode_and_debounce_are_validated() -> None:
    assert (Settings().run, Settings().debounce_ms) == ("onSave", 1500)
    given = Settings.from_mapping({"run": "onType", "debounce-ms": 200}, "editor")
    assert (given.run, given.debounce_ms) == ("onType", 200)
    with pytest.raises(ConfigError, match="editor: run: expected one of onSave, onType, manual"):
        Settings.from_mapping({"run": "always"}, "editor")
    with pytest.raises(ConfigError, match="debounce_ms: expected a positive integer"):
        Settings.from_mapping({"debounce_ms": 0}, "editor")


def test_editor_severity_spellings_and_off(tmp_path: Path) -> None:
    root = write(
        tmp_path,
        '[tool.docref]\nignore = ["C1"]\n'
        'severity = { C4 = "off", C2 = "information", C3 = "hint", "C2-PARAM-TYPE" = "off" }\n',
    )
    s = load_settings(root)
    assert s.severity == {"C4": "off", "C2": "note", "C3": "hint", "C2-PARAM-TYPE": "off"}
    # "off" means not reported: the key joins the ignore list
    assert s.effective_ignore == ("C1", "C4", "C2-PARAM-TYPE")
