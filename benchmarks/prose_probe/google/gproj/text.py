"""Text helpers (Google style)."""

from __future__ import annotations

import os
from pathlib import Path

DEFAULT_ENC = "utf-8"


def _read_rows(path: str) -> list[str]:
    """Read the lines of a file.

    Args:
        path: File to read.

    Returns:
        The lines, without their newlines.
    """
    with open(path, encoding=DEFAULT_ENC) as fh:
        return fh.read().splitlines()


def frobnicate_each(items: list[str]) -> list[str]:
    """Upper-case every item.

    Args:
        items: Strings to convert.

    Returns:
        The converted strings.
    """
    return [item.upper() for item in items]


class RowReader:
    """Reads rows."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._memo: dict[str, list[str]] = {}

    # PROBE helper-name stale C1 | Results are kept in ``self._cache``
    def rows(self) -> list[str]:
        """Return the rows of the file.

        Results are kept in ``self._cache`` so a second call reads nothing.

        Returns:
            The rows.
        """
        if self.path not in self._memo:
            self._memo[self.path] = _read_rows(self.path)
        return self._memo[self.path]

    # PROBE helper-name ctrl - | Results are kept in ``self._memo``
    def rows_again(self) -> list[str]:
        """Return the rows of the file once more.

        Results are kept in ``self._memo`` so a second call reads nothing.

        Returns:
            The rows.
        """
        if self.path not in self._memo:
            self._memo[self.path] = _read_rows(self.path)
        return self._memo[self.path]


# PROBE param-name stale C1 | If *include_header* is set
def render(rows: list[str], include_hdr: bool = False) -> str:
    """Render rows as text.

    If *include_header* is set, the first row is underlined.

    Args:
        rows: The rows to render.
        include_hdr: Underline the first row.

    Returns:
        The rendered text.
    """
    if include_hdr and rows:
        rows = [rows[0], "-" * len(rows[0]), *rows[1:]]
    return "\n".join(rows)


# PROBE param-name ctrl - | If *include_hdr* is set
def render_plain(rows: list[str], include_hdr: bool = False) -> str:
    """Render rows as plain text.

    If *include_hdr* is set, the first row is kept apart.

    Args:
        rows: The rows to render.
        include_hdr: Keep the first row apart.

    Returns:
        The rendered text.
    """
    if include_hdr and rows:
        rows = [rows[0], "", *rows[1:]]
    return "\n".join(rows)


# PROBE param-name stale C1 | When ``strict_mode`` is true
def parse_flag(value: str, strict_mode_flag: bool = True) -> bool:
    """Parse a yes/no flag.

    When ``strict_mode`` is true, anything but "yes" or "no" is an error.

    Args:
        value: The text to parse.
        strict_mode_flag: Reject unknown words.

    Returns:
        Whether the flag is set.

    Raises:
        ValueError: On an unknown word in strict mode.
    """
    if value in ("yes", "no"):
        return value == "yes"
    if strict_mode_flag:
        raise ValueError(value)
    return False


# PROBE param-name stale C1 | Wraps `text` at
def wrap(txt: str, width: int = 70) -> list[str]:
    """Wraps `text` at *width* columns.

    Args:
        txt: The text to wrap.
        width: The column to wrap at.

    Returns:
        The wrapped lines.
    """
    return [txt[i : i + width] for i in range(0, len(txt), width)]


# PROBE param-name ctrl - | Wraps `txt` at
def wrap_words(txt: str, width: int = 70) -> list[str]:
    """Wraps `txt` at *width* columns, between words.

    Args:
        txt: The text to wrap.
        width: The column to wrap at.

    Returns:
        The wrapped lines.
    """
    lines: list[str] = []
    for word in txt.split():
        if lines and len(lines[-1]) + len(word) < width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


# PROBE param-name stale C1 | Gives up after `timeout_secs` seconds
def wait_for(path: str, timeout: float = 5.0) -> bool:
    """Wait until a file exists.

    Gives up after `timeout_secs` seconds and reports failure.

    Args:
        path: The file to wait for.
        timeout: How long to wait, in seconds.

    Returns:
        Whether the file appeared.
    """
    import time

    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if os.path.exists(path):
            return True
        time.sleep(0.1)
    return False


# PROBE trap ctrl - | Set *mode* to `fast` or `safe`
def copy_file(src: str, dst: str, mode: str = "safe") -> None:
    """Copy a file.

    Set *mode* to `fast` or `safe`; `safe` writes a temporary file first.

    Args:
        src: Source file.
        dst: Destination file.
        mode: The copy strategy.
    """
    data = Path(src).read_bytes()
    target = Path(dst + ".tmp") if mode == "safe" else Path(dst)
    target.write_bytes(data)
    if mode == "safe":
        os.replace(target, dst)


def fetch_all(url: str, batch_size: int = 100) -> list[str]:
    """Fetch every page of a listing.

    Args:
        url: The listing.
        batch_size: Items per request.

    Returns:
        The items.
    """
    return [url] * batch_size


# PROBE trap ctrl - | See `fetch_all` for what *batch_size* means
def fetch_page(url: str, page_size: int = 10) -> list[str]:
    """Fetch one page of a listing.

    See `fetch_all` for what *batch_size* means there; here *page_size* bounds one page.

    Args:
        url: The listing.
        page_size: Items on the page.

    Returns:
        The items.
    """
    return fetch_all(url, page_size)[:page_size]


# PROBE helper-name stale C1 | Delegates to `_load_rows()`
def count_lines(path: str) -> int:
    """Count the lines of a file.

    Delegates to `_load_rows()` for the reading.

    Args:
        path: The file.

    Returns:
        The number of lines.
    """
    return len(_read_rows(path))


# PROBE helper-name ctrl - | Delegates to `_read_rows()`
def count_words(path: str) -> int:
    """Count the words of a file.

    Delegates to `_read_rows()` for the reading.

    Args:
        path: The file.

    Returns:
        The number of words.
    """
    return sum(len(row.split()) for row in _read_rows(path))


# PROBE helper-name stale C1 | decoded with `DEFAULT_ENCODING`
def read_text(path: str) -> str:
    """Read a whole file, decoded with `DEFAULT_ENCODING`.

    Args:
        path: The file.

    Returns:
        Its text.
    """
    return Path(path).read_text(encoding=DEFAULT_ENC)


# PROBE backtick stale C1 | then calls `frobnicate_all` on them
def shout(lines: list[str]) -> list[str]:
    """Strip the lines, then calls `frobnicate_all` on them.

    Args:
        lines: The lines.

    Returns:
        The upper-cased lines.
    """
    return frobnicate_each([line.strip() for line in lines])


# PROBE backtick ctrl - | then calls `frobnicate_each` on them
def shout_all(lines: list[str]) -> list[str]:
    """Drop empty lines, then calls `frobnicate_each` on them.

    Args:
        lines: The lines.

    Returns:
        The upper-cased lines.
    """
    return frobnicate_each([line for line in lines if line])


# PROBE trap ctrl - | Joins with `os.path.join`
def under(root: str, name: str) -> str:
    """Joins with `os.path.join`; returns `None` never, and raises `KeyError` never.

    Args:
        root: The folder.
        name: The file name.

    Returns:
        The joined path.
    """
    return os.path.join(root, name)
