"""Round 93 (session 35, public): FALSE shapes of the first pass, each beside the control that
must stay reported -- dogpile.cache's backends, whose class docstrings list the keys of the one
``arguments`` dictionary their constructor takes (``:param db:``), read by the constructor with
``arguments.get("k")`` / ``.pop("k")`` or by a project base's constructor the class hands the
dictionary to (``super().__init__(arguments)``)."""

from __future__ import annotations

from pathlib import Path

from tests.static_helpers import project_findings

_BASE = '''
class CacheBackend:
    """The interface."""


class RedisBackend(CacheBackend):
    """A Redis backend.

    :param url: string, the URL.
    :param db: integer, default is ``0``.
    """

    def __init__(self, arguments):
        arguments = arguments.copy()
        self.url = arguments.pop("url", None)
        self.db = arguments.pop("db", 0)
        self.lock_timeout = arguments.pop("lock_timeout", None)
        self.lock_sleep = arguments.pop("lock_sleep", 0.1)
        if "connection_kwargs" in arguments:
            self.connection_kwargs = arguments["connection_kwargs"]


class MemcacheArgs(RedisBackend):
    """A mixin reading one more key."""

    def __init__(self, arguments):
        self.min_compress_len = arguments.get("min_compress_len", 0)
        super(MemcacheArgs, self).__init__(arguments)
'''


def _unknown(tmp_path: Path, subclass: str) -> list[str]:
    files = {
        "pkg/__init__.py": "",
        "pkg/base.py": _BASE,
        "pkg/backends.py": "from pkg.base import MemcacheArgs, RedisBackend\n\n" + subclass,
    }
    found = project_findings(tmp_path, files, "pkg/backends.py")
    return sorted(f.message.split('"')[1] for f in found if f.rule == "C1-PARAM-UNKNOWN")


_CLUSTER = '''
class RedisClusterBackend(RedisBackend):
    """A Redis Cluster backend.

    Arguments accepted in the arguments dictionary:

    :param db: integer, default is ``0``.
    :param lock_timeout: integer, seconds after acquiring a lock that Redis should expire it.
    :param connection_kwargs: dict, passed along to the client.
    :param startup_nodes: the cluster's nodes.
    ENTRY
    """

    def __init__(self, arguments):
        arguments = arguments.copy()
        self.startup_nodes = arguments.pop("startup_nodes", None)
        super().__init__(HANDED)
'''


def test_keys_a_base_constructor_reads_from_the_handed_dict_are_documented(
    tmp_path: Path,
) -> None:
    """dogpile.cache's ``RedisClusterBackend`` / ``RedisSentinelBackend``: the keys the class
    documents are popped by ``RedisBackend.__init__``, handed the dict whole or unpacked."""
    cluster = _CLUSTER.replace("ENTRY", "")
    assert _unknown(tmp_path, cluster.replace("HANDED", "arguments")) == []
    unpacked = cluster.replace("HANDED", 'arguments={"distributed_lock": True, **arguments}')
    assert _unknown(tmp_path, unpacked) == []


def test_keys_the_constructor_or_a_mixin_base_reads_with_get_are_documented(
    tmp_path: Path,
) -> None:
    """dogpile.cache's ``DBMBackend`` reads its keys with ``arguments.get("k")`` and no intro
    names the dict; ``PylibmcBackend``'s ``min_compress_len`` is read by its mixin base."""
    dbm = '''
class DBMBackend(RedisBackend):
    """A dbm file backend.  Parameters to the ``arguments`` dictionary are below.

    :param rw_lockfile: the name of the file to use for read/write locking.
    :param lock_factory: a function or class which provides for a read/write lock.
    """

    def __init__(self, arguments):
        self.lock_factory = arguments.get("lock_factory", None)
        self.rw_lockfile = arguments.get("rw_lockfile")
'''
    assert _unknown(tmp_path, dbm) == []
    pylibmc = '''
class PylibmcBackend(MemcacheArgs, RedisBackend):
    """A pylibmc backend.

    :param binary: sets the ``binary`` flag.
    :param min_compress_len: Integer, passed to ``set``.
    """

    def __init__(self, arguments):
        self.binary = arguments.get("binary", False)
        super(PylibmcBackend, self).__init__(arguments)
'''
    assert _unknown(tmp_path, pylibmc) == []


def test_a_key_no_constructor_reads_stays_reported(tmp_path: Path) -> None:
    """Controls: dogpile.cache's ``PyMemcacheBackend`` documents ``dead_timeout`` and reads
    ``hashclient_dead_timeout`` (judged TRUE); keys read only by another method, keys of a base
    that is not handed the dict, one entry read among stale ones, and a constructor taking
    more than the dict leave the entries judged."""
    stale = "    :param dead_timeout: seconds before a node is tried again.\n"
    handed = _CLUSTER.replace("ENTRY", stale.strip()).replace("HANDED", "arguments")
    assert "dead_timeout" in _unknown(tmp_path, handed)
    not_handed = _CLUSTER.replace("ENTRY", "").replace("HANDED", "{}")
    # (``startup_nodes``, popped by the class itself after the intro naming the dict, is
    # ``without_option_keys``')
    assert _unknown(tmp_path, not_handed) == ["connection_kwargs", "db", "lock_timeout"]
    elsewhere = '''
class Choice(RedisBackend):
    """A choice.

    :param name_localizations: the localised names.
    :param value_type: the type of the value.
    """

    def __init__(self, data):
        self.data = data

    @classmethod
    def from_dict(cls, data):
        return data.get("name_localizations"), data.get("value_type")
'''
    assert _unknown(tmp_path, elsewhere) == ["name_localizations", "value_type"]
    one_read = '''
class Single(RedisBackend):
    """One key read, one entry stale.

    :param lock_factory: a lock class.
    :param old_name: renamed long ago.
    """

    def __init__(self, arguments):
        self.lock_factory = arguments.get("lock_factory", None)
'''
    assert _unknown(tmp_path, one_read) == ["lock_factory", "old_name"]
    two_params = '''
class Two(RedisBackend):
    """Two parameters.

    :param lock_factory: a lock class.
    :param rw_lockfile: a file name.
    """

    def __init__(self, arguments, name):
        self.lock_factory = arguments.get("lock_factory", None)
        self.rw_lockfile = arguments.get("rw_lockfile")
'''
    assert _unknown(tmp_path, two_params) == ["lock_factory", "rw_lockfile"]
