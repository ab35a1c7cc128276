"""benchmarks/recall_reexports.py and recall_kinds.helper_renames: a helper rename is real drift.

Until session 37 a helper rename edited the helper's own file only: a package ``__init__``
re-exporting it kept ``from ._sophia import sophia``, and a second spelling of the name in the
file (``__call__ = evaluate``, a namesake import) kept the docstring's name resolving.  Now the
re-exports are renamed too (through a chain of packages), and a helper whose rename would leave
its old name spelt as code in its file is skipped when drawn.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

import recall_kinds as kinds  # noqa: E402
import recall_reexports as reexports  # noqa: E402

MODULE = '''\
def sophia(x):
    return x


def scale(x):
    """Scale as :func:`pkg.contrib.sophia` does."""
    return sophia(x)
'''
CONTRIB_INIT = """\
from pkg.contrib._sophia import sophia
from pkg.contrib._other import other

__all__ = ["sophia", "other"]
"""
TOP_INIT = """\
from .contrib import sophia as sophia_alias
from .contrib import sophia
"""
UNRELATED = """\
from elsewhere import sophia
"""


def _sources(**files: str) -> dict[str, kinds.Source]:
    return {path: kinds.Source(path, text) for path, text in files.items()}


def test_module_and_relative_import_names() -> None:
    assert reexports.module_name("pkg/contrib/__init__.py") == "pkg.contrib"
    assert reexports.module_name("pkg/contrib/_sophia.py") == "pkg.contrib._sophia"
    node = ast.parse("from ._sophia import sophia").body[0]
    assert isinstance(node, ast.ImportFrom)
    assert reexports.imported_from("pkg/contrib/__init__.py", node) == "pkg.contrib._sophia"
    assert reexports.imported_from("pkg/contrib/_dog.py", node) == "pkg.contrib._sophia"
    up = ast.parse("from ..contrib import sophia").body[0]
    assert isinstance(up, ast.ImportFrom)
    assert reexports.imported_from("pkg/tools/x.py", up) == "pkg.contrib"


def test_the_rename_reaches_the_reexports_and_their_importers() -> None:
    sources = _sources(
        **{
            "pkg/contrib/_sophia.py": MODULE,
            "pkg/contrib/__init__.py": CONTRIB_INIT,
            "pkg/__init__.py": TOP_INIT,
            "other/__init__.py": UNRELATED,
        }
    )
    edits = reexports.reexport_edits(sources, "pkg/contrib/_sophia.py", "sophia", "sph")
    assert edits is not None
    assert sorted(edits) == ["pkg/__init__.py", "pkg/contrib/__init__.py"]
    contrib = kinds.apply(CONTRIB_INIT, edits["pkg/contrib/__init__.py"])
    assert contrib == CONTRIB_INIT.replace("import sophia", "import sph").replace(
        '"sophia"', '"sph"'
    )
    top = kinds.apply(TOP_INIT, edits["pkg/__init__.py"])
    assert top == "from .contrib import sph as sophia_alias\nfrom .contrib import sph\n"


def test_an_alias_import_renames_the_imported_name_only() -> None:
    init = 'from ._sophia import sophia as engine\n\n__all__ = ["engine", "sophia_like"]\n'
    sources = _sources(**{"pkg/_sophia.py": MODULE, "pkg/__init__.py": init})
    edits = reexports.reexport_edits(sources, "pkg/_sophia.py", "sophia", "sph")
    assert edits is not None
    assert kinds.apply(init, edits["pkg/__init__.py"]) == init.replace(
        "import sophia as", "import sph as"
    )


def test_the_reexport_idiom_is_renamed_on_both_sides() -> None:
    init = "from ._sophia import sophia as sophia\n"
    sources = _sources(**{"pkg/_sophia.py": MODULE, "pkg/__init__.py": init})
    edits = reexports.reexport_edits(sources, "pkg/_sophia.py", "sophia", "sph")
    assert edits is not None
    assert kinds.apply(init, edits["pkg/__init__.py"]) == "from ._sophia import sph as sph\n"


def test_a_file_not_importing_from_the_module_is_left() -> None:
    sources = _sources(**{"pkg/_sophia.py": MODULE, "other/__init__.py": UNRELATED})
    assert reexports.reexport_edits(sources, "pkg/_sophia.py", "sophia", "sph") == {}


CLASS_ALIAS = '''\
class Kde:
    def evaluate(self, points):
        return points

    __call__ = evaluate

    def pdf(self, x):
        """Evaluate the density: an alias of `Kde.evaluate`."""
        return self.evaluate(x)
'''
CLASS_CLEAN = CLASS_ALIAS.replace("    __call__ = evaluate\n\n", "")
NAMESAKE = '''\
import gettext


def gettext_tree(directory):
    """Load translations from `gettext`'s tree."""
    return gettext.translation(directory)


class Locale:
    def gettext(self, message):
        return message
'''


def _helper_olds(text: str) -> set[str]:
    """The helpers a rename may be drawn for (the others stay candidates, marked not clean, so
    that the seeded shuffle keeps drawing the same mutations)."""
    return {m.old for m in kinds.helper_renames(kinds.Source("m.py", text)) if m.clean}


def test_a_helper_spelt_again_in_class_scope_is_not_drawn() -> None:
    assert "evaluate" not in _helper_olds(CLASS_ALIAS)
    # control: without the class-level alias the method is renamed as before
    assert "evaluate" in _helper_olds(CLASS_CLEAN)


def test_a_helper_spelt_like_an_import_is_not_drawn() -> None:
    assert "gettext" not in _helper_olds(NAMESAKE)
    assert "gettext" in _helper_olds(NAMESAKE.replace("import gettext\n", "import os\n"))


def test_a_local_name_spelt_like_a_method_does_not_hold_it() -> None:
    local = CLASS_CLEAN.replace(
        "        return points\n", "        evaluate = list(points)\n        return evaluate\n", 1
    )
    assert "evaluate" in _helper_olds(local)
