"""Static rules: session-22 recall of renamed parameters in prose (rec).  A code-marked name
the words after it call a parameter ("The ``backlog`` argument", "``ssl_options`` parameter")
that is not one of the function's parameters, while one of them is its renamed twin, is stale
even when other code of the file uses that name (another function's parameter): the sentence
says it is this function's.  Before, such a name resolved, and only the opt-in
C1-PROSE-NAME-ELSEWHERE (judged 3 TRUE of 21, none of them with such words) could report it.
Controls of the same shape stay silent."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.static_helpers import default_findings

# the other function's parameter ``backlog`` makes the name resolve in the file
_OTHER = '''

def listen(backlog=128):
    """Listen."""
    return backlog
'''

_GOOGLE = '''
def bind_sockets(port, bcklg=128):
    """Create listening sockets bound to the given port.

    The ``backlog`` argument has the same meaning as for socket.listen().

    Args:
        port (int): The port.
        bcklg (int): The queue length.
    """
    return port, bcklg
'''

_NUMPY = '''
def bind_sockets(port, bcklg=128):
    """Create listening sockets bound to the given port.

    The `backlog` parameter has the same meaning as for socket.listen().

    Parameters
    ----------
    port : int
        The port.
    bcklg : int
        The queue length.
    """
    return port, bcklg
'''

_REST = '''
def bind_sockets(port, backlog_size=128):
    """Create listening sockets bound to the given port.

    The ``backlog`` argument has the same meaning as for socket.listen().

    :param port: The port.
    :param backlog_size: The queue length.
    """
    return port, backlog_size
'''


def _stale(tmp_path: Path, code: str) -> list[tuple[str, str, str]]:
    return sorted(
        (f.qualname, f.message.split("`")[1], f.message.split("`")[3])
        for f in default_findings(tmp_path, code)
        if f.rule == "C1-PROSE-NAME-STALE"
    )


@pytest.mark.parametrize(("code", "twin"), [(_GOOGLE, "bcklg"), (_NUMPY, "bcklg")])
def test_a_name_called_a_parameter_used_only_elsewhere_is_stale(
    tmp_path: Path, code: str, twin: str
) -> None:
    # tornado's ``bind_sockets`` (held-out recall): ``backlog`` -> ``bcklg``; ``backlog`` is
    # still another function's parameter in the file, so it resolved and nothing was reported
    assert _stale(tmp_path, code + _OTHER) == [("bind_sockets", "backlog", twin)]
    message = next(
        f.message for f in default_findings(tmp_path / "m", code + _OTHER) if "backlog" in f.message
    )
    assert "is named as a parameter, but bind_sockets() has none of that name" in message


def test_a_plain_word_called_an_argument_is_matched_by_affix_only_when_missing(
    tmp_path: Path,
) -> None:
    # ``backlog`` -> ``backlog_size``: a plain word, the twin by a word added.  When no code of
    # the file knows ``backlog`` the words "the backlog argument" let it match as a
    # code-shaped name does (and reST's emphasis, ``*backlog*``, is then no English stress);
    # when other code of the file uses the name, only the docstring's own entry would (see
    # test_static_prose_names_cues.py's jax ``carry`` control)
    emphasis = _REST.replace("``backlog``", "*backlog*")
    assert _stale(tmp_path / "a", _REST) == [("bind_sockets", "backlog", "backlog_size")]
    assert _stale(tmp_path / "b", emphasis) == [("bind_sockets", "backlog", "backlog_size")]
    assert _stale(tmp_path / "c", _REST + _OTHER) == []
    # control: emphasis without the words is a stressed concept
    stressed = emphasis.replace("*backlog* argument", "*backlog*")
    assert _stale(tmp_path / "d", stressed) == []


@pytest.mark.parametrize("code", [_GOOGLE, _NUMPY, _REST])
@pytest.mark.parametrize(
    "edit",
    [
        # no word calls it a parameter: a name other code of the file uses (the opt-in rule)
        (" argument has the same", " value has the same"),
        (" parameter has the same", " value has the same"),
        # the function takes **kwargs: the argument may be passed on by that name
        ("=128):\n", "=128, **kwargs):\n"),
        # the function's own code uses the name: not an old name
        ("    return port, ", "    listen(backlog=1)\n    return port, "),
        # "the backlog argument of listen()": another callable's parameter
        ("argument has the same", "argument of listen() has the same"),
        ("parameter has the same", "parameter of listen() has the same"),
    ],
)
def test_controls_stay_silent(tmp_path: Path, code: str, edit: tuple[str, str]) -> None:
    changed = code.replace(*edit)
    if changed == code:
        pytest.skip("the edit is for another form")
    assert _stale(tmp_path, changed + _OTHER) == []


@pytest.mark.parametrize("code", [_GOOGLE, _NUMPY, _REST])
def test_the_current_parameter_named_so_stays_silent(tmp_path: Path, code: str) -> None:
    # consistent: the sentence names the parameter the function has
    twin = "backlog_size" if "backlog_size" in code else "bcklg"
    fixed = code.replace("``backlog``", f"``{twin}``").replace("`backlog`", f"`{twin}`")
    assert fixed != code
    assert _stale(tmp_path, fixed + _OTHER) == []


# a method renamed by a word added (``from_frame`` -> ``new_from_frame``): a sibling's
# docstring still names it in a Sphinx role for a callable (the sibling does not call it: a
# call between the two was evidence enough before)
_ROLE = '''
class Callpoint:
    """A frame of a traceback."""

    @classmethod
    def new_from_frame(cls, frame):
        """Create a Callpoint object from a frame."""
        return cls()

    @classmethod
    def from_tb(cls, tb):
        """Create a Callpoint from a traceback.

        Main difference with :meth:`from_frame` is that the line number is the one where
        the exception was raised.

        DOCS

        """
        return cls()
'''
_ROLE_DOCS = {
    "google": "Args:\n            tb: The traceback.",
    "numpy": "Parameters\n        ----------\n        tb : traceback\n            The traceback.",
    "rest": ":param tb: The traceback.",
}


def _xref(tmp_path: Path, code: str) -> list[tuple[str, str]]:
    return sorted(
        (f.rule, f.message) for f in default_findings(tmp_path, code) if f.rule.startswith("C1-")
    )


@pytest.mark.parametrize("style", sorted(_ROLE_DOCS))
def test_a_callable_role_counts_an_extended_twin(tmp_path: Path, style: str) -> None:
    # boltons ``Callpoint.from_tb`` (held-out recall): before, no did-you-mean (an extended
    # twin counted only for a call or "the method"), so the finding was the opt-in
    # C1-XREF-UNCORROBORATED
    code = _ROLE.replace("DOCS", _ROLE_DOCS[style])
    assert _xref(tmp_path, code) == [
        (
            "C1-XREF-UNRESOLVED",
            "`from_frame` names nothing in scope; did you mean `new_from_frame`?",
        )
    ]


@pytest.mark.parametrize("style", sorted(_ROLE_DOCS))
@pytest.mark.parametrize(
    "edit",
    [
        # an attribute's role calls it no function: no extended twin, nothing by default
        # (the opt-in C1-XREF-UNCORROBORATED's)
        (":meth:`from_frame`", ":attr:`from_frame`"),
        # the current name: consistent
        (":meth:`from_frame`", ":meth:`new_from_frame`"),
    ],
)
def test_callable_role_controls(tmp_path: Path, style: str, edit: tuple[str, str]) -> None:
    code = _ROLE.replace("DOCS", _ROLE_DOCS[style]).replace(*edit)
    assert _xref(tmp_path, code) == []


# a parameter renamed (``vals`` -> ``vals_list``) in the signature only: its entry still
# documents ``vals`` (C1-PARAM-UNKNOWN's finding) and the prose still names it
_ENTRY = {
    "numpy": '''
def gearys_c(adata, vals_list=None):
    """Calculate Geary's C.

    Key for `adata.layers` to choose `vals`.

    Parameters
    ----------
    adata : AnnData
        The data.
    vals : array, optional
        The values.
    """
    return adata, vals_list
''',
    "google": '''
def gearys_c(adata, vals_list=None):
    """Calculate Geary's C.

    Key for `adata.layers` to choose `vals`.

    Args:
        adata (AnnData): The data.
        vals (array, optional): The values.
    """
    return adata, vals_list
''',
    "rest": '''
def gearys_c(adata, vals_list=None):
    """Calculate Geary's C.

    Key for ``adata.layers`` to choose ``vals``.

    :param adata: The data.
    :param vals: The values.
    """
    return adata, vals_list
''',
}
# another function of the file takes ``vals``: the name resolves in the file
_VALS_ELSEWHERE = '''

def morans_i(vals):
    """Calculate Moran's I."""
    return vals
