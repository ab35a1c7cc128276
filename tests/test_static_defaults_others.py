"""C2-DEFAULT-MISMATCH: a default the entry states for something other than its parameter
(session 20, round 30's two FALSE), each with a control beside it that stays reported."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.defaults import c2_default_mismatch

from tests.names_helpers import messages
from tests.static_helpers import run_rule

_FALSE_REPORTED = [
    'documents default False for "default_noreply", but the signature default is True'
]


@pytest.mark.parametrize(
    ("entry", "expected"),
    [
        (
            "the default value for 'noreply' as passed to store commands (except from\n"
            "              cas, incr, and decr, which default to False).",
            [],
        ),
        (
            "the default value for 'noreply'; cas and incr, that default to False.",
            [],
        ),
        ("the default value for 'noreply', which defaults to False.", _FALSE_REPORTED),
        ("the default value for 'noreply'. Defaults to False.", _FALSE_REPORTED),
    ],
    ids=["which-default-plural", "that-default-plural", "control-which-defaults", "control"],
)
def test_a_plural_verb_speaks_of_other_things(
    tmp_path: Path, entry: str, expected: list[str]
) -> None:
    # round 30 (pymemcache ``Client.__init__``): "(except from cas, incr, and decr, which
    # default to False)" -- the plural verb's subject is the three commands, not the
    # parameter; "which defaults to" (singular) is the parameter's own default
    code = f'''
    def make(server, default_noreply=True):
        """Make a client.

        Args:
          default_noreply: bool, {entry}
        """
        return (server, default_noreply)
    '''
    assert messages(run_rule(c2_default_mismatch, tmp_path, code, "make")) == expected


_TIMEOUT_REPORTED = ['documents default 30 for "timeout", but the signature default is -1']


@pytest.mark.parametrize(
    ("entry", "expected"),
    [
        (
            "How long to wait. -1 means the\n"
            "          default from the :class:`pexpect.spawn` object (default 30 seconds).\n"
            "          None means to wait indefinitely.",
            [],
        ),
        ("How long to wait; -1 stands for the spawn object's timeout (default: 30).", []),
        ("How long to wait. -1 means no timeout. Defaults to 30.", _TIMEOUT_REPORTED),
        ("How long to wait (default 30 seconds).", _TIMEOUT_REPORTED),
    ],
    ids=["means", "stands-for", "control-other-sentence", "control-no-sentinel"],
)
def test_the_default_a_sentinel_stands_for(tmp_path: Path, entry: str, expected: list[str]) -> None:
    # round 30 (pexpect ``REPLWrapper.run_command``): ``timeout=-1`` documented "-1 means the
    # default from the pexpect.spawn object (default 30 seconds)": the 30 is what -1 stands
    # for, stated in the sentence that explains the sentinel; a default stated in a sentence
    # of its own is the parameter's and stays reported
    code = f'''
    def run_command(command, timeout=-1):
        """Send a command.

        :param str command: The command to send.
        :param int timeout: {entry}
        """
        return (command, timeout)
    '''
    assert messages(run_rule(c2_default_mismatch, tmp_path, code, "run_command")) == expected


_COLOUR_REPORTED = [
    'documents default "white" for "fill_color", but the signature default is "0.9"'
]


@pytest.mark.parametrize(
    ("default", "entry", "expected"),
    [
        ('"1.0"', 'Colour of the water. Defaults to ``"white"``.', []),
        ('"k"', "The shadow color, default: 'black'.", []),
        ('"#FFF"', 'The fill. Defaults to "white".', []),
        ('"0.9"', 'Colour of the water. Defaults to ``"white"``.', _COLOUR_REPORTED),
        ('"r"', "The shadow color, default: 'black'.", ["red"]),
    ],
    ids=["grey-level", "one-letter-code", "short-hex", "control-other-grey", "control-other-code"],
)
def test_one_colour_written_two_ways(
    tmp_path: Path, default: str, entry: str, expected: list[str]
) -> None:
    # rounds 5 and 24 (matplotlib ``SimpleLineShadow``, obspy's ``plot`` x4): 'black' for
    # 'k' and "white" for matplotlib's grey level "1.0" name one colour; another grey, and
    # the code of another colour ('r' documented 'black'), stay reported
    code = f'''
    def draw(data, fill_color={default}):
        """Draw.

        :param data: What to draw.
        :param fill_color: {entry}
        """
        return (data, fill_color)
    '''
    found = messages(run_rule(c2_default_mismatch, tmp_path, code, "draw"))
    if expected == ["red"]:
        assert found == [
            'documents default \'black\' for "fill_color", but the signature default is "r"'
        ]
    else:
        assert found == expected


def test_a_colour_code_on_a_parameter_that_is_no_colour(tmp_path: Path) -> None:
    # the same two spellings on a parameter that is no colour: not the same value
    code = '''
    def pick(data, mode="k"):
        """Pick.

        :param data: What to pick from.
        :param mode: The mode. Defaults to "black".
        """
        return (data, mode)
    '''
    assert messages(run_rule(c2_default_mismatch, tmp_path, code, "pick")) == [
        'documents default "black" for "mode", but the signature default is "k"'
    ]


@pytest.mark.parametrize(
    ("entry", "expected"),
    [
        (
            "Numbered from this value, which must be greater than or equal to 1. Default value: 1.",
            [],
        ),
        ("Numbered from this value; must be positive. Defaults to 1.", []),
        (
            "Numbered from this value, which must be at least 0. Default value: 1.",
            ['documents default 1 for "start", but the signature default is 0'],
        ),
        (
            "Numbered from this value. Default value: 1.",
            ['documents default 1 for "start", but the signature default is 0'],
        ),
    ],
    ids=["greater-or-equal", "positive", "control-bound-kept", "control-no-bound"],
)
def test_a_signature_default_outside_the_stated_bound(
    tmp_path: Path, entry: str, expected: list[str]
) -> None:
    # round 25 (pypdf ``set_page_label``): ``start=0`` where the entry says the value "must
    # be greater than or equal to 1. Default value: 1" -- 0 is the "not given" sentinel and
    # the PDF's 1 applies; a bound the signature default keeps says nothing of a sentinel
    code = f'''
    def set_page_label(first, start=0):
        """Set a page label.

        Args:
            first: The first page.
            start: {entry}
        """
        return (first, start)
    '''
    assert messages(run_rule(c2_default_mismatch, tmp_path, code, "set_page_label")) == expected


@pytest.mark.parametrize(
    ("default", "entry", "expected"),
    [
        ('"Adam"', "str, optional (default=None) The optimizer. If None, Adam will be used.", []),
        ('""', "The label. If None, an empty string is used.  Default is None", []),
        (
            '"binary"',
            "The averaging. Default is None. If ``None``, the scores for each class are returned.",
            ['documents default None for "opt", but the signature default is "binary"'],
        ),
        (
            '"Adam"',
            "str, optional (default=None) The optimizer. If None, SGD will be used.",
            ['documents default None for "opt", but the signature default is "Adam"'],
        ),
    ],
    ids=["numpy-if-none-value", "rest-empty-string", "control-other-behaviour", "control-sgd"],
)
def test_a_none_default_explained_as_the_signature_value(
    tmp_path: Path, default: str, entry: str, expected: list[str]
) -> None:
    # round 200 (sktime ``GRUFCNNClassifier``, optimizer="Adam") and round 24 (pyqtgraph
    # ``TargetLabel``, text=""), judged DEBATABLE: "default None ... If None, Adam will be
    # used" -- the stated default differs, the behaviour is the signature's; a None that
    # means something else (imbalanced-learn's per-class scores for "binary") stays reported
    code = f'''
    def fit(data, opt={default}):
        """Fit.

        :param data: The data.
        :param opt: {entry}
        """
        return (data, opt)
    '''
    assert messages(run_rule(c2_default_mismatch, tmp_path, code, "fit")) == expected


def test_the_value_named_in_passing_is_not_what_none_stands_for(tmp_path: Path) -> None:
    # round 19 (networkx ``fiedler_vector``, TRUE x3): "If None, then each edge has unit
    # weight" for ``weight="weight"`` -- the word is in the clause, but None does not stand
    # for the key "weight"
    code = '''
    def fiedler(G, weight="weight"):
        """Fiedler vector.

        Parameters
        ----------
        G : Graph
            The graph.
        weight : object, optional (default: None)
            The data key used to determine the weight of each edge. If None, then each edge
            has unit weight.
        """
        return (G, weight)
    '''
    assert messages(run_rule(c2_default_mismatch, tmp_path, code, "fiedler")) == [
        'documents default None for "weight", but the signature default is "weight"'
    ]
