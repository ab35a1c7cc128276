"""docref's settings: ``[tool.docref]`` in ``pyproject.toml``, validated, then CLI overrides.

Every key is checked: an unknown key (with a did-you-mean), a value of the wrong type or out of
range is a :class:`ConfigError` whose message names the file, the key and what was expected.
The same validation serves the language server (``initializationOptions`` /
``workspace/configuration`` arrive as plain mappings: :meth:`Settings.from_mapping`).

The API key itself is never a setting: ``api_key_env`` names the environment variable that
holds it, so a committed ``pyproject.toml`` cannot leak it.
"""

from __future__ import annotations

import difflib
import math
import os
import re
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields, replace
from typing import Any, Literal

from docref.config.endpoints import ROUTING_STRATEGIES, EndpointSpec, parse_endpoints
from docref.core.catalog import STATIC_RULES
from docref.core.codes import IgnoreList, known_codes
from docref.defaults import DEFAULT_TOKEN_BUDGET

CRITERIA = ("C1", "C2", "C3", "C4")
PROFILES = ("paper", "referee-ver4")
SEVERITIES = ("error", "warning", "note", "hint", "off")
# spellings an editor's settings use for the same levels
_SEVERITY_ALIASES = {"information": "note", "info": "note"}
RUN_MODES = ("onSave", "onType", "manual")
OnLlmError = Literal["fail", "warn"]
RunMode = Literal["onSave", "onType", "manual"]
_CACHE_SCHEMES = ("redis", "rediss", "unix")
_ENV_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")

DEFAULT_CACHE_TTL = 30 * 24 * 3600  # a month: answers outlive a release cycle, not the prompts

_OPT_IN = frozenset(rule.id for rule in STATIC_RULES.values() if rule.opt_in)


class ConfigError(ValueError):
    """A configuration that cannot be used; the message is shown to the user as is."""


@dataclass(frozen=True)
class Settings:
    """Everything a check run is configured with (defaults = no model, static tier only).

    ``severity`` maps a rule id (``C2-PARAM-TYPE``), a criterion (``C2``) or a tier (``static``,
    ``llm``) to ``error``, ``warning``, ``note`` (``information``), ``hint`` (an editor's
    faint hint; ``note`` elsewhere) or ``off`` (not reported at all: the key is ignored, see
    :attr:`effective_ignore`), the most specific key winning (defaults: static findings
    ``error``, model findings ``warning``); ``enable`` lists opt-in rules
    (``DOC-PARAM-MISSING``);
    ``include``/``exclude`` are gitignore-style globs applied on top of ``.gitignore``;
    ``run`` says when the language server checks a document (``onSave``, ``onType`` after
    ``debounce_ms`` milliseconds without an edit, or ``manual``);
    ``cache_url`` names the team's shared answer cache (``redis://host:port/db``, ``rediss://``
    with TLS), its password read from the environment variable ``cache_password_env``, entries
    kept ``cache_ttl`` seconds;
    ``max_unknown_share`` is the share of questions an endpoint may leave unanswered (answers
    that are no verdict) before the run says the model is not checking anything (and, under
    ``on_llm_error = "fail"``, fails);
    ``endpoints`` (:mod:`docref.config.endpoints`) spread the model's questions over several
    deployments through a litellm Router (``routing_strategy``; ``None``: ``least-busy`` when
    every endpoint has a ``max_concurrency`` and none a weight or rate limit, else
    ``simple-shuffle``, :func:`docref.config.endpoints.default_strategy`); an endpoint that
    failed more than ``allowed_fails`` times is left alone for ``cooldown`` seconds;
    ``fix_verify_with_roundtrip`` makes "Fix this docstring" offer a model rewrite only when
    round-trip verification finds it no worse than the original (pass@1).
    """

    model: str | None = None
    api_base: str | None = None
    api_key_env: str | None = None
    profile: str = "paper"
    criteria: tuple[str, ...] = CRITERIA
    weights: Mapping[str, float] = field(default_factory=dict)
    severity: Mapping[str, str] = field(default_factory=dict)
    context_tokens: int = DEFAULT_TOKEN_BUDGET
    concurrency: int = 16
    timeout: float = 30.0
    max_calls: int | None = None
    include: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()
    local_only: bool = False
    ignore: tuple[str, ...] = ()
    enable: tuple[str, ...] = ()
    baseline: str | None = None
    on_llm_error: OnLlmError = "fail"
    max_unknown_share: float = 0.2
    endpoints: tuple[EndpointSpec, ...] = ()
    routing_strategy: str | None = None
    cooldown: float = 30.0
    allowed_fails: int = 0
    run: RunMode = "onSave"
    debounce_ms: int = 1500
    fix_verify_with_roundtrip: bool = False
    cache_url: str | None = None
    cache_password_env: str | None = None
    cache_ttl: int = DEFAULT_CACHE_TTL
    source: str = "defaults"

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any], source: str) -> Settings:
        """Validate ``data`` (the ``[tool.docref]`` table or an editor's settings object)."""
        if not isinstance(data, Mapping):
            raise ConfigError(f"{source}: expected a table of settings, got {_kind(data)}")
        values: dict[str, Any] = {}
        for key, raw in data.items():
            name = str(key).replace("-", "_")
            validator = _VALIDATORS.get(name)
            if validator is None:
                raise ConfigError(f"{source}: unknown setting {key!r}{_did_you_mean(str(key))}")
            try:
                values[name] = validator(raw)
            except ConfigError as exc:
                raise ConfigError(f"{source}: {key}: {exc}") from None
        return cls(**values, source=source)

    @property
    def effective_ignore(self) -> tuple[str, ...]:
        """``ignore`` plus every criterion or rule id whose ``severity`` is ``off``."""
        off = tuple(
            key for key, level in self.severity.items() if level == "off" and key not in self.ignore
        )
        return self.ignore + off

    def override(self, **changes: Any) -> Settings:
        """These settings with every non-``None`` value of ``changes`` applied (CLI flags)."""
        given = {k: v for k, v in changes.items() if v is not None}
        unknown = sorted(set(given) - {f.name for f in fields(self)})
        if unknown:
            raise ConfigError(f"unknown setting(s): {', '.join(unknown)}")
        return replace(self, **given) if given else self


