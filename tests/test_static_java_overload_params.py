"""C1-PARAM-UNKNOWN on Java overloads (session 30): a ``@param`` is checked against the method
its Javadoc is attached to, not the union of the overloads (Python's ``@overload`` stubs share
one docstring; a Java overload has its own)."""

from __future__ import annotations

from pathlib import Path

from docref.checks.static.params import c1_param_unknown

from tests.static_helpers import static_input

_READER = """\
package p;

public class Reader {
    /**
     * Reads into part of the buffer.
     *
     * @param DOCUMENTED the target
     * @param offset where to start
     */
    public void read(byte[] NAME, int offset) {
        System.out.println(NAME.length + offset);
    }

    /**
     * Reads into the whole buffer.
     *
     * @param buffer the target
     */
    public void read(byte[] buffer) {
        System.out.println(buffer.length);
    }
}
"""


def _messages(tmp_path: Path, documented: str, name: str) -> list[str]:
    code = _READER.replace("DOCUMENTED", documented).replace("NAME", name)
    inp = static_input(tmp_path, code, "Reader.read", filename="p/Reader.java")
    return [f.message for f in c1_param_unknown(inp)]


def test_param_only_a_sibling_overload_has_is_reported(tmp_path: Path) -> None:
    # ``buffer`` renamed ``target`` in the first overload; the second still has a ``buffer``
    assert _messages(tmp_path, "buffer", "target") == [
        'documents parameter "buffer", but read() has no such parameter'
    ]


def test_each_overload_documenting_its_own_parameters_is_silent(tmp_path: Path) -> None:
    assert _messages(tmp_path, "target", "target") == []
