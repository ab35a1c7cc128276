"""benchmarks/recall_java_mutate.py and recall_java_kinds.py: each kind of Java recall mutation
edits the code the way a person does (every use renamed, returns converted, the exception
wrapped), leaves the stale Javadoc line as its target, keeps every line where it was, and its
control updates the Javadoc; shapes that would not compile or are not stale are not drawn."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

import recall_java_kinds as kinds  # noqa: E402
import recall_java_mutate as mutate  # noqa: E402

SOURCE = """\
package p;

import java.io.IOException;

public class Stock {
    private int count;

    /**
     * Adds units to the stock.
     *
     * @param count the units to add
     */
    public void add(int count) {
        this.count += count;
    }

    /**
     * Sets the ceiling; below {@code limit} nothing is reordered.
     */
    public void ceiling(int limit) {
        reorder(limit);
    }

    /**
     * Tells the state.
     *
     * @return true if the stock is empty
     */
    public boolean isEmpty() {
        return count == 0;
    }

    /**
     * Reorders, see {@link #reorder}.
     */
    public void refill() {
        reorder(count);
    }

    private void reorder(int n) {
    }

    /**
     * Loads the stock.
     *
     * @throws IOException if the file cannot be read
     * @throws IllegalArgumentException if the name is empty
     */
    public void load(String name) throws IOException {
        read(name);
    }
}
"""


def _file() -> mutate.JavaFile:
    return mutate.JavaFile("p/Stock.java", SOURCE.encode())


def _applied(m: mutate.Mutation, control: bool = False) -> list[str]:
    data = mutate.apply(SOURCE.encode(), m.edits + (m.doc_edits if control else []))
    assert data is not None
    lines = data.decode().split("\n")
    assert len(lines) == len(SOURCE.split("\n"))  # every Javadoc line stays where it was
    return lines


def _line(text: str) -> int:
    return next(i for i, line in enumerate(SOURCE.split("\n"), 1) if text in line)


def test_param_named_by_its_tag_is_renamed_in_signature_and_body_not_the_field() -> None:
    (m,) = [m for m in kinds.param_renames(_file()) if m.old == "count"]
    assert (m.where, m.new, m.qualname) == ("@param", "cnt", "Stock.add")
    assert m.target_lines == [_line("@param count")]
    lines = _applied(m)
    assert "public void add(int cnt) {" in lines[_line("void add") - 1]
    assert "this.count += cnt;" in lines[_line("this.count") - 1]  # the field keeps its name
    assert "@param count the units" in lines[_line("@param count") - 1]  # the Javadoc is stale
    assert "@param cnt the units" in _applied(m, control=True)[_line("@param count") - 1]


def test_param_named_only_in_prose_code_markup_is_its_own_where() -> None:
    (m,) = [m for m in kinds.param_renames(_file()) if m.old == "limit"]
    assert m.where == "prose" and m.target_lines == [_line("{@code limit}")]
    assert "reorder(limitValue);" in _applied(m)[_line("reorder(limit)") - 1]
    assert "{@code limitValue}" in _applied(m, control=True)[_line("{@code limit}") - 1]
    # a parameter no Javadoc line names is no mutation: nothing would be stale
    assert not [m for m in kinds.param_renames(_file()) if m.old == "name"]


def test_boolean_return_under_true_becomes_int_and_every_return_converts() -> None:
    (m,) = list(kinds.return_types(_file()))
    assert (m.strategy, m.where, m.qualname) == ("boolean->int", "@return", "Stock.isEmpty")
    lines = _applied(m)
    assert "public int isEmpty() {" in lines[_line("boolean isEmpty") - 1]
    assert "return (count == 0) ? 1 : 0;" in lines[_line("return count == 0") - 1]
    assert m.target_lines == [_line("@return true")]
    assert "@return 1 if the stock" in _applied(m, control=True)[_line("@return true") - 1]


def test_helper_linked_from_another_method_is_renamed_only_when_no_other_file_uses_it() -> None:
    (m,) = list(kinds.helper_renames(_file(), {"reorder": 1}))
    assert (m.old, m.new, m.qualname, m.where) == ("reorder", "reorderImpl", "Stock.refill", "link")
    lines = _applied(m)
    assert "private void reorderImpl(int n) {" in lines[_line("private void reorder") - 1]
    assert "reorderImpl(limit);" in lines[_line("reorder(limit)") - 1]
    assert "{@link #reorder}" in lines[_line("{@link #reorder}") - 1]
    assert "{@link #reorderImpl}" in _applied(m, control=True)[_line("{@link #reorder}") - 1]
    # another file calls it: renaming here alone would not compile
    assert not list(kinds.helper_renames(_file(), {"reorder": 2}))


def test_documented_checked_exception_is_dropped_and_wrapped_unchecked_one_is_not_drawn() -> None:
    (m,) = list(kinds.throws_drops(_file(), set()))
    assert (m.old, m.where, m.target_lines) == ("IOException", "wrapped", [_line("@throws IOE")])
    header = _applied(m)[_line("void load") - 1]
    assert "throws" not in header and "{ try {" in header
    closing = _applied(m)[_line("read(name);")]
    assert "} catch (IOException e) { throw new IllegalStateException(e); }" in closing
    fixed = _applied(m, control=True)[_line("@throws IOE") - 1]
    assert "@throws IllegalStateException if the file" in fixed


def test_apply_refuses_overlapping_edits_and_edits_that_move_a_line() -> None:
    data = b"ab\ncd\n"
    assert mutate.apply(data, [mutate.Edit(0, 2, "x")]) == b"x\ncd\n"
    assert mutate.apply(data, [mutate.Edit(0, 2, "x"), mutate.Edit(1, 3, "y")]) is None
    assert mutate.apply(data, [mutate.Edit(1, 4, "y")]) is None  # spans a newline
    assert mutate.apply(data, [mutate.Edit(0, 0, "a\n")]) is None
