"""Round 88 (session 33, public): FALSE shapes of the first pass, each beside the control that
must stay reported -- pygeodesy's Epydoc ``C{negative}``, ``C{PyPy}``, ``C{pointP}`` read as
misspellings of the interned string constants ``_negative_ = 'negative'`` of its ``interns``
module (a word wrapped in underscores on both sides is the project's spelling of the word as a
value, not a name the prose misspelt)."""

from __future__ import annotations

from pathlib import Path

from tests.static_helpers import default_findings, project_findings

_INTERNS = """
_negative_ = 'negative'
_pointP_ = 'pointP'
"""

_MOD = '''
from pkg.interns import _pointP_


def negate(x):
    """Negate a number."""
    return -x


def _repr_mimebundle_(x):
    """A rich display of ``x``."""
    return {"text/plain": repr(x)}


def side_of(x, y):
    """Return a C{positive}, {word} or C{0} fraction for point C{(x, y)}.

    @arg x: X coordinate (C{float}).
    @arg y: Y coordinate (C{float}).
    """
    return (_pointP_, negate(x * y))
'''


def _unresolved(tmp_path: Path, word: str) -> list[str]:
    files = {
        "pkg/__init__.py": "",
        "pkg/interns.py": _INTERNS,
        "pkg/mod.py": _MOD.replace("{word}", word),
    }
    found = project_findings(tmp_path, files, "pkg/mod.py")
    return [f.message for f in found if f.rule == "C1-NAME-UNRESOLVED"]


def test_a_word_the_project_interns_as_a_constant_is_not_a_misspelling(tmp_path: Path) -> None:
    assert _unresolved(tmp_path, "C{negative}") == []
    assert _unresolved(tmp_path, "``negative``") == []


def test_a_field_name_interned_and_imported_is_not_a_misspelling(tmp_path: Path) -> None:
    assert _unresolved(tmp_path, "survey C{pointP}") == []


def test_a_misspelt_name_of_the_code_stays_reported(tmp_path: Path) -> None:
    """Controls: the function ``negate`` misspelt in the same sentence, and a private sunder
    function one letter off (sklearn's ``_repr_mimbundle_``, judged TRUE)."""
    assert _unresolved(tmp_path, "C{negatte}") != []
    assert _unresolved(tmp_path, "C{_repr_mimbundle_}") != []


_DEPTH = '''
def depth_socket(symbol: str, depth: str{default}):
    """Subscribe to the book depth stream.

    :param symbol: The symbol.
    :param depth: Number of price levels.{values}
    """
    return f"{symbol}@depth{depth}"
'''


def _prose_param(tmp_path: Path, default: str, values: str) -> list[str]:
    code = _DEPTH.replace("{default}", default).replace("{values}", values)
    found = default_findings(tmp_path, code)
    return [f.message for f in found if f.rule == "C2-PROSE-PARAM-TYPE"]


def test_a_count_the_code_takes_as_text_is_no_type_claim(tmp_path: Path) -> None:
    """python-binance's ``depth: str = "10"``, "Number of price levels. Valid values: "5",
    "10", "20"": the entry's quoted values, or the code's string default, say the count is
    written as text."""
    assert _prose_param(tmp_path, ' = "10"', "") == []
    assert _prose_param(tmp_path, "", ' Valid values: "5", "10", "20"') == []


def test_a_count_over_a_plain_string_parameter_stays_reported(tmp_path: Path) -> None:
    """Controls: no quoted value and no number in quotes as the default -- "Number of" on a
    ``str``."""
    assert _prose_param(tmp_path, "", "") != []
    assert _prose_param(tmp_path, " = ''", "") != []  # an empty string default says nothing
    assert _prose_param(tmp_path, " = None", " Valid values: 5, 10, 20") != []


_MENU = """
import pygame


class Menu:
    '''A menu.'''

    _window_size: tuple

    def get_size(self, inner=False):
        '''Return the menu size.'''
        return (0, 0) if inner else self._window_size

    def get_window_size(self):
        '''Return the window size.'''
        return self._window_size

    def resize(self, width, height, screen_dimension=None):
        '''Resize the menu to another width/height.

        :param width: Menu width (px)
        :param height: Menu height (px)
        :param screen_dimension: The dimensions the Menu references for sizing. This value
            defines the ``window_size`` of the Menu
        :return: Self reference
        '''
        if screen_dimension is not None:
            self._window_size = screen_dimension
        else:
            surface = pygame.display.get_surface()
            self._window_size = surface.get_size()
        window_width, window_height = self._window_size
        return self
"""


def _stale(tmp_path: Path, member: str) -> list[str]:
    found = default_findings(tmp_path, _MENU.replace("_window_size", member))
    return [f.message for f in found if f.rule == "C1-PROSE-NAME-STALE"]


def test_a_private_member_spelt_without_its_underscore_is_not_stale(tmp_path: Path) -> None:
    """pygame-menu's ``Menu.resize``: "This value defines the ``window_size`` of the Menu",
    the value the method stores in ``self._window_size``."""
    assert _stale(tmp_path, "_window_size") == []


def test_the_same_name_with_no_such_member_stays_reported(tmp_path: Path) -> None:
    """Control: the class keeps the size in ``_screen_size``; ``window_size`` is nothing."""
    assert _stale(tmp_path, "_screen_size") != []


_PROPERTY = '''
class Upload:
    """An upload."""

    def __init__(self, url):
        self._initial_url = url
        self._upload_url = None

    @property
    def intl_url(self):
        """The start endpoint."""
        return self._initial_url

    @property
    def upload_url(self):
        """The session URL. Unlike ``initial_url`` (the start endpoint) it changes."""
        return self._upload_url
'''


def test_a_renamed_property_with_its_private_backing_stays_reported(tmp_path: Path) -> None:
    """Control (recall's helper-rename of google-api-core's ``initial_url`` property): the
    private ``_initial_url`` backs the renamed property and ``upload_url`` never sets it."""
    found = default_findings(tmp_path, _PROPERTY)
    assert [f for f in found if f.rule == "C1-PROSE-NAME-STALE"] != []


_AUX = '''
class Aux:
    """Enum-style kinds."""

    PHI = 0
    BETA = 1
    THETA = 2
    MU = 3


def to_aux(value, auxout=Aux.PHI):
    """Convert to another auxiliary latitude.

    @arg value: The value.
    @arg auxout: Auxiliary kind (C{{member}}).
    """
    return value, auxout
'''


def _aux(tmp_path: Path, member: str, extra: str = "") -> list[str]:
    code = _AUX.replace("{member}", member).replace("    MU = 3\n", "    MU = 3\n" + extra)
    found = default_findings(tmp_path, code)
    return [f.message for f in found if f.rule == "C1-NAME-UNRESOLVED"]


def test_a_noun_after_an_enum_style_class_is_a_placeholder(tmp_path: Path) -> None:
    """pygeodesy's "(C{Aux.KIND})": any of the class's ALL_CAPS kinds."""
    assert _aux(tmp_path, "Aux.KIND") == []


def test_a_missing_constant_of_an_enum_style_class_stays_reported(tmp_path: Path) -> None:
    """Controls: a misspelt constant (``Aux.BETTA``), and the noun beside a member it begins
    (``KINDS``: the plural constant, so ``KIND`` is a slip)."""
    assert _aux(tmp_path, "Aux.BETTA") != []
    assert _aux(tmp_path, "Aux.KIND", extra="    KINDS = (0, 1, 2, 3)\n") != []
