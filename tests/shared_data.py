"""Where the tests find the ReFEree Java benchmark subset (``../shared/data``).

Locally a missing data folder skips the tests that need it; in CI (``DOCREF_REQUIRE_SHARED=1``,
set by ``.ci/run``) it fails them, so the parity checks can never pass by being skipped.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("DOCREF_SHARED_DIR") or REPO.parent / "shared")
JAVA_DEV = SHARED / "data" / "referee-java-dev.jsonl"


def require_java_dev() -> Path:
    """The benchmark file, or skip (locally) / fail (CI) with the reason."""
    if JAVA_DEV.is_file():
        return JAVA_DEV
    message = f"benchmark data {JAVA_DEV} absent (set DOCREF_SHARED_DIR to the shared/ folder)"
    if os.environ.get("DOCREF_REQUIRE_SHARED") == "1":
        pytest.fail(message)
    pytest.skip(message)
