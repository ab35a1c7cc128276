"""Reading workspace files safely: size cap, binary detection, decoding with a note.

Extractors always see UTF-8 bytes, so every span in the graph is a byte offset into the
UTF-8 encoding of the decoded text, whatever the file's own encoding was.
"""

from __future__ import annotations

import hashlib
import os
import re
import stat
from dataclasses import dataclass

DEFAULT_MAX_BYTES = 1_000_000

# PEP 263: the coding cookie must be on line 1 or 2.
_CODING_RE = re.compile(rb"^[ \t\f]*#.*?coding[:=][ \t]*([-\w.]+)", re.MULTILINE)


class SkipFile(Exception):
    """The file is not indexed; ``reason`` is the message shown to the user."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(slots=True)
class SourceText:
    """Decoded file content plus how it was obtained."""

    text: str
    data: bytes  # ``text`` encoded as UTF-8: what the extractor parses
    content_hash: str
    note: str | None = None  # e.g. decoding fallbacks, reported with the file


def content_hash(data: bytes) -> str:
    return hashlib.blake2b(data, digest_size=16).hexdigest()


def looks_binary(data: bytes) -> bool:
    """NUL bytes in the first 8 KiB: what git and ripgrep use too."""
    return b"\x00" in data[:8192]


def decode_source(raw: bytes, language: str) -> SourceText:
    """Decode ``raw``; never raises on undecodable bytes (replaced, with a note)."""
    note: str | None = None
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    try:
        text = raw.decode("utf-8")
        data = raw
    except UnicodeDecodeError as exc:
        text = ""
        declared = _declared_coding(raw) if language == "python" else None
        if declared:
            try:
                text = raw.decode(declared)
                note = f"decoded with declared coding {declared}"
            except (LookupError, UnicodeDecodeError):
                text = ""
        if not text:
            text = raw.decode("utf-8", errors="replace")
            note = f"not valid UTF-8 (byte {exc.start}); undecodable bytes replaced with U+FFFD"
        data = text.encode("utf-8")
    return SourceText(text=text, data=data, content_hash=content_hash(data), note=note)


def _declared_coding(raw: bytes) -> str | None:
    head = b"\n".join(raw.split(b"\n", 2)[:2])
    match = _CODING_RE.search(head)
    return match.group(1).decode("ascii", "replace") if match else None


def read_source(path: str, language: str, max_bytes: int = DEFAULT_MAX_BYTES) -> SourceText:
    """Read and decode a file from disk, or raise :class:`SkipFile` with the reason."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        if os.path.islink(path):
            raise SkipFile("broken symlink") from None
        raise SkipFile("file not found") from None
    except OSError as exc:
        raise SkipFile(f"cannot stat: {exc.strerror or exc}") from None
    if not stat.S_ISREG(st.st_mode):
        # a FIFO or device named *.py would block or never end on read
        raise SkipFile("not a regular file")
    if st.st_size > max_bytes:
        raise SkipFile(f"larger than the size cap ({st.st_size:,} > {max_bytes:,} bytes)")
    try:
        with open(path, "rb") as fh:
            raw = fh.read(max_bytes + 1)
    except PermissionError:
        raise SkipFile("permission denied") from None
    except OSError as exc:
        raise SkipFile(f"cannot read: {exc.strerror or exc}") from None
    if len(raw) > max_bytes:
        raise SkipFile(f"larger than the size cap (> {max_bytes:,} bytes)")
    if looks_binary(raw):
        raise SkipFile("binary file (NUL bytes)")
    return decode_source(raw, language)