'''


def _prose_stale(tmp_path: Path, code: str) -> list[tuple[int, str]]:
    return [
        (f.line, f.message.split("`")[1])
        for f in default_findings(tmp_path, code)
        if f.rule == "C1-PROSE-NAME-STALE"
    ]


@pytest.mark.parametrize("style", sorted(_ENTRY))
@pytest.mark.parametrize("elsewhere", [False, True])
def test_a_name_its_own_entry_documents_is_stale_in_prose(
    tmp_path: Path, style: str, elsewhere: bool
) -> None:
    # scanpy ``gearys_c`` (held-out recall, heldout5): the entry's finding came, the prose
    # sentence naming ``vals`` (a plain word: no affix twin without a cue) did not
    code = _ENTRY[style] + (_VALS_ELSEWHERE if elsewhere else "")
    assert _prose_stale(tmp_path, code) == [(4, "vals")]


@pytest.mark.parametrize("style", sorted(_ENTRY))
@pytest.mark.parametrize(
    "edit",
    [
        # consistent: the entry and the prose name the parameter
        ("vals", "vals_list"),
        # the entry names the parameter: the prose's plain word is no parameter by the words
        ("    vals : array", "    vals_list : array"),
        ("        vals (array", "        vals_list (array"),
        (":param vals:", ":param vals_list:"),
        # **kwargs: ``vals`` may be a keyword passed on
        ("vals_list=None):", "vals_list=None, **kwargs):"),
    ],
)
def test_entry_controls_stay_silent(tmp_path: Path, style: str, edit: tuple[str, str]) -> None:
    code = _ENTRY[style].replace(*edit)
    if edit[0] == "vals":
        code = re.sub(r"\bvals\b", "vals_list", _ENTRY[style])
    if code == _ENTRY[style]:
        pytest.skip("the edit is for another form")
    assert _prose_stale(tmp_path, code + _VALS_ELSEWHERE) == []


# an unannotated function whose every return changed kind (``True``/``False`` -> strings,
# google-auth ``_can_retry`` in the recall's tune split): its typed Returns entry is
# contradicted by the values, which was only the opt-in C2-PROSE-RETURN-INFERRED's finding
_TYPED = {
    "google": '''
