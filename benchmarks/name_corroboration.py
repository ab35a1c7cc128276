"""Corroboration of the unresolved-name rules (issue 12, session 14): which second signal
separates the true C1-NAME-UNRESOLVED / C1-XREF-UNRESOLVED findings from the false ones.

Joins the findings of the last ``precision.py --set SET run`` of each set named to the judged
verdicts (``precision/judged-python.jsonl``, by ``finding_key``), computes candidate
signals for each judged finding from its message, its sentence and the project's sources,
and prints, per rule and per signal, how many TRUE / FALSE / DEBATABLE findings carry it and
the strict precision of the findings that do and of those that do not.  ``--rounds`` keeps
the verdicts of those rounds only (the design rounds, or the held-out round).

    python benchmarks/precision.py --set r16 run          # for each set, main's code
    python benchmarks/name_corroboration.py --sets r14 r15 r16 r16b ... --rounds 0-16 \
        [--json benchmarks/out/name_corroboration.json]

``corroborated`` is the mechanism's rule (``docref.checks.static.names_corroboration``) read
back from the message (for C1-NAME-UNRESOLVED the candidate measured, with ``close_slip``);
with ``--sets``, ``reported as`` gives the id docref reports each finding under now (run the
sets with ``--extend-select C1-XREF-UNCORROBORATED`` to see the opt-in side too).
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import re
import sys
from collections import defaultdict
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import recall_store
from docref.checks.static.names_corroboration import close_slip
from precision import CORPORA, DATA, OUT, finding_key, load_corpora, wilson

RULES = {
    "C1-NAME-UNRESOLVED": "C1-NAME-UNRESOLVED",
    "C1-XREF-UNRESOLVED": "C1-XREF-UNRESOLVED",
    # the opt-in id the uncorroborated shapes move to: joined to the rule they came from
    "C1-XREF-UNCORROBORATED": "C1-XREF-UNRESOLVED",
}
_MESSAGE = re.compile(
    r"^`(?P<target>[^`]+)` names nothing(?: in a versionadded note)?"
    r"(?:: (?P<kind>module|package|class|builtin) `(?P<owner>[^`]+)` has no "
    r"`(?P<missing>[^`]+)`| in scope)"
    r"(?:; did you mean `(?P<suggestion>[^`]+)`\?)?"
)


def _rounds(spec: str) -> set[int]:
    lo, _, hi = spec.partition("-")
    return set(range(int(lo), int(hi or lo) + 1))


def _function(tree: ast.AST, qualname: str) -> ast.AST | None:
    node: ast.AST | None = tree
    for part in qualname.split("."):
        found = None
        for child in ast.iter_child_nodes(node) if node is not None else ():
            is_def = isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
            if is_def and child.name == part:  # type: ignore[union-attr]
                found = child
        node = found
    return node


def _params(fn: ast.AST | None) -> list[str]:
    if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
        if isinstance(fn, ast.ClassDef):  # a class docstring speaks of its constructor
            init = next(
                (
                    c
                    for c in fn.body
                    if isinstance(c, ast.FunctionDef | ast.AsyncFunctionDef)
                    and c.name == "__init__"
                ),
                None,
            )
            return _params(init)
        return []
    a = fn.args
    names = [x.arg for x in (*a.posonlyargs, *a.args, *a.kwonlyargs)]
    names += [x.arg for x in (a.vararg, a.kwarg) if x is not None]
    return [n for n in names if n not in ("self", "cls")]


class Project:
    """The sources of one corpus, read once: its modules' files, docstrings and identifiers."""

    def __init__(self, root: str) -> None:
        self.root = root
        self.files: dict[str, str] = {}
        for base, dirs, files in os.walk(root):
            dirs[:] = [d for d in dirs if not d.startswith(".")]
            for name in files:
                if name.endswith(".py"):
                    path = os.path.join(base, name)
                    with open(path, encoding="utf-8", errors="replace") as fh:
                        self.files[os.path.relpath(path, root)] = fh.read()
        self.trees: dict[str, ast.AST | None] = {}
        self._counts: dict[str, int] = {}
        self._defined: dict[str, bool] = {}
        self.words: set[str] = set()
        for text in self.files.values():
            self.words.update(re.findall(r"\w+", text))

    def defines(self, name: str) -> bool:
        """Some file of the project defines ``name`` (a def, a class, a module-level name)."""
        if name not in self._defined:
            self._defined[name] = name in self.words and any(
                _defined(t, name) for t in self.files.values()
            )
        return self._defined[name]

    def tree(self, path: str) -> ast.AST | None:
        if path not in self.trees:
            try:
                self.trees[path] = ast.parse(self.files.get(path, ""))
            except SyntaxError:
                self.trees[path] = None
        return self.trees[path]

    def files_mentioning(self, word: str) -> int:
        """How many files of the project hold ``word`` as a whole word."""
        if word not in self._counts:
            pattern = re.compile(rf"(?<![\w.]){re.escape(word)}(?!\w)")
            self._counts[word] = (
                sum(1 for text in self.files.values() if pattern.search(text))
                if word in self.words
                else 0
            )
        return self._counts[word]


