"""Model settings and the endpoint a model call will really go to.

`resolve_endpoint` answers "where does this traffic go?" without importing litellm, so the
UI / CLI can show it before any call and ``local_only`` can be enforced on it. It mirrors
litellm 1.106's own lookup order (explicit ``api_base``, then the provider's environment
variables such as ``OPENAI_BASE_URL`` / ``OPENAI_API_BASE``, then the provider default).
The client passes a URL that came from settings or the environment to litellm explicitly, and
for a provider default it relies on litellm picking the same default, so what is shown is what
is used.
"""

from __future__ import annotations

import ipaddress
import os
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING
from urllib.parse import urlsplit, urlunsplit

from docref.config.endpoints import EndpointSpec, default_strategy

if TYPE_CHECKING:
    from docref.config.settings import Settings


@dataclass(frozen=True)
class ModelSettings:
    """What model to ask and how.

    ``model`` is a litellm id: ``openai/gpt-4.1-mini``, ``anthropic/claude-…``,
    ``ollama_chat/qwen2.5-coder``, ``hosted_vllm/<name>``, or ``openai/<name>`` plus an
    ``api_base`` ending in ``/v1`` for any OpenAI-compatible server (llama.cpp, LM Studio…).
    ``api_key_env`` is the NAME of the environment variable holding the key; the key itself is
    read at call time and never stored here. ``local_only`` refuses any endpoint that is not
    on this machine (loopback).
    """

    model: str
    api_base: str | None = None
    api_key_env: str | None = None
    timeout_s: float = 30.0
    max_concurrency: int = 16
    num_retries: int = 2
    local_only: bool = False
    seed: int | None = None
    deployments: tuple[EndpointSpec, ...] = ()
    routing_strategy: str = "simple-shuffle"
    cooldown_s: float = 30.0
    allowed_fails: int = 0

    def __post_init__(self) -> None:
        if not self.model or not self.model.strip():
            raise ValueError("model must be a non-empty litellm model id")
        if self.timeout_s <= 0:
            raise ValueError("timeout_s must be > 0")
        if self.max_concurrency < 1:
            raise ValueError("max_concurrency must be >= 1")
        if self.num_retries < 0:
            raise ValueError("num_retries must be >= 0")

    @classmethod
    def from_settings(cls, settings: Settings) -> ModelSettings:
        """The model part of docref's settings (``[tool.docref]``, editor settings, flags).

        Raises ``ValueError`` when no model is configured or a value is unusable.
        """
        if settings.model is None:
            raise ValueError("no model is configured")
        deployments = settings.endpoints
        caps = [d.max_concurrency for d in deployments]
        concurrency = settings.concurrency
        if deployments and all(cap is not None for cap in caps):
            # every endpoint has its own bound: together they are the run's
            concurrency = sum(cap for cap in caps if cap is not None)
        return cls(
            model=settings.model,
            api_base=settings.api_base,
            api_key_env=settings.api_key_env,
            timeout_s=settings.timeout,
            max_concurrency=concurrency,
            # with several endpoints a failed attempt is re-sent to another one
            num_retries=max(2, len(deployments)),
            local_only=settings.local_only,
            deployments=deployments,
            routing_strategy=settings.routing_strategy or default_strategy(deployments),
            cooldown_s=settings.cooldown,
            allowed_fails=settings.allowed_fails,
        )


@dataclass(frozen=True)
class _Provider:
    base_envs: tuple[str, ...]
    default_base: str | None
    key_env: str | None


# Lookup order and defaults as in litellm 1.106 (main.py and the provider configs).
_PROVIDERS: dict[str, _Provider] = {
    "openai": _Provider(
        ("OPENAI_BASE_URL", "OPENAI_API_BASE"), "https://api.openai.com/v1", "OPENAI_API_KEY"
    ),
    "anthropic": _Provider(
        ("ANTHROPIC_API_BASE", "ANTHROPIC_BASE_URL"),
        "https://api.anthropic.com",
        "ANTHROPIC_API_KEY",
    ),
    "ollama": _Provider(("OLLAMA_API_BASE",), "http://localhost:11434", None),
    "ollama_chat": _Provider(("OLLAMA_API_BASE",), "http://localhost:11434", None),
    "hosted_vllm": _Provider(("HOSTED_VLLM_API_BASE",), None, "HOSTED_VLLM_API_KEY"),
    "lm_studio": _Provider(("LM_STUDIO_API_BASE",), None, "LM_STUDIO_API_KEY"),
    "llamafile": _Provider(("LLAMAFILE_API_BASE",), "http://127.0.0.1:8080/v1", None),
    "openrouter": _Provider(
        ("OPENROUTER_API_BASE",), "https://openrouter.ai/api/v1", "OPENROUTER_API_KEY"
    ),
    "groq": _Provider(("GROQ_API_BASE",), "https://api.groq.com/openai/v1", "GROQ_API_KEY"),
    "mistral": _Provider(("MISTRAL_API_BASE",), "https://api.mistral.ai/v1", "MISTRAL_API_KEY"),
    "deepseek": _Provider(
        ("DEEPSEEK_API_BASE",), "https://api.deepseek.com/beta", "DEEPSEEK_API_KEY"
    ),
    "gemini": _Provider(
        ("GEMINI_API_BASE",), "https://generativelanguage.googleapis.com", "GEMINI_API_KEY"
    ),
}

