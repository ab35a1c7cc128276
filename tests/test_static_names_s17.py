"""C1 name rules, session 17 (issue 12, still-firing false alarms of rounds 13-22): names a
static reader can tell from a stale local through a general mechanism, each beside a
consistent control that stays reported."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.static_helpers import project_findings


def _found(tmp_path: Path, code: str) -> list[tuple[str, str]]:
    """(rule, flagged text) of the default rules' findings on ``code`` (one file ``m.py``)."""
    findings = project_findings(tmp_path, {"m.py": code}, "m.py")
    source = (tmp_path / "proj" / "m.py").read_text(encoding="utf-8")
    return [(f.rule, source[f.start : f.end]) for f in findings]


# a two-word name whose first word is swapped, beside a name the code uses: a sibling of the
# same kind (round 22: trl's `vllm_config` beside `peft_config`, wagtail's `ClusterForm`
# beside `BaseForm`, trl's `num_logprobs` beside `extract_logprobs`), unless the twin is a
# function the code calls (a verb swapped: the s15 probe's `findStock` for `lookupStock`)
USED_SIBLING = '''
from django.forms import BaseForm


def extract_logprobs(outputs):
    """The logprobs of ``outputs``."""
    return outputs


def validate_lora(model):
    """The LoRA config of ``model``."""
    return model


def lookup_stock(sku):
    """The stock of ``sku``."""
    return 0


def f(server_info, model, form_class: type[BaseForm]):
    """Select the adapter.

    Args:
        server_info: The server's resolved {old}, as the server returns it.
        model: The model.
        form_class: The form.
    """
    peft_config = validate_lora(model)
    return extract_logprobs(server_info), peft_config.r, form_class, lookup_stock(server_info)
'''


@pytest.mark.parametrize("old", ["`vllm_config`", "``ClusterForm``", "`num_logprobs`"])
def test_a_first_word_swapped_beside_a_used_name_is_a_sibling(tmp_path: Path, old: str) -> None:
    assert _found(tmp_path, USED_SIBLING.format(old=old)) == []


@pytest.mark.parametrize(
    ("old", "twin"),
    [
        ("`find_stock`", "lookup_stock"),  # a called function's verb swapped: a rename
        ("`peft_settings`", "peft_config"),  # the head word swapped (a synonym, kept first)
        ("`extract_scores`", "extract_logprobs"),  # the head word swapped
    ],
)
def test_a_renamed_used_name_stays_reported(tmp_path: Path, old: str, twin: str) -> None:
    found = _found(tmp_path, USED_SIBLING.format(old=old))
    assert [rule for rule, _ in found] == ["C1-PROSE-NAME-STALE"], found
    assert old in found[0][1]


# a mixin's members come from the classes it is mixed into (round 22: wagtail's
# ``CollectionPermissionLookupMixin`` documents ``self._get_permission_name``, which every
# policy using it inherits from its other base)
MIXIN = '''
class {cls}:
    """Permission checks.{own}"""

    def _check_perm(self, user, actions):
        """Check the permission.

        Equivalent to user.has_perm(self._get_permission_name(action)) on all listed actions.
        """
        return [self.auth_model for a in actions if user]
'''
OWN = """

    def _get_permission_names(self, action):
        return [action]
"""


def test_a_member_a_mixin_takes_from_its_host(tmp_path: Path) -> None:
    assert _found(tmp_path, MIXIN.format(cls="LookupMixin", own="")) == []


@pytest.mark.parametrize(
    ("cls", "own"),
    [("Lookup", ""), ("LookupMixin", OWN)],  # no mixin; a mixin's own member misspelt
)
def test_a_missing_member_of_a_class_stays_reported(tmp_path: Path, cls: str, own: str) -> None:
    code = MIXIN.format(cls=cls, own="").replace('"""Permission checks."""', '"""Checks."""' + own)
    assert [rule for rule, _ in _found(tmp_path, code)] == ["C1-NAME-UNRESOLVED"]


# a count prefix on a collection in scope names how many it holds (round 16:
# tensorflow-probability's "a distribution over `nlabels` outcomes" beside ``labels``)
COUNT = '''
def brier(labels, logits):
    """Decompose the Brier score.

    For a distribution p over {old} outcomes, the score is a sum over the labels.

    Args:
        labels: The labels.
        logits: The logits.
    """
    return labels, logits
'''


@pytest.mark.parametrize("old", ["`nlabels`", "``num_labels``", "`n_labels`"])
def test_a_count_of_a_collection_in_scope_is_no_typo(tmp_path: Path, old: str) -> None:
    assert _found(tmp_path, COUNT.format(old=old)) == []


