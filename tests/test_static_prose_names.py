"""C1-PROSE-NAME-STALE: a code-marked name in prose with one renamed twin in scope."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.names import RULE_WORD, c1_name_unresolved, c1_prose_name_word
from docref.checks.static.prose_names import RULE_STALE, stale_match

from tests.static_helpers import project_input, static_input


def _stale(tmp_path: Path, code: str, qualname: str = "f", **kw: str) -> list[tuple[str, str]]:
    inp = static_input(tmp_path, code, qualname, **kw)
    # the guess on an uncued Python word is the opt-in C1-PROSE-NAME-WORD (round 12a)
    both = c1_name_unresolved(inp) + c1_prose_name_word(inp)
    found = [f for f in both if f.rule in (RULE_STALE, RULE_WORD)]
    return [(inp.source[f.start : f.end], f.fix_hint or "") for f in found]


GOOGLE = '''
def f(include_hdr: bool) -> str:
    """Render the table.

    Args:
        include_hdr: Whether to add a header.

    Returns:
        The table, with a header first when `include_header` is set.
    """
    return ""
'''
NUMPY = '''
def f(strict_mode_flag: bool) -> str:
    """Render the table.

    Parameters
    ----------
    strict_mode_flag : bool
        Raise on errors.

    Notes
    -----
    With ``strict_mode`` on, a bad row raises.
    """
    return ""
'''
REST = '''
def f(txt: str) -> str:
    """Render the table.

    The value of *the_text* is escaped.  Quotes in `text` are doubled.

    :param txt: what to render
    """
    return txt
'''
HELPER = '''
def _read_rows(data):
    """Rows."""
    return data


def f(data: str) -> list[str]:
    """Split the table; `_parse_rows` does the work."""
    return _read_rows(data)
'''


@pytest.mark.parametrize(
    ("code", "sentence", "old", "new"),
    [
        (
            GOOGLE,
            "The table, with a header first when `include_header` is set.",
            "include_header",
            "include_hdr",
        ),
        (NUMPY, "With ``strict_mode`` on, a bad row raises.", "strict_mode", "strict_mode_flag"),
        (REST, "Quotes in `text` are doubled.", "text", "txt"),
        (HELPER, "Split the table; `_parse_rows` does the work.", "_parse_rows", "_read_rows"),
    ],
)
def test_renamed_name_in_prose_is_flagged(
    tmp_path: Path, code: str, sentence: str, old: str, new: str
) -> None:
    assert (sentence, f"rename `{old}` to `{new}` in this sentence") in _stale(tmp_path, code)


def test_emphasis_names_a_renamed_parameter(tmp_path: Path) -> None:
    code = '''
def f(include_hdr: bool) -> str:
    """Render the table; *include_header* adds a header.

    :param include_hdr: add a header
    """
    return ""
'''
    [(sentence, _)] = _stale(tmp_path / "a", code)
    assert sentence == "Render the table; *include_header* adds a header."
    # a sentence naming ``include_hdr`` itself means something else: stay silent
    code = code.replace("adds a header", "is not include_hdr")
    assert _stale(tmp_path / "b", code) == []


@pytest.mark.parametrize(
    "code",
    [
        # the name exists
        'def f(include_hdr):\n    """Use `include_hdr` to add it."""\n',
        # two parameters could be the rename: ambiguous
        'def f(include_hdr, include_head):\n    """Use ``include_header`` first."""\n',
        # English emphasis and plain words that are not close to any parameter
        'def f(data):\n    """This is *not* what `text` means."""\n',
        # a plain word is never matched by affix (``path`` in ``path_list``)
        'def f(path_list):\n    """Each `path` is read."""\n',
        # a public name one word away from a name in scope is often another library's name
        'def get_config():\n    """Unlike `set_config`, this reads."""\n',
        # *args in prose
        'def f(*args):\n    """Pass *args* on."""\n',
    ],
)
def test_consistent_or_ambiguous_name_is_silent(tmp_path: Path, code: str) -> None:
    qualname = "get_config" if "get_config" in code else "f"
    assert _stale(tmp_path, code, qualname) == []


JAVA = """\
package p;

