"""The longer text of every static rule: why it matters, a docstring it flags next to the
fixed one, and how to fix it.  Only data: :mod:`docref.core.rule_docs` renders it (``docref
rule ID``, ``docs/rules.md``); the one-line summaries stay in :mod:`docref.core.catalog`."""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType

__all__ = ["RULE_DOCS", "RuleDoc"]


@dataclass(frozen=True, slots=True)
class RuleDoc:
    """Why a rule exists, a docstring it flags (``example``) next to the fixed one
    (``fixed``), and how a user fixes it (``fix``: by hand, or ``docref check --fix``)."""

    why: str
    example: str
    fixed: str
    fix: str


_AUTO = "`docref check --fix` (and the editor's quick fix) does this for you."
_MANUAL = "There is no deterministic fix: edit the docstring (or the code) by hand."

RULE_DOCS: MappingProxyType[str, RuleDoc] = MappingProxyType(
    {
        "C1-PARAM-UNKNOWN": RuleDoc(
            why="A reader calls the function with the documented name and gets a TypeError; "
            "usually the parameter was renamed and the docstring was not.",
            example='def area(width, height):\n    """Args:\n        widht (int): the width.\n'
            '        height (int): the height."""',
            fixed='def area(width, height):\n    """Args:\n        width (int): the width.\n'
            '        height (int): the height."""',
            fix="Rename the entry to the parameter it documents, or delete it. With a single "
            f"close match (the did-you-mean) {_AUTO}",
        ),
        "C1-XREF-UNRESOLVED": RuleDoc(
            why="A cross-reference that resolves to nothing is a dead link in the rendered "
            "documentation and usually names something that was renamed or removed.",
            example='def load(path):\n    """Read the file. See :func:`parse_all`."""',
            fixed='def load(path):\n    """Read the file. See :func:`parse`."""',
            fix=f"Point the reference at an existing name. {_MANUAL}",
        ),
        "C1-NAME-UNRESOLVED": RuleDoc(
            why="Code markup promises an identifier; one that does not exist sends the reader "
            "looking for a name the code never had (often a typo or a stale rename).",
            example='def fetch(url, max_retries=3):\n    """Try ``max_retrys`` times."""',
            fixed='def fetch(url, max_retries=3):\n    """Try ``max_retries`` times."""',
            fix=f"Write the name as the code spells it. {_MANUAL}",
        ),
        "C1-NAME-DERIVED": RuleDoc(
            why="C1-NAME-UNRESOLVED's finding when its only evidence is a variable of the "
            "function that the name extends by a word (``x_hat`` beside a local ``x``, "
            "``grid_sample`` beside ``grid``, ``x_chunk`` beside a parameter ``chunk``) or a "
            "local one word longer (``alpha_bar`` beside a nested ``alpha_bar_fn``). Opt-in: "
            "on projects seen for the first time (rounds 0-14) 1 such finding in 17 was judged "
            "true; the rest were values derived from the variable, maths notation and other "
            "libraries' functions. A helper or class the name extends (``frobnicate_all`` "
            "beside ``frobnicate``) and a parameter one word longer (a renamed parameter) stay "
            'C1-NAME-UNRESOLVED: enable = ["C1-NAME-DERIVED"] or --extend-select C1-NAME-DERIVED.',
            example='def reduce(chunk):\n    """Weights shaped like `x_chunk`."""',
            fixed='def reduce(chunk):\n    """Weights shaped like `chunk`."""',
            fix=f"Name the variable the text means, or mark the text as maths. {_MANUAL}",
        ),
        "C1-NAME-IN-TESTS": RuleDoc(
            why="C1-NAME-UNRESOLVED's finding on a member a module lacks (no close name to "
            "suggest) in a test or benchmark file. Their docstrings narrate a scenario or a "
            'past bug in shorthand ("compiled ``hk.init_fn`` of model", the modules of an '
            "old import bug); on projects seen for the first time (rounds 13-26) none of 8 "
            "such findings was judged true, against 38 of 42 in library code. A typo with a "
            "did-you-mean and a bare name stay C1-NAME-UNRESOLVED there: "
            'enable = ["C1-NAME-IN-TESTS"] or --extend-select C1-NAME-IN-TESTS.',
            example='def test_init():\n    """Trace ``mypkg.init_model`` of the network."""',
            fixed='def test_init():\n    """Trace ``mypkg.init_network`` of the network."""',
            fix=f"Name the member as the module spells it, or write the shorthand as prose. "
            f"{_MANUAL}",
        ),
        "C1-XREF-UNCORROBORATED": RuleDoc(
            why="C1-XREF-UNRESOLVED's finding when nothing but the failed lookup says the "
            "target is this code's: no did-you-mean (a close name in scope), no class of the "
            "project that lacks the member, no path written from the project's own package, "
            "not a private name (_helper: the project's own by its underscore). "
            "Opt-in: on projects seen for the first time (rounds 0-16) 18% of such findings "
            "were judged true; the rest were events and pages only the Sphinx build knows and "
            'other libraries\' objects: enable = ["C1-XREF-UNCORROBORATED"] or '
            "--extend-select C1-XREF-UNCORROBORATED.",
            example='def load(path):\n    """Read the file. See :func:`parse_everything`."""',
            fixed='def load(path):\n    """Read the file. See :func:`parse`."""',
            fix=f"Point the reference at an existing name. {_MANUAL}",
        ),
        "C1-PROSE-NAME-STALE": RuleDoc(
            why="The prose still uses a parameter's old name after a rename; readers pass "
            "the wrong keyword.",
            example="def dump(rows, include_hdr=False):\n"
            '    """Write rows. With `include_header` set, write the header first."""',
            fixed="def dump(rows, include_hdr=False):\n"
            '    """Write rows. With `include_hdr` set, write the header first."""',
            fix=f"Rename the name in the sentence. {_AUTO}",
        ),
        "C1-PROSE-NAME-ELSEWHERE": RuleDoc(
            why="The prose names something only other code of the file uses while a parameter "
            "is its renamed twin (a plain word too if the docstring names it nowhere): at times "
            "its old name, as often other code's (another function's parameter, a field, a dtype). "
            "Also a name C1-NAME-UNRESOLVED would report (nothing in scope, a typo of a name "
            "that is) that another file of the project still uses as code: that code's "
            "vocabulary far more often than a stale name (session 18: 3 of 22 TRUE on first "
            "sight). "
            "Opt-in for that reason (first-pass precision 3 of 21 in session 10): "
            'enable = ["C1-PROSE-NAME-ELSEWHERE"] or --extend-select C1-PROSE-NAME-ELSEWHERE.',
            example="def find(path_or_repo_id, name):\n"
            '    """Locate `name` in `path_or_repo`."""\n\n\n'
            "def load(path_or_repo):\n    return path_or_repo",
            fixed="def find(path_or_repo_id, name):\n"
            '    """Locate `name` in `path_or_repo_id`."""\n\n\n'
            "def load(path_or_repo):\n    return path_or_repo",
            fix=f"Rename the name in the sentence. {_AUTO}",
        ),
        "C1-PROSE-NAME-WORD": RuleDoc(
            why="A word in code markup that names nothing while a parameter or a name in scope "
            "looks like its renamed twin: sometimes the old name, as often a value of a list "
            "(`last` beside `latest`), a package to install, a config keyword or another "
            "library's class. Opt-in for that reason (first-pass precision of rounds 9-12: "
            "4 TRUE of 14); code-shaped names (`modify_doc`) stay C1-PROSE-NAME-STALE: "
            'enable = ["C1-PROSE-NAME-WORD"] or --extend-select C1-PROSE-NAME-WORD.',
            example="def memcpy(src, dst, count):\n"
            '    """Copy `count` items from `src` to `dest`."""',
            fixed='def memcpy(src, dst, count):\n    """Copy `count` items from `src` to `dst`."""',
            fix=f"Rename the name in the sentence. {_AUTO}",
        ),
        "C1-DOCTYPE-UNRESOLVED": RuleDoc(
            why="A documented type is a class the reader goes looking for; after a rename the "
            "docstring names a class that no longer exists.",
            example="class Frobnicator: ...\n\n\ndef run(item):\n"
            '    """Args:\n        item (Frobnicater): the item."""',
            fixed="class Frobnicator: ...\n\n\ndef run(item):\n"
            '    """Args:\n        item (Frobnicator): the item."""',
            fix=f"Name the class as the code spells it. {_AUTO}",
        ),
        "C2-PARAM-TYPE": RuleDoc(
            why="The annotation is what the code accepts; a docstring type that contradicts "
            "it makes callers pass the wrong kind of value. When the parameter's own default "
            "contradicts the annotation and is what the docstring says (a str default under a "
            "list annotation, a Literal leaving out its default that the documented choices "
            "hold), the finding says the annotation is the side to fix.",
            example='def scale(value: int) -> int:\n    """Args:\n        value (str): the '
            'input."""',
            fixed='def scale(value: int) -> int:\n    """Args:\n        value (int): the input."""',
            fix=f"Document the annotation's type. {_AUTO}",
        ),
        "C2-RETURN-TYPE": RuleDoc(
            why="Callers rely on the documented return type; one the annotation contradicts "
            "leads to wrong use of the result. When every return of the body is of the "
            "documented kind and the annotation contradicts it (a list returned under "
            "-> Operator), the finding says the annotation is the side to fix.",
            example='def first(lines: list[str]) -> str:\n    """Returns:\n        list[str]: '
            'the first line."""',
            fixed='def first(lines: list[str]) -> str:\n    """Returns:\n        str: '
            'the first line."""',
            fix=f"Document the annotation's type. {_AUTO}",
        ),
        "C2-RETURN-TYPE-WEAK": RuleDoc(
            why="C2-RETURN-TYPE's finding when the code does not corroborate which side is "
            "wrong: a top-level documented or annotated type that resolves nowhere (another "
            "library's class, a word), a class documented for a Callable annotation (it may "
            "define __call__), type[X] for X, a bare type/filter/map (a name), a set for a "
            "returned frozenset, or a function a project decorator replaces by an object. Opt-in: "
            'enable = ["C2-RETURN-TYPE-WEAK"] or --extend-select C2-RETURN-TYPE-WEAK.',
            example="def callback() -> Callable:\n"
            '    """Returns:\n        Recorder: the callback."""',
            fixed="def callback() -> Recorder:\n"
            '    """Returns:\n        Recorder: the callback."""',
            fix=f"Fix the annotation or the documented type. {_MANUAL}",
        ),
        "C2-PARAM-PARTIAL": RuleDoc(
            why="C2-PARAM-TYPE's finding when the documented type is a union that shares a "
            "member with the annotation and each side names a type the other lacks (a "
            "documented choice set and a Literal sharing some of their values too): the "
            "docstring and the annotation agree on part of what is passed, and which extra "
            "member is wrong (or whether the body takes both) is not shown by the types. "
            "Opt-in: judged 0 true of 9 on projects seen for the first time (rounds 0-16: "
            'choice sets "or list of str", "list of str or int, or \'auto\'"): '
            'enable = ["C2-PARAM-PARTIAL"] or --extend-select C2-PARAM-PARTIAL.',
            example="def load(cols: str | int):\n"
            '    """Args:\n        cols (str or list of str): the columns."""',
            fixed="def load(cols: str | list[str]):\n"
            '    """Args:\n        cols (str or list of str): the columns."""',
            fix=f"Fix the annotation or the documented type. {_MANUAL}",
        ),
        "C2-PARAM-TYPE-WEAK": RuleDoc(
            why="C2-PARAM-TYPE's finding when nothing corroborates the incompatibility: one "
            "side is not a builtin or standard-library type (a project class, a NumPy, torch "
            "or pandas type, an unresolved name) and the outer types alone do not settle it "
            "(list of anything for str does), the two differ only in a collection's kind "
            "(list documented for tuple, Sequence for set), a callable is documented for a "
            "class (or a class for a callable), or the body uses a documented type as a "
            "class, a deprecated parameter, or a project decorator rebuilding the arguments. "
            "Such findings were mostly vocabulary on projects seen for the first time "
            "(rounds 0-16: 19 true of 81): "
            'enable = ["C2-PARAM-TYPE-WEAK"] or --extend-select C2-PARAM-TYPE-WEAK.',
            example="def add(env: VectorEnv) -> None:\n"
            '    """Args:\n        env (Env): the environment."""',
            fixed="def add(env: VectorEnv) -> None:\n"
            '    """Args:\n        env (VectorEnv): the environment."""',
            fix=f"Fix the annotation or the documented type. {_MANUAL}",
        ),
        "C2-NUMPY-SCALAR": RuleDoc(
            why="C2-PARAM-TYPE's and C2-RETURN-TYPE's finding when the documented type is a "
            "number (int, float, number) and the annotation a numpy array: numpy gives back "
            "scalars (data[i], np.sign(x)) where the annotation says ndarray, so the number is "
            "as often the right side. Opt-in: on projects seen for the first time (rounds "
            "0-14) none of 4 such findings was judged true: "
            'enable = ["C2-NUMPY-SCALAR"] or --extend-select C2-NUMPY-SCALAR.',
            example="def peak(data: np.ndarray) -> np.ndarray:\n"
            '    """Returns:\n        int: the index."""',
            fixed="def peak(data: np.ndarray) -> np.intp:\n"
            '    """Returns:\n        int: the index."""',
            fix=f"Fix the annotation or the documented type. {_MANUAL}",
        ),
        "C2-YIELD-TYPE": RuleDoc(
            why="The documented yield type disagrees with the generator's annotation, so "
            "consumers of the iterator expect the wrong items.",
            example='def words(text: str) -> Iterator[str]:\n    """Yields:\n        int: '
            'each word."""',
            fixed='def words(text: str) -> Iterator[str]:\n    """Yields:\n        str: '
            'each word."""',
            fix=f"Document the annotation's item type. {_AUTO}",
        ),
        "C2-JAVADOC-RETURN-TYPE": RuleDoc(
            why="The @return text names a type the method cannot return, so a caller "
            "handles the value wrongly (a long taken for a double, a String for an int).",
            example="/** @return the total in euros as a double */\nlong total() { ... }",
            fixed="/** @return the total in cents */\nlong total() { ... }",
            fix=f"Describe the declared return type. {_MANUAL}",
        ),
        "C2-PROSE-RETURN-TYPE": RuleDoc(
            why='A summary that says "Return True if" or "Returns a string" is a type '
            "claim; when the annotation or every return statement contradicts it, the "
            "reader is misled about the result.",
            example='def count(items) -> int:\n    """Return True if any item is set."""',
            fixed='def count(items) -> int:\n    """Return how many items are set."""',
            fix=f"Reword the claim to match what is returned. {_MANUAL}",
        ),
        "C2-PROSE-RETURN-WEAK": RuleDoc(
            why="C2-PROSE-RETURN-TYPE's finding on a constructor: its summary describes the "
            "object the class call makes (round 16, botorch's ListSampler: \"A list of "
            'samplers."), and a summary saying the function builds or generates a dictionary '
            'or string over a str or bytes annotation ("Build the resource dictionary": the '
            "text of what it builds; judged 0 true of 6). Opt-in (session 14, issue 12): "
            'enable = ["C2-PROSE-RETURN-WEAK"] or --extend-select C2-PROSE-RETURN-WEAK.',
            example='def __init__(self, samplers: list) -> None:\n    """A list of samplers."""',
            fixed='def __init__(self, samplers: list) -> None:\n    """Wrap the samplers."""',
            fix=f"Reword the claim to match what is returned. {_MANUAL}",
        ),
        "C2-PROSE-RETURN-INFERRED": RuleDoc(
            why="The prose claims of C2-PROSE-RETURN-TYPE, on a function with no return annotation "
            "against the values every return gives (a typed Returns entry: the default rule's). "
            "Opt-in: on projects seen for the first time 3 of 11 such findings were judged "
            'true; the rest were loose English for the container ("the list of files with '
            'their timestamp" for a dict, "a tuple of words" for a list of them): '
            'enable = ["C2-PROSE-RETURN-INFERRED"] or --extend-select C2-PROSE-RETURN-INFERRED.',
            example='def names(rows):\n    """Return a dict of the names."""\n'
            "    return [r.name for r in rows]",
            fixed='def names(rows):\n    """Return a list of the names."""\n'
            "    return [r.name for r in rows]",
            fix=f"Reword the claim to match what is returned. {_MANUAL}",
        ),
        "C2-PROSE-RETURN-ITEMS": RuleDoc(
            why="C2-PROSE-RETURN-TYPE's count claim on a function annotated to return a list "
            'or set ("The number of validation batches" on list[int]), or its "list of" on one '
            "annotated to return a mapping made elsewhere or called a dictionary by its Returns "
            "entry (the keys listed; a mapping the body builds on every path stays "
            "C2-PROSE-RETURN-TYPE). Opt-in: on first sight 0 of 5 "
            'and 1 of 5 were judged true (each item\'s count, "Return list of workers" on a '
            'dict): enable = ["C2-PROSE-RETURN-ITEMS"] or --extend-select '
            "C2-PROSE-RETURN-ITEMS.",
            example='def sizes(self) -> list[int]:\n    """Return the number of files."""',
            fixed='def sizes(self) -> list[int]:\n    """Return the size of each file."""',
            fix=f"Reword the claim to match what is returned. {_MANUAL}",
        ),
        "C2-PROSE-PARAM-TYPE": RuleDoc(
            why='A parameter described as "a list of" or "a string" that is annotated '
            "as something no reading of the words allows (a list for a str, a string for an "
            "int, the number of things for a str, a flag under an int without a 0/1 default) "
            "invites callers to pass the wrong kind of value. The looser claims are "
            "C2-PROSE-PARAM-LOOSE's (opt-in).",
            example='def open_all(paths: str) -> None:\n    """Args:\n        paths: A list '
            'of paths."""',
            fixed='def open_all(paths: str) -> None:\n    """Args:\n        paths: A '
            'path pattern."""',
            fix=f"Describe the annotated type (or fix the annotation). {_MANUAL}",
        ),
        "C2-PROSE-PARAM-LOOSE": RuleDoc(
            why="The prose parameter claims that can be loose English rather than a wrong "
            'type: "a string" for bytes (Python 2 wording some maintainers keep), "a list of" '
            'for a mapping or for a str holding it delimited (said so, or a string default), "as '
            'an integer" for a string holding one, "Whether" for a string option, "the number '
            'of" for a list of numbers (one count per item); and any claim that something '
            "besides it sides with the annotation: the docstring's own :type field, a default "
            'the entry states ("This is ``True`` by default", a module\'s constant), a '
            "default holding numbers, an annotation of the *args/**kwargs pack itself "
            "(session 39: 9 of 10 such judged findings were not true). Opt-in: on projects "
            "nobody here had read (rounds 9-12) 2 of 15 such findings were judged true on first "
            "sight: "
            'enable = ["C2-PROSE-PARAM-LOOSE"] or --extend-select C2-PROSE-PARAM-LOOSE.',
            example='def send(data: bytes) -> None:\n    """Args:\n        data: A string '
            'to send."""',
            fixed='def send(data: bytes) -> None:\n    """Args:\n        data: The bytes '
            'to send."""',
            fix=f"Describe the annotated type (or fix the annotation). {_MANUAL}",
        ),
        "C2-DEFAULT-MISMATCH": RuleDoc(
            why="The documented default is what users rely on when they leave the argument "
            "out; a different real default changes behaviour silently.",
            example='def fetch(url: str, retries: int = 5) -> bytes:\n    """Args:\n'
            '        retries (int): How often. Defaults to 3."""',
            fixed='def fetch(url: str, retries: int = 5) -> bytes:\n    """Args:\n'
            '        retries (int): How often. Defaults to 5."""',
            fix=f"Document the signature's default. {_MANUAL}",
        ),
        "C2-OPTIONAL-FLAG": RuleDoc(
            why="A parameter documented as optional but without a default makes callers "
            "leave out a required argument.",
            example='def wait(timeout: float) -> None:\n    """Args:\n        timeout (float, '
            'optional): seconds."""\n    time.sleep(timeout)',
            fixed='def wait(timeout: float) -> None:\n    """Args:\n        timeout (float): '
            'seconds."""\n    time.sleep(timeout)',
            fix=f'Drop "optional" or give the parameter a default. {_MANUAL}',
        ),
        "C2-OPTIONAL-FLAG-WEAK": RuleDoc(
            why="C2-OPTIONAL-FLAG's finding when the body never reads the parameter: a stub, "
            "or a callback or hook the framework calls with every argument (a Sphinx event "
            'handler, asyncssh\'s terminal_size_changed), where "optional" says the value '
            "may be absent or None rather than that callers may leave it out; or one that a "
            "function of the same name defaults and hands on by name (a backend's forecast() "
            "like the public one calling it), or a stored field described optional. 0 of 5 on "
            "projects seen for the first time (rounds 0-16), 0 of 16 (round 24), 0 of 5 (s22): "
            'enable = ["C2-OPTIONAL-FLAG-WEAK"] or --extend-select C2-OPTIONAL-FLAG-WEAK.',
            example="def resized(self, width: int, pixwidth: int) -> None:\n"
            '    """Args:\n        pixwidth (int, optional): width in pixels."""',
            fixed="def resized(self, width: int, pixwidth: int) -> None:\n"
            '    """Args:\n        pixwidth (int): width in pixels, 0 when unknown."""',
            fix=f'Drop "optional" or give the parameter a default. {_MANUAL}',
        ),
        "C3-RETURNS-YIELDS": RuleDoc(
            why="A Returns section on a function that returns nothing (or Returns on a "
            "generator, Yields on a plain function) describes behaviour the code does not "
            "have; one stating a side effect (Adds ... to, Prints ...) or a template claims none.",
            example='def gen(n):\n    """Returns:\n        int: the numbers."""\n'
            "    yield from range(n)",
            fixed='def gen(n):\n    """Yields:\n        int: the numbers."""\n'
            "    yield from range(n)",
            fix=f"Rename the section (Returns <-> Yields) or remove it. {_AUTO}",
        ),
        "C3-RETURNS-WEAK": RuleDoc(
            why="C3-RETURNS-YIELDS's finding on a generator documented under Returns whose "
            "docstring already says it yields (or is a generator or an iterator), or whose "
            'Returns counts the items loosely ("sequence of", "one or more", "for each"): it is '
            "accurate and only the section's name is off (judged DEBATABLE in rounds 12-16, "
            "19, 22 and 37), or a coroutine documented with Yields in the generator-based "
            "asyncio style (round 36). "
            'Opt-in (session 14, issue 12): enable = ["C3-RETURNS-WEAK"] or '
            "--extend-select C3-RETURNS-WEAK.",
            example='def pairs(items):\n    """Get the pairs it yields.\n\n    Returns:\n'
            '        The pairs."""\n    yield from items',
            fixed='def pairs(items):\n    """Get the pairs it yields.\n\n    Yields:\n'
            '        The pairs."""\n    yield from items',
            fix=f"Rename the section (Returns <-> Yields) or remove it. {_MANUAL}",
        ),
        "C3-RAISES": RuleDoc(
            why="Callers write handlers for documented exceptions; one that nothing in the "
            "code can raise is dead handling and hides the real failure modes.",
            example='def empty(self) -> bool:\n    """Raises:\n        KeyError: never."""\n'
            "    return not self.lines",
            fixed='def empty(self) -> bool:\n    """Whether there are no lines."""\n'
            "    return not self.lines",
            fix=f"Remove the entry (or rename a misspelt exception). {_AUTO}",
        ),
        "C3-RAISES-GENERIC": RuleDoc(
            why="C3-RAISES's finding when the exception is a Python ValueError or TypeError: "
            "conversions, numpy operations, property getters and setters and C functions "
            "raise these without a raise statement the rule can see. Opt-in: on projects "
            "seen for the first time (rounds 0-14) 2 such findings in 14 were judged true: "
            'enable = ["C3-RAISES-GENERIC"] or --extend-select C3-RAISES-GENERIC.',
            example='def no_hits(self) -> bool:\n    """Raises:\n        ValueError: never."""\n'
            "    return not self.hits",
            fixed='def no_hits(self) -> bool:\n    """Whether nothing was hit."""\n'
            "    return not self.hits",
            fix=f"Remove the entry (or raise the exception where the text says). {_AUTO}",
        ),
        "DOC-PARAM-MISSING": RuleDoc(
            why="A parameter the docstring's Args section leaves out is undocumented API "
            "(completeness, not inconsistency; so the rule is opt-in: enable = "
            '["DOC-PARAM-MISSING"]).',
            example='def f(a, b):\n    """Args:\n        a: the first."""',
            fixed='def f(a, b):\n    """Args:\n        a: the first.\n        b: the second."""',
            fix=f"Document the parameter. {_MANUAL}",
        ),
    }
)