def can_retry(status):
    """Check whether a request can be retried.

    Args:
        status (int): The status code.

    Returns:
        bool: True if the response is retryable.
    """
    if status in (500, 503):
        return "yes"
    return "no"
''',
    "numpy": '''
def can_retry(status):
    """Check whether a request can be retried.

    Parameters
    ----------
    status : int
        The status code.

    Returns
    -------
    bool
        True if the response is retryable.
    """
    if status in (500, 503):
        return "yes"
    return "no"
''',
    "rest": '''
def can_retry(status):
    """Check whether a request can be retried.

    :param status: The status code.
    :returns: True if the response is retryable.
    :rtype: bool
    """
    if status in (500, 503):
        return "yes"
    return "no"
''',
}


def _return_rules(tmp_path: Path, code: str) -> list[tuple[str, str]]:
    return [
        (f.rule, f.message)
        for f in default_findings(tmp_path, code)
        if f.rule.startswith(("C2-PROSE-RETURN", "C2-RETURN"))
    ]


@pytest.mark.parametrize("style", sorted(_TYPED))
def test_a_typed_returns_entry_against_every_returned_value(tmp_path: Path, style: str) -> None:
    assert _return_rules(tmp_path, _TYPED[style]) == [
        (
            "C2-PROSE-RETURN-TYPE",
            'says it returns "bool", but can_retry() returns a string on every path',
        )
    ]


@pytest.mark.parametrize("style", sorted(_TYPED))
@pytest.mark.parametrize(
    "edit",
    [
        # consistent: the values are booleans
        ('return "yes"', "return True"),
        # one value of unknown kind: not every return is certain
        ('return "no"', "return lookup(status)"),
        # a C-style boolean (``return 0``) for a bool entry
        ('return "yes"', "return 1"),
    ],
)
def test_typed_returns_controls_stay_silent(
    tmp_path: Path, style: str, edit: tuple[str, str]
) -> None:
    code = _TYPED[style].replace(*edit)
    if edit[0] == 'return "yes"' and edit[1] in ("return True", "return 1"):
        code = code.replace('return "no"', edit[1].replace("True", "False").replace("1", "0"))
    assert code != _TYPED[style]
    assert _return_rules(tmp_path, code) == []


def test_a_prose_claim_against_returned_values_stays_opt_in(tmp_path: Path) -> None:
    # the summary's claim alone ("Return True if ...", no typed entry) stays the opt-in
    # C2-PROSE-RETURN-INFERRED's (3 of 11 judged true: loose English for containers)
    code = _TYPED["google"].replace("        bool: True if", "        True if")
    assert _return_rules(tmp_path, code) == []


def test_a_parameter_name_whose_twin_is_no_parameter_offers_no_rename(tmp_path: Path) -> None:
    # stanza ``evaluate_model`` (round 42, TRUE): an entry and another entry's text name
    # ``model_path``, a parameter the function no longer takes and other code of the file still
    # uses; the only twin is ``model_predict``, a function it calls -- reported, not as its new
    # name
    code = '''
def model_predict(model, text):
    """Predict."""
    return model, text


def evaluate_model(model, eval_path):
    """Run the model.

    Args:
        model (Model): the model saved in `model_path`.
        model_path (str): where the model is saved.
        eval_path (str): the data.
    """
    return model_predict(model, eval_path)


def load(model_path):
    """Load."""
    return model_path
'''
    found = [f for f in default_findings(tmp_path, code) if f.rule == "C1-PROSE-NAME-STALE"]
    assert [(f.message, f.fix_hint) for f in found] == [
        (
            "`model_path` is named as a parameter, but evaluate_model() has none of that name "
            "(removed, or renamed to no close name)",
            "describe the parameters evaluate_model() takes instead of `model_path`",
        )
    ]
