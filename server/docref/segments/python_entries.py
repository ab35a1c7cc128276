"""Which line of a Python docstring's entry section starts an entry, beyond the heads of
:mod:`docref.segments.heads`: the fallbacks numpydoc and napoleon still read as entries (a
NumPy ``mode: file-like`` with its description below, named return values, a Google entry
without its colon) and an entry head indented a column or two too deep.  The reader of an
entry section's body, :mod:`docref.segments.python_entry_sections`, asks them line by line.
"""

from __future__ import annotations

import re

from .heads import (
    Head,
    entry_head,
    google_colonless,
    google_comma,
    google_unclosed,
    numpy_described,
    numpy_sibling,
)
from .python_lines import BULLET, ENTRY_BULLET, Line, described, next_text
from .section_titles import ENTRY_SECTIONS, PROSE_SECTIONS, section_key

__all__ = ["bullet_under_plain", "entry_start", "misindented_head", "wrapped_mid_sentence"]

# the words a Google description goes on with at the entries' indent (``Default: False.``)
_VALUE_LABELS = frozenset({"Default", "Defaults"})
# ``0d : CELAS1, ...`` / ``loaded: RBE2``: a line of a list of keyed values (a space after
# the colon: ``See :py:meth:`x```, a role, is a sentence)
_KEYED_LINE = re.compile(r"\w+\s*:\s+\S")

_ROLE_AFTER_WORD = re.compile(r"\S+\s*:[\w-]+:`")
# a word, a space and a role, no ``name : type`` colon between (``x : :class:`Foo``` is one);
# the role's name may be mistyped in backticks (``see :`func`:`spade```, round 31 elephant)
_SENTENCE_WITH_ROLE = re.compile(r"[A-Za-z]\w*\s+:`?[\w-]+`?:`")
_NOTE_LABELS = frozenset(
    {"NB", "N.B.", "Note", "NOTE", "Notes", "Warning", "WARNING", "Caution", "Important", "Hint"}
)
# the words a sentence does not end on: a description line ending in one goes on below
_OPEN_END = re.compile(
    r"\b(?:the|a|an|of|to|and|or|in|with|for|by|from|on|at|as|is|are|be|one|either)\s*$", re.I
)
# a bare word and its colon, nothing after: ``following:``
_BARE_LABEL = re.compile(r"[A-Za-z]\w*:$")
# ``Word: text``, the colon against the word: a label in prose, not NumPy's ``name : type``
_PROSE_COLON = re.compile(r"\w+:\s")


def entry_start(
    lines: list[Line], j: int, hi: int, grammar: str, numpy: bool, *, after_named: bool
) -> Head | None:
    """The head of the entry line ``j`` starts at the entries' indent (``grammar``: the
    section's ``named``/``typed``/``exc``), ``None`` when it starts none; ``after_named``:
    the entry before it has a name (a NumPy ``b: an X`` after ``a: X`` is its own entry)."""
    text = lines[j].text
    if numpy and _SENTENCE_WITH_ROLE.match(text):
        return None  # ``See :meth:`TextManager._from_layer`.``: a sentence, no ``name : type``
    new_head = entry_head(grammar, text, numpy)
    if new_head is not None and numpy and _note(new_head):
        return None  # ``NB : from_ports and to_ports must have same size.``: a note
    if new_head is not None and numpy and grammar == "named" and _heading(lines, j, hi, new_head):
        return None
    if new_head is not None and not numpy and new_head.name in _VALUE_LABELS:
        # ``all (bool): Whether to include ...`` / ``Default: :const:`False`.`` (round 91,
        # pwntools): the entry's default written at its indent, not a parameter ``Default``
        return None
    if new_head is None and numpy and grammar == "named":
        # ``mode: file-like`` reads as prose alone; its description settles it
        new_head = numpy_described(text) if described(lines, j, hi) else None
    elif new_head is None and numpy and grammar == "typed" and after_named:
        new_head = numpy_sibling(text)  # ``b: an X`` after ``a: X``: its own entry
    elif new_head is None and numpy and grammar == "typed":
        # ``hessian:`` then its type/description indented below, or a run of
        # ``hessian: (d, d) array`` / ``gradient: …`` lines: named entries
        # (numpydoc reads each line at the entries' indent as one), not prose
        sibling = numpy_sibling(text)
        if sibling and (described(lines, j, hi) if text.endswith(":") else _run(lines, j, hi)):
            new_head = sibling
    elif new_head is None and not numpy and grammar == "named":
        # ``dataset_split (str, optional)`` then its description: the colon forgotten
        new_head = google_colonless(text) if described(lines, j, hi) else None
        # ``wep_max (float: …`` after ``wep_min (float): …``: the parenthesis left open
        new_head = new_head or google_unclosed(text)
        # ``openings (list[Face], optional), sequence of ...``: a comma for the colon
        new_head = new_head or google_comma(text)
    return new_head


