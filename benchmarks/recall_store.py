"""How ``recall.py`` runs are stored: ``benchmarks/recall/NAME.json.gz``, compact JSON, gzipped.

A run holds every mutation with its outcome (1,033 for ``--split all``): written with indents
that was ~0.55 MB a run, and each session adds several; compact and gzipped it is ~45 KB with
the same content, so the figures stay reproducible from the stored runs.  ``gzip`` is written
with a zero timestamp: the same run gives the same bytes.  Runs stored before session 16 are
plain ``NAME.json``; :func:`load` reads both, and a cited ``NAME.json`` that is stored as
``NAME.json.gz`` is found too.
"""

from __future__ import annotations

import gzip
import json
import os
from typing import Any

__all__ = ["load", "resolve", "save"]


def resolve(path: str) -> str:
    """``path`` itself when it exists, else its gzipped twin (``X.json`` -> ``X.json.gz``)."""
    if os.path.exists(path) or not path.endswith(".json"):
        return path
    return path + ".gz" if os.path.exists(path + ".gz") else path


def load(path: str) -> dict[str, Any]:
    """A stored run, plain or gzipped JSON (by the name: ``.gz``)."""
    path = resolve(path)
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt", encoding="utf-8") as fh:
        doc: dict[str, Any] = json.load(fh)
    return doc


def save(path: str, doc: dict[str, Any]) -> None:
    """Write ``doc`` to ``path`` (which ends in ``.json.gz``) as compact gzipped JSON."""
    data = json.dumps(doc, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    with open(path, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as fh:
        fh.write(data)
