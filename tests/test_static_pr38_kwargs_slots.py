"""C1-PARAM-UNKNOWN under **kwargs, the renamed parameter handed on positionally in the slot of
its old name of a callee outside the file (params_kwargs_slots): an installed module's
function (flask's ``_json.dumps(obj, **kwargs)``), ``super().name`` on a project base in
another module (google-auth's ``Credentials.from_file``) or on an installed library's class
(``AuthorizedSession(aiohttp.ClientSession)``).  A caller's ``old=`` keyword would fill
that slot twice, so the entry documents no keyword passed on: stale (recall mutations of
session 38).  Where the twin fills another slot, or the callee is unknown, it stays
silent."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.params import c1_param_unknown

from .static_helpers import project_rule_ids, run_rule

# ``json.dumps(obj, *, ...)``: ``obj`` is its first positional parameter
EXTERNAL = {
    "rest": '''
import json as _json


def dumps(obj_obj, **kwargs):
    """Serialize data as JSON.

    :param obj: The data to serialize.
    :param kwargs: Arguments passed to ``json.dumps``.
    """
    return _json.dumps(obj_obj, **kwargs)
''',
    "google": '''
import json


def dump(obj, fp_list, **kwargs):
    """Serialize data as JSON and write it to a file.

    Args:
        obj: The data to serialize.
        fp: A file opened for writing text.
        **kwargs: Arguments passed to ``json.dump``.
    """
    json.dump(obj, fp_list, **kwargs)
''',
    "numpy": '''
from threading import Thread


class Worker(Thread):
    def join(self, tmout=None, **kwargs):
        """Wait for the worker.

        Parameters
        ----------
        timeout : float, optional
            Seconds to wait.
        **kwargs
            Passed to ``Thread.join``.
        """
        return super().join(tmout, **kwargs)
''',
}
# functions of the file taking the documented names: a keyword ``**kwargs`` may carry on to
SIBLING = """

def wait(timeout=None, **options):
    return timeout


def write(obj, fp, **options):
    return obj, fp
"""
QUALNAME = {"rest": "dumps", "google": "dump", "numpy": "Worker.join"}
TWIN = {"rest": "obj_obj", "google": "fp_list", "numpy": "tmout"}


@pytest.mark.parametrize("style", sorted(EXTERNAL))
def test_a_twin_in_the_slot_of_an_installed_callee_is_stale(tmp_path: Path, style: str) -> None:
    findings = run_rule(c1_param_unknown, tmp_path, EXTERNAL[style], QUALNAME[style])
    assert [f.rule for f in findings] == ["C1-PARAM-UNKNOWN"]
    assert f'did you mean "{TWIN[style]}"?' in findings[0].message


@pytest.mark.parametrize(
    ("style", "old", "new"),
    [
        # the documented name is not the callee's slot: ``json.dumps``' first is ``obj``
        ("rest", ":param obj: The data", ":param ob: The data"),
        # the twin fills another slot than ``fp``'s: ``fp=`` may come through **kwargs...
        ("google", "json.dump(obj, fp_list, **kwargs)", "json.dump(fp_list, obj, **kwargs)"),
        # ... as it may when the callee is an object's method, not known here
        ("google", "json.dump(obj, fp_list, **kwargs)", "self_.dump(obj, fp_list, **kwargs)"),
        # the base is not imported: its method's slots are unknown (and ``wait`` below
        # takes a ``timeout``)
        ("numpy", "from threading import Thread\n", ""),
    ],
    ids=["other-name", "other-slot", "object-method", "unknown-base"],
)
def test_a_slot_the_entry_may_still_reach_stays_silent(
    tmp_path: Path, style: str, old: str, new: str
) -> None:
    code = EXTERNAL[style]
    assert old in code
    code = code.replace(old, new) + SIBLING
    assert run_rule(c1_param_unknown, tmp_path, code, QUALNAME[style]) == []


BASE = '''
class Credentials:
    @classmethod
    def from_file(cls, filename, **kwargs):
        """Create credentials from a file.

        Args:
            filename (str): The path to the file.
            kwargs: Additional arguments.
        """
        return cls(**kwargs)
'''

CHILD = '''
from . import external_account


class Credentials(external_account.Credentials):
    @classmethod
    def from_file(cls, filename_name, **kwargs):
        """Create AWS credentials from a file.

        Args:
            filename (str): The path to the file.
            kwargs: Additional arguments.
        """
        return super(Credentials, cls).from_file(filename_name, **kwargs)
'''


def test_a_twin_in_the_slot_of_a_project_base_method_is_stale(tmp_path: Path) -> None:
    files = {"auth/__init__.py": "", "auth/external_account.py": BASE, "auth/aws.py": CHILD}
    ids = project_rule_ids(
        c1_param_unknown, tmp_path, files, "auth/aws.py", "Credentials.from_file"
    )
    assert ids == ["C1-PARAM-UNKNOWN"]


@pytest.mark.parametrize(
    ("where", "old", "new"),
    [
        # the base's method takes its first slot under another name: ``filename=`` may come
        # through **kwargs
        ("base", "def from_file(cls, filename, **kwargs)", "def from_file(cls, path, **kwargs)"),
        # the code agrees with the entry
        ("child", "filename_name", "filename"),
    ],
    ids=["base-slot-renamed", "agrees"],
)
def test_a_base_slot_of_another_name_stays_silent(
    tmp_path: Path, where: str, old: str, new: str
) -> None:
    base, child = BASE, CHILD
    if where == "base":
        assert old in base
        base = base.replace(old, new)
    else:
        assert old in child
        child = child.replace(old, new)
    child += "\n\ndef _load(filename, **options):\n    return filename\n"
    files = {"auth/__init__.py": "", "auth/external_account.py": base, "auth/aws.py": child}
    ids = project_rule_ids(
        c1_param_unknown, tmp_path, files, "auth/aws.py", "Credentials.from_file"
    )
    assert ids == []