# Bare model names litellm maps to a provider without a prefix.
_BARE_PREFIXES: tuple[tuple[str, str], ...] = (
    ("gpt-", "openai"),
    ("chatgpt-", "openai"),
    ("o1", "openai"),
    ("o3", "openai"),
    ("o4", "openai"),
    ("claude", "anthropic"),
)


@dataclass(frozen=True)
class Endpoint:
    """The final destination of a model call.

    ``url`` is None when it cannot be known without the provider's SDK (an unlisted provider
    using its built-in default); such an endpoint is never loopback. ``source`` says where the
    URL came from: ``settings``, ``env:<NAME>``, ``provider default`` or ``unknown``.
    ``api_key_env`` names the environment variable the key will be read from (None: no key).
    """

    provider: str
    model: str
    url: str | None
    source: str
    api_key_env: str | None

    @property
    def host(self) -> str | None:
        if not self.url:
            return None
        try:
            return urlsplit(self.url).hostname
        except ValueError:
            return None

    @property
    def is_loopback(self) -> bool:
        return is_loopback_host(self.host)

    @property
    def display_url(self) -> str | None:
        """``url`` with any user:password and query string masked (safe to log and show)."""
        return redact_url(self.url) if self.url else None

    def __repr__(self) -> str:
        return (
            f"Endpoint(provider={self.provider!r}, model={self.model!r}, "
            f"url={self.display_url!r}, source={self.source!r}, api_key_env={self.api_key_env!r})"
        )

    def describe(self) -> str:
        where = self.display_url or "the provider's default endpoint"
        local = "local" if self.is_loopback else "remote"
        return f"{self.provider}/{self.model} -> {where} ({self.source}, {local})"


def redact_url(url: str) -> str:
    """Mask credentials that may ride in a URL (``user:pass@``, ``?key=…``)."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return "<unparseable url>"
    netloc = parts.netloc
    if "@" in netloc:
        netloc = "***@" + netloc.rpartition("@")[2]
    query = "***" if parts.query else ""
    return urlunsplit((parts.scheme, netloc, parts.path, query, ""))


def is_loopback_host(host: str | None) -> bool:
    """True for ``localhost`` and loopback IP literals; no DNS lookups."""
    if not host:
        return False
    name = host.strip("[]").rstrip(".").lower()
    if name == "localhost" or name.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def split_model(model: str) -> tuple[str, str]:
    """``"openai/gpt-4.1"`` -> ``("openai", "gpt-4.1")``; bare names get litellm's provider."""
    if "/" in model:
        provider, _, name = model.partition("/")
        return provider.strip().lower(), name
    lowered = model.lower()
    for prefix, provider in _BARE_PREFIXES:
        if lowered.startswith(prefix):
            return provider, model
    return "unknown", model


def resolve_endpoint(settings: ModelSettings, environ: Mapping[str, str] | None = None) -> Endpoint:
    """Where a call with ``settings`` goes, given the environment ``environ``."""
    env = os.environ if environ is None else environ
    provider, name = split_model(settings.model)
    spec = _PROVIDERS.get(provider)
    key_env = settings.api_key_env
    if settings.api_base:
        return Endpoint(provider, name, settings.api_base.strip(), "settings", key_env)
    if key_env is None and spec is not None:
        key_env = spec.key_env
    if spec is None:
        return Endpoint(provider, name, None, "unknown", key_env)
    for var in spec.base_envs:
        value = env.get(var, "").strip()
        if value:
            return Endpoint(provider, name, value, f"env:{var}", key_env)
    if spec.default_base:
        return Endpoint(provider, name, spec.default_base, "provider default", key_env)
    return Endpoint(provider, name, None, "unknown", key_env)
