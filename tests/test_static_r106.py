"""Round 106 (session 39, public): FALSE shapes of the first pass, each beside the control that
must stay reported -- google-cloud-logging's stdlib ``logging`` read as the project's
``google/cloud/logging/`` package (the namespace folder ``google/cloud/`` taken for an import
root), and pyathena's "after the ``StartQueryExecution`` call" (the Athena operation its client
calls as ``start_query_execution``) read as the class ``AthenaQueryExecution`` renamed."""

from __future__ import annotations

from pathlib import Path

from tests.static_helpers import module_map, project_findings

# ---------------------------------------------------------------- a namespace folder's package

_CLIENT = '''
import logging


def setup(handler, *, log_level=logging.INFO):
    """Attach ``handler`` to the root logger.

    Args:
        handler (logging.Handler): the handler to attach.
        log_level (Optional[int]): the threshold, as set by the
            :meth:`logging.Logger.setLevel` method. Defaults to :const:`logging.{level}`.
    """
    logging.getLogger().setLevel(log_level)
'''


def _logging_project(level: str) -> dict[str, str]:
    # google/ and google/cloud/ hold no __init__.py: namespace packages, as Google's wheels ship
    return {
        "google/cloud/logging/__init__.py": "from google.cloud.logging_v2.client import setup\n",
        "google/cloud/logging_v2/__init__.py": "",
        "google/cloud/logging_v2/client.py": _CLIENT.replace("{level}", level),
    }


def _messages(tmp_path: Path, level: str) -> list[str]:
    files = _logging_project(level)
    path = "google/cloud/logging_v2/client.py"
    return [f.message for f in project_findings(tmp_path, files, path) if f.rule.startswith("C1-")]


def test_a_namespace_folders_package_does_not_shadow_the_standard_library(
    tmp_path: Path,
) -> None:
    assert _messages(tmp_path, "INFO") == []


def test_a_standard_module_member_that_does_not_exist_stays_reported(tmp_path: Path) -> None:
    messages = _messages(tmp_path, "INFOX")
    assert len(messages) == 1
    assert "`logging.INFOX` names nothing" in messages[0]


def test_module_names_of_a_guessed_root_keep_what_no_standard_module_is() -> None:
    modules = module_map(
        [
            "google/cloud/logging/__init__.py",
            "google/cloud/logging/handlers.py",
            "google/cloud/logging_v2/__init__.py",
            "google/cloud/logging_v2/client.py",
            "json/__init__.py",  # a package at the workspace root is a real root: kept
        ]
    )
    assert modules.module_path("logging") is None
    assert modules.module_path("logging.handlers") is None
    assert modules.module_path("google.cloud.logging") == "google/cloud/logging/__init__.py"
    handlers = "google/cloud/logging/handlers.py"
    assert modules.module_path("google.cloud.logging.handlers") == handlers
    assert modules.module_path("logging_v2.client") == "google/cloud/logging_v2/client.py"
    assert modules.module_path("json") == "json/__init__.py"


# ---------------------------------------------------------------- a remote API's operation

_MODEL = '''
class AthenaQueryExecution:
    """One query's state."""
'''

_COMMON = """
class BaseCursor:
    def _start(self, request, cache_size):
        return self._retry(self._connection.client.{method}, **request)
"""

_CURSOR = '''
from typing import cast

from pkg.common import BaseCursor
from pkg.model import AthenaQueryExecution


class Cursor(BaseCursor):
    def execute(self, operation, cache_size=None, on_start_query_execution=None):
        """Execute a SQL query.

        Args:
            operation: SQL query string to execute.
            cache_size: how many recent queries to look through for a reusable one.
            on_start_query_execution: Callback invoked with the query ID before ``execute()``
                waits for the query: after the ``{name}`` call, or after a
                reusable query ID is found through ``cache_size``.
        """
        query_id = self._start({"QueryString": operation}, cache_size)
        if on_start_query_execution:
            on_start_query_execution(query_id)
        query_execution = cast(AthenaQueryExecution, self._poll(query_id))
        if query_execution.state == AthenaQueryExecution.STATE_SUCCEEDED:
            return self
        raise ValueError(query_execution.state)
'''


def _stale(tmp_path: Path, name: str, method: str) -> list[str]:
    files = {
        "pkg/__init__.py": "",
        "pkg/model.py": _MODEL,
        "pkg/common.py": _COMMON.replace("{method}", method),
        "pkg/cursor.py": _CURSOR.replace("{name}", name),
    }
    findings = project_findings(tmp_path, files, "pkg/cursor.py")
    return [f.message.split("`")[1] for f in findings if f.rule == "C1-PROSE-NAME-STALE"]


def test_an_operation_the_client_is_called_by_is_no_old_name(tmp_path: Path) -> None:
    assert _stale(tmp_path, "StartQueryExecution", "start_query_execution") == []


def test_an_operation_nothing_calls_stays_reported(tmp_path: Path) -> None:
    assert _stale(tmp_path, "StartQueryExecution", "run_query") == ["StartQueryExecution"]


def test_a_noun_named_like_an_attribute_stays_reported(tmp_path: Path) -> None:
    # an old class name: its snake_case spelling may be an attribute holding one
    assert _stale(tmp_path, "RemoteQueryExecution", "remote_query_execution") == [
        "RemoteQueryExecution"
    ]
