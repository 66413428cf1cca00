"""Run the benchmarks: `python -m bench [NAME ...] [--record]`.

With no NAME every benchmark runs, in the order below. `--record` also writes the
figures into bench/RESULTS.md (between its `figures` markers); after a run of some
benchmarks, the other benchmarks' rows stay as they were.
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

from bench.timing import Figure, Report

# name -> module, in running order
BENCHMARKS: dict[str, str] = {
    "render": "bench.render",
    "peer": "bench.peer",
    "turn": "bench.turn",
    "growth": "bench.growth",
    "contention": "bench.contention",
    "bytes": "bench.size",
    "loop": "bench.loop",
    "rulesearch": "bench.rulesearch",
    "replay": "bench.replay",
    "postgres": "bench.postgres",
    "leaguestart": "bench.leaguestart",
    "web": "bench.web",
    "load": "bench.load",
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


def _row(report: Report, f: Figure) -> str:
    value = f"{f.value:.2f}x" if f.unit == "x" else f"{f.value:.1f} {f.unit}"
    return (f"| {report.name} | {f.name} | {value} | {f.target} | "
            f"{'yes' if f.met else '**no**'} | {f.detail} |")


def markdown(reports: list[Report], previous: str = "") -> str:
    """Return the figures as a Markdown table.

    After a run of some benchmarks only, the rows of the others are kept from
    `previous` (the table as it was), in running order, and a line says which
    benchmarks were measured when.
    """
    measured = (f"Measured {time.strftime('%Y-%m-%d')} on {platform.machine()}, "
                f"Python {platform.python_version()}")
    ran = [r.name for r in reports]
    rows: dict[str, list[str]] = {name: [] for name in BENCHMARKS}
    head = [f"{measured}, `python -m bench` (whole run)."]
    if set(ran) != set(BENCHMARKS) and previous:
        head = [line for line in previous.splitlines()
                if line.strip() and not line.startswith("|")
                and not any(f"`python -m bench {name}`" in line for name in ran)]
        head.append(f"{measured}, `python -m bench {' '.join(ran)}`: the "
                    f"{', '.join(ran)} rows.")
        for line in previous.splitlines():
            cells = line.split("|")
            if len(cells) > 2 and cells[1].strip() in rows and cells[1].strip() not in ran:
                rows[cells[1].strip()].append(line)
    for report in reports:
        rows.setdefault(report.name, []).extend(_row(report, f) for f in report.figures)
    return "\n".join([
        *head,
        "",
        "| benchmark | figure | value | target | met | absolute |",
        "| --- | --- | --- | --- | --- | --- |",
        *(line for lines in rows.values() for line in lines),
    ])


def record(reports: list[Report]) -> None:
    """Write the figures into bench/RESULTS.md between its markers (keeping the rows of
    benchmarks that did not run)."""
    text = RESULTS.read_text(encoding="utf-8")
    pattern = re.compile(r"(<!-- figures:start -->\n)(.*?)(<!-- figures:end -->)", re.S)
    found = pattern.search(text)
    body = markdown(reports, found.group(2) if found else "")
    RESULTS.write_text(pattern.sub(lambda m: f"{m.group(1)}{body}\n{m.group(3)}", text))


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
