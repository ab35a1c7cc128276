"""Which words of a docstring are never judged as names (:mod:`.names_mentions`' filters).

Literals (``None``, ``null``), keywords, generic placeholders (``foo``, ``my_func``), file
names (``setup.py``), single letters, and outside cross-references short names and ALL_CAPS
words; a name followed by a plural suffix in parentheses (``value(s)``, ``location(-s)``) is
English, and ``prefix_(a|b)`` a pattern of names, not a call.
"""

from __future__ import annotations

import keyword
import re
from collections.abc import Iterable

__all__ = [
    "caps_constant",
    "enum_placeholder",
    "is_plain_word",
    "math_symbol",
    "name_pattern",
    "plural_parens",
    "run_together",
    "silent_name",
]

_LITERALS = frozenset(
    {"None", "True", "False", "Ellipsis", "NotImplemented", "__debug__"}
    | {"NoneType", "NotImplementedType", "EllipsisType"}
    | {"none", "null", "nil", "true", "false", "undefined", "NaN", "nan", "inf", "Infinity"}
    # the float values named in words (pygeodesy's "C{nan} and C{infinite} values", round 88)
    | {"infinite", "infinity", "finite"}
)
_PLACEHOLDERS = frozenset(
    {"foo", "bar", "baz", "qux", "quux", "spam", "eggs", "ham", "xyz", "blah", "frob", "foobar"}
)
_KINDS = frozenset({"method", "function", "attr", "attribute", "field", "property"})
_FILE_SUFFIXES = frozenset(
    re.findall(
        r"\w+",
        "py pyi pyc pyw pyx pxd txt cfg ini toml json yaml yml rst md html htm xml csv tsv c h "
        "cc cpp hpp so dll dylib exe zip gz bz2 xz tar tgz whl egg log sh bat ps1 js ts css pem "
        "crt key lock in pth mo po png jpg jpeg gif svg pdf db sqlite dat bin out tmp bak conf "
        "spec java class jar properties gradle pom lst tex wav mp3 ico "
        # data files a library writes: pickles, arrays, tables, model checkpoints (nannyml's
        # "e.g. `nannyml.drift.univariate.result.pkl`", round 56)
        "pkl pickle npy npz h5 hdf5 parquet feather onnx ckpt joblib xlsx xls ipynb",
    )
)
# A short plain-prose word followed by these parentheses is English ("value(s)"), also with
# a hyphen ("location(-s)", pandas' ``Index.delete``, round 19)
_PLURAL_PARENS = frozenset({"s", "es", "ies", "ren", "en"})
# ``tol_(memory|coef)`` (= ``tol_memory`` or ``tol_coef``) is a pattern of names, no call
_ALTERNATION = re.compile(r"\w+(?:\|\w+)+")


# Greek letters written out: the head of a symbol of a formula (``Phi_eff``, ``sigma_x``)
_GREEK = frozenset(
    re.findall(
        r"\w+",
        "alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho "
        "sigma tau upsilon phi chi psi omega",
    )
)
# the arguments of a function of a formula: variables of one or two letters (``(r)``,
# ``(x, t)``), no identifiers
_MATH_ARGS = re.compile(r"[A-Za-z]\w?(?:\s*,\s*[A-Za-z]\w?)*")


# the elementary functions of mathematics as a formula writes them
_ELEMENTARY = frozenset(
    re.findall(
        r"\w+",
        "sin cos tan cot sec csc arcsin arccos arctan arccot sinh cosh tanh arsinh arcosh artanh "
        "arcsinh arccosh arctanh ln lg log exp sqrt cbrt",
    )
)
# an expression of such variables and numbers with an operator between them (``y / x``,
# ``x^2 + 1``): arithmetic, which no argument list of code is
_FORMULA = re.compile(r"\s*\w{1,2}\s*(?:[-+*/^]\s*\w{1,2}\s*)+")


def math_symbol(name: str, args: str) -> bool:
    """``Phi_eff(r)`` in plain prose: a Greek letter with a subscript applied to one-letter
    variables is a function of a formula (galpy's effective potential, round 29), not a
    call of code.  A code-shaped head (``feff_slope(r)``) or an identifier as its argument
    (``Phi_eff(radius)``) is read as code.  So is an elementary function of arithmetic on
    such variables (apfloat's "@return <code>arctan(y / x)</code>" on ``arg``, whose code
    calls ``atan2``, round 81j); ``arctan(y)`` or ``arctan(value)`` may be a call, judged."""
    if "." in name:
        return False
    head = name.split("_", 1)[0].lower()
    if head in _GREEK and _MATH_ARGS.fullmatch(args.strip()) is not None:
        return True
    return name.lower() in _ELEMENTARY and _FORMULA.fullmatch(args) is not None


