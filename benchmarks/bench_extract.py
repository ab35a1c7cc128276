"""CPU time of Python extraction alone (parse + entities + references) on the standard library.

Process time, not wall time: on the shared 2-core machine wall time moves by 2-5x with the
neighbours' load, CPU time by a few percent.  Compare two versions by running this under
each one's ``PYTHONPATH`` in alternation; best of ``--repeat`` passes.

    PYTHONPATH=server python benchmarks/bench_extract.py [--root DIR] [--repeat N]
"""

from __future__ import annotations

import argparse
import os
import sysconfig
import time

from docref.graph.python_extract import extract_python

_SKIP = {"test", "tests", "site-packages", "idlelib", "lib2to3"}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--root", default=sysconfig.get_paths()["stdlib"])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    files: list[str] = []
    for folder, dirs, names in os.walk(args.root):
        dirs[:] = sorted(d for d in dirs if d not in _SKIP)
        files += [os.path.join(folder, n) for n in sorted(names) if n.endswith(".py")]
    sources = []
    for path in files:
        with open(path, "rb") as handle:
            sources.append(handle.read())
    best = float("inf")
    functions = references = 0
    for _ in range(args.repeat):
        start = time.process_time()
        functions = references = 0
        for path, data in zip(files, sources, strict=True):
            fe = extract_python(data, path, "bench")
            functions += len(fe.functions)
            references += sum(len(f.references) for f in fe.functions)
        best = min(best, time.process_time() - start)
    print(f"{len(files)} files, {functions} functions, {references} references: {best:.2f} s CPU")


if __name__ == "__main__":
    main()
