"""1-hop context through typed receivers (issue 13 point 4): the member a function calls or
reads through a typed parameter, a typed ``self`` field, a local from a project function, or
(Java) a field, is shown as that member's own block -- with the fields it uses -- and a
receiver whose type is written nowhere gets no guessed block."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from docref.context import FunctionContext, RelatedBlock, build_context
from docref.graph.project import ProjectGraph

STOCK = '''\
class Inventory:
    """Stock levels per SKU."""

    capacity: int = 100

    def __init__(self):
        self._levels: dict[str, int] = {}
        self._log = []

    def level(self, sku: str) -> int:
        """Units of ``sku`` on hand."""
        return self._levels.get(sku, 0)


class Repo:
    def save(self, row):
        self.rows.append(row)
        return len(self.rows)


def make_repo() -> Repo:
    return Repo()
'''

BILLING = '''\
from pathlib import Path
from typing import Optional

from app.stock import Inventory, Repo, make_repo


def available(stock: Inventory, sku):
    """Whether ``sku`` is in stock."""
    return stock.level(sku) > 0


def guessed(stock, sku):
    """An untyped parameter: its type is written nowhere."""
    return stock.level(sku)


def room(stock: Optional[Inventory], spare: "Inventory | None"):
    """Attribute reads through optional annotations."""
    return stock.capacity + spare.capacity


def read(path: Path):
    """An external type stays external."""
    return path.read_text()


def store(row):
    """A local assigned from a project function's return value."""
    repo = make_repo()
    return repo.save(row)


class Ledger:
    """A same-file class."""

    def post(self, amount):
        return amount


class Service:
    inv: Inventory

    def __init__(self, backup: Repo):
        self.repo = Repo()
        self.backup = backup
        self.ledger: Ledger = Ledger()

    def run(self, row, sku):
        """Saves twice and posts."""
        self.repo.save(row)
        self.backup.save(row)
        self.ledger.post(1)
        return self.inv.level(sku)


def book(ledger: Ledger):
    """A typed parameter of a same-file class."""
    return ledger.post(2)


_default = make_repo()


def flush(row):
    """A module-level variable assigned a project call."""
    return _default.save(row)
