"""A small key store (Google style): return and parameter claims in prose."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path


@dataclass
class Address:
    """A host and a port."""

    host: str
    port: int


class Frobnicator:
    """Turns things into other things."""

    def run(self, value: str) -> str:
        """Turn *value* around.

        Args:
            value: The thing.

        Returns:
            The other thing.
        """
        return value[::-1]


class Store:
    """Keys and their counts."""

    def __init__(self) -> None:
        self.counts: dict[str, int] = {}
        self.hidden: set[str] = set()

    # PROBE ret-ann stale C2 | Returns True if the key exists
    def has(self, key: str) -> int:
        """Returns True if the key exists.

        Args:
            key: The key.
        """
        return self.counts.get(key, 0)

    # PROBE ret-ann ctrl - | Returns True if the key exists
    def contains(self, key: str) -> bool:
        """Returns True if the key exists.

        Args:
            key: The key.
        """
        return key in self.counts

    # PROBE ret-ann stale C2 | Return whether the key is hidden
    def is_hidden(self, key: str) -> str:
        """Return whether the key is hidden.

        Args:
            key: The key.
        """
        return "hidden" if key in self.hidden else "shown"

    # PROBE ret-ann ctrl - | Return whether the key is shown
    def is_shown(self, key: str) -> bool:
        """Return whether the key is shown.

        Args:
            key: The key.
        """
        return key not in self.hidden

    # PROBE ret-ann stale C2 | Returns a string representation of the store
    def dump(self) -> bytes:
        """Returns a string representation of the store, as JSON."""
        return json.dumps(self.counts).encode()

    # PROBE ret-ann ctrl - | Returns a string representation of the store
    def dumps(self) -> str:
        """Returns a string representation of the store, as JSON."""
        return json.dumps(self.counts)

    # PROBE ret-ann stale C2 | Tuple of two ints
    def bounds(self) -> list[int]:
        """Smallest and largest count.

        Returns:
            Tuple of two ints, the smallest count first.
        """
        values = sorted(self.counts.values())
        return [values[0], values[-1]]

    # PROBE ret-ann ctrl - | Tuple of two ints
    def bounds_pair(self) -> tuple[int, int]:
        """Smallest and largest count.

        Returns:
            Tuple of two ints, the smallest count first.
        """
        values = sorted(self.counts.values())
        return values[0], values[-1]

    # PROBE ret-ann stale C2 | Gets a list of the keys
    def keys_seen(self) -> dict[str, int]:
        """Gets a list of the keys whose count is positive."""
        return {k: v for k, v in self.counts.items() if v > 0}

    # PROBE ret-ann ctrl - | Gets a list of the keys
    def keys_listed(self) -> list[str]:
        """Gets a list of the keys whose count is positive."""
        return [k for k, v in self.counts.items() if v > 0]

    # PROBE ret-ann stale C2 | Returns the number of keys removed
    def purge(self) -> list[str]:
        """Drop keys whose count is zero.

        Returns the number of keys removed.
        """
        gone = [k for k, v in self.counts.items() if v == 0]
        for k in gone:
            del self.counts[k]
        return gone

    # PROBE ret-ann ctrl - | Returns the number of keys removed
    def purge_count(self) -> int:
        """Drop keys whose count is zero.

        Returns the number of keys removed.
        """
        gone = [k for k, v in self.counts.items() if v == 0]
        for k in gone:
            del self.counts[k]
        return len(gone)

    # PROBE trap ctrl - | Returns the dictionary name
    def table_name(self) -> str:
        """Returns the dictionary name used in the dump."""
        return "counts"

    # PROBE trap ctrl - | Returns the string form of the first key
    def first_key_form(self) -> str:
        """Returns the string form of the first key, quoted."""
        return repr(next(iter(self.counts)))

    # PROBE ret-inferred stale C2 | Returns True if any key is hidden
    def any_hidden(self):
        """Returns True if any key is hidden."""
        return len(self.hidden)

    # PROBE ret-inferred ctrl - | Returns True if any key is hidden
    def any_hidden_flag(self):
        """Returns True if any key is hidden."""
        return bool(self.hidden)

    # PROBE ret-inferred stale C2 | Returns a list of the hidden keys
    def hidden_keys(self):
        """Returns a list of the hidden keys and their counts."""
        return {k: self.counts.get(k, 0) for k in self.hidden}

    # PROBE ret-inferred ctrl - | Returns a list of the hidden keys
    def hidden_list(self):
        """Returns a list of the hidden keys, sorted."""
        return sorted(self.hidden)

    # PROBE ret-inferred stale C2 | Returns a string describing the store
    def describe(self):
        """Returns a string describing the store."""
        return (len(self.counts), len(self.hidden))

    # PROBE ret-inferred ctrl - | Returns a string describing the store
    def describe_text(self):
        """Returns a string describing the store."""
        return f"{len(self.counts)} keys, {len(self.hidden)} hidden"

    # PROBE ret-inferred stale C2 | Returns an integer count of the keys
    def size_label(self):
        """Returns an integer count of the keys."""
        return f"{len(self.counts)} keys"

    # PROBE ret-inferred ctrl - | Returns an integer count of the keys
    def size(self):
        """Returns an integer count of the keys."""
        return len(self.counts)

    # PROBE ret-inferred stale C2 | Returns a tuple of (host, port)
    def address(self):
        """Returns a tuple of (host, port) the store listens on."""
        return Address("localhost", 8080)

    # PROBE ret-inferred stale C2 | Returns a boolean telling
    def ready(self):
        """Returns a boolean telling whether the store has keys."""
        return str(len(self.counts))

    # PROBE ret-inferred ctrl - | Returns a boolean telling
    def ready_flag(self):
        """Returns a boolean telling whether the store has keys."""
        return len(self.counts) > 0


# PROBE param-type stale C2 | *paths* is a list of file names
def load_all(paths: str) -> dict[str, int]:
    """Load several stores.

    *paths* is a list of file names, read in order.

    Args:
        paths: The files, separated by os.pathsep.

    Returns:
        The merged counts.
    """
    merged: dict[str, int] = {}
    for p in paths.split(":"):
        merged.update(json.loads(Path(p).read_text()))
    return merged


# PROBE param-type ctrl - | *paths* is a list of file names
def load_many(paths: list[str]) -> dict[str, int]:
    """Load several stores.

    *paths* is a list of file names, read in order.

    Args:
        paths: The files.

    Returns:
        The merged counts.
    """
    merged: dict[str, int] = {}
    for p in paths:
        merged.update(json.loads(Path(p).read_text()))
    return merged


# PROBE param-type stale C2 | a string naming the column
def column(table: list[list[int]], name: int) -> list[int]:
    """Pick one column.

    Args:
        table: The rows.
        name: a string naming the column to pick.

    Returns:
        The column's values.
    """
    return [row[name] for row in table]


# PROBE param-type ctrl - | a string naming the column
def column_named(table: list[dict[str, int]], name: str) -> list[int]:
    """Pick one column.

    Args:
        table: The rows.
        name: a string naming the column to pick.

    Returns:
        The column's values.
    """
    return [row[name] for row in table]


# PROBE param-type stale C2 | An integer count of retries
def retry(action: str, retries: str) -> bool:
    """Retry an action.

    Args:
        action: What to run.
        retries: An integer count of retries, before giving up.

    Returns:
        Whether it worked.
    """
    return bool(action) and retries.isdigit()


# PROBE param-type ctrl - | An integer count of retries
def retry_n(action: str, retries: int) -> bool:
    """Retry an action.

    Args:
        action: What to run.
        retries: An integer count of retries, before giving up.

    Returns:
        Whether it worked.
    """
    return bool(action) and retries > 0


# PROBE trap ctrl - | a dictionary name to look up
def lookup(name: str) -> int:
    """Look a table up.

    Args:
        name: a dictionary name to look up, such as "counts".

    Returns:
        Its size.
    """
    return len(name)


# PROBE doctype stale C1 | frob (Frobber)
def frob_all(frob, values: list[str]) -> list[str]:
    """Run a frobnicator over values.

    Args:
        frob (Frobber): The thing that turns values around.
        values (list of str): The values.

    Returns:
        list of str: The turned values.
    """
    return [frob.run(v) for v in values]


# PROBE doctype ctrl - | frob (Frobnicator)
def frob_each(frob, values: list[str]) -> list[str]:
    """Run a frobnicator over values, one by one.

    Args:
        frob (Frobnicator): The thing that turns values around.
        values (list of str): The values.

    Returns:
        list of str: The turned values.
    """
    return [frob.run(v) for v in values]


# PROBE doctype stale C1 | addr (Adress)
def connect(addr) -> str:
    """Format an address.

    Args:
        addr (Adress): Where to connect.

    Returns:
        str: host:port.
    """
    return f"{addr.host}:{addr.port}"


# PROBE doctype ctrl - | where (Path)
def exists(where) -> bool:
    """Check a path.

    Args:
        where (Path): The path to test.

    Returns:
        bool: Whether it exists.
    """
    return where.exists()
