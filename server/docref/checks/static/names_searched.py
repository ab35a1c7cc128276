"""Names a tool searches other code for, listed by its docstring (round 48).

sagemaker's v2 upgrade tool (``cli/compatibility/v2/modifiers/serde.py``) documents what it
rewrites: "This looks for the following calls: ``sagemaker.predictor._CsvSerializer``,
``sagemaker.predictor._JsonSerializer``, ...".  Those are version-1 names the module no
longer has -- by design: the tool finds them in user code, and each is one of its own string
constants (``OLD_PREDICTOR_CLASS_NAMES = {"_CsvSerializer", ...}``).  Judged: 10 FALSE of 10
sampled (15 such findings in the project).

The shape is a docstring naming two or more members of one module, none of which the module
has, each spelt as a string literal in the file's code.  A typo beside names of its module
that resolve (the same tool's list of the *new* names, where ``_JsonDeserializer`` for
``JSONDeserializer`` was judged TRUE) keeps its finding, as does a list with any name the
code holds in no string.
"""

from __future__ import annotations

from docref.checks.static.base import StaticInput
from docref.checks.static.names_judge import judge_python
from docref.checks.static.names_mentions import Mention, find_mentions
from docref.checks.static.names_python import PythonScope

__all__ = ["searched_for"]


def searched_for(inp: StaticInput, scope: PythonScope, mention: Mention) -> bool:
    """Whether ``mention`` (``module.member``, missing from that module) is one of two or more
    members of its module the docstring names, all missing and all string literals of the
    file outside the docstring (module docstring)."""
    prefix, _, _member = mention.target.rpartition(".")
    if not prefix:
        return False
    same: dict[str, Mention] = {}
    for index, segment in enumerate(inp.docstring.segments):
        mentions = inp.shared.mentions.get(index)
        if mentions is None:
            mentions = find_mentions(inp.source, inp.docstring, segment, inp.file.language)
            inp.shared.mentions[index] = mentions
        for other in mentions:
            if other.target.rpartition(".")[0] == prefix:
                same.setdefault(other.target, other)
    if len(same) < 2:
        return False
    doc = inp.docstring
    code = inp.source[: doc.body_start] + inp.source[doc.body_end :]
    for target, other in same.items():
        name = target.rpartition(".")[2]
        if f'"{name}"' not in code and f"'{name}'" not in code:
            return False
        resolution = judge_python(scope, other)
        if resolution.verdict != "missing" or not resolution.owner.startswith("module"):
            return False
    return True
