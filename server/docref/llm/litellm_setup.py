"""litellm itself: imported lazily and tamed once, and the price of a model it cannot price.

* litellm is imported on first use (`load_litellm`, off the event loop), with ``LITELLM_LOG=ERROR``
  and ``LITELLM_LOCAL_MODEL_COST_MAP=True`` set first (no price-map download); its loggers are
  set to WARNING and lose their own handlers (which send INFO to stdout), so its records
  propagate to whatever the application configured, or Python's last-resort stderr handler.
  ``suppress_debug_info`` is the only litellm global we set. Nothing reaches stdout.
* A model litellm has no price for gets litellm's custom pricing of 0, registered once
  (`ZERO_PRICE`: litellm then skips its costly per-answer zero-cost diagnostic), and its cost
  is reported unknown, never $0 (`has_price`).
* `warm_litellm` imports ahead what litellm imports inside a process's first chat completion
  (about 1 s of CPU in litellm 1.106), off the event loop and, in the model tier's worker
  processes, while the questions are still being prepared.
* `asking_collector`: in a process whose work is now the asking (``docref check``'s model
  tier, a model worker), the cyclic garbage collector leaves alone what was imported (litellm's
  modules, frozen once warmed) and runs less often; it had been ~8% of the asking's CPU.
"""

from __future__ import annotations

import contextlib
import gc
import importlib
import logging
import os
import threading
from collections.abc import Iterator, Mapping
from types import ModuleType
from typing import Any

__all__ = [
    "ZERO_PRICE",
    "asking_collector",
    "has_price",
    "load_litellm",
    "loaded_litellm",
    "register_zero_price",
    "warm_litellm",
    "zero_priced",
]

_litellm: ModuleType | None = None
_load_lock = threading.Lock()
_LITELLM_LOGGERS = ("LiteLLM", "LiteLLM Router", "LiteLLM Proxy")
log = logging.getLogger("docref.llm")


def load_litellm() -> ModuleType:
    """Import and tame litellm once (blocking, ~4 s the first time)."""
    global _litellm
    with _load_lock:
        if _litellm is None:
            os.environ["LITELLM_LOG"] = "ERROR"
            os.environ["LITELLM_LOCAL_MODEL_COST_MAP"] = "True"
            import litellm

            litellm.suppress_debug_info = True
            _quiet_litellm_loggers()
            _litellm = litellm
        return _litellm


#: Modules litellm 1.106 imports inside the first chat completion of a process, whatever the
#: provider (``completion()`` imports its proxy's file-id helpers on every call: ~0.45 s of CPU
#: the first time; the success handler a logger module), and those of the OpenAI SDK's client
#: resources (``AsyncOpenAI.chat`` imports every resource module: ~0.65 s) for the providers
#: litellm serves through it.  Imported ahead by `warm_litellm`; a module a litellm version
#: lacks is skipped.
_FIRST_CALL_IMPORTS = (
    "litellm.proxy.openai_files_endpoints.common_utils",
    "litellm.integrations.shadow_eval_logger",
)
_OPENAI_SDK_IMPORTS = ("openai.resources.chat",)
_OPENAI_SDK_PROVIDERS = frozenset(("openai", "azure", "text-completion-openai"))
_warmed: set[str] = set()


def warm_litellm(model: str | None = None) -> ModuleType:
    """`load_litellm`, then import what litellm would import inside the first chat completion
    for ``model`` (blocking: call it off the event loop).  Measured in a process asking 4
    endpoints: the first call's CPU 1.16 s -> 0.21 s; a model-asking worker process does it
    before it says it is ready, so none of it falls in the asking (``benchmarks/RESULTS.md``,
    session 12).  Best effort: nothing here may fail a run."""
    litellm = load_litellm()
    names = list(_FIRST_CALL_IMPORTS)
    if model is None or _served_by_openai_sdk(litellm, model):
        names += _OPENAI_SDK_IMPORTS
    for name in names:
        if name in _warmed:
            continue
        try:
            importlib.import_module(name)
        except Exception:  # another litellm / SDK version: it imports what it needs itself
            log.debug("warming litellm: %s not imported", name, exc_info=True)
        _warmed.add(name)
    if _asking:
        gc.freeze()  # litellm's modules, now all imported, out of every later collection
    return litellm