def test_a_typo_of_a_collection_stays_reported(tmp_path: Path) -> None:
    found = _found(tmp_path, COUNT.format(old="`lables`"))
    assert [rule for rule, _ in found] == ["C1-NAME-UNRESOLVED"]


# a dotted name the sentence calls a tag, key or setting is a string identifier (round 9:
# mlflow's "the ``mlflow.prompt.is_prompt`` tag"; round 19: pandas' "name the keys with the
# name of the library ..., e.g, ``pandas.indexcol``")
KEYS = '''
import mylib


def f(entity):
    """Classify the entity.

    {sentence}

    Args:
        entity: The entity.
    """
    return mylib.dumps(entity)
'''


def _found_in_package(tmp_path: Path, sentence: str) -> list[str]:
    files = {
        "mylib/__init__.py": "def dumps(x):\n    return x\n",
        "use.py": KEYS.format(sentence=sentence),
    }
    return [f.rule for f in project_findings(tmp_path, files, "use.py")]


@pytest.mark.parametrize(
    "sentence",
    [
        "Reads the ``mylib.is_prompt`` tag from the persisted entity.",
        "Name the keys after the library and a period, e.g, ``mylib.indexcol``.",
        "Set the ``mylib.indent_width`` config key first.",
    ],
)
def test_a_dotted_name_the_sentence_calls_a_key_is_a_string(tmp_path: Path, sentence: str) -> None:
    assert _found_in_package(tmp_path, sentence) == []


@pytest.mark.parametrize(
    "sentence",
    [
        "Reads the ``mylib.is_prompt`` output from the persisted entity.",  # no tag
        "Name the outputs after the library, e.g, ``mylib.indexcol``.",  # no key in the sentence
        "Reads the ``mylib.is_prompt`` setting first.",  # a setting: as often an attribute
    ],
)
def test_a_missing_module_member_stays_reported(tmp_path: Path, sentence: str) -> None:
    assert _found_in_package(tmp_path, sentence) == ["C1-NAME-UNRESOLVED"]


# a parameter of the callable a doc-builder Markdown link of the sentence names (round 22:
# trl's "the request [`~trl...VLLMClient.get_sequence_logprobs`] issues ... truncates each
# position back to exactly `top_logprobs` entries", beside this method's ``topk_logprobs``)
CLIENT = """
class Client:
    def get_logprobs(self, sequences, top_logprobs=100):
        return sequences[:top_logprobs]
"""
SCORE = '''
def score(sequences, topk_logprobs):
    """Score the sequences.

    This is the request {link} issues; the response is parsed here because that client
    truncates each position back to exactly `{name}` entries.

    Args:
        sequences: The sequences.
        topk_logprobs: How many logprobs to keep.
    """
    return sequences[:topk_logprobs]
'''


def _score_rules(tmp_path: Path, link: str, name: str) -> list[str]:
    files = {"client.py": CLIENT, "use.py": SCORE.format(link=link, name=name)}
    return [f.rule for f in project_findings(tmp_path, files, "use.py")]


def test_a_parameter_of_a_markdown_linked_callable(tmp_path: Path) -> None:
    assert _score_rules(tmp_path, "[`~client.Client.get_logprobs`]", "top_logprobs") == []


def test_a_name_no_linked_callable_takes_stays_reported(tmp_path: Path) -> None:
    # no parameter of the linked one (and no code of the project uses the name)
    link = "[`~client.Client.get_logprobs`]"
    assert _score_rules(tmp_path, link, "topk_logprob") == ["C1-NAME-UNRESOLVED"]


def test_without_the_link_the_other_files_parameter_is_demoted(tmp_path: Path) -> None:
    # session 18: ``top_logprobs`` is still code of the project (client.py's parameter), so
    # without the link the finding is the opt-in C1-PROSE-NAME-ELSEWHERE's, not reported
    assert _score_rules(tmp_path, "the client sends", "top_logprobs") == []


# the placeholders of a format template the docstring writes in a code span (round 21: metpy's
# "of the form `f'{module_name}{comparison_operator}{version_number}'` where
# `comparison_operator` must be one of ...", beside a constant ``comparison_operators``; the
# sentence names the operators, not the constant: a plural named beside its singular is
# session 19's one element of that collection)
TEMPLATE = '''
comparison_operators = ("==", "<", ">")


def version_check(version_spec):
    """Compare the module's version.

    Args:
        version_spec: The specification, of the form {form} where `comparison_operator`
            must be one of ``==``, ``<`` or ``>``.
    """
    return version_spec in comparison_operators
'''


