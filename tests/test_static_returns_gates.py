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


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("0:  Nothing.", []),
        (
            "0:  The number of cells frozen.",
            ["documents a return value, but freeze() never returns one"],
        ),
    ],
    ids=["code-label-nothing", "control-code-label-value"],
)
def test_a_return_code_label_before_nothing(tmp_path: Path, text: str, expected: list[str]) -> None:
    # round 17 (xlsxwriter ``freeze_panes``): "Returns: 0: Nothing." -- the "0:" is left from
    # the "0: Success" convention, "Nothing" says no value; a value after the label stays
    code = f'''
    def freeze(row, col):
        """Freeze panes.

        Returns:
            {text}
        """
        print(row, col)
    '''
    assert messages(run_rule(c3_returns_without_value, tmp_path, code, "freeze")) == expected


@pytest.mark.parametrize(
    ("decorator", "expected"),
    [
        ("@focal.setter", []),
        ("@property", ["documents a return value, but focal() never returns one"]),
    ],
    ids=["setter", "control-property-without-return"],
)
def test_a_property_setter_documenting_the_value(
    tmp_path: Path, decorator: str, expected: list[str]
) -> None:
    # round 17 (trimesh ``Camera.focal``): a setter's Returns describes the value set; Sphinx
    # shows the getter's docstring, so the entry misleads nobody.  A getter that returns
    # nothing stays reported.
    code = f'''
    class Camera:
        @property
        def focal(self):
            return self._focal

        {decorator}
        def focal(self, values):
            """Set the focal length.

            Returns
            -------
            focal : (2,) float
              Focal length in pixels.
            """
            self._focal = values
    '''
    assert messages(run_rule(c3_returns_without_value, tmp_path, code, "Camera.focal")) == expected


_COMPONENT = '''
import solara
import torch


{decorator}
def Panel(model){annotation}:
    """Render the panel.

    Returns:
        {returns}
    """
    solara.Markdown(str(model))
'''


@pytest.mark.parametrize(
    ("decorator", "annotation", "returns", "expected"),
    [
        ("@solara.component", "", "solara.component: A Solara component that renders it.", []),
        ("@solara.component", "", "solara.FigureMatplotlib: A component for the plot.", []),
        ("@solara.component", " -> None", "A Solara component that renders it.", ["flagged"]),
        ("@solara.component", "", "The rendered model.", ["flagged"]),
        ("@torch.no_grad()", "", "model (torch.nn.Module): The updated model.", ["flagged"]),
    ],
    ids=[
        "names-dotted",
        "names-last",
        "control-none-annotation",
        "control-unnamed",
        "control-no-grad",
    ],
)
def test_a_returns_naming_the_decorator_describes_what_it_builds(
    tmp_path: Path, decorator: str, annotation: str, returns: str, expected: list[str]
) -> None:
    # round 17 (mesa ``SolaraViz``, 4 FALSE): ``@solara.component`` turns the body into a
    # component; the Returns naming the decorator describes what the call hands back.  A
    # decorator the Returns does not name (peft's ``@torch.no_grad()``, judged TRUE), an
    # explicit ``-> None`` and a Returns naming no decorator stay reported.
    code = _COMPONENT.format(decorator=decorator, annotation=annotation, returns=returns)
    found = run_rule(c3_returns_without_value, tmp_path, code, "Panel")
    assert ["flagged" for _ in found] == expected
