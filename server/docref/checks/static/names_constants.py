"""``C1-PROSE-NAME-STALE`` for an ALL_CAPS name in code markup (``MAX_RETRIES``): a module
constant renamed while the prose kept its old name.

Such a name is as often an environment variable, a protocol constant or another library's
setting as a constant of the project, so :func:`.names_words.silent_name` never judges it
as a name to resolve.  It is judged here only as a renamed constant, with the second signal
a rename leaves: the function's own code (its body or its parameters' defaults) uses one
ALL_CAPS constant that is the name with one word swapped or abbreviated
(:func:`.names_used.used_twins`: ``MAX_RETRIES`` beside ``MAX_ATTEMPTS``,
``DEFAULT_ENCODING`` beside ``DEFAULT_ENC``), and the name itself is nowhere: not in the
project, not quoted as a string in the file (``os.environ["MAX_RETRIES"]``, a key), not
called an environment variable or a setting by its sentence, not a bound C library's constant
(``GLFW_PRESS`` in a file that imports ``glfw``, :func:`.names_local.bound_constant`).
"""

from __future__ import annotations

import re

from docref.checks.static.base import StaticInput
from docref.checks.static.names_local import bound_constant
from docref.checks.static.names_mentions import Mention
from docref.checks.static.names_scope import project_names
from docref.checks.static.names_used import used_names, used_twins
from docref.checks.static.names_words import caps_constant
from docref.checks.static.prose_names import RULE_STALE
from docref.core.findings import Criterion, Finding
from docref.segments import Segment

__all__ = ["renamed_constant"]

# the sentence says what the name is: a variable of the environment, a setting, a flag of
# another program, a header or key of some data
_NOT_A_CONSTANT = re.compile(
    r"\b(?:env(?:ironment)?(?:\s+|[-_])?var(?:iable)?s?|environ(?:ment)?|getenv|export|"
    r"setting|config(?:uration)?|header|key|flag|option|field|column|macro|\$)",
    re.I,
)
_CAPS = re.compile(r"(?<![\w.])[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+(?!\w)")


def renamed_constant(inp: StaticInput, segment: Segment, mention: Mention) -> Finding | None:
    """The finding on an ALL_CAPS ``mention`` that resolves nowhere when the function uses
    exactly one constant it is a renamed twin of, else ``None``."""
    name = mention.target
    sentence = inp.source[segment.start : segment.end]
    if not caps_constant(name) or _NOT_A_CONSTANT.search(sentence):
        return None
    if name in project_names(inp.graph):
        return None  # defined somewhere in the project: the sentence may mean that one
    if bound_constant(inp, name):
        return None  # ``GLFW_PRESS`` beside ``import glfw``: the bound library's constant
    if re.search(rf"[\"']{re.escape(name)}[\"']", inp.source):
        return None  # read by its name (``os.environ["MAX_RETRIES"]``), not a constant
    used = used_names(inp)
    for param in inp.function.params:
        used.update(_CAPS.findall(param.default or ""))
    twins = {t for t in used_twins(name, used) if caps_constant(t)}
    if len(twins) != 1:
        return None
    (twin,) = twins
    both = [
        seg
        for seg in inp.docstring.segments
        if all(
            re.search(rf"(?<![\w.]){re.escape(n)}(?!\w)", inp.source[seg.start : seg.end])
            for n in (name, twin)
        )
    ]
    if both:
        # both in one sentence of the docstring: two constants ("a range of the form {@code
        # MIN_VALUE + ".." + MAX_VALUE}. If the {@code MIN_VALUE} string is not numeric":
        # log4j's picocli ``Range.valueOf``, round 26), not one under two names
        return None
    message = (
        f"`{name}` names nothing in scope; it looks like the constant `{twin}` under its old name"
    )
    fix_hint = f"rename `{name}` to `{twin}` in this sentence"
    return inp.finding(segment, Criterion.C1, RULE_STALE, message, fix_hint)