def test_a_placeholder_of_a_template_in_a_code_span(tmp_path: Path) -> None:
    form = "`f'{module_name}{comparison_operator}{version_number}'`"
    assert _found(tmp_path, TEMPLATE.replace("{form}", form)) == []


def test_a_name_no_template_defines_stays_reported(tmp_path: Path) -> None:
    form = "`f'{module_name}{operator}{version_number}'`"  # another placeholder
    found = _found(tmp_path, TEMPLATE.replace("{form}", form))
    assert [rule for rule, _ in found] == ["C1-NAME-UNRESOLVED"]


# the singulars of several plural parameters named together are one item of each (round 15:
# napari's "every combination of `svg_path`, `color`, and `opacity`")
ITEMS = '''
def generate(svg_paths, colors, labels_true=None, labels_pred=None):
    """Generate icons.

    {sentence}

    Args:
        svg_paths: The paths.
        colors: The colors.
        labels_true: The true labels.
        labels_pred: The predicted labels.
    """
    return svg_paths, colors, labels_true, labels_pred
'''


def test_the_singulars_of_several_plural_parameters(tmp_path: Path) -> None:
    sentence = "Yields the icon for every combination of `svg_path` and `color` given."
    assert _found(tmp_path, ITEMS.format(sentence=sentence)) == []


@pytest.mark.parametrize(
    ("sentence", "count"),
    [
        ("Yields the icon for `svg_path` given.", 1),  # one singular alone
        # sklearn's TRUE ``label_true`` (round 0): a word inside the name changed, no plural
        ("Switching ``label_true`` with ``label_pred`` gives the same score.", 2),
    ],
)
def test_a_singular_named_alone_stays_reported(tmp_path: Path, sentence: str, count: int) -> None:
    found = _found(tmp_path, ITEMS.format(sentence=sentence))
    assert len(found) == count and all(rule.startswith("C1-") for rule, _ in found), found


# the entry's own name capitalised as the first word of its description (round 16:
# tensorflow-probability's "dtype: `Dtype` of this basis", beside a class ``DType``)
BASIS = '''
class DType:
    """A dtype."""


def basis(event_shape, dtype):
    """A basis.

    Args:
        event_shape: The shape{shape}.
        dtype: {dtype}
    """
    return event_shape, dtype
'''


def test_the_entry_name_capitalised(tmp_path: Path) -> None:
    assert _found(tmp_path, BASIS.format(shape="", dtype="`Dtype` of this basis.")) == []


def test_a_case_slip_in_another_entry_stays_reported(tmp_path: Path) -> None:
    code = BASIS.format(shape=", of `Dtype` elements", dtype="The dtype.")
    assert [rule for rule, _ in _found(tmp_path, code)] == ["C1-NAME-UNRESOLVED"]


# a long dotted path the project spells whole as a string elsewhere is a key read by name
# (round 21: distributed's "Only populated if ``distributed.diagnostics.computations.nframes``
# is non-zero", a dask config key client.py reads)
SPANS = '''
import pkg


def code(span):
    """The code of the span.

    Only populated if ``pkg.diagnostics.computations.nframes`` is non-zero.
    """
    return pkg, span
'''


@pytest.mark.parametrize(("key", "reported"), [("computations.nframes", False), ("other", True)])
def test_a_dotted_key_the_project_spells_as_a_string(
    tmp_path: Path, key: str, reported: bool
) -> None:
    files = {
        "pkg/__init__.py": "",
        "pkg/diagnostics/__init__.py": "",
        "pkg/client.py": f'def nframes(config):\n    return config.get("pkg.diagnostics.{key}")\n',
        "pkg/spans.py": SPANS,
    }
    rules = [f.rule for f in project_findings(tmp_path, files, "pkg/spans.py")]
    assert rules == (["C1-NAME-UNRESOLVED"] if reported else [])


# an attribute of the instance before a key noun is still the code's (gensim's TRUE "Operation
# is based on the ``self.sparse_serialize`` setting", ``self.sparse_serialization`` in code)
SETTING = '''
class Corpus:
    """A corpus."""

    def __init__(self):
        self.sparse_serialization = True

    def load(self):
        """Load a shard.

        Operation is based on the ``self.sparse_serialize`` {noun}.
        """
        return self.sparse_serialization
'''


@pytest.mark.parametrize("noun", ["setting", "key", "tag"])
def test_an_attribute_before_a_key_noun_stays_reported(tmp_path: Path, noun: str) -> None:
    found = _found(tmp_path, SETTING.format(noun=noun))
    assert [rule for rule, _ in found] == ["C1-NAME-UNRESOLVED"]