'''


@pytest.fixture(scope="module")
def graph(tmp_path_factory: pytest.TempPathFactory) -> ProjectGraph:
    root = tmp_path_factory.mktemp("recv") / "proj"
    (root / "app").mkdir(parents=True)
    (root / "app" / "__init__.py").write_text("")
    (root / "app" / "stock.py").write_text(STOCK)
    (root / "app" / "billing.py").write_text(BILLING)
    java = root / JAVA_DIR
    java.mkdir(parents=True)
    (java / "Converter.java").write_text(CONVERTER)
    (java / "Ledger.java").write_text(LEDGER)
    g = ProjectGraph(str(root), use_cache=False)
    g.index(workers=1)
    return g


CONVERTER = """\
package com.acme.fx;

import java.util.HashMap;
import java.util.Map;

/** Converts amounts between currencies. */
public class Converter {
    /** Exchange rates to euros, by ISO currency code. */
    private final Map<String, Double> rates = new HashMap<>();

    // a line comment is not Javadoc
    private int calls;

    private final Ledger ledger;

    public Converter(Ledger ledger) {
        this.ledger = ledger;
    }

    public double convert(String code, double amount) {
        calls++;
        double rate = rates.get(code);
        this.ledger.record(code, amount);
        return amount * rate;
    }

    public double settle(Ledger other, String code) {
        Map<String, Double> rates = new HashMap<>();
        other.record(code, rates.size());
        return ledger.total();
    }

    public double audit() {
        var fresh = new Ledger();
        fresh.record("EUR", 1);
        Ledger kept = fresh;
        return kept.total();
    }
}
"""

LEDGER = """\
package com.acme.fx;

import java.util.ArrayList;
import java.util.List;

/** A list of conversions. */
public class Ledger {
    /** Every recorded entry, oldest first. */
    private final List<String> entries = new ArrayList<>();
    private double sum;
    private int unused;

    /** Records one conversion. */
    public void record(String code, double amount) {
        entries.add(code);
        this.sum += amount;
    }

    public double total() {
        return sum;
    }
}
"""
JAVA_DIR = "src/main/java/com/acme/fx"


def _no_docs(language: str, qualified: str) -> tuple[str, str, str]:
    return f"doc of {qualified}", "method", "stub"


def blocks(ctx: FunctionContext) -> dict[str, RelatedBlock]:
    return {b.name: b for b in ctx.related}


def ctx_of(graph: ProjectGraph, qualname: str) -> dict[str, RelatedBlock]:
    return blocks(build_context(graph, "app/billing.py", qualname, external_lookup=_no_docs))


def java_ctx(graph: ProjectGraph, qualname: str) -> dict[str, RelatedBlock]:
    path = f"{JAVA_DIR}/Converter.java"
    return blocks(build_context(graph, path, qualname, external_lookup=_no_docs))


# ---------------------------------------------------------------- Python


def test_typed_parameter_call_gives_the_method_with_the_fields_it_uses(graph: ProjectGraph) -> None:
    level = ctx_of(graph, "available")["stock.level"]
    assert (level.origin, level.entity) == ("cross", "method")
    assert level.target == "app/stock.py::Inventory.level"
    lines = level.text.splitlines()
    assert lines[0] == "class Inventory:"
    # the field it reads, under the method that assigns it, then the method's own body
    assert "        self._levels: dict[str, int] = {}" in lines
    assert "return self._levels.get(sku, 0)" in level.text
    assert "_log" not in level.text  # a field it does not use
    assert level.text.index("_levels: dict") < level.text.index("def level")


def test_untyped_parameter_gives_no_guessed_block(graph: ProjectGraph) -> None:
    found = ctx_of(graph, "guessed")
    assert "stock.level" not in found
    assert not any(b.target.endswith("Inventory.level") for b in found.values())


def test_attribute_read_through_optional_annotations(graph: ProjectGraph) -> None:
    found = ctx_of(graph, "room")
    capacity = found["stock.capacity"]
    assert (capacity.origin, capacity.entity) == ("cross", "variable")
    assert capacity.text == "capacity: int = 100"
    assert "spare.capacity" not in found  # the same target: the first use keeps it


def test_external_type_stays_external(graph: ProjectGraph) -> None:
    read = ctx_of(graph, "read")["path.read_text"]
    assert read.origin == "external"
    assert read.target == "pathlib.Path.read_text"


def test_local_from_a_project_functions_return_type(graph: ProjectGraph) -> None:
    found = ctx_of(graph, "store")
    assert found["make_repo"].text.startswith("def make_repo() -> Repo:")
    save = found["repo.save"]
    assert (save.origin, save.entity) == ("cross", "method")
    assert save.target == "app/stock.py::Repo.save"
    assert "def save(self, row):" in save.text
    assert "return len(self.rows)" in save.text


def test_self_fields_assigned_or_annotated_in_the_class(graph: ProjectGraph) -> None:
    found = ctx_of(graph, "Service.run")
    # ``self.repo = Repo()`` in ``__init__``: the field's statement, then the method
    assert found["self.repo"].origin == "internal"
    assert found["self.repo"].text == "self.repo = Repo()"
    assert found["self.repo.save"].target == "app/stock.py::Repo.save"
    assert found["self.repo.save"].origin == "cross"
    # ``self.backup = backup`` with ``backup: Repo``: the same method, shown once
    assert found["self.backup"].text == "self.backup = backup"
    assert "self.backup.save" not in found
    # ``self.ledger: Ledger = Ledger()``, a class of the same file: an internal block
    post = found["self.ledger.post"]
    assert (post.origin, post.entity) == ("internal", "method")
    assert "return amount" in post.text
    # ``inv: Inventory`` declared in the class body
    assert found["self.inv"].text == "inv: Inventory"
    level = found["self.inv.level"]
    assert level.target == "app/stock.py::Inventory.level"
    assert "self._levels: dict[str, int] = {}" in level.text


def test_module_variable_receiver_gives_its_assignment_and_the_member(
    graph: ProjectGraph,
) -> None:
    found = ctx_of(graph, "flush")
    assert found["_default"].origin == "internal"
    assert found["_default"].text == "_default = make_repo()"
    save = found["_default.save"]
    assert (save.origin, save.target) == ("cross", "app/stock.py::Repo.save")


def test_typed_parameter_of_a_same_file_class_is_internal(graph: ProjectGraph) -> None:
    post = ctx_of(graph, "book")["ledger.post"]
    assert (post.origin, post.entity) == ("internal", "method")
    assert post.text.splitlines()[:2] == ["class Ledger:", "    def post(self, amount):"]


def test_cli_context_shows_the_member_block(graph: ProjectGraph) -> None:
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "docref",
            "context",
            "app/billing.py::available",
            "--root",
            ".",
            "--no-cache",
        ],
        cwd=graph.root,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert "--- cross method app/stock.py::Inventory.level" in proc.stdout
    assert "# stock.level #" in proc.stdout
    assert "return self._levels.get(sku, 0)" in proc.stdout


def test_untyped_receiver_in_a_tmp_project_is_unresolved_not_guessed(tmp_path: Path) -> None:
    (tmp_path / "m.py").write_text(
        "class A:\n    def go(self):\n        return 1\n\n\ndef f(a):\n    return a.go()\n"
    )
    g = ProjectGraph(str(tmp_path), use_cache=False)
    g.index(workers=1)
    ctx = build_context(g, "m.py", "f", external=False)
    assert ctx.related == []


def test_reference_scan_keeps_chains_of_typed_receivers_only(tmp_path: Path) -> None:
    (tmp_path / "m.py").write_text(
        "def f(a: int, b, c):\n"
        "    r = make()\n"
        "    items, n = [], 0\n"
        "    q: Queue = c\n"
        "    n += 1\n"
        "    return r.save(a.real, b.x, items.append, q.get, c.y)\n"
    )
    g = ProjectGraph(str(tmp_path), use_cache=False)
    g.index(workers=1)
    fn = g.get("m.py").functions[0]  # type: ignore[union-attr]
    # the body's first statement binds a local too
    assert fn.local_names[:3] == ["r", "items", "n"]
    names = {r.name for r in fn.references}
    assert {"r.save", "a.real", "q.get"} <= names  # annotated / assigned a call
    assert not names & {"b.x", "items.append", "c.y"}  # untyped: no chain kept


# ---------------------------------------------------------------- Java


def test_java_field_read_through_an_external_type(graph: ProjectGraph) -> None:
    found = java_ctx(graph, "Converter.convert")
    rates = found["rates"]
    assert (rates.origin, rates.entity) == ("internal", "variable")
    assert rates.target == f"{JAVA_DIR}/Converter.java::Converter.rates"
    # the declaration with its Javadoc
    assert rates.text.splitlines() == [
        "/** Exchange rates to euros, by ISO currency code. */",
        "private final Map<String, Double> rates = new HashMap<>();",
    ]
    # the JDK's method stays external
    get = found["rates.get"]
    assert (get.origin, get.target) == ("external", "java.util.Map.get")


def test_java_field_written_is_an_internal_block(graph: ProjectGraph) -> None:
    calls = java_ctx(graph, "Converter.convert")["calls"]
    assert (calls.origin, calls.entity) == ("internal", "variable")
    assert calls.text == "private int calls;"  # a line comment above is not Javadoc


def test_java_call_on_a_field_of_a_project_class(graph: ProjectGraph) -> None:
    found = java_ctx(graph, "Converter.convert")
    assert found["this.ledger"].text == "private final Ledger ledger;"
    record = found["this.ledger.record"]
    assert (record.origin, record.entity) == ("cross", "method")
    assert record.target == f"{JAVA_DIR}/Ledger.java::Ledger.record"
    lines = record.text.splitlines()
    assert lines[0] == "public class Ledger {"
    # the fields ``record`` uses, with their Javadoc, then its body
    assert "    /** Every recorded entry, oldest first. */" in lines
    assert "    private final List<String> entries = new ArrayList<>();" in lines
    assert "    private double sum;" in lines
    assert "unused" not in record.text
    assert "this.sum += amount;" in record.text


def test_java_typed_parameter_bare_field_and_shadowing_local(graph: ProjectGraph) -> None:
    found = java_ctx(graph, "Converter.settle")
    assert found["other.record"].target == f"{JAVA_DIR}/Ledger.java::Ledger.record"
    assert found["ledger"].text == "private final Ledger ledger;"
    total = found["ledger.total"]
    assert (total.origin, total.entity) == ("cross", "method")
    assert "return sum;" in total.text
    # ``rates`` is a local here: the field of the same name is not shown
    assert "rates" not in found
    assert not any(b.target.endswith("Converter.rates") for b in found.values())
    assert found["rates.size"].target == "java.util.Map.size"  # the local's declared type


def test_java_locals_declared_or_inferred_from_new(graph: ProjectGraph) -> None:
    found = java_ctx(graph, "Converter.audit")
    assert found["fresh.record"].target == f"{JAVA_DIR}/Ledger.java::Ledger.record"
    total = found["kept.total"]
    assert (total.origin, total.entity) == ("cross", "method")
    assert "return sum;" in total.text


def test_token_budget_still_bounds_the_receiver_blocks(graph: ProjectGraph) -> None:
    path = f"{JAVA_DIR}/Converter.java"
    full = build_context(graph, path, "Converter.convert", external_lookup=_no_docs)
    ctx = build_context(
        graph, path, "Converter.convert", token_budget=full.tokens // 2, external_lookup=_no_docs
    )
    assert ctx.tokens <= full.tokens // 2
    assert ctx.dropped and all("budget" in d.reason for d in ctx.dropped)
    kept, dropped = {b.name for b in ctx.related}, {d.name for d in ctx.dropped}
    assert kept | dropped == {b.name for b in full.related} and not kept & dropped


def test_module_qualified_annotation_and_optional_init_parameter(tmp_path: Path) -> None:
    (tmp_path / "app").mkdir()
    (tmp_path / "app" / "__init__.py").write_text("")
    (tmp_path / "app" / "stock.py").write_text(STOCK)
    (tmp_path / "app" / "use.py").write_text(
        "from app import stock\n\n\n"
        "def count(inv: stock.Inventory, sku):\n    return inv.level(sku)\n\n\n"
        "class Keeper:\n"
        "    def __init__(self, repo: 'stock.Repo | None' = None):\n"
        "        self.repo = repo\n\n"
        "    def keep(self, row):\n        return self.repo.save(row)\n\n\n"
        "class Fallback:\n"
        "    def __init__(self, repo=None):\n"
        "        self.repo = repo or stock.make_repo()\n\n"
        "    def keep(self, row):\n        return self.repo.save(row)\n"
    )
    g = ProjectGraph(str(tmp_path), use_cache=False)
    g.index(workers=1)
    level = blocks(build_context(g, "app/use.py", "count", external=False))["inv.level"]
    assert level.target == "app/stock.py::Inventory.level"
    found = blocks(build_context(g, "app/use.py", "Keeper.keep", external=False))
    assert found["self.repo"].text == "self.repo = repo"
    assert found["self.repo.save"].target == "app/stock.py::Repo.save"
    assert "return len(self.rows)" in found["self.repo.save"].text
    # an untyped parameter with a constructed default: the default's type
    found = blocks(build_context(g, "app/use.py", "Fallback.keep", external=False))
    assert found["self.repo.save"].target == "app/stock.py::Repo.save"