public class C {
    /**
     * Reads the rows; MARK
     *
     * @param maxRowsLimit the limit
     * @return the rows
     */
    public int read(int maxRowsLimit) {
        return maxRowsLimit;
    }
}
"""


@pytest.mark.parametrize(
    ("mark", "flagged"),
    [
        ("{@code maxRows} caps them.", True),
        ("<code>maxRows</code> caps them.", True),
        ("{@code maxRowsLimit} caps them.", False),
        ("{@code null} is refused.", False),
    ],
)
def test_javadoc_code_markup(tmp_path: Path, mark: str, flagged: bool) -> None:
    code = JAVA.replace("MARK", mark)
    found = _stale(tmp_path, code, "C.read", filename="C.java")
    if flagged:
        hint = "rename `maxRows` to `maxRowsLimit` in this sentence"
        assert found == [(f"Reads the rows; {mark}", hint)]
    else:
        assert found == []


@pytest.mark.parametrize(
    ("name", "params", "scope", "plain", "match"),
    [
        ("include_header", ["include_hdr", "other"], [], False, "include_hdr"),
        ("strict_mode", ["strict_mode_flag"], [], False, "strict_mode_flag"),
        ("text", ["txt"], [], True, "txt"),
        ("maxRows", ["maxRowsLimit"], [], False, "maxRowsLimit"),
        ("_parse_rows", [], ["_read_rows", "_write_cols"], False, "_read_rows"),
        ("_parse_rows", [], ["_read_rows", "_parse_cols"], False, None),  # ambiguous
        ("parse_rows", [], ["read_rows"], False, None),  # public: other libraries' names
        ("text", ["text_size"], [], True, None),  # plain words: no affix
        ("hash_method", ["method"], [], False, None),  # a longer name describes more
        ("sample_weights", ["sample_weight"], [], False, None),  # English plural
        ("_load_rows", [], ["rows", "_read_rows"], False, "_read_rows"),  # a local is no rename
        ("URIs", ["uri"], [], True, None),  # English plural, any case
        ("gYear", ["year"], [], False, None),  # one edit that is a whole word
        ("schemLanguage", ["schemaLanguage"], [], False, "schemaLanguage"),  # a typo
        ("newnode", ["node"], [], False, None),  # ``node`` is a word of it, not its abbreviation
        ("_parse_see_also", [], ["_parse_see_also_section"], False, None),  # a relative
        ("_apply_rules", [], ["transform_rules"], False, None),  # public: another thing
        ("Patch", ["path"], [], True, None),  # round 8: a class name (CapWords), keras
        ("pathh", ["path"], [], False, "path"),  # control: the lower-case typo stays
        ("FlagValue", ["flag_values"], ["FlagValues"], True, "flag_values"),  # a class's typo
        # round 5's TRUE Java findings (lost in round 8): a long class name one edit away
        ("OutpuStream", ["outStream"], ["OutputStream"], True, "outStream"),
        ("Pathh", ["path"], ["Path"], True, None),  # control: a short one is another word
    ],
)
def test_stale_match(
    name: str, params: list[str], scope: list[str], plain: bool, match: str | None
) -> None:
    assert stale_match(name, params, scope, "", plain=plain) == match


def test_recall_probe_on_mutated_code(tmp_path: Path) -> None:
    """Realistic edits: the code changed, the docstring stayed; each stale sentence is found."""
    original = '''
def _load_rows(path):
    """Rows of the file."""
    return open(path).read().splitlines()


def summarize(path: str, skip_blank: bool = True) -> bool:
    """Summarize a file.

    Reads the rows with `_load_rows`; blank rows are dropped when ``skip_blank`` is set.

    Args:
        path: The file.
        skip_blank: Drop blank rows.

    Returns:
        True if the file has rows.
    """
    rows = [r for r in _load_rows(path) if r or not skip_blank]
    return bool(rows)
'''
    from docref.checks.static.prose_returns import c2_prose_return_type

    assert _stale(tmp_path / "a", original, "summarize") == []
    mutated = (
        original.replace("def _load_rows", "def _read_rows")
        .replace("in _load_rows(path)", "in _read_rows(path)")
        .replace("skip_blank: bool = True) -> bool", "skip_empty_lines: bool = True) -> int")
        .replace("skip_blank: Drop", "skip_empty_lines: Drop")
        .replace("or not skip_blank]", "or not skip_empty_lines]\n    return len(rows)")
    )
    inp = static_input(tmp_path / "b", mutated, "summarize")
    # ``skip_blank`` -> ``skip_empty_lines`` is more than a rename's shape: not claimed; the
    # helper is found by the typo did-you-mean already (C1-NAME-UNRESOLVED)
    [name] = c1_name_unresolved(inp)
    assert name.message.endswith("did you mean `_read_rows`?")
    assert inp.source[name.start : name.end] == (
        "Reads the rows with `_load_rows`; blank rows are dropped when ``skip_blank`` is set."
    )
    [ret] = c2_prose_return_type(inp)
    assert inp.source[ret.start : ret.end] == "True if the file has rows."


AGENT = """\
package p;