def load_settings(root: str) -> Settings:
    """``[tool.docref]`` of ``root/pyproject.toml``; defaults when the file or table is absent."""
    path = os.path.join(root, "pyproject.toml")
    try:
        with open(path, "rb") as fh:
            document = tomllib.load(fh)
    except FileNotFoundError:
        return Settings()
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read: {exc.strerror or exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: not valid TOML: {exc}") from None
    except UnicodeDecodeError:
        raise ConfigError(f"{path}: not valid TOML: the file is not UTF-8") from None
    tool = document.get("tool", {})
    table = tool.get("docref") if isinstance(tool, dict) else None
    if table is None:
        return Settings(source=path)
    return Settings.from_mapping(table, f"{path} [tool.docref]")


# --------------------------------------------------------------------------- validators


def _kind(value: object) -> str:
    names = {bool: "a boolean", int: "an integer", float: "a number", str: "a string"}
    for typ, name in names.items():
        if type(value) is typ:
            return f"{name} ({value!r})"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, Mapping):
        return "a table"
    return type(value).__name__


def _did_you_mean(key: str) -> str:
    close = difflib.get_close_matches(key.replace("-", "_"), list(_VALIDATORS), n=1, cutoff=0.6)
    return (
        f"; did you mean {close[0]!r}?" if close else f"; known: {', '.join(sorted(_VALIDATORS))}"
    )


def _text(value: object) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ConfigError(f"expected a non-empty string, got {_kind(value)}")
    return value.strip()


def _choice(options: tuple[str, ...]) -> Callable[[object], str]:
    def check(value: object) -> str:
        if not isinstance(value, str) or value not in options:
            raise ConfigError(f"expected one of {', '.join(options)}; got {_kind(value)}")
        return value

    return check


def _positive_int(value: object) -> int:
    if type(value) is not int or value < 1:
        raise ConfigError(f"expected a positive integer, got {_kind(value)}")
    return value


def _positive_number(value: object) -> float:
    if type(value) not in (int, float):
        raise ConfigError(f"expected a positive number of seconds, got {_kind(value)}")
    assert isinstance(value, int | float)  # the exact types, checked above (no bool)
    number = float(value)
    if not math.isfinite(number) or number <= 0:
        raise ConfigError(f"expected a positive number of seconds, got {_kind(value)}")
    return number


def _share(value: object) -> float:
    if type(value) in (int, float):
        assert isinstance(value, int | float)  # the exact types (no bool)
        if 0 <= float(value) <= 1:
            return float(value)
    raise ConfigError(f"expected a number from 0 to 1 (a share), got {_kind(value)}")


def _endpoints(value: object) -> tuple[EndpointSpec, ...]:
    try:
        return parse_endpoints(value)
    except ValueError as exc:
        raise ConfigError(str(exc)) from None


def _count(value: object) -> int:
    if type(value) is not int or value < 0:
        raise ConfigError(f"expected an integer >= 0, got {_kind(value)}")
    return value


def _boolean(value: object) -> bool:
    if type(value) is not bool:
        raise ConfigError(f"expected true or false, got {_kind(value)}")
    return value


def _strings(value: object) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
        raise ConfigError(f"expected a list of non-empty strings, got {_kind(value)}")
    return tuple(dict.fromkeys(v.strip() for v in value))


def _criteria(value: object) -> tuple[str, ...]:
    items = value.split(",") if isinstance(value, str) else value
    names = tuple(s.upper() for s in _strings(items if isinstance(items, list) else value))
    bad = [n for n in names if n not in CRITERIA]
    if bad or not names:
        raise ConfigError(f"expected a non-empty subset of {', '.join(CRITERIA)}; got {value!r}")
    return names