def _heading(lines: list[Line], j: int, hi: int, head: Head) -> bool:
    """Line ``j``, read as a NumPy entry without a type, heads a paragraph of the section
    instead (round 87, pyNastran): a line of names alone between blank lines above a bullet
    list (``SPLINEx, ACMODL, PANEL, AECOMP, XYOUTPUT`` / blank / ``- nodes``), a ``word:``
    label of a list after the entries (:func:`_label`), or a capitalised ``Optional:`` right
    above the entry it labels."""
    text = lines[j].text
    if head.type is not None or head.name is None:
        return False
    if section_key(head.name) in ENTRY_SECTIONS or section_key(head.name) in PROSE_SECTIONS:
        # ``Returns:`` indented into Parameters: numpydoc renders it as one more parameter,
        # a slip the parameter rule reports as such (judged TRUE: aws-lambda-powertools)
        return False
    after = lines[j + 1] if j + 1 < hi else None
    if head.name == text:
        k = next_text(lines, j + 1, hi)
        before_blank = j > 0 and not lines[j - 1].text
        blank_after = after is not None and not after.text
        return before_blank and blank_after and k is not None and bool(BULLET.match(lines[k].text))
    if text != head.name + ":" or after is None or not after.text:
        return False
    if after.indent == lines[j].indent and head.name[:1].isupper() and not BULLET.match(after.text):
        below = entry_head("named", after.text, True)
        return below is not None and below.type is not None
    return _label(lines, j, hi, head.name)


def _label(lines: list[Line], j: int, hi: int, name: str) -> bool:
    """Line ``j`` is ``name:`` alone, over a list -- bullets (``Considers:`` / ``- elements``)
    or keyed values (``rigid_elements:`` / ``loaded: RBE2``) -- and no entry follows it but
    other such labels: a paragraph after the entries.  An entry whose description is a list
    (``func:`` / ``signature: ...`` then ``**kwargs:``), or one with prose below it (``mpc:``
    / ``the MPC set``), stays an entry."""
    indent = lines[j].indent
    after = lines[j + 1]
    listed = BULLET.match(after.text) and after.indent >= indent
    keyed = after.indent > indent and _KEYED_LINE.match(after.text)
    if not name.isidentifier() or not (listed or keyed):
        return False
    k = j + 1
    while k < hi and (
        not lines[k].text
        or lines[k].indent > indent
        or (lines[k].indent == indent and BULLET.match(lines[k].text))
    ):
        k += 1
    if k >= hi:
        return True
    text = lines[k].text
    head = entry_head("named", text, True)
    if head is None:
        return True
    return (
        head.name is not None
        and text == head.name + ":"
        and k + 1 < hi
        and bool(lines[k + 1].text)
        and _label(lines, k, hi, head.name)
    )


def _note(head: Head) -> bool:
    """A NumPy ``Label : sentence`` line whose label is a note word (``NB``, ``Note``,
    ``Warning``) and whose "type" is a sentence: a remark written at the entries' indent
    (round 31 scikit-rf ``renumber``), not a parameter named ``NB``."""
    return (
        head.name in _NOTE_LABELS
        and head.type is not None
        and len(head.type.split()) >= 3
        and head.type.rstrip().endswith((".", "!"))
    )


def bullet_under_plain(lines: list[Line], current: list[int], j: int) -> bool:
    """Line ``j`` is a bullet and the entry it follows (``current``'s first line) is not: a
    list of values in that entry's description (pymatgen's ``xaxis: … Can be either`` then
    ``- capacity_grav: …`` at the entries' indent), which napoleon renders as such; entries
    that are all bullets (``- x (int): …``) stay entries."""
    return bool(ENTRY_BULLET.match(lines[j].text)) and not ENTRY_BULLET.match(
        lines[current[0]].text
    )


def wrapped_mid_sentence(lines: list[Line], current: list[int], j: int) -> bool:
    """Line ``j`` (a bare ``word:`` at the entries' indent) ends the sentence the entry above
    left open on a word no sentence ends with: ``weight_fn: ... Can be one of the`` /
    ``following:`` / its list (round 47, sbi's ``_set_weight_fn``), a wrapped line written
    unindented, not an entry named ``following``."""
    return bool(_BARE_LABEL.fullmatch(lines[j].text.strip())) and bool(
        _OPEN_END.search(lines[current[-1]].text)
    )


def _run(lines: list[Line], j: int, hi: int) -> bool:
    """The next line at line ``j``'s indent is a ``name: …`` line too (a list of named
    values, where a wrapped sentence rarely starts two lines with ``word:``)."""
    k = next_text(lines, j + 1, hi)
    if k is None or lines[k].indent != lines[j].indent:
        return False
    return numpy_sibling(lines[k].text) is not None


def misindented_head(
    lines: list[Line], grammar: str, current: list[int], j: int, entry_indent: int, numpy: bool
) -> Head | None:
    """The head of an entry indented a space or two deeper than the entries (a slip
    napoleon and numpydoc still read as an entry), ``None`` for a continuation line.

    Continuations sit four deeper by convention, so only a typed head
    (``x (int): …`` / ``x : int``) at most two columns deeper counts, and not when the
    current entry's description is itself indented that little (then it is one more
    line of that description)."""
    line = lines[j]
    if grammar != "named" or line.indent > entry_indent + 2:
        return None
    if any(lines[n].indent == line.indent for n in current[1:]):
        return None
    if _ROLE_AFTER_WORD.match(line.text):
        return None  # ``See :ref:`…``: a role opens the "type", so this is prose
    if ENTRY_BULLET.match(line.text):
        return None  # ``- `batch_dims` (tuple): …``: a list in the entry's description
    if numpy and len(current) == 1 and _PROSE_COLON.match(line.text):
        # ``format : str`` then ``  Format: ri, ma, db``: the entry's first description
        # line (numpydoc reads every deeper line so), not a ``name : type`` head a slip deeper
        return None
    head = entry_head(grammar, line.text, numpy)
    if head is None or not head.type or not head.name or not head.name.isidentifier():
        return None
    return head