public class C {
    /**
     * Loads an agent.  MARK
     *
     * @param agent the agent
     */
    public void load(TYPE agent) {
    }
}
"""


@pytest.mark.parametrize(
    ("mark", "type_", "flagged"),
    [
        # round 6 (``VirtualMachine.loadAgent(String agent)``): the agent class's entry point
        # ``agentmain`` is a method the prose calls one, not the String parameter's old name
        ("It completes when the {@code agentmain} method completes.", "String", False),
        ("It fails if the {@code agentmain} throws an exception.", "String", False),
        # controls: a value in the sentence, or a parameter that can be called
        ("It fails if {@code agentmain} is empty.", "String", True),
        ("It fails if the {@code agentmain} throws an exception.", "Runnable", True),
    ],
)
def test_a_name_the_prose_calls_a_method_is_no_value_parameters_old_name(
    tmp_path: Path, mark: str, type_: str, flagged: bool
) -> None:
    code = AGENT.replace("MARK", mark).replace("TYPE", type_)
    found = _stale(tmp_path, code, "C.load", filename="C.java")
    assert len(found) == (1 if flagged else 0)


_PLURAL = '''
from typing import Any


class PrefectFuture:
    """A future."""


def f(expr: PrefectFuture | list) -> Any:
    """
    Given a Python built-in collection, recursively {mention} and build a
    new collection with the same structure with futures resolved to their final states.
    """
    return expr
'''


@pytest.mark.parametrize(
    ("mention", "rules"),
    [
        ("PrefectFutures", []),  # the English plural of the class in prose (round 10: prefect)
        ("PrefecFuture", ["C1-NAME-UNRESOLVED"]),  # control: a misspelt class is still named
    ],
)
def test_plural_of_a_class_in_prose_is_no_old_name(
    tmp_path: Path, mention: str, rules: list[str]
) -> None:
    inp = static_input(tmp_path, _PLURAL.format(mention=f"find `{mention}`"), "f")
    assert [f.rule for f in c1_name_unresolved(inp)] == rules


def test_a_plural_after_a_singular_article_is_still_stale(tmp_path: Path) -> None:
    # round 9 (mlflow): "Initializes an instance of `RunArtifacts`" for the class RunArtifact
    code = _PLURAL.format(mention="return an instance of `PrefectFutures`")
    inp = static_input(tmp_path, code, "f")
    # a CapWords word with no parameter cue: the opt-in rule's (round 12a)
    assert [f.rule for f in c1_name_unresolved(inp)] == []
    assert [f.rule for f in c1_prose_name_word(inp)] == ["C1-PROSE-NAME-WORD"]


_TYPO = """\
package p;

import java.sql.*;