def _weights(value: object) -> dict[str, float]:
    if not isinstance(value, Mapping):
        raise ConfigError(f"expected a table such as {{C1 = 1, C3 = 2}}, got {_kind(value)}")
    out: dict[str, float] = {}
    for key, weight in value.items():
        name = str(key).upper()
        if name not in CRITERIA:
            raise ConfigError(f"unknown criterion {key!r} (expected {', '.join(CRITERIA)})")
        if type(weight) not in (int, float) or not math.isfinite(weight) or weight < 0:
            raise ConfigError(f"{key}: expected a number >= 0, got {_kind(weight)}")
        out[name] = float(weight)
    if out and not any(out.values()):
        raise ConfigError("at least one weight must be > 0")
    return out


def _severity(value: object) -> dict[str, str]:
    if not isinstance(value, Mapping):
        raise ConfigError(f'expected a table such as {{C4 = "note"}}, got {_kind(value)}')
    out: dict[str, str] = {}
    for key, level in value.items():
        name = str(key).lower() if str(key).lower() in ("static", "llm") else str(key).upper()
        if name not in ("static", "llm") and name not in known_codes():
            raise ConfigError(f"{key!r} is neither a criterion (C1..C4), a tier nor a rule id")
        level = _SEVERITY_ALIASES.get(str(level), level)
        if level not in SEVERITIES:
            raise ConfigError(f"{key}: expected one of {', '.join(SEVERITIES)}, got {_kind(level)}")
        if level == "off" and name in ("static", "llm"):
            raise ConfigError(
                f"{key}: a tier cannot be turned off here (no model, or --no-llm, leaves the "
                "model out; the static tier always runs); name criteria or rule ids instead"
            )
        out[name] = str(level)
    return out


def _ignore(value: object) -> tuple[str, ...]:
    entries = _strings(value)
    try:
        IgnoreList.parse(entries)
    except ValueError as exc:
        raise ConfigError(str(exc)) from None
    return entries


def _enable(value: object) -> tuple[str, ...]:
    names = tuple(n.upper() for n in _strings(value))
    bad = [n for n in names if n not in _OPT_IN]
    if bad:
        raise ConfigError(
            f"unknown opt-in rule(s) {', '.join(bad)}; available: {', '.join(sorted(_OPT_IN))}"
        )
    return names


def _env_name(value: object) -> str:
    # The value is not echoed: a user who pasted the key itself here must not see it in logs.
    if not isinstance(value, str) or not _ENV_NAME.fullmatch(value.strip()):
        raise ConfigError(
            "expected the NAME of an environment variable (letters, digits, _), "
            "e.g. OPENAI_API_KEY -- not the key itself"
        )
    return value.strip()


def cache_url_problem(url: str) -> str | None:
    """Why ``url`` cannot be a ``cache_url`` (``None`` when it can).  The URL itself is not
    echoed: a pasted password must not reach a log."""
    from urllib.parse import urlsplit  # only when a cache_url is set: not every run's cost

    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018  (raises on a malformed port)
    except ValueError:
        return "not a valid URL (expected redis://host:port/db or rediss://...)"
    if parts.scheme not in _CACHE_SCHEMES:
        return "expected a redis://, rediss:// (TLS) or unix:// URL"
    if parts.password is not None or "password=" in parts.query:
        return (
            "the URL must not carry a password: put it in an environment variable and name "
            "that variable in cache_password_env"
        )
    if parts.scheme != "unix" and not parts.hostname:
        return "the URL has no host (expected redis://host:port/db)"
    return None


def _cache_url(value: object) -> str:
    # the value is not echoed: it may carry a password the user should not see in a log
    if not isinstance(value, str) or not value.strip():
        raise ConfigError("expected a redis:// or rediss:// URL")
    problem = cache_url_problem(value.strip())
    if problem is not None:
        raise ConfigError(problem)
    return value.strip()


_VALIDATORS: dict[str, Callable[[Any], Any]] = {
    "model": _text,
    "api_base": _text,
    "api_key_env": _env_name,
    "profile": _choice(PROFILES),
    "criteria": _criteria,
    "weights": _weights,
    "severity": _severity,
    "context_tokens": _positive_int,
    "concurrency": _positive_int,
    "timeout": _positive_number,
    "max_calls": _positive_int,
    "include": _strings,
    "exclude": _strings,
    "local_only": _boolean,
    "fix_verify_with_roundtrip": _boolean,
    "ignore": _ignore,
    "enable": _enable,
    "baseline": _text,
    "on_llm_error": _choice(("fail", "warn")),
    "max_unknown_share": _share,
    "endpoints": _endpoints,
    "routing_strategy": _choice(ROUTING_STRATEGIES),
    "cooldown": _positive_number,
    "allowed_fails": _count,
    "run": _choice(RUN_MODES),
    "debounce_ms": _positive_int,
    "cache_url": _cache_url,
    "cache_password_env": _env_name,
    "cache_ttl": _positive_int,
}