def _defined(text: str, name: str) -> bool:
    return (
        re.search(rf"(?:def|class)\s+{re.escape(name)}\b|^{re.escape(name)}\s*[:=]", text, re.M)
        is not None
    )


def _external(owner: str, project: Project | None) -> bool:
    """The owner module is not one of the project's (approximated by its top package having
    no folder or file in the corpus; unknown without the corpus: taken as the project's)."""
    if project is None:
        return False
    top = owner.split(".")[0]
    return not any(p.split("/")[0] in (top, top + ".py") for p in project.files)


def signals(f: dict[str, Any], project: Project | None) -> dict[str, Any]:
    """The candidate signals of one finding."""
    m = _MESSAGE.match(f["message"])
    target = m["target"] if m else ""
    owner, kind, suggestion = (
        (m["owner"] or "", m["kind"] or "", m["suggestion"]) if m else ("", "", None)
    )
    last = target.replace("#", ".").split(".")[-1]
    tree = project.tree(f["path"]) if project is not None else None
    fn = _function(tree, f["qualname"]) if tree is not None else None
    params = _params(fn)
    text = project.files.get(f["path"], "") if project is not None else ""
    sentence = f.get("segment_text", "")
    words = set(re.findall(r"\w+", sentence)) - {target, last}
    top = f["path"].split("/")[0]
    owner_top = owner.split(".")[0]
    head = target.split(".")[0]
    defined_elsewhere = False
    if project is not None and last:
        defined_elsewhere = project.defines(last)
    missing = m["missing"] if m and m["missing"] else target
    xref = f["rule"].startswith("C1-XREF")
    # the mechanism's rule (names_corroboration.corroborated) read back from the message: a
    # class lacking the member, a path from the project's own package, a did-you-mean; for
    # prose names the candidate measured (not landed): a did-you-mean that is a slip
    slip = suggestion is not None and close_slip(missing, suggestion)
    corroborated = (
        kind == "class"
        or (kind == "module" and owner_top == head and not _external(owner, project))
        or (suggestion is not None and (xref or slip))
    )
    return {
        "corroborated": corroborated,
        "slip": slip,
        # the did-you-mean is a def or class of the project, not a variable of the function
        "dym_def": bool(suggestion)
        and suggestion not in params
        and project is not None
        and project.defines(suggestion or ""),
        "target": target,
        "dotted": "." in target,
        "owner": kind or "",
        "project_owner": bool(owner) and (owner_top == top or kind == "class"),
        "external_owner": bool(owner) and not (owner_top == top or kind == "class"),
        "suggestion": suggestion or "",
        "did_you_mean": suggestion is not None,
        "dym_param": suggestion in params,
        "dym_in_file": bool(suggestion)
        and re.search(rf"\b{re.escape(suggestion or '')}\b", text) is not None,
        "sentence_param": bool(words & set(params)),
        "underscore": "_" in last.strip("_"),
        "camel": re.search(r"[a-z][A-Z]", last) is not None,
        "private": last.startswith("_"),
        "head_is_project": head == top,
        "defined_elsewhere": defined_elsewhere,
        "in_file_code": bool(last)
        and re.search(rf"(?<![`\w]){re.escape(last)}\(", text) is not None,
        "other_files": project.files_mentioning(last) if project is not None and last else -1,
    }


def _row(verdicts: list[str]) -> str:
    n = len(verdicts)
    t = verdicts.count("TRUE")
    if not n:
        return "-"
    lo, hi = wilson(t, n)
    return f"{t}/{n} = {100 * t / n:.0f}% [{100 * lo:.0f}, {100 * hi:.0f}]"


def _firing(sets: list[str]) -> dict[str, str]:
    """The key of every finding of the two rules (or their opt-in ids) in the last run of
    ``sets``, with the id docref reports it under now."""
    firing: dict[str, str] = {}
    for corpus_set in sets:
        for corpus in load_corpora(corpus_set):
            path = os.path.join(OUT, corpus["name"] + ".json")
            if corpus["lang"] != "python" or not os.path.exists(path):
                continue
            with open(path) as fh:
                for f in json.load(fh)["findings"]:
                    if f["rule"] in RULES:
                        # judged under the rule it came from: the key as first reported
                        key = finding_key(corpus["name"], {**f, "rule": RULES[f["rule"]]})
                        firing[key] = f["rule"]
    return firing


