"""``make fuzz``: the fuzzer of tests/fuzzing.py for a long run.

    python -m tests.fuzz_run [--minutes 10] [--seed 0] [--coverage]

Runs batches of seeded inputs until the time is up; a failing input is shrunk
and kept under tests/fuzz_regressions/ (commit it with its fix). Prints the
inputs tried, the crashes found and, with ``--coverage``, the lines of the
readers, the arbiter and the engine that the inputs ran (a line tracer of its
own: slower, no dependency)."""

from __future__ import annotations

import argparse
import sys
import time
import traceback
from pathlib import Path
from types import CodeType, FrameType
from typing import Any

from hypothesis import HealthCheck, Phase, given, seed, settings

from .fuzzing import check, fuzzed_input, save_regression

ROOT = Path(__file__).resolve().parent.parent / "tysiac"
COVERED = ("record", "arbiter", "engine", "cards.py", "rules.py")


class LineCoverage:
    """Lines run inside the functions of the files under COVERED."""

    def __init__(self) -> None:
        self.files = sorted(p for name in COVERED for p in
                            ((ROOT / name).rglob("*.py") if (ROOT / name).is_dir()
                             else [ROOT / name]))
        self.names = {str(p) for p in self.files}
        self.hit: set[tuple[str, int]] = set()

    def start(self) -> None:
        sys.settrace(self._call)

    def stop(self) -> None:
        sys.settrace(None)

    def _call(self, frame: FrameType, event: str, arg: Any) -> Any:
        return self._line if frame.f_code.co_filename in self.names else None

    def _line(self, frame: FrameType, event: str, arg: Any) -> Any:
        if event == "line":
            self.hit.add((frame.f_code.co_filename, frame.f_lineno))
        return self._line

    def report(self) -> str:
        lines = []
        total_hit = total = 0
        for name in COVERED:
            run = hit = 0
            for path in self.files:
                if not str(path).startswith(str(ROOT / name)):
                    continue
                body = _body_lines(compile(path.read_text("utf-8"), str(path), "exec"))
                run += len(body)
                hit += len({(str(path), n) for n in body} & self.hit)
            lines.append(f"  {name:10} {hit:5}/{run:5} lines ({hit / max(run, 1):.0%})")
            total_hit, total = total_hit + hit, total + run
        lines.append(f"  {'all':10} {total_hit:5}/{total:5} lines "
                     f"({total_hit / max(total, 1):.0%})")
        return "\n".join(lines)


def _body_lines(module: CodeType) -> set[int]:
    """The lines of the functions (not the module level, run at import)."""
    out: set[int] = set()
    stack = [c for c in module.co_consts if isinstance(c, CodeType)]
    while stack:
        code = stack.pop()
        out |= {line for _, _, line in code.co_lines() if line is not None}
        stack.extend(c for c in code.co_consts if isinstance(c, CodeType))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=10.0)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--coverage", action="store_true")
    args = parser.parse_args(argv)
    deadline = time.monotonic() + args.minutes * 60
    tried = 0
    failing: list[bytes] = []
    found: list[tuple[str, Path]] = []
    coverage = LineCoverage() if args.coverage else None

    @settings(max_examples=500, deadline=None, database=None,
              phases=[Phase.generate, Phase.shrink], suppress_health_check=list(HealthCheck))
    @given(data=fuzzed_input())
    def run(data: bytes) -> None:
        nonlocal tried
        if time.monotonic() > deadline:
            return
        tried += 1
        try:
            check(data)
        except Exception:
            failing.append(data)
            raise

    start = time.monotonic()
    batch = 0
    if coverage:
        coverage.start()
    while time.monotonic() < deadline:
        try:
            seed(args.seed * 1_000_003 + batch)(run)()
        except Exception as e:
            path = save_regression(failing[-1])
            found.append((f"{type(e).__name__}: {e}"[:300], path))
            print(f"crash, kept as {path}:", file=sys.stderr)
            traceback.print_exception(e, limit=-3, file=sys.stderr)
        batch += 1
    if coverage:
        coverage.stop()
    minutes = (time.monotonic() - start) / 60
    print(f"fuzz: {tried} inputs in {minutes:.1f} min ({batch} batches, seed {args.seed}), "
          f"{len(found)} crashes")
    for what, path in found:
        print(f"  {path.name}: {what}")
    if coverage:
        print("lines run (function bodies):")
        print(coverage.report())
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
