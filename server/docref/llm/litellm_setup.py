"""litellm itself: imported lazily and tamed once, and the price of a model it cannot price.

* litellm is imported on first use (`load_litellm`, off the event loop), with ``LITELLM_LOG=ERROR``
  and ``LITELLM_LOCAL_MODEL_COST_MAP=True`` set first (no price-map download); its loggers are
  set to WARNING and lose their own handlers (which send INFO to stdout), so its records
  propagate to whatever the application configured, or Python's last-resort stderr handler.
  ``suppress_debug_info`` is the only litellm global we set. Nothing reaches stdout.
* A model litellm has no price for gets litellm's custom pricing of 0, registered once
  (`ZERO_PRICE`: litellm then skips its costly per-answer zero-cost diagnostic), and its cost
  is reported unknown, never $0 (`has_price`).
"""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Mapping
from types import ModuleType
from typing import Any

__all__ = [
    "ZERO_PRICE",
    "has_price",
    "load_litellm",
    "loaded_litellm",
    "register_zero_price",
    "zero_priced",
]

_litellm: ModuleType | None = None
_load_lock = threading.Lock()
_LITELLM_LOGGERS = ("LiteLLM", "LiteLLM Router", "LiteLLM Proxy")


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
