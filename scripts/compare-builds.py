#!/usr/bin/env python3
"""Two builds of Strata on the same projects, in one run: clean `strata build`s alternated
between the two binaries (so a busy moment of the machine falls on both), with the median
and fastest wall time and CPU time (user + system, the process and its threads) of each.

For a change that must not make Strata slower: build the commit before it and the commit
after it in release mode, then

    scripts/compare-builds.py BEFORE/strata AFTER/strata PROJECT... [--runs N]

Each project's output folder is moved aside before every build, never deleted in between,
so neither binary pays for the file system recycling the other's files. Exits 2 when a
build fails (exit status other than 0 or 1).
"""
import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time


def main():
    parser = argparse.ArgumentParser(description="Compare two strata binaries on the same projects.")
    parser.add_argument("before")
    parser.add_argument("after")
    parser.add_argument("projects", nargs="+")
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    trash = tempfile.mkdtemp(prefix="strata-compare-")
    try:
        for project in args.projects:
            wall = {args.before: [], args.after: []}
            cpu = {args.before: [], args.after: []}
            # One untimed warm-up round, then `runs` rounds, the order swapped every round.
            for round in range(args.runs + 1):
                order = (args.before, args.after) if round % 2 == 0 else (args.after, args.before)
                for binary in order:
                    output = os.path.join(project, "Output")
                    if os.path.exists(output):
                        shutil.move(output, os.path.join(trash, str(time.monotonic_ns())))
                    start_usage = resource.getrusage(resource.RUSAGE_CHILDREN)
                    start = time.perf_counter()
                    result = subprocess.run([binary, "build", "--quiet"], cwd=project, capture_output=True)
                    elapsed = time.perf_counter() - start
                    end_usage = resource.getrusage(resource.RUSAGE_CHILDREN)
                    if result.returncode not in (0, 1):
                        sys.stderr.write(f"{binary} failed on {project} ({result.returncode}):\n{result.stderr.decode(errors='replace')}\n")
                        sys.exit(2)
                    if round > 0:
                        wall[binary].append(elapsed)
                        cpu[binary].append(end_usage.ru_utime - start_usage.ru_utime + end_usage.ru_stime - start_usage.ru_stime)
            print(f"## {project}\n")
            print("| | before | after | change |\n| --- | --- | --- | --- |")
            for name, figures in (("wall, median", wall), ("CPU, median", cpu)):
                before, after = statistics.median(figures[args.before]), statistics.median(figures[args.after])
                print(f"| {name} | {before * 1000:.0f} ms | {after * 1000:.0f} ms | {(after - before) / before * 100:+.1f}% |")
            before, after = min(wall[args.before]), min(wall[args.after])
            print(f"| wall, fastest | {before * 1000:.0f} ms | {after * 1000:.0f} ms | {(after - before) / before * 100:+.1f}% |\n")
    finally:
        shutil.rmtree(trash, ignore_errors=True)


if __name__ == "__main__":
    main()
