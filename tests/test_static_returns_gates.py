"""C3-RETURNS-YIELDS's general gates (session 8), each with a control that stays reported."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.returns_raises import c3_returns_without_value

from tests.names_helpers import messages
from tests.static_helpers import run_rule


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("This function only returns when cancelled.", []),
        ("Never returns; it serves until the task is cancelled.", []),
        (
            "The listeners it opened.",
            ["documents a return value, but serve() never returns one"],
        ),
    ],
    ids=["this-function-returns-when", "never-returns", "control-a-value"],
)
def test_a_returns_text_telling_when_the_call_returns(
    tmp_path: Path, text: str, expected: list[str]
) -> None:
    # round 7 (trio ``serve_tcp``): "Returns: This function only returns when cancelled."
    # tells when the call returns, it promises no value; a value described stays reported
    code = f'''
    async def serve(handler, port):
        """Serve forever.

        Returns:
            {text}
        """
        await handler(port)
    '''
    assert messages(run_rule(c3_returns_without_value, tmp_path, code, "serve")) == expected
