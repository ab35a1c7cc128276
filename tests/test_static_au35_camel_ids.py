"""Round 93 (session 35): algoliasearch's generated clients say "Runs a task using the v1
endpoint. Use `runTask` instead." and "This method is similar to `pushTask`" beside the
methods ``run_task`` and ``push_task``: 8 FALSE C1-PROSE-NAME-STALE rows ("looks like the
parameter `run_task_payload` under its old name").  A camelCase name whose snake_case spelling
is a function of the file is the REST operation's id of that method, code that exists
(:func:`.names_stale._snake_defined`).
Controls: the same docstring in a file that defines no ``run_task``, or only a variable of that
name (no function), keeps the finding.  Google, NumPy and reST."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.static_helpers import project_findings

_ENTRY = {
    "google": """Args:
            task_id: the task.
            run_task_payload: what to run.""",
    "numpy": """Parameters
        ----------
        task_id : str
            the task.
        run_task_payload : dict
            what to run.""",
    "rest": """:param task_id: the task.
        :param run_task_payload: what to run.""",
}

_CLIENT = '''
{prelude}
class Client:
    def {other}(self, task_id: str, run_task_payload: dict) -> dict:
        """Run a task."""
        return {{"task": task_id, **run_task_payload}}

    def run_task_v1(self, task_id: str, run_task_payload: dict) -> dict:
        """Runs a task using the v1 endpoint. Use `{said}` instead.

        {entry}
        """
        return {{"task": task_id, **run_task_payload}}
'''


def _stale(tmp_path: Path, style: str, other: str, said: str, prelude: str = "") -> list[str]:
    code = _CLIENT.format(other=other, said=said, entry=_ENTRY[style], prelude=prelude)
    findings = project_findings(tmp_path, {"client.py": code}, "client.py")
    return [f.message for f in findings if f.rule == "C1-PROSE-NAME-STALE"]


@pytest.mark.parametrize("style", sorted(_ENTRY))
def test_the_camelcase_id_of_a_method_of_the_file_is_no_old_name(
    tmp_path: Path, style: str
) -> None:
    assert _stale(tmp_path, style, "run_task", "runTask") == []


@pytest.mark.parametrize("style", sorted(_ENTRY))
@pytest.mark.parametrize(
    "prelude", ["", "run_task = 'v2'"], ids=["no-such-function", "a-variable-not-a-function"]
)
def test_a_camelcase_name_no_function_spells_keeps_the_finding(
    tmp_path: Path, style: str, prelude: str
) -> None:
    assert len(_stale(tmp_path, style, "execute", "runTask", prelude)) == 1
