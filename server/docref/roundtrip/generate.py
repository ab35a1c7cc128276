"""Asking the model for function bodies: the prompt, the sampling parameters, the cache.

Sampling follows the pass@k literature (Chen et al. 2021, and the doc-to-code papers that
reuse it): with more than one sample, temperature 0.8 and top_p 0.95, so the m samples are
independent draws; a single sample is taken greedily (temperature 0), the usual pass@1 set-up.

Answers are cached in docref's ``answers`` cache (the same pickle-free diskcache as the LLM
tier's answers, cleared by ``docref cache clear answers``) under a hash of the model, the
endpoint, the prompt version, the variant (real docstring or the forward-lift "TODO"), the
docstring, the rendered context, the selected tests, the sampling parameters and the sample's
index -- so a re-run of an unchanged function asks nothing, and any change re-asks.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from docref.cache.store import open_cache
from docref.llm.client import ModelClient
from docref.llm.errors import ModelBadResponse

__all__ = [
    "PROMPT_VERSION",
    "Answer",
    "AnswerStore",
    "Request",
    "Sampling",
    "cache_key",
    "generate",
    "messages",
]

log = logging.getLogger(__name__)

PROMPT_VERSION = "roundtrip-1"
MAX_TOKENS = 2048

_SYSTEM = (
    "You are an expert Python programmer. You are shown a Python file in which the body of "
    "one function was removed and replaced by the line `# <BODY>`. Write that body so that "
    "the function does what its signature and docstring say. Reply with the body only -- the "
    "statements that replace `# <BODY>`, without the `def` line and without the docstring -- "
    "in one ```python code block."
)


@dataclass(frozen=True, slots=True)
class Sampling:
    """Generation parameters for ``samples`` draws (see the module docstring)."""

    temperature: float
    top_p: float

    @classmethod
    def for_samples(cls, samples: int) -> Sampling:
        """Greedy for one sample, T=0.8 / top_p=0.95 for several.

        Args:
            samples (int): How many candidates are drawn.

        Returns:
            Sampling: The parameters.
        """
        return cls(0.0, 1.0) if samples <= 1 else cls(0.8, 0.95)


@dataclass(frozen=True, slots=True)
class Answer:
    """One model answer: the raw ``text``, or ``error`` when the endpoint gave no usable one."""

    variant: str
    index: int
    text: str | None
    cached: bool = False
    error: str | None = None


def messages(context: str, relpath: str, qualname: str) -> list[dict[str, str]]:
    """The chat messages asking for the body of ``qualname``.

    Args:
        context (str): The rendered file context (:meth:`FileContext.render`).
        relpath (str): The file's workspace-relative path, shown to the model.
        qualname (str): The function to write.

    Returns:
        list[dict[str, str]]: System and user messages.
    """
    user = (
        f"File `{relpath}`:\n\n```python\n{context}```\n\n"
        f"Write the body of `{qualname}` (the statements replacing `# <BODY>`)."
    )
    return [{"role": "system", "content": _SYSTEM}, {"role": "user", "content": user}]


def cache_key(
    client: ModelClient,
    variant: str,
    docstring: str,
    context: str,
    tests: Sequence[str],
    sampling: Sampling,
    index: int,
) -> str:
    """The cache key of one sample (hex sha256 with a ``roundtrip:`` prefix).

    Args:
        client (ModelClient): Supplies the model id and resolved endpoint.
        variant (str): ``doc`` or ``lift``.
        docstring (str): The docstring literal shown to the model.
        context (str): The rendered context.
        tests (Sequence[str]): The selected test node ids.
        sampling (Sampling): Temperature and top_p.
        index (int): The sample's number.

    Returns:
        str: The key.
    """
    parts: list[Any] = [
        PROMPT_VERSION,
        client.settings.model,
        client.endpoint.url or "",
        variant,
        docstring,
        context,
        sorted(tests),
        sampling.temperature,
        sampling.top_p,
        index,
    ]
    payload = json.dumps(parts, ensure_ascii=False, separators=(",", ":"))
    return "roundtrip:" + hashlib.sha256(payload.encode("utf-8", "surrogatepass")).hexdigest()


class AnswerStore:
    """Raw answers in the ``answers`` diskcache; a failing cache is a miss, never an error."""

    def __init__(self, backend: Any) -> None:
        self._backend = backend

    @classmethod
    def open(cls, directory: str | None = None) -> AnswerStore | None:
        """The shared ``answers`` cache, or ``None`` (logged) when it cannot be opened.

        Args:
            directory (str | None): The cache root (default: ``$DOCREF_CACHE_DIR`` or the
                user cache directory).

        Returns:
            AnswerStore | None: The store.
        """
        backend = open_cache("answers", directory)
        return None if backend is None else cls(backend)

    def get_many(self, keys: Sequence[str]) -> list[str | None]:
        """The cached answer texts of ``keys`` (``None`` for a miss).

        Args:
            keys (Sequence[str]): Keys from :func:`cache_key`.

        Returns:
            list[str | None]: One entry per key.
        """
        out: list[str | None] = []
        for key in keys:
            try:
                raw = self._backend.get(key)
                data = json.loads(raw) if isinstance(raw, str) else None
            except Exception as exc:  # unsafe row, locked database, bad JSON: a miss
                log.warning("round-trip cache read failed: %s", exc)
                data = None
            text = data.get("text") if isinstance(data, dict) else None
            out.append(text if isinstance(text, str) else None)
        return out

    def put(self, key: str, text: str) -> None:
        """Store one answer text.

        Args:
            key (str): From :func:`cache_key`.
            text (str): The raw answer.
        """
        try:
            self._backend.set(key, json.dumps({"text": text}))
        except Exception as exc:
            log.warning("round-trip cache write failed: %s", exc)

    def close(self) -> None:
        """Release the cache handle."""
        self._backend.close()


@dataclass(frozen=True, slots=True)
class Request:
    """One sample to obtain: its variant, index, prompt and cache key."""

    variant: str
    index: int
    prompt: list[dict[str, str]]
    key: str


async def generate(
    client: ModelClient,
    requests: Sequence[Request],
    sampling: Sampling,
    store: AnswerStore | None,
    on_answer: Callable[[Answer], None] | None = None,
) -> list[Answer]:
    """Obtain every requested sample, from the cache or the model, in request order.

    The misses are sent in the order of ``requests`` (the cache is read in one batch first
    and litellm is loaded before the first request), so with one call in flight at a time the
    requests reach the endpoint in a fixed order.

    Args:
        client (ModelClient): The configured model.
        requests (Sequence[Request]): What to ask.
        sampling (Sampling): Temperature and top_p.
        store (AnswerStore | None): The cache, or ``None`` not to use one.
        on_answer (Callable[[Answer], None] | None): Called as each answer arrives.

    Returns:
        list[Answer]: One per request; a `ModelBadResponse` becomes an answer with ``error``.
    """
    cached = await asyncio.to_thread(store.get_many, [r.key for r in requests]) if store else []
    results: list[Answer | None] = [None] * len(requests)
    misses: list[int] = []
    for i, req in enumerate(requests):
        text = cached[i] if cached else None
        if text is None:
            misses.append(i)
            continue
        answer = results[i] = Answer(req.variant, req.index, text, cached=True)
        if on_answer is not None:
            on_answer(answer)
    if misses:
        client.check_allowed()
        # warmed before the questions start, so they reach the endpoint in their order
        await client.warm()

    async def ask(i: int) -> None:
        req = requests[i]
        try:
            done = await client.complete(
                req.prompt,
                max_tokens=MAX_TOKENS,
                temperature=sampling.temperature,
                top_p=sampling.top_p,
            )
        except ModelBadResponse as exc:
            answer = results[i] = Answer(req.variant, req.index, None, error=str(exc))
        else:
            answer = results[i] = Answer(req.variant, req.index, done.text)
            if store is not None:
                await asyncio.to_thread(store.put, req.key, done.text)
        if on_answer is not None:
            on_answer(answer)

    try:
        async with asyncio.TaskGroup() as group:
            for i in misses:
                group.create_task(ask(i))
    except ExceptionGroup as failed:
        # one unusable endpoint fails every sample alike: report the first cause plainly
        raise failed.exceptions[0] from None
    return [r for r in results if r is not None]
