"""Round 91 (session 34, public): FALSE shapes of the first pass, each beside the control that
must stay reported -- pwntools' ``@LocalContext``, whose wrapper takes every keyword that is a
``ContextType`` property out of ``**kw`` (a computed key), so ``asm(..., arch="arm")`` and a
``**kwargs`` entry "Override any context values" document the call."""

from __future__ import annotations

from pathlib import Path

from tests.static_helpers import project_findings

_CONTEXT = """
import functools


class ContextType:
    @property
    def arch(self):
        return "i386"

    @property
    def bits(self):
        return 32

    def _private(self):
        return None


context = ContextType()


def LocalContext(function):
    @functools.wraps(function)
    def setter(*a, **kw):
        keys = [k for k in kw if isinstance(getattr(ContextType, k, None), property)]
        with context.local(**{k: kw.pop(k) for k in keys}):
            return function(*a, **kw)

    return setter


def Literal(function):
    @functools.wraps(function)
    def setter(*a, **kw):
        kw.pop("bits", None)
        return function(*a, **kw)

    return setter


def Forwarding(function):
    @functools.wraps(function)
    def setter(*a, **kw):
        return function(*a, **kw)

    return setter
"""

_ASM = '''
from pkg.context import Forwarding, Literal, LocalContext


@DECORATOR
def asm(shellcode, vma=0):
    """Assemble shellcode.

    Arguments:
        shellcode(str): Assembler code to assemble.
        vma(int): Virtual memory address of the beginning of assembly.
        ENTRY
    """
    return shellcode, vma
'''


def _unknown(tmp_path: Path, decorator: str, entry: str) -> list[str]:
    files = {
        "pkg/__init__.py": "",
        "pkg/context.py": _CONTEXT,
        "pkg/asm.py": _ASM.replace("DECORATOR", decorator).replace("ENTRY", entry),
    }
    found = project_findings(tmp_path, files, "pkg/asm.py")
    return [f.message for f in found if f.rule == "C1-PARAM-UNKNOWN"]


def test_kwargs_a_decorator_takes_by_a_computed_key_are_documented(tmp_path: Path) -> None:
    """pwntools' ``debug_assembly`` / ``asm``: "\\**kwargs: Override any context values" on a
    function whose ``@LocalContext`` wrapper pops the context keywords out of ``**kw``."""
    entry = r"\**kwargs: Override any context values."
    assert _unknown(tmp_path, "LocalContext", entry) == []
    assert _unknown(tmp_path, "LocalContext", "kwargs(dict): Any context attribute.") == []


def test_a_member_of_the_class_the_wrapper_tests_keys_against_is_a_keyword(
    tmp_path: Path,
) -> None:
    """pwntools' ``gdb.attach`` documents ``arch``, a ``ContextType`` property the wrapper takes."""
    assert _unknown(tmp_path, "LocalContext", "arch(str): Architecture of the target.") == []


def test_a_stale_entry_under_such_a_decorator_stays_reported(tmp_path: Path) -> None:
    """Controls: a renamed parameter (pwntools' ``unpack`` documenting ``number`` for ``data``,
    judged TRUE) is no member of the class; a private member is no keyword; a wrapper that
    forwards ``**kw`` whole, or pops a key written out, takes no keywords of its own."""
    assert _unknown(tmp_path, "LocalContext", "number(int): String to convert.") != []
    assert _unknown(tmp_path, "LocalContext", "_private: A private member.") != []
    entry = r"\**kwargs: Override any context values."
    assert _unknown(tmp_path, "Forwarding", entry) != []
    assert _unknown(tmp_path, "Literal", entry) != []
    assert _unknown(tmp_path, "Forwarding", "arch(str): Architecture of the target.") != []
