"""C1-PARAM-UNKNOWN false-alarm mechanisms of session 19 (class and ``__init__`` entries),
each with a control beside it that stays reported."""

from __future__ import annotations

from pathlib import Path

from tests.static_helpers import default_findings


def _findings(tmp_path: Path, code: str) -> list[tuple[str, str]]:
    return sorted((f.qualname, f.message.split(",")[0]) for f in default_findings(tmp_path, code))


_YAML_EXAMPLE = '''
class ModuleArgsParser:
    """There are several ways a module and argument set can be expressed:

    # complex args form, for passing structured data
    - copy:
        src: a
        dest: b

    # gross, but technically legal
    - action:
        module: copy
        args:
          src: a
          dest: b

    # Standard YAML form for command-type modules.
    - command: 'pwd'
      args:
        chdir: '/tmp'
    """

    def __init__(self, task_ds=None, collection_list=None):
        self.task_ds = task_ds
        self.collection_list = collection_list


class Lowered:
    """Parse a task.

    args:
        task_ds: the task's data
        chdir: the directory to run in
    """

    def __init__(self, task_ds=None):
        self.task_ds = task_ds


class Capital:
    """Parse a task.
    Args:
        task_ds: the task's data
        chdir: the directory to run in
    """

    def __init__(self, task_ds=None):
        self.task_ds = task_ds


def run(task_ds):
    """Run a task.

    Parameters
    ----------
    task_ds : dict
        the task's data
    chdir : str
        the directory to run in
    """
    return task_ds


def run_rest(task_ds):
    """Run a task.

    :param task_ds: the task's data
    :param chdir: the directory to run in
    """
    return task_ds
'''


def test_a_yaml_mapping_key_named_like_a_section_is_no_heading(tmp_path: Path) -> None:
    # round 28 (ansible's ``ModuleArgsParser``): a YAML task example in a class docstring
    # with no section of its own; ``args:`` is a mapping key under ``module: copy`` /
    # ``- command: 'pwd'``, so its ``src: a``, ``chdir: '/tmp'`` lines are values, not
    # parameter entries.  Controls: a lower-case ``args:`` that starts its own block (after
    # a blank line) and a capitalised ``Args:`` right under the summary stay headings, and
    # the NumPy and reST forms of the stale entry stay reported
    assert _findings(tmp_path, _YAML_EXAMPLE) == [
        ("Capital", 'documents parameter "chdir"'),
        ("Lowered", 'documents parameter "chdir"'),
        ("run", 'documents parameter "chdir"'),
        ("run_rest", 'documents parameter "chdir"'),
    ]


_KEYS_READ = '''
from flask import request


class NbconvertFileHandler:
    async def get(self, format, path):
        """Get a notebook file in a desired format.

        Parameters
        ----------
        download: bool, optional
            If true, set Content-Disposition: attachment
        sanitize_html: bool, optional (html format only)
            If true, sanitize HTML
        verbose: bool, optional
            Written out, never read: stale.
        """
        sanitize = self.get_argument("sanitize_html", None)
        if self.get_argument("download", "false").lower() == "true":
            self.set_header("Content-Disposition", "attachment")
        self.log("verbose")
        return format, path, sanitize

    def post(self, path, timeout_s=None):
        """Store a file.

        Args:
            path: where to store it
            timeout: how long to wait (the old name of ``timeout_s``, still a key)
            mode: written to the settings, not read from them
        """
        self.settings["mode"] = "w"
        return path, timeout_s or self.settings.get("timeout")


    @classmethod
    def from_dict(cls, data):
        """Build a handler.

        :param name: the handler's name, a key of the undocumented ``data``
        """
        return cls(data.get("name"))

    def qualify(self, expression, the_db=None):
        """Qualify the tables.

        :param db: the database (renamed to ``the_db``; a local's and self's key too)
        """

        def _qualify(table):
            if the_db and not table.args.get("db"):
                table.set("db", the_db)

        return expression, self.args.get("db"), _qualify

    def apply(self, msg):
        """Apply a message.

        :param dict name: the message, misnamed (the entry's name is a key of ``msg``)
        """
        return msg["name"]


def view(page_size=10):
    """List the items.

    Args:
        page: the page to show, a query argument of the module's request
        page_size: how many items a page has
    """
    return request.args.get("page", 1), page_size


class Choice:
    """A choice.

    :param name: the choice's name
    :param name_localizations: stale: the class reads it from a payload, the constructor
        does not take it
    """

    def __init__(self, *, name):
        self.name = name

    @classmethod
    def from_dict(cls, data):
        self = cls(name=data["name"])
        self.name_localizations = data.get("name_localizations")
        return self
'''


def test_an_entry_the_body_reads_as_a_string_key(tmp_path: Path) -> None:
    # round 28 (jupyter_server's ``NbconvertFileHandler.get``: the HTTP query arguments it
    # reads with ``self.get_argument("download")``), and a view reading a module-level
    # ``request.args``: the entries name inputs reached by key (NumPy and Google form).
    # Controls: a string written but not read as a key (``self.log("verbose")``), a key
    # only stored to (``mode``), the old name of a real parameter still read as a key
    # (``timeout`` for ``timeout_s``: a rename), keys of a parameter's own mapping
    # (``data.get("name")``, pyro's ``msg["name"]``, judged TRUE in round 16), a renamed
    # parameter whose old name a local's and ``self``'s plain getters still read (sqlglot's
    # ``table.args.get("db")``, a recall mutation) and a class
    # whose method reads the stale entry's name from a payload (discord.py's ``Choice``,
    # judged TRUE) stay reported
    assert _findings(tmp_path, _KEYS_READ) == [
        ("Choice", 'documents parameter "name_localizations"'),
        ("NbconvertFileHandler.apply", 'documents parameter "name"'),
        ("NbconvertFileHandler.from_dict", 'documents parameter "name"'),
        ("NbconvertFileHandler.get", 'documents parameter "verbose"'),
        ("NbconvertFileHandler.post", 'documents parameter "mode"'),
        ("NbconvertFileHandler.post", 'documents parameter "timeout"'),
        ("NbconvertFileHandler.qualify", 'documents parameter "db"'),
    ]
