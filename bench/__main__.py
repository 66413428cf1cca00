"""Run the benchmarks: `python -m bench [NAME ...] [--record]`.

With no NAME every benchmark runs, in the order below. `--record` also writes the
figures into bench/RESULTS.md (between its `figures` markers).
"""

from __future__ import annotations

import argparse
import importlib
import logging
import platform
import re
import sys
import time
from pathlib import Path

from bench.timing import Report

# name -> module, in running order
BENCHMARKS: dict[str, str] = {
    "render": "bench.render",
    "peer": "bench.peer",
    "turn": "bench.turn",
    "growth": "bench.growth",
    "contention": "bench.contention",
    "bot": "bench.bot",
    "bytes": "bench.size",
    "loop": "bench.loop",
    "rulesearch": "bench.rulesearch",
    "replay": "bench.replay",
}
RESULTS = Path(__file__).with_name("RESULTS.md")


def run(names: list[str]) -> list[Report]:
    """Run the named benchmarks, printing each report as it finishes."""
    reports = []
    for name in names:
        module = importlib.import_module(BENCHMARKS[name])
        print(f"== {name}: {module.TITLE}", flush=True)
        t0 = time.perf_counter()
        report: Report = module.run()
        report.seconds = time.perf_counter() - t0
        for figure in report.figures:
            print(figure.line(), flush=True)
        for note in report.notes:
            print(f"  - {note}", flush=True)
        print(f"  ({report.seconds:.1f} s)", flush=True)
        reports.append(report)
    return reports


def markdown(reports: list[Report]) -> str:
    """Return the figures as a Markdown table."""
    rows = [
        f"Measured {time.strftime('%Y-%m-%d')} on {platform.machine()}, "
        f"Python {platform.python_version()}, `python -m bench` (whole run).",
        "",
        "| benchmark | figure | value | target | met | absolute |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for report in reports:
        for f in report.figures:
            value = f"{f.value:.2f}x" if f.unit == "x" else f"{f.value:.1f} {f.unit}"
            rows.append(
                f"| {report.name} | {f.name} | {value} | {f.target} | "
                f"{'yes' if f.met else '**no**'} | {f.detail} |"
            )
    return "\n".join(rows)


def record(reports: list[Report]) -> None:
    """Write the figures into bench/RESULTS.md between its markers."""
    text = RESULTS.read_text(encoding="utf-8")
    body = markdown(reports)
    pattern = re.compile(r"(<!-- figures:start -->\n).*?(<!-- figures:end -->)", re.S)
    RESULTS.write_text(pattern.sub(lambda m: f"{m.group(1)}{body}\n{m.group(2)}", text))


def main(argv: list[str] | None = None) -> int:
    """Parse the command line and run."""
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument("names", nargs="*", metavar="NAME",
                        help=f"one of: {', '.join(BENCHMARKS)} (default: all)")
    parser.add_argument("--record", action="store_true", help="write bench/RESULTS.md")
    args = parser.parse_args(argv)
    unknown = [n for n in args.names if n not in BENCHMARKS]
    if unknown:
        parser.error(f"no benchmark {', '.join(unknown)}; choose from {', '.join(BENCHMARKS)}")
    logging.basicConfig(level=logging.WARNING)
    names = args.names or list(BENCHMARKS)
    t0 = time.perf_counter()
    reports = run(names)
    missed = [f"{r.name}: {f.name}" for r in reports for f in r.figures if not f.met]
    print(f"== {len(names)} benchmark(s) in {time.perf_counter() - t0:.0f} s; "
          f"{'all targets met' if not missed else 'missed: ' + '; '.join(missed)}")
    if args.record:
        record(reports)
        print(f"figures written to {RESULTS}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
