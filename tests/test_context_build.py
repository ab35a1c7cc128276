"""Tests for docref.context.build: 1-hop related information on a fixture project.

Each ReFEree released-code retrieval defect gets a test showing it is not copied.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.context import ContextError, FunctionContext, RelatedBlock, build_context
from docref.external.lookup import find_src_zip
from docref.graph.project import ProjectGraph

FIXTURE = Path(__file__).parent / "fixtures" / "ctxproj"
JAVA = "java/com/example/calc/Calculator.java"


def _no_docs(language: str, qualified: str) -> tuple[str, str, str]:
    """A stand-in external lookup: keeps budget tests independent of stdlib docstrings."""
    return f"doc of {qualified}", "function", "stub"


@pytest.fixture(scope="module")
def graph(tmp_path_factory: pytest.TempPathFactory) -> ProjectGraph:
    cache = tmp_path_factory.mktemp("ctx") / "cache"
    g = ProjectGraph(str(FIXTURE), cache_directory=str(cache))
    report = g.index(workers=1)
    assert report.skipped == []
    return g


def blocks(ctx: FunctionContext) -> dict[str, RelatedBlock]:
    by_name = {b.name: b for b in ctx.related}
    assert len(by_name) == len(ctx.related), "duplicate block names"
    return by_name


# ---------------------------------------------------------------- ReFEree defects not copied


def test_same_file_module_variable_is_included(graph: ProjectGraph) -> None:
    ctx = build_context(graph, "pkg/core.py", "check")
    limit = blocks(ctx)["LIMIT"]
    assert limit.origin == "internal"
    assert limit.entity == "variable"
    assert limit.text == "LIMIT = 10"
    assert limit.target == "pkg/core.py::LIMIT"
    assert limit.location() == "pkg/core.py:8"


def test_function_defined_below_target_is_found(graph: ProjectGraph) -> None:
    later = blocks(build_context(graph, "pkg/core.py", "check"))["later"]
    assert later.origin == "internal"
    assert later.entity == "function"
    assert later.text.startswith("def later(value):")
    assert "return value - 1" in later.text


def test_self_method_renders_only_that_method_under_class_header(graph: ProjectGraph) -> None:
    ctx = build_context(graph, "pkg/core.py", "Counter.bump")
    assert [b.name for b in ctx.related] == ["self.validate"]
    block = ctx.related[0]
    assert block.origin == "internal"
    assert block.entity == "method"
    assert block.target == "pkg/core.py::Counter.validate"
    assert block.text.splitlines()[0] == "class Counter:"
    assert "    def validate(self, amount):" in block.text
    assert "negative amount in validate body" in block.text
    for other in ("def bump", "def reset", "reset body marker", "start = 0"):
        assert other not in block.text


def test_inherited_method_through_self_is_followed_to_base_class_file(
    graph: ProjectGraph,
) -> None:
    block = blocks(build_context(graph, "pkg/derived.py", "BigWidget.double"))["self.grow"]
    assert block.origin == "cross"
    assert block.target == "pkg/models.py::Widget.grow"
    assert block.text.splitlines()[0] == "class Widget:"
    assert "def __init__" not in block.text


def test_names_from_two_project_files_each_keep_a_block(graph: ProjectGraph) -> None:
    found = blocks(build_context(graph, "pkg/core.py", "combine"))
    assert {name: b.origin for name, b in found.items()} == {
        "Widget": "cross",
        "widget.size": "cross",  # ``widget = Widget(value)``: the attribute it reads
        "scale": "cross",
        "RATE": "cross",
    }
    assert found["widget.size"].text == "self.size = size"
    assert found["Widget"].path == "pkg/models.py"
    assert found["scale"].path == "pkg/rates.py"
    assert found["scale"].uses == 2
    assert found["RATE"].text == "RATE = 3"


def test_relative_import_follows_package_semantics(graph: ProjectGraph) -> None:
    # other/util.py also defines ``helper``; ``from .util`` in pkg/sub must not pick it
    helper = blocks(build_context(graph, "pkg/sub/mod.py", "run"))["helper"]
    assert helper.origin == "cross"
    assert helper.path == "pkg/sub/util.py"
    assert helper.target == "pkg/sub/util.py::helper"
    assert "sub-helper" in helper.text
    assert "other-helper" not in helper.text


@pytest.mark.parametrize(
    ("path", "qualname", "name"),
    [("pkg/core.py", "joined", "os.path.join"), ("pkg/paths.py", "under", "os.path.join")],
    ids=["import-os", "import-os.path"],
)
def test_external_keeps_full_dotted_path(
    graph: ProjectGraph, path: str, qualname: str, name: str
) -> None:
    ctx = build_context(graph, path, qualname)
    block = blocks(ctx)[name]
    assert block.origin == "external"
    assert block.target == "os.path.join"
    assert "def join" in block.text
    assert "os.join" not in block.text
    assert block.path is None
    assert block.source  # where the documentation came from


# ---------------------------------------------------------------- rendering


def test_class_block_is_header_docstring_and_member_signatures(graph: ProjectGraph) -> None:
    widget = blocks(build_context(graph, "pkg/core.py", "combine"))["Widget"]
    assert widget.entity == "class"
    assert widget.text == (
        "class Widget:\n"
        '    """A thing with a size."""\n'
        "    def __init__(self, size): ...\n"
        "    def grow(self, by): ..."
    )


def test_block_render_is_referee_format(graph: ProjectGraph) -> None:
    ctx = build_context(graph, "pkg/core.py", "check")
    assert ctx.render_related().startswith("# LIMIT #\nLIMIT = 10\n# later #\ndef later")
    assert ctx.code.startswith("def check(value):")
    assert ctx.tokens == sum(b.tokens for b in ctx.related)


# ---------------------------------------------------------------- budget, flags, errors


def test_token_budget_drops_least_used_blocks_first(graph: ProjectGraph) -> None:
    full = build_context(graph, "pkg/core.py", "combine", token_budget=10_000)
    assert full.dropped == []
    assert full.tokens > 30

    ctx = build_context(graph, "pkg/core.py", "combine", token_budget=30)
    # ``scale`` and ``widget.size`` are used twice, the others once: they go first
    assert [b.name for b in ctx.related] == ["widget.size", "scale"]
    assert ctx.tokens <= 30
    assert {d.name for d in ctx.dropped} == {"Widget", "RATE"}
    for dropped in ctx.dropped:
        assert dropped.tokens > 0
        assert "budget" in dropped.reason
        assert dropped.to_json()["kind"] == "cross"


def test_tiny_budget_keeps_total_within_budget(graph: ProjectGraph) -> None:
    ctx = build_context(graph, JAVA, "Calculator.sum", token_budget=60, external_lookup=_no_docs)
    kept = [b.name for b in ctx.related]
    assert ctx.tokens <= 60
    assert ctx.dropped, "a 60-token budget should not hold every block"
    assert not set(kept) & {d.name for d in ctx.dropped}
    assert all(d.reason for d in ctx.dropped)


def test_external_false_gives_no_external_blocks(graph: ProjectGraph) -> None:
    ctx = build_context(graph, "pkg/core.py", "joined", external=False)
    assert ctx.related == []
    ctx = build_context(graph, JAVA, "Calculator.sum", external=False)
    assert ctx.related
    assert all(b.origin != "external" for b in ctx.related)


def test_unknown_qualname_suggests_close_names(graph: ProjectGraph) -> None:
    with pytest.raises(ContextError) as info:
        build_context(graph, "pkg/core.py", "Counter.bumpp")
    assert "Counter.bumpp" in str(info.value)
    assert info.value.suggestions[0] == "Counter.bump"
    with pytest.raises(ContextError) as info:
        build_context(graph, "pkg/core.py", "chek")
    assert "check" in info.value.suggestions


def test_unindexed_path_raises_context_error(graph: ProjectGraph) -> None:
    with pytest.raises(ContextError, match="not indexed"):
        build_context(graph, "pkg/missing.py", "f")


def test_absolute_path_is_accepted(graph: ProjectGraph) -> None:
    ctx = build_context(graph, str(FIXTURE / "pkg" / "core.py"), "check")
    assert ctx.path == "pkg/core.py"
    assert "LIMIT" in blocks(ctx)


# ---------------------------------------------------------------- Java


def test_java_field_call_this_call_and_external_type(graph: ProjectGraph) -> None:
    found = blocks(build_context(graph, JAVA, "Calculator.sum"))

    price = found["prices.priceOf"]
    assert price.origin == "cross"
    assert price.entity == "method"
    assert price.target == "java/com/example/calc/PriceTable.java::PriceTable.priceOf"
    assert price.text.splitlines()[0] == "public class PriceTable {"
    assert "public long priceOf(String code)" in price.text

    rounded = found["this.round"]
    assert rounded.origin == "internal"
    assert rounded.target == f"{JAVA}::Calculator.round"
    assert rounded.text.splitlines()[0] == "public class Calculator {"
    assert "Calculator(PriceTable prices)" not in rounded.text  # only that method

    if find_src_zip() is None:
        pytest.skip("no JDK src.zip: java.util.List cannot be documented")
    lst = found["List"]
    assert lst.origin == "external"
    assert lst.target == "java.util.List"
    assert "interface List" in lst.text


# ---------------------------------------------------------------- incremental


def test_update_of_callee_reaches_fresh_context(tmp_path: Path) -> None:
    root = tmp_path / "proj"
    (root / "pkg").mkdir(parents=True)
    (root / "pkg" / "__init__.py").write_text("")
    (root / "pkg" / "rates.py").write_text('def scale(x):\n    """Double."""\n    return x * 2\n')
    (root / "pkg" / "core.py").write_text(
        "from pkg.rates import scale\n\n\ndef f(v):\n    return scale(v)\n"
    )
    graph = ProjectGraph(str(root), cache_directory=str(tmp_path / "cache"))
    graph.index(workers=1)
    before = blocks(build_context(graph, "pkg/core.py", "f"))["scale"]
    assert "return x * 2" in before.text

    new_text = 'def scale(x, k=5):\n    """Multiply by k."""\n    return x * k\n'
    result = graph.update(str(root / "pkg" / "rates.py"), new_text)
    assert "scale" in result.changed
    assert ("pkg/core.py", "f") in result.dependents

    after = blocks(build_context(graph, "pkg/core.py", "f"))["scale"]
    assert after.text == new_text.rstrip("\n")
    assert "x * 2" not in after.text


def test_unresolved_lists_unknown_calls_but_not_builtins(tmp_path: Path) -> None:
    root = tmp_path / "ws"
    root.mkdir()
    (root / "m.py").write_text(
        "def f(items):\n    return len(items) + missing_helper(items) + int('3')\n"
    )
    graph = ProjectGraph(str(root), cache_directory=str(tmp_path / "cache"))
    graph.index(workers=1)
    ctx = build_context(graph, str(root / "m.py"), "f")
    assert ctx.unresolved == ["missing_helper"]
    assert ctx.related == []


# ---------------------------------------------------------------- the judged code

STRIP_CASES = {
    "own lines": (
        'def f(a):\n    """Return a.\n\n    More.\n    """\n    return a\n',
        "def f(a):\n    return a",
    ),
    "docstring only": ('def f(a):\n    """Do nothing."""\n', "def f(a):\n    ...\n"),
    "same line as the header": ('def f(a): """Return a."""; return a\n', "def f(a): ; return a"),
}


@pytest.mark.parametrize("case", sorted(STRIP_CASES))
def test_the_judged_code_leaves_out_the_functions_own_docstring(tmp_path: Path, case: str) -> None:
    source, expected = STRIP_CASES[case]
    (tmp_path / "m.py").write_text(source, encoding="utf-8")
    g = ProjectGraph(str(tmp_path), cache_directory=str(tmp_path / "cache"))
    g.index(workers=1)
    ctx = build_context(g, "m.py", "f", external=False)
    assert ctx.code.rstrip("\n") == expected.rstrip("\n")


def test_editing_one_sentence_leaves_the_judged_code_unchanged(tmp_path: Path) -> None:
    g = ProjectGraph(str(tmp_path), use_cache=False)
    path = tmp_path / "m.py"
    before = 'def f(a):\n    """Return a.\n\n    It is a.\n    """\n    return a\n'
    path.write_text(before, encoding="utf-8")
    g.index(workers=1)
    first = build_context(g, "m.py", "f", external=False).code
    g.update(str(path), before.replace("It is a.", "It is the argument."))
    assert build_context(g, "m.py", "f", external=False).code == first
