"""C2 rule on documented defaults (Python): ``C2-DEFAULT-MISMATCH``.

* :func:`c2_default_mismatch` -- a parameter entry states a default ("Defaults to 5.",
  "default 5", "default=5", "(default: 5)", NumPy ``x : int, default 5``) that differs from
  the signature default.  Both sides are compared as Python literals (``ast.literal_eval``):
  either side not a literal (a constant's name, "the current directory"), a signature
  default of ``None`` (the usual sentinel for a computed default), a statement hedged by a
  condition ("5 if verbose", "5, unless…") or inside a clause about something else ("its
  default is 5", "but the default is 5") leaves the rule silent, and so do two documented
  defaults that disagree with each other and values that :func:`contradicts` does not
  consider comparable.  An entry naming several parameters may list one default per name
  (``theta1, theta2 : float, default: 0, 360``): each name is compared with its own.

What an entry states is read by :mod:`.defaults_stated`; :mod:`.optional_flag` holds
``C2-OPTIONAL-FLAG``, on the same entries.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from docref.checks.static.base import StaticInput
from docref.checks.static.defaults_colours import same_colour
from docref.checks.static.defaults_keys import names_the_key, names_the_placeholders
from docref.checks.static.defaults_negative import replaced_when_negative
from docref.checks.static.defaults_replaced import replaced_when_falsy
from docref.checks.static.defaults_stated import (
    UNSET,
    DocumentedDefault,
    description,
    documented_default,
    literal,
    parenthesised_defaults,
    same_value,
)
from docref.checks.static.defaults_written import one_record, plain_text
from docref.checks.static.params import signature_name, signatures, split_names
from docref.core.findings import Criterion, Finding
from docref.graph.model import Param
from docref.segments import Segment

__all__ = [
    "RULE_DEFAULT_MISMATCH",
    "c2_default_mismatch",
    "contradicts",
    "description",
    "documented_default",
    "param_entries",
    "signature_params",
    "unreported_entries",
]

RULE_DEFAULT_MISMATCH = "C2-DEFAULT-MISMATCH"


# Units a quantity may be stated in while the code holds it in another of the same dimension
# ("Defaults to 1 hour (3600 seconds)" for ``timeout=3600``): each unit's size in a base unit.
_SCALES: tuple[dict[str, float], ...] = (
    {"ms": 1e-3, "millisecond": 1e-3, "s": 1, "sec": 1, "second": 1, "minute": 60}
    | {"hour": 3600, "day": 86400},
    {"byte": 1, "kb": 1e3, "kib": 1024, "mb": 1e6, "mib": 1024**2, "gb": 1e9, "gib": 1024**3},
)


# "64 kb" is written for 65536 as often as for 64000 (round 67, aiogram's ``chunk_size=65536``
# "defaults to 64 kb"): a decimal prefix of bytes also reads as its binary size.
_BINARY_READING = {"kb": 1024.0, "mb": 1024.0**2, "gb": 1024.0**3}


def _unit_scale(unit: str) -> tuple[dict[str, float], float] | None:
    unit = unit.lower()
    for scale in _SCALES:
        for name in (unit, unit[:-1] if unit.endswith("s") else unit):
            if name in scale:
                return scale, scale[name]
    return None


def same_quantity(documented: object, unit: str, signature: object) -> bool:
    """Whether ``documented`` in ``unit`` is ``signature`` in some unit of the same dimension
    (1 hour is 3600 seconds, 60 minutes; 2 MB is 2000000 or 2097152 bytes)."""
    numbers = (int, float)
    if not unit or isinstance(documented, bool) or isinstance(signature, bool):
        return False
    if not isinstance(documented, numbers) or not isinstance(signature, numbers):
        return False
    found = _unit_scale(unit)
    if found is None:
        return False
    scale, size = found
    sizes = (size, _BINARY_READING.get(unit.lower(), size))
    return any(
        abs(documented * one / base - signature) <= 1e-9 * max(1.0, abs(signature))
        for one in sizes
        for base in scale.values()
    )


# String defaults that mark a parameter in a deprecation cycle (scikit-learn's "warn" and
# "deprecated"): the code swaps in the effective default, which is what the docstring states.
_CYCLE_SENTINELS = frozenset({"warn", "deprecated"})


def _family(value: object) -> str:
    if value is None:
        return "none"
    if isinstance(value, str | bytes):
        return "text"
    if isinstance(value, bool | int | float | complex):
        return "number"
    if isinstance(value, list | tuple):
        return "sequence"
    return type(value).__name__


def contradicts(documented: object, signature: object) -> bool:
    """Whether a documented default provably differs from the signature's.

    Values of different kinds (``'psd'`` vs ``-1``, ``[1]`` vs ``1``) are more likely a
    misread entry or broadcasting than a stale default: silent, except for a documented
    ``None``.  ``[1, 2]`` and ``(1, 2)`` are the same default written two ways, and so are
    strings where one is a prefix of the other (``'low'``/``'lowpass'``: aliases) or that
    differ only in case, whitespace or a hyphen for an underscore (``'2*n_jobs'``/``'2 *
    n_jobs'``, ``'en-us'``/``'en_us'``), and ``None`` for
    the string ``"none"`` (statsmodels' ``cov_type="none"`` documented "Default is None"),
    and a string for the bytes of the same text (``'<'`` for ``b'<'``).
    """
    kind = _family(documented)
    if kind != _family(signature):
        # ``None`` documented for the string sentinel ``"none"`` names the same choice
        spelled = isinstance(signature, str) and signature.strip().lower() == "none"
        return kind == "none" and not spelled
    if isinstance(documented, list | tuple) and isinstance(signature, list | tuple):
        same = same_value(list(documented), list(signature))
        return not (same or one_record(documented, signature))
    # ``endian : bytes; default='<'`` for ``b'<'`` (round 87, pyNastran): the bytes default
    # written without its ``b`` prefix is the same value; the text decides, as between strings
    documented, signature = (
        v.decode("latin-1") if isinstance(v, bytes) else v for v in (documented, signature)
    )
    if isinstance(documented, str) and isinstance(signature, str):
        # a hyphen for an underscore names the same choice too: ``'en-us'`` for ``"en_us"``
        # (round 16, arrow normalises locale names; codecs take ``utf-8`` and ``utf_8``)
        a, b = (plain_text(s) for s in (documented, signature))
        return not (a.startswith(b) or b.startswith(a))
    return not same_value(documented, signature)


_LISTED = re.compile(r"\bdefaults?(?:\s*[:=]\s*|\s+(?:is|are)\s+|\s+)(?P<rest>.+)$", re.I)


# the last "defaults: a, b" of an entry's text, ending it (a Google entry has no type to hold it)
_LISTED_LAST = re.compile(r".*" + _LISTED.pattern, re.I | re.S)


def _listed_defaults(seg: Segment) -> list[DocumentedDefault] | None:
    """The defaults of an entry naming several parameters, one per name in order, in its
    type (``half, full, flag : float, defaults: 5, 10, 50``) or ending its text (Google's
    ``rtol, atol: Integrator tolerances. Defaults: 1e-6, 1e-9``, round 83, shown as
    written); None when it lists fewer than two."""
    for match in (_LISTED.search(seg.type or ""), _LISTED_LAST.match(seg.text)):
        if match is None:
            continue
        rest = match.group("rest").strip().rstrip(".")
        value = literal("(" + rest + ",)")
        if not isinstance(value, tuple) or len(value) < 2:
            continue
        written = [w.strip() for w in rest.split(",")]
        if match.re is _LISTED or len(written) != len(value):
            written = [repr(v) for v in value]
        return [DocumentedDefault(w, v) for w, v in zip(written, value, strict=True)]
    return None


def _documented_for(seg: Segment, name: str, names: set[str]) -> DocumentedDefault | None:
    """The default ``seg`` documents for ``name``: its own item when the entry lists one
    default per name, None when the list and the names do not pair up."""
    entry_names = [signature_name(n, names) for n in split_names(seg.name or "")]
    listed = _listed_defaults(seg) if len(entry_names) > 1 else None
    if listed is None and len(entry_names) > 1:
        # "(default "uparea") and flow direction ("flwdir")": one per name, in prose order
        in_prose = parenthesised_defaults(seg)
        listed = in_prose if len(in_prose) == len(entry_names) else None
    if listed is None:
        return documented_default(seg)
    if len(listed) != len(entry_names):
        return None
    return listed[entry_names.index(name)]


# reST's escape: a backslash before a punctuation character stands for the character itself
_REST_ESCAPE = re.compile(r"\\([^\w\s])")


def _escaped_same(text: str, signature: object) -> bool:
    r"""Whether a documented default with backslashes is the signature's once unescaped:
    ``\\b`` in the source of a plain docstring is ``\b`` in its text, and in a raw one the
    ``r"..."`` default escaped once more for display, as readers take it; ``'./\*'`` is
    reST's escape of ``'./*'`` (pandas ``read_xml``: a bare ``*`` would open emphasis); and
    the text read verbatim, each backslash a character: ``" ESCAPE '\'"`` in a docstring's
    text is what ``" ESCAPE '\\'"`` in the signature holds (round 16, tortoise-orm)."""
    verbatim = text.replace("\\", "\\\\")
    for unescaped in (text.replace("\\\\", "\\"), _REST_ESCAPE.sub(r"\1", text), verbatim):
        value = literal(unescaped)
        if value is not UNSET and not contradicts(value, signature):
            return True
    return False


_DECIMAL = re.compile(r"-?\d+\.(\d+)")


def _rounded(documented: str, signature: str) -> bool:
    """Whether the documented number is the signature's rounded to the documented decimals,
    at least two, with at least two more in the signature: ``1.54`` for ``1.54184`` (round 16,
    pymatgen's Cu K-alpha wavelength), ``3.14`` for ``3.14159``.  A default edited by a digit
    or two (``0.5`` for ``0.45``, ``0.25`` for ``0.245``) is not an approximation: reported."""
    doc, sig = _DECIMAL.fullmatch(documented.strip()), _DECIMAL.fullmatch(signature.strip())
    if doc is None or sig is None:
        return False
    places = len(doc.group(1))
    if places < 2 or len(sig.group(1)) < places + 2:
        return False
    return round(float(signature), places) == float(documented)


# "-1 means", "-1 stands for": the entry explains what the signature's sentinel stands for
_MEANS = r"\s+(?:means|stands\s+for|is\s+(?:interpreted|treated)\s+as)\b"
_SET_TO = r"\s*,?\s*(?:then\s+)?(?:it\s+)?(?:will\s+be|is)\s+(?:set|changed|resolved)\s+to\b"


def _sentinel_explained(seg: Segment, signature_text: str, documented: str) -> bool:
    """Whether the documented default is stated in the sentence that explains the signature
    default ("-1 means the default from the pexpect.spawn object (default 30 seconds)",
    round 30, pexpect): it is what the sentinel stands for.  A default stated in a sentence of
    its own ("-1 means no timeout. Defaults to 30.") is the parameter's."""
    shown = re.escape(signature_text.strip())
    # or "If ``"default"``, will be set to the value of ``"templatematch"``" (neurokit2, r49)
    sentinel = re.compile(rf"(?<![\w.-]){shown}{_MEANS}|\bif\s+`*{shown}`*{_SET_TO}", re.I)
    for sentence in re.split(r"\.\s", " ".join(description(seg).split())):
        found = sentinel.search(sentence)
        if found and documented in sentence[found.end() :]:
            return True
    return False


# "must be greater than or equal to 1", "must be >= 1", "must be at least 1", "must be positive"
_BOUND = re.compile(
    r"\bmust\s+be\s+(?:(?P<ge>greater\s+than\s+or\s+equal\s+to|>=|at\s+least)"
    r"|(?P<gt>greater\s+than|>))\s+(?P<n>-?\d+(?:\.\d+)?)\b|\bmust\s+be\s+(?P<pos>positive)\b",
    re.I,
)


def _outside_stated_bound(seg: Segment, signature: object, documented: object) -> bool:
    """Whether the entry states a lower bound that the signature default breaks and the
    documented default keeps: the signature's value is a "not given" sentinel, the documented
    one what applies then (round 25, pypdf ``set_page_label``: ``start=0`` documented "must be
    greater than or equal to 1. Default value: 1", /St is left out and the PDF's 1 applies)."""
    numbers = (int, float)
    if isinstance(signature, bool) or not isinstance(signature, numbers):
        return False
    if isinstance(documented, bool) or not isinstance(documented, numbers):
        return False
    for bound in _BOUND.finditer(" ".join(seg.text.split())):
        low = 0.0 if bound.group("pos") else float(bound.group("n"))
        strict = bool(bound.group("pos") or bound.group("gt"))
        sig_keeps = signature > low if strict else signature >= low
        doc_keeps = documented > low if strict else documented >= low
        if doc_keeps and not sig_keeps:
            return True
    return False


# "If None, Adam will be used", "if ``None``, an empty string is used": what None stands for
_IF_NONE = re.compile(r"\bif\s+[`*]*None[`*]*\s*,?\s*(?:then\s+)?(?P<then>[^.;]*)", re.I)
# the value is the subject of "is used": "Adam will be used", not "each edge has unit weight"
# for ``weight="weight"`` (round 19, networkx, TRUE)
_USED = r"(?:is|will\s+be|gets)\s+used\b"


def _none_stands_for(seg: Segment, signature: object) -> bool:
    """Whether a documented ``None`` default is explained as the signature's value: "default
    None ... If None, Adam will be used" for ``optimizer="Adam"`` (round 200, sktime's
    ``GRUFCNNClassifier``), "If None, an empty string is used. Default is None" for
    ``text=""`` (round 24, pyqtgraph's ``TargetLabel``): the stated default differs, the
    behaviour does not.  "If None, the scores for each class are returned" for
    ``average="binary"`` names another behaviour and stays reported, and so does "If None,
    then each edge has unit weight" for ``weight="weight"``: the value must be what is used."""
    if not isinstance(signature, str | int | float) or isinstance(signature, bool):
        return False
    for clause in _IF_NONE.finditer(" ".join(seg.text.split())):
        then = clause.group("then")
        if signature == "":
            if re.match(rf"an?\s+empty\s+(?:string|str)\s+{_USED}", then, re.I):
                return True
        elif re.match(rf"[`'\"]*{re.escape(str(signature))}[`'\"]*\s+{_USED}", then, re.I):
            return True
    return False


def param_entries(inp: StaticInput) -> Iterator[tuple[Segment, str]]:
    """Each documented parameter entry with the signature name it stands for."""
    names = {p.name for fn in signatures(inp) for p in fn.params}
    for seg in inp.docstring.segments:
        if seg.kind == "param" and seg.name:
            for name in split_names(seg.name):
                yield seg, signature_name(name, names)


def signature_params(inp: StaticInput) -> dict[str, list[Param]]:
    """Each parameter name with its records across the function and its ``@overload``s."""
    out: dict[str, list[Param]] = {}
    for function in signatures(inp):
        for param in function.params:
            out.setdefault(param.name, []).append(param)
    return out


def unreported_entries(
    inp: StaticInput, params: dict[str, list[Param]], reported: set[str]
) -> Iterator[tuple[Segment, str, list[Param]]]:
    """Each parameter entry whose name the signature has, with its records, skipping a name
    already in ``reported`` -- read at each step, so a rule that adds the names it reports
    gives one finding per parameter (C2-DEFAULT-MISMATCH and C2-OPTIONAL-FLAG walk so)."""
    for seg, name in param_entries(inp):
        records = params.get(name)
        if records and name not in reported:
            yield seg, name, records


def c2_default_mismatch(inp: StaticInput) -> list[Finding]:
    """``C2-DEFAULT-MISMATCH``: a documented default that is not the signature's default."""
    if inp.file.language != "python":
        return []
    params = signature_params(inp)
    out: list[Finding] = []
    reported: set[str] = set()
    for seg, name, records in unreported_entries(inp, params, reported):
        if len({p.default for p in records}) != 1:
            continue
        signature_text = records[0].default
        if signature_text is None or records[0].kind in ("vararg", "kwarg"):
            continue
        signature_value = literal(signature_text)
        if signature_value is UNSET or signature_value is None:
            continue  # a sentinel, a constant, a call: what it stands for is not visible
        if isinstance(signature_value, str) and signature_value.lower() in _CYCLE_SENTINELS:
            continue  # a deprecation cycle: the documented default is the effective one
        doc = _documented_for(seg, name, set(params))
        if doc is None or not contradicts(doc.value, signature_value):
            continue
        if same_quantity(doc.value, doc.unit, signature_value):
            continue  # the same amount in another unit of the same dimension
        if "\\" in doc.text and _escaped_same(doc.text, signature_value):
            continue
        if _rounded(doc.text, signature_text):
            continue  # "Defaults to 1.54" for 1.54184: the value to the decimals it gives
        if same_colour(name, seg.text, doc.value, signature_value):
            continue  # 'black' for 'k', "white" for a grey level "1.0": one colour
        if names_the_key(doc.value, signature_value) or names_the_placeholders(
            doc.value, signature_value
        ):
            continue  # 'File Dialog' for a message key; 'view/%(path)s' for "view/%s"
        if _outside_stated_bound(seg, signature_value, doc.value):
            continue  # ``start=0`` where "must be >= 1": a sentinel, the documented 1 applies
        if doc.value is None and _none_stands_for(seg, signature_value):
            continue  # "default None ... If None, Adam will be used" for "Adam": one behaviour
        if _sentinel_explained(seg, signature_text, doc.text):
            continue  # "-1 means the spawn object's default (default 30)": the sentinel's value
        if replaced_when_falsy(inp, name, signature_value, doc.value, contradicts):
            continue  # ``port=0`` and ``port or 3306`` in the body: 3306 is what callers get
        if replaced_when_negative(inp, name, signature_value, doc.value, contradicts):
            continue  # ``nopfft=-1`` and ``if nopfft < 0: nopfft = 256`` here or in the callee
        reported.add(name)
        out.append(
            inp.finding(
                seg,
                Criterion.C2,
                RULE_DEFAULT_MISMATCH,
                f'documents default {doc.text} for "{name}", but the signature default is '
                f"{signature_text}",
                f"document the default as {signature_text}",
            )
        )
    return out
