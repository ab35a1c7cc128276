"""Static rules: the false-alarm patterns of precision round 11 (held-out projects:
transformers, textual, ...), each with a control of the same shape that stays reported."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from docref.checks.static.defaults import c2_default_mismatch
from docref.checks.static.names import c1_name_unresolved, c1_prose_name_elsewhere
from docref.checks.static.prose_returns import c2_prose_return_type
from docref.checks.static.returns_raises import c3_raises_unraised, c3_returns_vs_yields

from tests.static_helpers import rule_ids, run_rule

_PREFIX = '''
def split_kwargs(kwargs):
    return {{k[len("speech_") :]: v for k, v in kwargs.items() if k.startswith("speech_")}}


def other({mention}):
    return {mention}


class Model:
    def generate(self, input_ids=None, {param}=True, **kwargs):
        """Generate.

        Keyword arguments with a *text_* or *{mention}* prefix go to that sub-model.
        """
        return split_kwargs(kwargs), input_ids, {param}
'''


def _rules(tmp_path: Path, code: str, qualname: str) -> list[str]:
    # C1-PROSE-NAME-ELSEWHERE (opt-in): a name only other code of the file uses
    return rule_ids((c1_name_unresolved, c1_prose_name_elsewhere), tmp_path, code, qualname)


@pytest.mark.parametrize(
    ("param", "mention", "rules"),
    [
        # round 11 (transformers' seamless ``generate``): ``speech_`` is a keyword prefix
        ("generate_speech", "speech_", []),
        # control: a code-shaped name the parameter abbreviates word by word is its old name
        ("generate_speech", "gen_speech", ["C1-PROSE-NAME-ELSEWHERE"]),
    ],
)
def test_a_prefix_with_a_trailing_underscore_is_no_old_parameter_name(
    tmp_path: Path, param: str, mention: str, rules: list[str]
) -> None:
    code = _PREFIX.format(param=param, mention=mention)
    assert _rules(tmp_path, code, "Model.generate") == rules


_IMPORTED = '''
{header}


class Parser:
    def parse_dict(self, args, allow_extra_keys=False):
        """Alternative helper that does not use `argparse` at all, but a dict."""
        return args, allow_extra_keys

    def parse(self, argparse):
        return argparse
'''


@pytest.mark.parametrize(
    ("header", "rules"),
    [
        # round 11 (transformers' HfArgumentParser): the module the file imports from
        ("from argparse import ArgumentParser", []),
        # control: not imported, a name only other code of the file uses is the old name
        ("import os", ["C1-PROSE-NAME-ELSEWHERE"]),
    ],
)
def test_a_module_the_file_imports_is_no_old_parameter_name(
    tmp_path: Path, header: str, rules: list[str]
) -> None:
    code = _IMPORTED.format(header=header)
    assert _rules(tmp_path, code, "Parser.parse_dict") == rules


_PLACEHOLDER = '''
def get_mapping(model, key_mapping=None):
    """Each sub-module is marked seen to prevent `XForY` / `{mention}` pairs from applying twice."""
    return model, key_mapping
'''


@pytest.mark.parametrize(
    ("mention", "rules"),
    [
        # round 11 (transformers' conversion mapping): a CapWords placeholder pattern
        ("XModel", []),
        # control: a snake_case name one edit from the parameter is still reported
        ("xmodel", ["C1-NAME-UNRESOLVED"]),
    ],
)
def test_a_capwords_placeholder_is_no_old_parameter_name(
    tmp_path: Path, mention: str, rules: list[str]
) -> None:
    assert _rules(tmp_path, _PLACEHOLDER.format(mention=mention), "get_mapping") == rules


_PRIVATE_HELPER = '''
def {helper}(value):
    return value


def fuse(model):
    """Turn each block (the `batched_mm` experts implementation) into one fused node."""
    return {helper}(model)
'''


@pytest.mark.parametrize(
    ("helper", "rules"),
    [
        # round 11 (transformers' ONNX fusions): a public name against a private helper
        ("_batched_matmul", []),
        # control: the same helper public is the name's renamed twin
        ("batched_matmul", ["C1-PROSE-NAME-STALE"]),
    ],
)
def test_a_public_name_is_no_old_name_of_a_private_helper(
    tmp_path: Path, helper: str, rules: list[str]
) -> None:
    assert _rules(tmp_path, _PRIVATE_HELPER.format(helper=helper), "fuse") == rules


_KEY_PREFIX = '''
class Trainer:
    def train(self):
        return 1

    def log_metrics(self, split, metrics):
        """Log metrics.

        The first segment, e.g., `{mention}`, tells you which stage the metrics are for.
        """
        return split, metrics
'''


@pytest.mark.parametrize(
    ("mention", "rules"),
    [
        # round 11 (transformers' log_metrics): a metric-key prefix beside the method ``train``
        ("train__", []),
        # controls: a typo of the method is still named, and so is a fitted attribute (one
        # trailing underscore) that does not exist (round 1: scikit-learn's ``type_of_target_``)
        ("trian", ["C1-NAME-UNRESOLVED"]),
        ("train_", ["C1-NAME-UNRESOLVED"]),
    ],
)
def test_a_key_prefix_is_no_misspelt_name(tmp_path: Path, mention: str, rules: list[str]) -> None:
    assert _rules(tmp_path, _KEY_PREFIX.format(mention=mention), "Trainer.log_metrics") == rules


_FLAGS = '''
class Cache:
    @property
    def is_sliding(self) -> {annotation}:
        """Return whether the layers of the cache are sliding window layers."""
        return [layer.is_sliding for layer in self.layers]
'''


@pytest.mark.parametrize(
    ("annotation", "found"),
    [
        # round 11 (transformers' Cache): one flag per layer
        ("list[bool]", 0),
        ("dict[str, bool]", 0),
        # control: a string is no answer to "whether" (the collection case is
        # ``prose_returns.said_of_items``, which the gate helper landed beside this test)
        ("str", 1),
    ],
)
def test_whether_said_of_the_items_of_a_collection_of_booleans(
    tmp_path: Path, annotation: str, found: int
) -> None:
    code = _FLAGS.format(annotation=annotation)
    assert len(run_rule(c2_prose_return_type, tmp_path, code, "Cache.is_sliding")) == found


_SEGMENTS = '''
from typing import Iterable


def tint(segments) -> {annotation}:
    """Apply tint to segments.

    Args:
        segments: Incoming segments.

    Returns:
        {text}
    """
    for segment in segments:
        yield segment
'''


@pytest.mark.parametrize(
    ("annotation", "text", "found"),
    [
        # round 11 (textual): the entry describes the iterable the annotation declares
        ("Iterable[str]", "Segments with applied tint.", 0),
        # controls: a concrete container claimed, or no iterable declared
        ("Iterable[str]", "A list of segments with applied tint.", 1),
        ("object", "Segments with applied tint.", 1),
    ],
)
def test_a_generator_declared_iterable_documented_under_returns(
    tmp_path: Path, annotation: str, text: str, found: int
) -> None:
    code = _SEGMENTS.format(annotation=annotation, text=text)
    assert len(run_rule(c3_returns_vs_yields, tmp_path, code, "tint")) == found


_OVERLOADED = '''
from typing import TYPE_CHECKING, overload


class WrongType(Exception):
    pass


class Node:
    if TYPE_CHECKING:

        @overload
        def query_one(self, selector: str) -> "Node": ...

    def query_one(self, selector, expect_type=None):
        """Query."""
        node = self
        if expect_type is not None and not isinstance(node, expect_type):
            raise WrongType(selector)
        return node

    def query_one_optional(self, selector, expect_type=None):
        """Query, or None.

        Raises:
            {exc}: If the wrong type was found.
        """
        try:
            return self.query_one(selector, expect_type)
        except LookupError:
            return None
'''


@pytest.mark.parametrize(
    ("exc", "found"),
    [
        # round 11 (textual's query_one_optional): raised by the implementation after the stubs
        ("WrongType", 0),
        # control: an exception the implementation does not raise
        ("TimeoutError", 1),
    ],
)
def test_raised_by_a_callee_with_overload_stubs_before_it(
    tmp_path: Path, exc: str, found: int
) -> None:
    code = _OVERLOADED.format(exc=exc)
    assert len(run_rule(c3_raises_unraised, tmp_path, code, "Node.query_one_optional")) == found


_COLONLESS = '''
def load(size, dataset_name="wiki_dpr", dataset_split="train", index_name=None, index_path=None):
    """Load an index.

    Args:
        size (`int`): the dimension
        dataset_name (`str`, optional, defaults to `wiki_dpr`):
            A dataset identifier.
        dataset_split (`str`, optional, defaults to {split})
            Which split of the dataset to load.
        index_name (`str`, optional, defaults to `train`)
            The name of the index.
        index_path (`str`, optional, defaults to `None`)
            The path to the serialized index on disk.
    """
    return size, dataset_name, dataset_split, index_name, index_path
'''


@pytest.mark.parametrize(
    ("split", "found"),
    [
        # round 11 (transformers' CanonicalHFIndex): the colon-less entries are entries, so
        # ``index_path``'s ``None`` is no default of ``dataset_name``
        ("`train`", []),
        # control: a colon-less entry's own wrong default is read from its own text
        ('`"test"`', ["dataset_split"]),
    ],
)
def test_google_entries_without_the_colon(tmp_path: Path, split: str, found: list[str]) -> None:
    code = _COLONLESS.format(split=split)
    findings = run_rule(c2_default_mismatch, tmp_path, code, "load")
    named = [m[1] for f in findings if (m := re.search(r'for "(\w+)"', f.message))]
    assert named == found