#: The collector's first threshold while a process asks (CPython's default: 700 allocations).
#: Each answer leaves a few thousand container objects behind (litellm's response, logging
#: and pydantic objects; freed by reference counting, few in cycles), so at 700 a collection
#: ran about every other answer, and every 100th one was a full collection over litellm's
#: imported modules: ~1 ms of CPU per answer of ~13 (``benchmarks/RESULTS.md``, session 13).
ASKING_GC_THRESHOLD = 20_000
_asking = False


@contextlib.contextmanager
def asking_collector() -> Iterator[None]:
    """While a short-lived process asks the model (``docref check``, a model worker; not the
    language server, which lives on after): what exists now and litellm's modules once
    `warm_litellm` imported them are frozen out of the cyclic collector (``gc.freeze``:
    they live to the end of the process), and it runs at :data:`ASKING_GC_THRESHOLD`
    allocations instead of 700.  The thresholds are restored on leaving."""
    global _asking
    before = gc.get_threshold()
    was = _asking
    gc.freeze()
    gc.set_threshold(max(before[0], ASKING_GC_THRESHOLD), *before[1:])
    _asking = True
    try:
        yield
    finally:
        _asking = was
        gc.set_threshold(*before)


def _served_by_openai_sdk(litellm: ModuleType, model: str) -> bool:
    try:
        provider = litellm.get_llm_provider(model)[1]
    except Exception:  # litellm cannot tell: the first call imports what it needs
        return False
    compatible = getattr(litellm, "openai_compatible_providers", ())
    return provider in _OPENAI_SDK_PROVIDERS or provider in compatible


def _quiet_litellm_loggers() -> None:
    names = set(_LITELLM_LOGGERS)
    names.update(n for n in logging.Logger.manager.loggerDict if n.startswith("LiteLLM"))
    for name in names:
        logger = logging.getLogger(name)
        logger.setLevel(logging.WARNING)
        for handler in list(logger.handlers):
            logger.removeHandler(handler)
        logger.propagate = True


#: litellm's custom pricing (documented per call and per Router deployment) for a model it has
#: no price for.  With a price, even of 0, litellm skips the per-answer "zero cost"
#: diagnostic (its 165-key model info walked through pydantic on every answer, a fifth of the
#: client's CPU per question); docref still reports the cost as unknown (`has_price`).
ZERO_PRICE: Mapping[str, float] = {
    "input_cost_per_token": 0.0,
    "output_cost_per_token": 0.0,
    "cache_creation_input_token_cost": 0.0,  # (without them litellm warns on registering)
    "cache_read_input_token_cost": 0.0,
}


_ZERO_PRICED: set[str] = set()  # models docref gave litellm a price of 0 for (unknown to docref)


def zero_priced(model: str) -> None:
    """Remember that docref gave litellm `ZERO_PRICE` for ``model`` (a Router deployment's
    ``model_info``): litellm then knows a price for it, and a later client must still see it
    unpriced (else its Router would get no zero price -- litellm's per-answer zero-cost
    diagnostic back, a quarter of the client's CPU -- and report its answers as $0)."""
    with _load_lock:
        _ZERO_PRICED.add(model)


def has_price(litellm: ModuleType, model: str) -> bool:
    """Whether litellm's (local) price map prices ``model`` (0 included: Ollama is free); a
    model docref itself priced at 0 (`ZERO_PRICE`) is not."""
    if model in _ZERO_PRICED:
        return False
    try:
        info = litellm.get_model_info(model)
    except Exception:  # "This model isn't mapped yet"
        return False
    return info.get("input_cost_per_token") is not None


def loaded_litellm() -> ModuleType | None:
    """litellm if `load_litellm` already imported it (no waiting, no import), else ``None``."""
    return _litellm


def register_zero_price(litellm: ModuleType, model: str) -> None:
    """Register `ZERO_PRICE` for ``model`` with litellm once (its documented
    ``register_model``; a price passed per call would be registered again on every call)."""
    with _load_lock:
        if model not in _ZERO_PRICED:
            provider = model.partition("/")[0] if "/" in model else None
            entry: dict[str, Any] = {**ZERO_PRICE, "mode": "chat"}
            if provider:
                entry["litellm_provider"] = provider
            litellm.register_model({model: entry})
            _ZERO_PRICED.add(model)