public class C {
    /**
     * Sets the statement to the given {@code MARK} object.
     *
     * @param preparedStatement the statement
     */
    public void set(PreparedStatement preparedStatement) {
    }
}
"""


@pytest.mark.parametrize(
    ("mark", "flagged"),
    [
        # round 5 (``JdbcRowSetImpl.setPreparedStatement``): a typo of the type the method
        # takes, from a wildcard import
        ("PreparedStatemennt", True),
        ("PreparedStatement", False),  # control: the type itself
        ("CallableStatement", False),  # control: another class of the package, no typo
    ],
)
def test_a_typo_of_a_type_the_method_takes(tmp_path: Path, mark: str, flagged: bool) -> None:
    found = _stale(tmp_path, _TYPO.replace("MARK", mark), "C.set", filename="C.java")
    assert len(found) == (1 if flagged else 0)


_CRL = """\
package p;

public class X509CRLSelector {
    /**
     * Sets the complete set of issuer names which {@code MARK} may contain.
     *
     * @param names the names
     */
    public void setIssuers(String names) {
    }
}
"""


@pytest.mark.parametrize(
    ("mark", "flagged"),
    [
        # round 11 regression check on round 6's corpus (``X509CRLSelector``): the English
        # plural of the project class ``X509CRL`` is no old name of ``X509CRLSelector``
        ("X509CRLs", False),
        ("X509CRLSelectr", True),  # control: a typo of the selector itself stays reported
    ],
)
def test_the_plural_of_another_project_class(tmp_path: Path, mark: str, flagged: bool) -> None:
    files = {
        "p/X509CRL.java": "package p;\npublic abstract class X509CRL {}\n",
        "p/X509CRLSelector.java": _CRL.replace("MARK", mark),
    }
    inp = project_input(tmp_path, files, "p/X509CRLSelector.java", "X509CRLSelector.setIssuers")
    # the guess on an uncued Python word is the opt-in C1-PROSE-NAME-WORD (round 12a)
    both = c1_name_unresolved(inp) + c1_prose_name_word(inp)
    found = [f for f in both if f.rule in (RULE_STALE, RULE_WORD)]
    assert len(found) == (1 if flagged else 0)


PROVIDER = """\
package p;

import java.util.Set;

public interface Component {
    /**
     * When {@link java.lang.management.ManagementFactory#getPlatformMXBean(java.lang.Class)
     * ManagementFactory.getPlatformMXBean(CALLED)} is invoked, this instance matches only if
     * the name of the given {@code mxbeanInterface} is found in this list.
     */
    Set<String> names();

    Set<Class<?>> mbeanInterfaces();
}
"""


@pytest.mark.parametrize(
    ("called", "flagged"),
    [
        # round 5's loose end (``PlatformMBeanProvider``): the docstring shows the name as the
        # argument of another class's method, so it is that method's parameter, not the old
        # name of the member ``mbeanInterfaces``
        ("mxbeanInterface", False),
        ("intf, mxbeanInterface", False),
        # round 0 (``XMLGregorianCalendarImpl``): more calls among the arguments
        ("mxbeanInterface, Locale.getDefault()", False),
        # control: the call passes something else, so nothing defines the name
        ("intf", True),
    ],
)
def test_a_name_the_docstring_passes_to_another_method_is_its_parameter(
    tmp_path: Path, called: str, flagged: bool
) -> None:
    code = PROVIDER.replace("CALLED", called)
    found = _stale(tmp_path, code, "Component.names", filename="p/Component.java")
    assert [text.split()[-1] for text, _ in found] == (["list."] if flagged else [])


COMBO = """\
package p;

public class Chooser {
    private Object FIELD;

    /**
     * Constructs a new model for {@code DirectoryComboBox}.
     */
    protected DirectoryComboBoxModel createModel() {
        return null;
    }

    static class DirectoryComboBoxModel {}
}
"""


@pytest.mark.parametrize(
    ("field", "flagged"),
    [
        # round 0's ``MetalFileChooserUI.createDirectoryComboBoxModel``: the capitalised field
        # ``directoryComboBox`` names the combo box, not an old name of the model class
        ("directoryComboBox", False),
        # control: no field of that name, so the model class is still its twin
        ("comboBox", True),
    ],
)
def test_a_capitalised_field_is_no_old_name(tmp_path: Path, field: str, flagged: bool) -> None:
    code = COMBO.replace("FIELD", field)
    found = _stale(tmp_path, code, "Chooser.createModel", filename="p/Chooser.java")
    assert len(found) == (1 if flagged else 0)
