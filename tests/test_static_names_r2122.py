"""C1-NAME-UNRESOLVED, session 16 fixes from rounds 21/22 (tuned on those rounds), each
beside a control that stays reported."""

from __future__ import annotations

from pathlib import Path

from tests.static_helpers import project_findings


def _unresolved(tmp_path: Path, code: str) -> list[str]:
    """The names C1-NAME-UNRESOLVED flags in ``code`` (the default rules)."""
    findings = project_findings(tmp_path, {"m.py": code}, "m.py")
    return [f.message.split("`")[1] for f in findings if f.rule == "C1-NAME-UNRESOLVED"]


# ---- the singular of a collection attribute -----------------------------------------------

ELEMENT_OF_ATTRIBUTE = '''
class BlockParser:
    def __init__(self):
        self.blockprocessors = []
        self.inlinePatterns = []
        self.handlers = []

    def parseBlocks(self, parent, blocks):
        """Process blocks of text.

        Given a list of `blocks`, each `blockprocessor` is stepped through until
        there are no blocks left; each `handler` is told.

        Args:
            parent: The parent element.
            blocks: The blocks of text to parse.
        """
        for processor in self.blockprocessors:
            processor.run(parent, blocks)
        self.handlers.append(parent)

    def handle(self, data, patternIndex=0):
        """Process a string.

        Args:
            data: A line of text.
            patternIndex: The index of the `inlinePattern` to start with.
        """
        return self.inlinePatterns[patternIndex](data)
'''


def test_the_singular_of_a_collection_attribute_names_one_element(tmp_path: Path) -> None:
    # round 22 (markdown's BlockParser.parseBlocks, Treeprocessor.__handleInline)
    assert _unresolved(tmp_path, ELEMENT_OF_ATTRIBUTE) == []


def test_the_singular_of_a_renamed_parameter_stays_reported(tmp_path: Path) -> None:
    # control: a parameter renamed ``source_path`` -> ``source_paths`` while the prose kept
    # the old name is drift, in a method too (the class's attributes do not cover it)
    code = '''
class Loader:
    def __init__(self):
        self.cache = {}

    def load(self, source_paths):
        """Load the files.

        Args:
            source_paths: The files.

        The files come from `source_path`.
        """
        return [self.cache.get(p) for p in source_paths]
'''
    assert _unresolved(tmp_path, code) == ["source_path"]


def test_the_singular_of_a_method_stays_reported(tmp_path: Path) -> None:
    # control: a method's singular names no element of a collection
    code = '''
class Store:
    def values(self):
        return []

    def total(self):
        """Sum every `value` of the store."""
        return sum(self.values())
'''
    assert _unresolved(tmp_path, code) == ["value"]


def test_the_singular_of_an_attribute_the_function_does_not_read_stays_reported(
    tmp_path: Path,
) -> None:
    # control: the class has ``handlers`` but this method works on something else
    code = '''
class BlockParser:
    def __init__(self):
        self.handlers = []

    def parseBlocks(self, parent, blocks):
        """Process blocks of text.

        Given a list of `blocks`, each `handler` is told.

        Args:
            parent: The parent element.
            blocks: The blocks of text to parse.
        """
        parent.clear()
'''
    assert _unresolved(tmp_path, code) == ["handler"]
    # the same method reading ``self.handlers``: one element of it
    read = code.replace("parent.clear()", "for h in self.handlers:\n            h(parent)")
    assert _unresolved(tmp_path / "read", read) == []


# ---- numbered placeholders for the items of *args -----------------------------------------

VARARG_ITEMS = '''
def case_when(df, *args, values=None, column_name=None):
    """Create a column based on conditions.

    The variable `*args` takes arguments of the form
    `condition0`, `value0`, `condition1`, `value1`, ...
    If `condition0` evaluates to `True`, then assign `value0` to `column_name`.

    Args:
        df: A frame.
        *args: Conditions and values.
        values: The default.
        column_name: The column.
    """
    return df, args, values, column_name
'''


def test_numbered_words_in_a_function_taking_args_are_its_items(tmp_path: Path) -> None:
    # round 21 (pyjanitor's case_when)
    assert _unresolved(tmp_path, VARARG_ITEMS) == []


def test_numbered_words_without_args_stay_reported(tmp_path: Path) -> None:
    # control: no *args, so `value0` names nothing and is close to the parameter ``values``
    code = VARARG_ITEMS.replace("*args, ", "").replace("args, values", "values")
    assert _unresolved(tmp_path, code) == ["value0", "value1", "value0"]
