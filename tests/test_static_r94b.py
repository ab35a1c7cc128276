"""Round 94's FALSE shapes left by session 35 (session 36, f94b), each beside the controls that
must stay reported: the singular of a plural name the docstring itself marks as code, read as
that name's old spelling (C1-PROSE-NAME-STALE); a "Whether ..." summary whose description
quotes the strings the body returns (C2-PROSE-RETURN-TYPE)."""

from __future__ import annotations

from pathlib import Path

from tests.static_helpers import default_findings


def _findings(tmp_path: Path, code: str, rule: str) -> list[tuple[str, str]]:
    return sorted(
        (f.qualname, f.message.split(";")[0])
        for f in default_findings(tmp_path, code)
        if f.rule == rule
    )


_SINGULAR = '''
import numpy as np


class Analyzer:
    def __init__(self, templates, unit_channels, locations):
        self.templates = templates
        self.unit_channels = unit_channels
        self.locations = locations

    def main_channels(self):
        """
        Computes the `main_channel_indices` for an old analyzer.

        If there are no templates, we will take the "average" channel as the
        `main_channel_index`.
        """
        main_channel_indices = None
        if self.templates is not None:
            main_channel_indices = np.argmax(self.templates, axis=1)
            return main_channel_indices
        main_channel_indices = []
        for channels in self.unit_channels:
            average = np.average(self.locations[channels], axis=0)
            main_channel_indices.append(np.argmin(np.abs(self.locations - average)))
        return np.array(main_channel_indices)

    def main_channels_again(self):
        """
        Computes the main channels for an old analyzer.

        If there are no templates, we will take the "average" channel as the
        `main_channel_index`.
        """
        main_channel_indices = None
        if self.templates is not None:
            main_channel_indices = np.argmax(self.templates, axis=1)
            return main_channel_indices
        main_channel_indices = []
        for channels in self.unit_channels:
            average = np.average(self.locations[channels], axis=0)
            main_channel_indices.append(np.argmin(np.abs(self.locations - average)))
        return np.array(main_channel_indices)


def generate_unit_ids(old_unit_ids, new_unit_ids=None):
    """Generate unit ids.

    If `new_units_ids` are provided, it will return these unit ids.
    """
    return new_unit_ids if new_unit_ids is not None else list(old_unit_ids)
'''


def test_the_singular_of_a_plural_the_docstring_marks_names_one_item(tmp_path: Path) -> None:
    # round 94 (spikeinterface's ``_compute_main_channel_backwards_compatibility``): "the
    # `main_channel_index`" beside the marked `main_channel_indices` is the one taken per unit.
    # Controls that stay reported: the same singular where the docstring never marks the
    # plural (``main_channels_again``) and a spelling that is no singular of the parameter
    # (``new_units_ids`` for ``new_unit_ids``)
    found = _findings(tmp_path, _SINGULAR, "C1-PROSE-NAME-STALE")
    assert [name for name, _message in found] == [
        "Analyzer.main_channels_again",
        "generate_unit_ids",
    ]
    assert found[0][1] == "`main_channel_index` names nothing in scope"


_WHETHER = '''
from typing import Optional


class ShelfLifecycle:
    def __init__(self, gaps, label):
        self.gaps = gaps
        self.label = label

    @property
    def continuity(self) -> Optional[str]:
        """Whether shelf coverage has been continuous across re-registrations.

        ``'continuous'`` when each generation became effective before the prior
        one expired; ``'lapsed'`` when any generation became effective only after
        the prior one expired.  None when there is no effectiveness event.
        """
        if self.gaps is None:
            return None
        return "lapsed" if self.gaps else "continuous"

    @property
    def renewed(self) -> Optional[str]:
        """Whether the shelf was renewed."""
        if self.gaps is None:
            return None
        return self.label

    @property
    def lapsed(self) -> Optional[str]:
        """Whether the shelf lapsed.

        ``'lapsed'`` when any generation became effective too late.
        """
        if self.gaps is None:
            return None
        return self.label
'''


def test_a_whether_summary_answered_by_the_quoted_strings_returned(tmp_path: Path) -> None:
    # round 94 (edgartools' ``ShelfLifecycle.continuity``): the description quotes the values
    # the body returns.  Controls that stay reported: a "Whether ..." over a label read from
    # elsewhere, documented by no value (``renewed``), and one quoting a value the body never
    # returns (``lapsed``: it returns the label)
    found = _findings(tmp_path, _WHETHER, "C2-PROSE-RETURN-TYPE")
    assert [name for name, _message in found] == ["ShelfLifecycle.lapsed", "ShelfLifecycle.renewed"]
