#!/usr/bin/env python3
"""Measures `strata serve`'s save-to-reload latency: the time from a page's file being
written (and closed) to the `reload` event arriving on the live-reload stream, as a browser
would receive it. Edits one page RUNS times, a pause apart, and prints the median and
spread in milliseconds as one line:

    <median> <p90> <min> <max> <runs>

usage: serve-latency.py STRATA PROJECT PAGE [--runs N] [--pause SECONDS] [--append TEXT]
PAGE is relative to PROJECT; it is restored afterwards. Each edit appends TEXT with {n}
replaced by the edit's number (by default a sentence, for a Markdown page; for a Swift
file, a declaration such as "struct Edit{n} {}"), so that every edit changes the site.
"""
import argparse
import os
import re
import select
import signal
import socket
import statistics
import subprocess
import sys
import time


def start_server(strata, project):
    process = subprocess.Popen(
        [strata, "serve", "--port", "0"], cwd=project, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    # The port is bound before the first build; measure only once that build is served.
    deadline = time.time() + 600
    port = None
    while time.time() < deadline:
        line = process.stdout.readline()
        if not line:
            break
        match = re.search(r"Serving at http://127\.0\.0\.1:(\d+)/", line)
        if match:
            port = int(match.group(1))
        if port and line.startswith("Built "):
            return process, port
    process.kill()
    sys.exit("serve-latency: strata serve did not start: " + process.stderr.read())


class EventStream:
    def __init__(self, port):
        self.socket = socket.create_connection(("127.0.0.1", port))
        self.socket.sendall(b"GET /__strata/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n")
        self.buffer = b""

    def wait_for(self, name, timeout=30):
        marker = b"event: " + name.encode() + b"\n"
        deadline = time.perf_counter() + timeout
        while marker not in self.buffer:
            remaining = deadline - time.perf_counter()
            if remaining <= 0:
                return None
            ready, _, _ = select.select([self.socket], [], [], remaining)
            if not ready:
                return None
            chunk = self.socket.recv(65536)
            if not chunk:
                return None
            self.buffer += chunk
        arrived = time.perf_counter()
        self.buffer = self.buffer[self.buffer.index(marker) + len(marker):]
        return arrived


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("strata")
    parser.add_argument("project")
    parser.add_argument("page")
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument("--pause", type=float, default=0.25)
    parser.add_argument("--append", default="Edit number {n}.", help="the line each edit appends; {n} is its number")
    args = parser.parse_args()
    path = os.path.join(args.project, args.page)
    with open(path) as handle:
        original = handle.read()
    process, port = start_server(os.path.abspath(args.strata), args.project)
    latencies = []
    try:
        events = EventStream(port)
        if events.wait_for("hello") is None:
            sys.exit("serve-latency: no hello event")
        for run in range(args.runs):
            time.sleep(args.pause)
            text = original + "\n" + args.append.replace("{n}", str(run + 1)) + "\n"
            with open(path, "w") as handle:
                handle.write(text)
            saved = time.perf_counter()
            arrived = events.wait_for("reload")
            if arrived is None:
                sys.exit(f"serve-latency: no reload event after edit {run + 1}")
            latencies.append((arrived - saved) * 1000)
    finally:
        with open(path, "w") as handle:
            handle.write(original)
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
    latencies.sort()
    p90 = latencies[min(len(latencies) - 1, int(round(0.9 * (len(latencies) - 1))))]
    print(f"{statistics.median(latencies):.1f} {p90:.1f} {latencies[0]:.1f} {latencies[-1]:.1f} {len(latencies)}")


if __name__ == "__main__":
    main()
