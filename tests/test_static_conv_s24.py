"""Static rules: per-project conventions rounds 46-49 left firing (session 24, conv), each in
its mechanism with a control of the same shape that stays reported."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.defaults import c2_default_mismatch
from docref.checks.static.names import c1_name_unresolved
from docref.checks.static.params import c1_param_unknown
from docref.checks.static.prose_params import c2_prose_param_type
from docref.checks.static.returns_raises import c3_returns_without_value
from docref.checks.static.types_returns import c2_return_type, return_types
from docref.checks.static.types_rules import c2_param_type

from tests.static_helpers import default_findings, flagged, project_findings, project_input

_WRITER_ENTRIES = {
    "google": """
    Args:
        spectra (list): what to write.
        output (str): where.
        file_mode (str): the mode the file is opened in.
        {extra}
    """,
    "numpy": """
    Parameters
    ----------
    spectra : list
        what to write.
    output : str
        where.
    file_mode : str, keyword only, optional
        the mode the file is opened in.
    {extra}
    """,
    "rest": """
    :param list spectra: what to write.
    :param str output: where.
    :param str file_mode: the mode the file is opened in.
    {extra}
    """,
}


_EXTRA = {
    "google": "newline (str): the line ending.",
    "numpy": "newline : str\n        the line ending.",
    "rest": ":param str newline: the line ending.",
}


_HELPERS = '''
from functools import wraps


def _file_writer(_mode="w"):
    def decorator(_func):
        """Opens output files for writer functions."""
        @wraps(_func)
        def helper(*args, **kwargs):
            m = kwargs.pop("file_mode", _mode)
            out = kwargs.pop("output", None)
            with open(out, m) as fh:
                return _func(*args, output=fh, **kwargs)
        return helper
    return decorator
'''


@pytest.mark.parametrize("style", sorted(_WRITER_ENTRIES))
@pytest.mark.parametrize(
    ("reexported", "extra", "expected"),
    [
        (True, False, []),
        (False, False, []),
        (True, True, ["newline"]),
    ],
    ids=["through-a-package-reexport", "imported-from-its-module", "control-a-keyword-not-popped"],
)
def test_a_reexported_decorator_popping_keywords_accepts_them(
    tmp_path: Path, style: str, reexported: bool, extra: bool, expected: list[str]
) -> None:
    # round 49 (pyteomics ``mgf.write`` / ``fasta.write``, 3 FALSE): ``@aux._file_writer()``,
    # ``aux`` the package whose ``__init__`` re-exports the factory from ``file_helpers``, whose
    # wrapper does ``kwargs.pop('file_mode', _mode)``: the documented ``file_mode`` is a keyword
    # of the call.  A documented keyword the wrapper does not take stays reported.
    entries = _WRITER_ENTRIES[style].format(extra=_EXTRA[style] if extra else "")
    reference = "aux._file_writer" if reexported else "file_helpers._file_writer"
    imported = (
        "from . import auxiliary as aux" if reexported else "from .auxiliary import file_helpers"
    )
    writer = f'''
{imported}


@{reference}()
def write(spectra, output=None):
    """Write spectra.
{entries}"""
    for s in spectra:
        output.write(s)
'''
    files = {
        "pkg/__init__.py": "",
        "pkg/auxiliary/__init__.py": "from .file_helpers import _file_writer\n",
        "pkg/auxiliary/file_helpers.py": _HELPERS,
        "pkg/mgf.py": writer,
    }
    inp = project_input(tmp_path, files, "pkg/mgf.py", "write")
    found = c1_param_unknown(inp)
    assert [f.message.split('"')[1] for f in found] == expected, [f.message for f in found]


_BRAND_DOC = {
    "numpy": "Parameters\n    ----------\n    nlp\n        {text}\n    frame\n        the table.",
    "google": "Args:\n        nlp: {text}\n        frame: the table.",
    "rest": ":param nlp: {text}\n    :param frame: the table.",
}


@pytest.mark.parametrize("style", sorted(_BRAND_DOC))
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("`spaCy` model.", []),
        ("`Dataframe` of tokens.", ["Dataframe"]),
        ("`spacey` model.", ["spacey"]),
    ],
    ids=["brand-name", "control-case-of-a-class", "control-a-typo"],
)
def test_a_case_variant_of_an_imported_module_is_the_librarys_name(
    tmp_path: Path, style: str, text: str, expected: list[str]
) -> None:
    # round 46 (alibi, 5 FALSE): "`spaCy` model." in a file doing ``import spacy`` names the
    # library as it spells itself, not a stale code name.  A case variant of a class imported
    # from a module (``Dataframe`` for ``DataFrame``) and a misspelt module stay reported.
    doc = _BRAND_DOC[style].format(text=text)
    code = f'''
import spacy
from pandas import DataFrame


def load(nlp, frame):
    """Load the tokens.

    {doc}
    """
    return spacy.load(nlp), DataFrame(frame)
'''
    found = flagged(c1_name_unresolved, tmp_path, code, "load")
    assert [f.message.split("`")[1] for f in found] == expected, [f.message for f in found]


_VC_DOC = {
    "numpy": (
        "Parameters\n    ----------\n    Tc : float\n        Critical temperature.\n"
        "    Vc : float\n        Critical volume."
    ),
    "google": (
        "Args:\n        Tc (float): Critical temperature.\n        Vc (float): Critical volume."
    ),
    "rest": ":param float Tc: Critical temperature.\n    :param float Vc: Critical volume.",
}


@pytest.mark.parametrize("style", sorted(_VC_DOC))
@pytest.mark.parametrize(
    ("annotation", "expected"),
    [
        ("None = None", []),
        ("str = None", ["Vc"]),
        ("str | None = None", ["Vc"]),
    ],
    ids=["bare-none-on-a-none-default", "control-str", "control-optional-str"],
)
def test_a_bare_none_annotation_names_no_type_a_caller_passes(
    tmp_path: Path, style: str, annotation: str, expected: list[str]
) -> None:
    # round 49 (chemicals ``critical_surface_methods(..., Vc: None = None)`` documented
    # ``float``, 4 DEB): an annotation that admits only the ``None`` default is a marker of
    # "not given", not the type of what callers pass.  A real annotation the documented type
    # contradicts stays reported.
    doc = _VC_DOC[style]
    code = f'''
def methods(Tc: float | None = None, Vc: {annotation}) -> list:
    """List the methods.

    {doc}
    """
    return [Tc, Vc]
'''
    found = flagged(c2_param_type, tmp_path, code, "methods")
    assert [f.message.split()[1] for f in found] == expected, [f.message for f in found]


_PLOT_RETURNS = {
    "google": '"""Plot the signal.\n\n    Returns:\n        {text}\n    """',
    "numpy": '"""Plot the signal.\n\n    Returns\n    -------\n    {text}\n    """',
    "rest": '"""Plot the signal.\n\n    :returns: {text}\n    """',
}


@pytest.mark.parametrize("style", sorted(_PLOT_RETURNS))
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Though the function returns nothing, the figure can be retrieved as follows.", 0),
        ("Although this function does not return the figure, plt.gcf() gives it.", 0),
        ("Though drawn in place, the figure object.", 1),
        ("The figure, drawn in place.", 1),
    ],
    ids=["though-returns-nothing", "although-does-not-return", "control-though", "control"],
)
def test_returns_conceding_the_function_returns_nothing_claims_no_value(
    tmp_path: Path, style: str, text: str, expected: int
) -> None:
    # round 49 (neurokit2 ``ecg_plot``, ``eog_plot``, ``signal_plot``, 3 FALSE): a Returns
    # section whose text says the function returns nothing and how to get the figure claims
    # no returned value.  A concessive clause about something else, and a text naming the
    # figure, stay reported on a function returning nothing.
    doc = _PLOT_RETURNS[style].format(text=text)
    code = f"def plot(signal):\n    {doc}\n    draw(signal)\n"
    found = flagged(c3_returns_without_value, tmp_path, code, "plot")
    assert len(found) == expected, [f.message for f in found]


_TRANSFORM_CORE = '''
class Transform:
    """A transform of circuits."""

    def __init__(self, fn, is_informative=False):
        self.fn, self.is_informative = fn, is_informative

    def __call__(self, circuit):
        tapes, post = self.fn(circuit)
        return post(tapes) if self.is_informative else (tapes, post)


def transform(*args, **kwargs):
    """Make a transform."""
    return Transform(*args, **kwargs)


def logged(fn):
    """Log the calls."""
    def wrapper(*args, **kwargs):
        return fn(*args, **kwargs)
    return wrapper
'''


_INSPECTOR_RETURNS = {
    "google": "Returns:\n        Inspector: the inspector of the decompositions.",
    "numpy": "Returns\n    -------\n    Inspector\n        the inspector of the decompositions.",
    "rest": ":returns: the inspector of the decompositions.\n    :rtype: Inspector",
}


@pytest.mark.parametrize("style", sorted(_INSPECTOR_RETURNS))
@pytest.mark.parametrize(
    ("decorator", "expected"),
    [
        ("@partial(transform, is_informative=True)", []),
        ("@functools.partial(transform, is_informative=True)", []),
        ("@transform", []),
        ("@logged", ["C2-RETURN-TYPE"]),
        ("", ["C2-RETURN-TYPE"]),
    ],
    ids=["partial", "functools-partial", "plain", "control-a-wrapper", "control-undecorated"],
)
def test_a_decorator_putting_an_object_in_the_functions_place(
    tmp_path: Path, style: str, decorator: str, expected: list[str]
) -> None:
    # round 46 (pennylane ``@partial(transform, is_informative=True)`` on ``decomp_inspector``
    # and ``phase_polynomial``, 2 FALSE): ``transform`` (re-exported by the package, defined
    # in ``core/__init__.py`` beside a submodule ``core/transform.py``) returns
    # a ``Transform`` object; callers call that object, so the Returns ("Inspector", what the
    # informative transform hands back) is not the body's ``(tapes, postprocessing)`` pair.
    # The finding moves to the opt-in C2-RETURN-TYPE-WEAK.  A wrapper-defining decorator and
    # no decorator keep C2-RETURN-TYPE.
    returns = _INSPECTOR_RETURNS[style]
    code = f'''
import functools
from collections.abc import Callable
from functools import partial

from pkg.transforms import logged, transform


class Inspector:
    """Inspects."""


{decorator}
def inspect(tape) -> tuple[list, Callable]:
    """Inspect the decompositions.

    {returns}
    """
    return [tape], Inspector
'''
    files = {
        "pkg/__init__.py": "",
        "pkg/transforms/__init__.py": "from .core import logged, transform\n",
        # as pennylane: the package defines ``transform`` beside a submodule of that name
        "pkg/transforms/core/__init__.py": _TRANSFORM_CORE,
        "pkg/transforms/core/transform.py": '"""The transform machinery."""\n',
        "pkg/inspector.py": code,
    }
    inp = project_input(tmp_path, files, "pkg/inspector.py", "inspect")
    assert [f.rule for f in c2_return_type(inp)] == expected
    weak = [f.rule for f in return_types(inp) if f.rule == "C2-RETURN-TYPE-WEAK"]
    assert weak == ([] if expected else ["C2-RETURN-TYPE-WEAK"])


_SPEC_MIXIN = '''
class SpecMixin:
    """Builds the spec."""

    def _init_spec(self, *, title=None, version=None, **options):
        self.spec = (title, version, options)
'''


_API = '''
from pkg.spec import SpecMixin


class Api(SpecMixin):
    """Main class.

    {doc}
    """

    def __init__(self, app=None, *, spec_kwargs=None):
        self._app = app
        self._spec_kwargs = spec_kwargs or {{}}

    def init_app(self, app, *, spec_kwargs=None):
        self._init_spec({call})
'''


_SPEC_ENTRIES = {
    "rest": ":param str {first}: API title.\n    :param str version: API version.",
    "google": "Args:\n        {first} (str): API title.\n        version (str): API version.",
    "numpy": (
        "Parameters\n    ----------\n    {first} : str\n        API title.\n"
        "    version : str\n        API version."
    ),
}


@pytest.mark.parametrize("style", sorted(_SPEC_ENTRIES))
@pytest.mark.parametrize(
    ("intro", "first", "call", "expected"),
    [
        ("Keys of ``spec_kwargs`` added to APISpec's:", "title", "**self._spec_kwargs", []),
        (
            "Keys of ``spec_kwargs`` added to APISpec's:",
            "title",
            "**{**self._spec_kwargs, **(spec_kwargs or {})}",
            [],
        ),
        (
            "Keys of ``spec_kwargs`` added to APISpec's:",
            "colour",
            "**self._spec_kwargs",
            ["colour"],
        ),
        ("Keys of ``spec_kwargs`` added to APISpec's:", "title", "**self._options", 2),
        ("Keys of the spec added to APISpec's:", "title", "**self._spec_kwargs", 2),
    ],
    ids=["unpacked", "merged", "control-no-such-key", "control-other-dict", "control-no-param"],
)
def test_keys_a_method_takes_from_the_unpacked_parameter(
    tmp_path: Path, style: str, intro: str, first: str, call: str, expected: list[str] | int
) -> None:
    # round 49 (flask-smorest ``Api``, 6 FALSE): entries after a sentence naming the
    # constructor parameter ``spec_kwargs`` and ending with a colon document its keys; the
    # class reads them by unpacking it into ``self._init_spec(...)`` (a base's method) whose
    # keywords they are.  A key that method does not take, a method handed another mapping,
    # and an intro naming no parameter stay reported.
    entries = _SPEC_ENTRIES[style].format(first=first)
    code = _API.format(doc=f"{intro}\n\n    {entries}", call=call)
    files = {"pkg/__init__.py": "", "pkg/spec.py": _SPEC_MIXIN, "pkg/api.py": code}
    found = [
        f for f in project_findings(tmp_path, files, "pkg/api.py") if f.rule == "C1-PARAM-UNKNOWN"
    ]
    names = [f.message.split('"')[1] for f in found]
    assert names == expected if isinstance(expected, list) else len(names) == expected, names


@pytest.mark.parametrize(
    ("paragraph", "expected"),
    [
        ("The ``spec_kwargs`` dictionary is passed to APISpec. It adds a few parameters:", []),
        ("The dictionary is passed to APISpec. It adds a few parameters:", ["title", "version"]),
    ],
    ids=["paragraph-names-the-parameter", "control-paragraph-names-none"],
)
def test_keys_documented_after_a_paragraph_between_entries(
    tmp_path: Path, paragraph: str, expected: list[str]
) -> None:
    # flask-smorest's layout: the constructor's own entries, then a paragraph whose first
    # sentence names ``spec_kwargs`` and whose last ends with a colon, then the keys
    doc = (
        ":param app: the application\n    :param spec_kwargs: kwargs for APISpec\n\n"
        f"    {paragraph}\n\n"
        "    :param str title: API title.\n    :param str version: API version."
    )
    code = _API.format(doc=doc, call="**self._spec_kwargs")
    files = {"pkg/__init__.py": "", "pkg/spec.py": _SPEC_MIXIN, "pkg/api.py": code}
    found = [
        f for f in project_findings(tmp_path, files, "pkg/api.py") if f.rule == "C1-PARAM-UNKNOWN"
    ]
    assert [f.message.split('"')[1] for f in found] == expected


_PROSE_ENTRY = {
    "google": "Args:\n        {name}: {text}",
    "numpy": "Parameters\n    ----------\n    {name}\n        {text}",
    "rest": ":param {name}: {text}",
}


@pytest.mark.parametrize("style", sorted(_PROSE_ENTRY))
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Number of seconds to wait before a retry. Defaults to ``'0s'`` (immediate).", 0),
        ('Number of seconds to wait before a retry. Default: "30s".', 0),
        ("The dictionary type.", 0),
        ("Number of seconds to wait before a retry. Defaults to 0.", 1),
        ("Number of seconds to wait before a retry.", 1),
        ("The dictionary of retry settings.", 1),
    ],
    ids=[
        "count-with-quoted-default",
        "count-with-quoted-default-colon",
        "a-type-named",
        "control-unquoted-default",
        "control-count",
        "control-dictionary-of",
    ],
)
def test_prose_kind_words_on_a_string_parameter(
    tmp_path: Path, style: str, text: str, expected: int
) -> None:
    # round 49 (kfp, 2 FALSE): "Number of seconds ... Defaults to ``'0s'``" on
    # ``backoff_duration: Optional[str]`` -- the entry's own default is text, the count is
    # what it says; "type_name: The dictionary type." on a ``str`` naming a type.  A count
    # with no quoted default, and "The dictionary of ..." on a ``str``, stay reported.
    entry = _PROSE_ENTRY[style].format(name="wait", text=text)
    code = f'''
def retry(wait: Optional[str] = None):
    """Set the retry policy.

    {entry}
    """
    return wait
'''
    found = flagged(c2_prose_param_type, tmp_path, "from typing import Optional\n" + code, "retry")
    assert len(found) == expected, [f.message for f in found]


_OPERATION_ENTRIES = {
    "google": (
        "Args:\n        {first}: rotation angle\n        wires: the wires\n        {last}: a label"
    ),
    "numpy": (
        "Parameters\n    ----------\n    {first} : float\n        rotation angle\n"
        "    wires : Sequence[int]\n        the wires\n    {last} : str\n        a label"
    ),
    "rest": (
        ":param {first}: rotation angle\n    :param wires: the wires\n    :param {last}: a label"
    ),
}


@pytest.mark.parametrize("style", sorted(_OPERATION_ENTRIES))
@pytest.mark.parametrize(
    ("signature", "first", "last", "expected"),
    [
        ("*params, wires=None, id=None", "phi", "id", []),
        ("*params, wires", "phi", "id", ["id"]),
        ("*params, wires=None, id=None", "*angles", "id", ["*angles"]),
        ("phi_old, wires=None, id=None", "phi", "id", ["phi"]),
    ],
    ids=[
        "items-before-the-keywords",
        "control-stale-entry-after-them",
        "control-starred-entry",
        "control-positional-signature",
    ],
)
def test_entries_before_the_keywords_name_the_items_of_varargs(
    tmp_path: Path, style: str, signature: str, first: str, last: str, expected: list[str]
) -> None:
    # round 46 (pennylane ``DoubleExcitationMinus`` inheriting ``Operator.__init__(self,
    # *params, wires=None, id=None)``, ``QutritUnitary(*params, wires)``, 2 FALSE): the entries
    # before the first keyword-only parameter's document the items of ``*params`` by name.
    # QutritUnitary's ``id`` after ``wires`` (judged TRUE), a starred entry (``*summands`` for
    # ``*operands``, TRUE) and a signature with named positionals stay reported.
    doc = _OPERATION_ENTRIES[style].format(first=first, last=last)
    code = f'''
class Operator:
    """An operator."""

    def __init__(self, {signature}):
        self.data = ({signature.split(",")[0].lstrip("*")}, wires)


class Excitation(Operator):
    """A double excitation.

    {doc}
    """
'''
    found = [f for f in default_findings(tmp_path, code) if f.rule == "C1-PARAM-UNKNOWN"]
    assert [f.message.split('"')[1] for f in found] == expected, [f.message for f in found]


@pytest.mark.parametrize(
    ("signature", "expected"),
    [("*params, rng=None", []), ("*size, rng=None", ["s"])],
    ids=["generic-params", "control-a-named-sequence"],
)
def test_only_a_generic_varargs_has_items_named(
    tmp_path: Path, signature: str, expected: list[str]
) -> None:
    # scikit-rf ``rand_c(*size, rng=None)`` documenting ``s : list-like`` (judged TRUE, round
    # 31): a specific sequence renamed in its entry, not its items named
    code = f'''
def rand_c({signature}):
    """Create a complex random array.

    Parameters
    ----------
    s : list-like
        shape of array
    rng : Generator or None
        the random number generator
    """
    return rng
'''
    found = flagged(c1_param_unknown, tmp_path, code, "rand_c")
    assert [f.message.split('"')[1] for f in found] == expected, [f.message for f in found]


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("see: https://github.com/tensorflow/tensorboard/blob/master/README.md", []),
        ("cf: <https://example.org/curves>", []),
        ("see: the README of the plugin", ["see"]),
        ("url: https://example.org/curves", ["url"]),
    ],
    ids=["see-link", "cf-link", "control-see-prose", "control-a-link-entry"],
)
def test_a_see_link_closing_an_args_block_is_no_entry(
    tmp_path: Path, line: str, expected: list[str]
) -> None:
    # round 49 (tensorboardX ``add_pr_curve_raw``, 1 FALSE): ``see: https://...`` as the last
    # line of Args is a reference, not a parameter entry.  ``see`` followed by prose, and an
    # entry of another name holding a link, stay reported (a stale ``url`` parameter).
    code = f'''
def curve(tag, num_thresholds=127):
    """Add a curve.

    Args:
        tag (str): Data identifier
        num_thresholds (int): Number of thresholds used to draw the curve.
        {line}
    """
    return tag, num_thresholds
'''
    found = flagged(c1_param_unknown, tmp_path, code, "curve")
    assert [f.message.split('"')[1] for f in found] == expected, [f.message for f in found]


_QUALITY_ENTRY = {
    "numpy": "Parameters\n    ----------\n    method_quality : str\n        {text}",
    "google": "Args:\n        method_quality (str): {text}",
    "rest": ":param str method_quality: {text}",
}


@pytest.mark.parametrize("style", sorted(_QUALITY_ENTRY))
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            'If ``"default"``, will be set to ``"templatematch"``. Defaults to "templatematch".',
            0,
        ),
        ('If "default", it is set to "templatematch". Defaults to "templatematch".', 0),
        ('If ``"default"``, the method of the cleaner. Defaults to ``"templatematch"``.', 1),
        ('The quality method. Defaults to ``"templatematch"``.', 1),
    ],
    ids=["if-sentinel-set-to", "if-sentinel-it-is-set-to", "control-other-clause", "control"],
)
def test_a_sentinel_default_the_entry_says_is_set_to_the_documented_one(
    tmp_path: Path, style: str, text: str, expected: int
) -> None:
    # round 49 (neurokit2 ``ppg_methods``, 1 FALSE): ``method_quality="default"`` documented
    # 'If "default", will be set to "templatematch". Defaults to "templatematch".' -- the
    # signature's sentinel stands for the documented default.  A clause that does not set the
    # sentinel to it, and a plain other default, stay reported.
    doc = _QUALITY_ENTRY[style].format(text=text)
    code = f'''
def ppg_methods(method_quality="default"):
    """Choose the methods.

    {doc}
    """
    return method_quality
'''
    found = flagged(c2_default_mismatch, tmp_path, code, "ppg_methods")
    assert len(found) == expected, [f.message for f in found]
