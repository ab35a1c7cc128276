"""Fix-all cost: :func:`docref.fixes.fix_whole_file` (one re-check per round for the whole
file) against fixing the docstrings one after the other (:func:`deterministic_fix` per
function, which re-checks the whole file for each), on a generated file of N flagged
functions.  Usage: ``python benchmarks/bench_fix_all.py [N ...]`` (default 10 40)."""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

from docref.fixes import StaticCheck, deterministic_fix, fix_whole_file
from docref.graph.project import ProjectGraph

FUNCTION = '''
def area{n}(width: int, height: int) -> int:
    """Compute the area of box {n}.

    Args:
        widht (int): The width.
        height (str): The height.
    """
    return width * height
'''


def main(sizes: list[int]) -> None:
    for size in sizes:
        with tempfile.TemporaryDirectory() as root:
            path = Path(root, "many.py")
            path.write_text("".join(FUNCTION.format(n=n) for n in range(size)), encoding="utf-8")
            graph = ProjectGraph(root, use_cache=False)
            graph.index()
            fix_whole_file(graph, str(path), StaticCheck())  # warm the parsers once
            started = time.perf_counter()
            whole = fix_whole_file(graph, str(path), StaticCheck())
            together = time.perf_counter() - started
            started = time.perf_counter()
            one_by_one = [
                deterministic_fix(graph, str(path), f"area{n}", StaticCheck()) for n in range(size)
            ]
            apart = time.perf_counter() - started
            assert len(whole.fixed) == sum(len(f.fixed) for f in one_by_one if f) == 2 * size
            print(
                f"{size} functions: fix_whole_file {together:.2f}s, one by one {apart:.2f}s "
                f"({apart / together:.1f}x)"
            )


if __name__ == "__main__":
    main([int(a) for a in sys.argv[1:]] or [10, 40])
