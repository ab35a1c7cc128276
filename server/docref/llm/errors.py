"""Model-call errors and the mapping from litellm / openai / transport exceptions to them.

litellm 1.106 reports connection failures and non-JSON bodies as ``InternalServerError``
(status 500) and a 403 as a plain ``APIError``, so `classify` reads the exception's cause
chain, not its class. Messages never contain secrets.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any


class ModelError(Exception):
    """A model call failed; the message is safe to show (no secrets)."""

    def __init__(self, message: str, *, endpoint: str = "", attempts: int = 0) -> None:
        super().__init__(message)
        self.endpoint = endpoint
        self.attempts = attempts


class ModelUnavailable(ModelError):
    """Connection refused, DNS failure, timeout or server error, after retries."""


class ModelRateLimited(ModelError):
    """429 after retries, or at once when the quota is exhausted."""


class ModelAuthError(ModelError):
    """401/403, or the key's environment variable is not set. Never retried."""


class ModelBadResponse(ModelError):
    """The endpoint answered, but not with a usable completion (garbage, no choices)."""


class ModelRequestError(ModelError):
    """The request itself was rejected (400 context window, 404 unknown model…)."""


class ModelRefused(ModelError):
    """We refused to call: ``local_only`` is set and the endpoint is not loopback."""


# --------------------------------------------------------------------------- classification

_QUOTA_RE = re.compile(
    r"insufficient_quota|exceeded your current quota|check your plan and billing"
    r"|credit balance is too low|out of credits",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class _Failure:
    kind: type[ModelError]
    reason: str
    retry: bool
    retry_after: float | None = None


def _chain(exc: BaseException) -> list[BaseException]:
    out: list[BaseException] = []
    cur: BaseException | None = exc
    while cur is not None and len(out) < 16 and all(cur is not e for e in out):
        out.append(cur)
        cur = cur.__cause__ or cur.__context__
    return out


def _names(exc: BaseException) -> set[str]:
    return {f"{c.__module__}.{c.__qualname__}" for c in type(exc).__mro__}


def _status_of(chain: Sequence[BaseException]) -> int | None:
    for exc in chain:
        response = getattr(exc, "response", None)
        status = getattr(response, "status_code", None)
        if isinstance(status, int) and status >= 400:
            return status
    status = getattr(chain[0], "status_code", None)
    return status if isinstance(status, int) else None


def _retry_after(chain: Sequence[BaseException]) -> float | None:
    for exc in chain:
        headers: Any = getattr(exc, "litellm_response_headers", None)
        if headers is None:
            headers = getattr(getattr(exc, "response", None), "headers", None)
        if headers is None:
            continue
        try:
            value = headers.get("retry-after") or headers.get("Retry-After")
        except AttributeError:
            continue
        if value is None:
            continue
        try:
            return max(0.0, float(value))
        except (TypeError, ValueError):
            continue
    return None


def _body_text(chain: Sequence[BaseException]) -> str:
    parts: list[str] = []
    for exc in chain:
        body = getattr(exc, "body", None)
        if body is not None:
            parts.append(json.dumps(body, default=str) if not isinstance(body, str) else body)
        parts.append(str(getattr(exc, "message", "") or ""))
        parts.append(str(exc))
    return " ".join(parts)


def classify(exc: BaseException) -> _Failure:
    """Map a litellm / openai / transport exception to our error kind and retry decision.

    litellm 1.106 reports connection failures and non-JSON bodies as ``InternalServerError``
    (status 500) and a 403 as a plain ``APIError``, so the cause chain decides, not the class.
    """
    if isinstance(exc, TimeoutError):
        return _Failure(ModelUnavailable, "timed out", retry=True)
    chain = _chain(exc)
    names: set[str] = set()
    for item in chain:
        names |= _names(item)
    # Timeout first: litellm.Timeout subclasses openai.APIConnectionError.
    if names & {"litellm.exceptions.Timeout", "openai.APITimeoutError"} or any(
        isinstance(c, TimeoutError) for c in chain
    ):
        return _Failure(ModelUnavailable, "timed out", retry=True)
    if any(isinstance(c, json.JSONDecodeError) for c in chain) or (
        "openai.APIResponseValidationError" in names
    ):
        return _Failure(ModelBadResponse, "the endpoint returned a malformed body", retry=False)
    status = _status_of(chain)
    if status == 429:
        if _QUOTA_RE.search(_body_text(chain)):
            return _Failure(ModelRateLimited, "quota exhausted (429)", retry=False)
        return _Failure(ModelRateLimited, "rate limited (429)", True, _retry_after(chain))
    if status in (401, 403):
        return _Failure(ModelAuthError, f"authentication failed ({status})", retry=False)
    connection = {
        "openai.APIConnectionError",
        "litellm.exceptions.APIConnectionError",
        "httpx.TransportError",
        "aiohttp.client_exceptions.ClientConnectionError",
    }
    if names & connection or any(isinstance(c, ConnectionError) for c in chain):
        return _Failure(ModelUnavailable, "cannot connect", retry=True)
    if status is not None and status >= 500:
        return _Failure(ModelUnavailable, f"server error ({status})", retry=True)
    if status is not None and status >= 400:
        return _Failure(ModelRequestError, f"request rejected ({status})", retry=False)
    return _Failure(ModelBadResponse, f"unexpected error ({type(exc).__name__})", retry=False)