def plural_parens(args: str) -> bool:
    """The parentheses after a word hold a plural suffix (``(s)``, ``(-es)``): English."""
    return args.strip().lower().lstrip("-") in _PLURAL_PARENS


def is_plain_word(name: str) -> bool:
    """An English-looking word (``path``, ``Example``): no underscore, digit, dot or inner
    capital, so not recognisably code on its own."""
    return re.fullmatch(r"[A-Za-z][a-z]*", name) is not None


def _placeholder(part: str) -> bool:
    """``foo``, ``foo_bar``, ``my_func``, ``MyStream``: a name made up for an explanation;
    ``_my_attr`` too (satpy's ``self._my_attr``, round 59), and a name that says what kind of
    name goes there (aiogram's "from `Bot.method_name`", round 67: any Bot API method)."""
    words = part.lower().strip("_").split("_")
    if re.match(r"_*(?:My|Your|Some)[A-Z]", part):
        return True
    if len(words) == 2 and words[1] == "name" and words[0] in _KINDS:
        return True
    return all(w in _PLACEHOLDERS for w in words if w) or words[0] in ("my", "your", "some")


def silent_name(name: str, *, xref: bool) -> bool:
    """Names that are never judged: literals, keywords, placeholders, file names, single
    letters; outside cross-references also short names and ALL_CAPS words."""
    parts = name.split(".")
    if name in _LITERALS or keyword.iskeyword(name) or keyword.issoftkeyword(name):
        return True
    if len(parts) > 1 and parts[-1].lower() in _FILE_SUFFIXES:
        return True
    if any(_placeholder(part) for part in parts):
        return True
    if len(parts) == 1 and len(name) == 1:
        return True
    # outside cross-references, short names (``x_i``, ``o3``) are notation or values, and
    # ALL_CAPS words environment variables
    return not xref and len(parts) == 1 and (len(name) < 4 or name.upper() == name)


def caps_constant(name: str) -> bool:
    """An ALL_CAPS name of two words or more (``MAX_RETRIES``): a constant, or an environment
    variable -- :func:`silent_name` leaves it out of the names judged as such, and
    :mod:`.names_constants` judges it only as a renamed constant the function uses."""
    return re.fullmatch(r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+", name) is not None and len(name) >= 5


# the nouns a writer puts after an enum-style class to mean "one of its members"
_MEMBER_NOUNS = frozenset(
    {"KIND", "TYPE", "NAME", "VALUE", "MEMBER", "MODE", "FLAG", "OPTION", "CONST", "CONSTANT"}
)


def enum_placeholder(member: str, members: Iterable[str]) -> bool:
    """``Aux.KIND`` where the class ``Aux`` holds enum-style ALL_CAPS constants (``Aux.PHI``,
    ``Aux.BETA``, ...) and none spelt like the noun: "(C{Aux.KIND})" reads "any of Aux's
    kinds" (pygeodesy's auxiliary latitudes, round 88), not a removed constant.  A class
    without such constants, or one with a member the noun begins (``KINDS``, ``KIND_A``),
    keeps the finding."""
    if member not in _MEMBER_NOUNS:
        return False
    names = list(members)
    if any(m.startswith(member) for m in names):
        return False
    return sum(1 for m in names if len(m) > 1 and m.isupper()) >= 3


def name_pattern(name: str, args: str) -> bool:
    """``prefix_(a|b)``: alternatives completing a name, not a call's arguments (a called
    name seldom ends in ``_``: ``open(READ|WRITE)`` stays a call)."""
    return name.endswith("_") and _ALTERNATION.fullmatch(args.replace(" ", "")) is not None


def run_together(word: str, names: tuple[str, ...]) -> bool:
    """``cmin`` where the code has the field ``cMin``: the lower-case, run-together spelling of
    a camelCase member is how a format outside Java spells that attribute (Plotly's JSON keys
    ``cmin``, ``tickmode`` that Tablesaw's ``cMin``/``tickMode`` builders write, round 85j), not
    the member misspelt.  Only a member-shaped name (lower-case first letter) is matched: a
    class renamed by case (``Multigraph`` for ``MultiGraph``) stays a slip."""
    if not (word.isalnum() and word.islower()):
        return False
    return any(n[:1].islower() and n != word and n.lower() == word for n in names)