def recall_cost(path: str) -> dict[str, Any]:
    """Of a ``recall.py`` JSON's caught mutations, those C1-XREF-UNRESOLVED caught and no other
    rule did, and which of them keep a corroborated message (a did-you-mean, a class lacking
    the member, a path from the package it names): the rest only the opt-in id catches now.
    Read from the caught messages, which carry every signal the split reads."""
    mutations = recall_store.load(path)["mutations"]
    only, lost = [], []
    for m in mutations:
        if not m.get("caught") or set(m["caught_rules"]) != {"C1-XREF-UNRESOLVED"}:
            continue
        only.append(m)
        kept = False
        for message in m["caught_messages"]:
            rule, _, text = message.partition(": ")
            hit = _MESSAGE.match(text)
            if rule != "C1-XREF-UNRESOLVED" or hit is None:
                continue
            head = hit["target"].replace("#", ".").split(".")[0]
            owner_top = (hit["owner"] or "").split(".")[0]
            kept = kept or bool(
                hit["suggestion"]
                or hit["kind"] == "class"
                or (hit["kind"] == "module" and owner_top == head)
            )
        if not kept:
            lost.append(m)
    caught = sum(1 for m in mutations if m.get("caught"))
    print(
        f"\nrecall ({os.path.basename(path)}): {caught} caught mutations; "
        f"{len(only)} caught by C1-XREF-UNRESOLVED alone; {len(lost)} of them only by the "
        "demoted shapes:"
    )
    for m in lost:
        print(
            f"  {m['split']:<9} {m['project']:<14} {m['kind']:<13} {m['strategy']:<12} "
            f"{m['old']} -> {m['new']}"
        )
    return {
        "caught": caught,
        "xref_only": len(only),
        "lost": [
            {k: m[k] for k in ("split", "project", "kind", "strategy", "old", "new", "qualname")}
            for m in lost
        ],
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", default="0-16", help="verdict rounds kept (e.g. 0-16, 17)")
    ap.add_argument("--sets", nargs="*", default=[], help="sets whose last run says what fires")
    ap.add_argument("--firing", action="store_true", help="only the findings still firing")
    ap.add_argument("--json", default=os.path.join(OUT, "..", "name_corroboration.json"))
    ap.add_argument("--list", action="store_true", help="print every judged finding")
    ap.add_argument("--recall", help="a recall.py JSON: the caught mutations the split loses")
    args = ap.parse_args()
    rounds = _rounds(args.rounds)
    firing = _firing(args.sets)
    projects: dict[str, Project | None] = {}
    rows: list[dict[str, Any]] = []
    with open(os.path.join(DATA, "judged-python.jsonl")) as fh:
        judged = [json.loads(line) for line in fh]
    for row in judged:
        if row["rule"] not in RULES or row["round"] not in rounds:
            continue
        if args.firing and row["key"] not in firing:
            continue
        if row["corpus"] not in projects:
            root = os.path.join(CORPORA, row["corpus"])
            projects[row["corpus"]] = Project(root) if os.path.isdir(root) else None
        project = projects[row["corpus"]]
        f = {**row, "segment_text": row.get("sentence", "")}
        rows.append(
            {
                "key": row["key"],
                "corpus": row["corpus"],
                "round": row["round"],
                "rule": row["rule"],
                "reported_as": firing.get(row["key"], "-"),
                "verdict": row["verdict"],
                "reason": row["reason"],
                "message": row["message"],
                "source": project is not None,
                **signals(f, project),
            }
        )
    names = [k for k, v in rows[0].items() if isinstance(v, bool)] if rows else []
    for rule in RULES:
        mine = [r for r in rows if r["rule"] == rule]
        if not mine or rule != RULES[rule]:
            continue
        print(f"\n## {rule}: {_row([r['verdict'] for r in mine])} still firing and judged")
        print("| signal | with | without |\n|---|---|---|")
        for name in names:
            with_ = [r["verdict"] for r in mine if r[name]]
            without = [r["verdict"] for r in mine if not r[name]]
            print(f"| {name} | {_row(with_)} | {_row(without)} |")
        split = defaultdict(list)
        for r in mine:
            split[r["reported_as"]].append(r["verdict"])
        for reported, verdicts in sorted(split.items()):
            print(f"reported as {reported}: {_row(verdicts)}")
        if args.list:
            for r in sorted(mine, key=lambda r: (r["verdict"], r["corpus"])):
                flags = " ".join(n for n in names if r[n])
                print(
                    f"  {r['verdict'][0]} {r['reported_as'][3:7]} {r['corpus']:<14} "
                    f"files={r['other_files']:<3} {flags} | {r['message'][:100]}"
                )
    recall = recall_cost(args.recall) if args.recall else None
    os.makedirs(os.path.dirname(os.path.abspath(args.json)), exist_ok=True)
    with open(args.json, "w") as fh:
        out = {"sets": args.sets, "rounds": args.rounds, "rows": rows, "recall": recall}
        json.dump(out, fh, indent=1)
    print(f"\n{len(rows)} judged findings -> {args.json}")


if __name__ == "__main__":
    main()
