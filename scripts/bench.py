#!/usr/bin/env python3
"""`make bench`: Strata's speed, side by side with Hugo, MkDocs Material and DocC on the
same generated corpora in one run, and on generated layered packages.

Every figure is the median of several runs of the whole command, timed from outside
(wall clock from start to exit) with its peak memory (the process's maximum resident set,
from wait4), after one untimed warm-up run. A "clean" build starts with no output folder:
the previous one is moved aside, not deleted, so that no tool pays for the file system
recycling another run's files; generated corpora are flushed to disk before any timing.

Prints a Markdown report and writes it to --report (default .build/bench/report.md).

usage: bench.py [--runs N] [--slow-runs N] [--pages "1000 5000"] [--docs "proposals book"] [--sizes "100 500 2000"]
                [--compare-pages N] [--report FILE] [--strata PATH] [--mkdocs PATH] [--docc PATH]
"""
import argparse
import datetime
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import signal
import threading
import time

from corpus_files import write_tree

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORK = os.path.join(ROOT, ".build", "bench")
TRASH = os.path.join(WORK, "trash")
TIME = "/usr/bin/time"  # GNU time (Debian's package `time`), for peak memory


class Failed(Exception):
    pass


class Run:
    def __init__(self, seconds, peak_kb, stdout, stderr, status):
        self.seconds = seconds
        self.peak_kb = peak_kb
        self.stdout = stdout
        self.stderr = stderr
        self.status = status


def run(command, cwd, expect=(0,), timeout=900, env=None):
    """Runs a command to its end; its wall time and peak memory.

    The peak comes from GNU time, which starts the command itself: a process started from
    Python would count Python's own memory in its peak, since a forked child starts with
    its parent's pages.
    """
    out_path = os.path.join(WORK, "stdout.txt")
    err_path = os.path.join(WORK, "stderr.txt")
    peak_path = os.path.join(WORK, "peak.txt")
    with open(out_path, "wb") as out, open(err_path, "wb") as err:
        start = time.perf_counter()
        process = subprocess.Popen([TIME, "-f", "%M", "-o", peak_path, "--"] + command, cwd=cwd, stdout=out, stderr=err,
                                   env=env, start_new_session=True)
        # A blocking wait, with a timer to end a command that hangs. `Popen.wait(timeout=)`
        # polls, sleeping up to 50 ms between looks, so it saw a command end up to 50 ms late.
        timed_out = threading.Event()

        def kill():
            timed_out.set()
            try:
                os.killpg(process.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass  # it ended as the timer fired

        timer = threading.Timer(timeout, kill)
        timer.start()
        try:
            process.wait()
        except BaseException:
            os.killpg(process.pid, signal.SIGKILL)
            raise
        finally:
            timer.cancel()
        seconds = time.perf_counter() - start
        # The timer may fire just as the command ends by itself: only a command the timer
        # killed took too long.
        if timed_out.is_set() and process.returncode == -signal.SIGKILL:
            raise Failed(f"`{' '.join(command)}` in {cwd} took more than {timeout} s")
    code = process.returncode
    stdout = open(out_path, encoding="utf-8", errors="replace").read()
    stderr = open(err_path, encoding="utf-8", errors="replace").read()
    if code not in expect:
        raise Failed(f"`{' '.join(command)}` in {cwd} exited with {code}:\n{stderr[-3000:]}{stdout[-2000:]}")
    peak = open(peak_path).read().split()
    return Run(seconds, int(peak[-1]) if peak and peak[-1].isdigit() else 0, stdout, stderr, code)


def move_aside(path):
    """Moves an output folder out of the way without deleting it (see the module's doc)."""
    if os.path.exists(path):
        os.makedirs(TRASH, exist_ok=True)
        os.rename(path, os.path.join(TRASH, f"{len(os.listdir(TRASH))}"))


class Sample:
    """Several runs of one measurement."""

    def __init__(self, runs):
        self.runs = runs

    @property
    def seconds(self):
        return statistics.median(r.seconds for r in self.runs)

    @property
    def peak_mb(self):
        return statistics.median(r.peak_kb for r in self.runs) / 1024

    @property
    def spread(self):
        values = [r.seconds for r in self.runs]
        return min(values), max(values)


def repeat(count, measure, before=None):
    """`count` timed runs, after one untimed run that warms the caches (as hyperfine's
    --warmup): every tool is measured in the steady state, not on whatever the disk was
    still doing for the step before it."""
    runs = []
    for number in range(count + 1):
        if before:
            before()
        run = measure()
        if number > 0:
            runs.append(run)
    return Sample(runs)


def repeat_alternating(count, measures):
    """`count` timed runs of each (measure, before) pair, taken in turn (A, B, A, B, …)
    after one untimed run of each, so that tools compared against each other see the same
    moments of a shared machine. Returns one Sample per pair."""
    runs = [[] for _ in measures]
    for number in range(count + 1):
        for index, (measure, before) in enumerate(measures):
            if before:
                before()
            run = measure()
            if number > 0:
                runs[index].append(run)
    return [Sample(each) for each in runs]


def seconds(value):
    return f"{value:.2f} s" if value >= 0.995 else f"{value * 1000:.0f} ms"


def ratio(value):
    return f"{value:.2f}×" if value < 10 else f"{value:.0f}×"


def megabytes(value):
    return f"{value:.0f} MB"


def verdict(met):
    return "met" if met else "**not met**"


def tool_version(command):
    try:
        return subprocess.run(command, capture_output=True, text=True, timeout=60).stdout.strip().splitlines()[0]
    except (OSError, IndexError, subprocess.TimeoutExpired):
        return "not found"


def machine():
    model = "unknown CPU"
    with open("/proc/cpuinfo") as handle:
        for line in handle:
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    memory = 0
    with open("/proc/meminfo") as handle:
        for line in handle:
            if line.startswith("MemTotal:"):
                memory = int(line.split()[1]) / 1024 / 1024
    system = platform.system()
    try:
        with open("/etc/os-release") as handle:
            fields = dict(line.rstrip("\n").split("=", 1) for line in handle if "=" in line)
            system = fields.get("PRETTY_NAME", system).strip('"')
    except OSError:
        pass
    return f"{model}, {os.cpu_count()} cores, {memory:.0f} GiB, {system}"


def middle_page(pages):
    """The page the incremental measurements edit, as generate-pages.py names it."""
    number = pages // 2
    return f"section-{number // 50 + 1:03d}/page-{number + 1:05d}"


def edit(path, text):
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text)


class Bench:
    def __init__(self, args):
        self.args = args
        self.lines = []
        self.goals = []
        self.incremental = []  # (pages, Strata's sample, Hugo's sample)
        self.serve_latency = None

    def say(self, line=""):
        self.lines.append(line)
        print(line, flush=True)

    def note(self, text):
        print(f"bench: {text}", file=sys.stderr, flush=True)

    # Markdown corpora ---------------------------------------------------------------

    def corpus(self, pages):
        project = os.path.join(WORK, f"pages-{pages}")
        subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "generate-pages.py"), project, str(pages)], check=True)
        for tool in ("hugo", "mkdocs", "docc"):
            subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "bench-corpus.py"), tool, project, f"{project}-{tool}"], check=True)
        # The corpora just written are flushed before anything is timed: otherwise the disk
        # writes them back during the first tool's runs, which then pay for it.
        os.sync()
        return project

    def strata_build(self, project, output):
        return run([self.args.strata, "build", "--output", output], cwd=project)

    def markdown(self, pages):
        args = self.args
        project = self.corpus(pages)
        slow = pages <= args.compare_pages
        self.note(f"{pages} pages: Strata")
        strata_out = os.path.join(WORK, f"out-pages-{pages}")
        strata = repeat(args.runs, lambda: self.strata_build(project, strata_out), lambda: move_aside(strata_out))
        written = int(re.search(r"Built (\d+) pages", strata.runs[0].stdout).group(1))
        strata_rebuild = repeat(args.runs, lambda: self.strata_build(project, strata_out))

        self.note(f"{pages} pages: Hugo")
        hugo_project = f"{project}-hugo"
        hugo_out = os.path.join(hugo_project, "public")
        hugo_command = ["hugo", "--quiet", "--destination", hugo_out]
        hugo = repeat(args.runs, lambda: run(hugo_command, cwd=hugo_project), lambda: move_aside(hugo_out))
        hugo_pages = sum(1 for _, _, files in os.walk(hugo_out) for f in files if f.endswith(".html"))
        hugo_rebuild = repeat(args.runs, lambda: run(hugo_command, cwd=hugo_project))

        rows = [
            ("Strata, clean", written, strata, None),
            ("Hugo, clean", hugo_pages, hugo, hugo.seconds / strata.seconds),
            ("Strata, output present", written, strata_rebuild, None),
            ("Hugo, output present", hugo_pages, hugo_rebuild, hugo_rebuild.seconds / strata_rebuild.seconds),
        ]
        mkdocs = docc = None
        if slow and args.mkdocs:
            self.note(f"{pages} pages: MkDocs Material ({args.slow_runs} runs)")
            mk_project = f"{project}-mkdocs"
            env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
            mkdocs = repeat(args.slow_runs, lambda: run([args.mkdocs, "build", "--quiet"], cwd=mk_project, env=env),
                            lambda: move_aside(os.path.join(mk_project, "site")))
            mk_pages = sum(1 for _, _, files in os.walk(os.path.join(mk_project, "site")) for f in files if f.endswith(".html"))
            rows.append(("MkDocs Material, clean", mk_pages, mkdocs, mkdocs.seconds / strata.seconds))
        if slow and args.docc:
            self.note(f"{pages} pages: DocC ({args.slow_runs} runs)")
            docc_project = f"{project}-docc"
            docc_out = os.path.join(docc_project, "Docs.doccarchive")
            command = [args.docc, "convert", "Docs.docc", "--output-path", docc_out,
                       "--fallback-display-name", "Docs", "--fallback-bundle-identifier", "org.example.docs"]
            docc = repeat(args.slow_runs, lambda: run(command, cwd=docc_project), lambda: move_aside(docc_out))
            docc_pages = sum(1 for _, _, files in os.walk(os.path.join(docc_out, "data", "documentation")) for f in files if f.endswith(".json"))
            rows.append(("DocC, clean", docc_pages, docc, docc.seconds / strata.seconds))

        self.say(f"### {pages:,} Markdown pages")
        self.say()
        self.say("| Tool | Pages written | Build (median) | Min – max | Peak memory | Its time ÷ Strata's |")
        self.say("|---|---:|---:|---:|---:|---:|")
        for name, count, sample, versus in rows:
            low, high = sample.spread
            self.say(f"| {name} | {count:,} | {seconds(sample.seconds)} | {seconds(low)} – {seconds(high)} | "
                     f"{megabytes(sample.peak_mb)} | {ratio(versus) if versus else '1'} |")
        self.say()

        # One page changed, then the whole build again (the command line has no other kind).
        page = os.path.join(project, "Content", middle_page(pages) + ".md")
        hugo_page = os.path.join(hugo_project, "content", middle_page(pages) + ".md")
        original = open(page, encoding="utf-8").read()
        counter = [0]

        def changed(path):
            counter[0] += 1
            edit(path, original + f"\nEdit number {counter[0]}.\n")

        try:
            strata_one = repeat(args.runs, lambda: self.strata_build(project, strata_out), lambda: changed(page))
            hugo_one = repeat(args.runs, lambda: run(hugo_command, cwd=hugo_project), lambda: changed(hugo_page))
        finally:
            edit(page, original)
            edit(hugo_page, original)
        self.incremental.append((pages, strata_one, hugo_one))

        self.goals.append((f"Full build of {pages:,} pages, clean: Strata's time ÷ Hugo's below 1.0",
                           f"{strata.seconds / hugo.seconds:.2f}", strata.seconds < hugo.seconds))
        if mkdocs:
            self.goals.append((f"MkDocs Material at least 20× slower ({pages:,} pages)", ratio(mkdocs.seconds / strata.seconds),
                               mkdocs.seconds >= 20 * strata.seconds))
        if docc:
            self.goals.append((f"DocC at least 20× slower ({pages:,} pages)", ratio(docc.seconds / strata.seconds),
                               docc.seconds >= 20 * strata.seconds))
        return project

    def serve(self, project, pages):
        self.note(f"{pages} pages: strata serve, save to reload")
        page = f"Content/{middle_page(pages)}.md"
        latency = subprocess.run(
            [sys.executable, os.path.join(ROOT, "scripts", "serve-latency.py"), self.args.strata, project, page,
             "--runs", str(self.args.runs * 4 + 1)],
            capture_output=True, text=True)
        if latency.returncode != 0:
            raise Failed(f"serve-latency failed: {latency.stderr}{latency.stdout}")
        median, p90, low, high, count = latency.stdout.split()
        self.serve_latency = (pages, float(median), float(p90), float(low), float(high), int(count))
        self.goals.append((f"strata serve, one page saved to the reload event, median ({pages:,} pages): under 100 ms",
                           f"{float(median):.0f} ms", float(median) < 100))

    # Documentation shaped like real documentation -------------------------------------

    def html_bytes(self, folder):
        return sum(os.path.getsize(os.path.join(d, f)) for d, _, files in os.walk(folder) for f in files if f.endswith(".html"))

    def docs(self, shape):
        """A corpus shaped like real documentation (scripts/generate-docs-corpus.py): Strata
        with everything on (navigation, search, Swift highlighting, link checking), Hugo
        without highlighting and with Chroma, and libcmark-gfm's own command-line tool
        parsing and rendering the same Markdown on one core."""
        args = self.args
        project = os.path.join(WORK, f"docs-{shape}")
        subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "generate-docs-corpus.py"), shape, project], check=True)
        hugo_project = f"{project}-hugo"
        subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "bench-corpus.py"), "hugo", project, hugo_project], check=True)
        with open(os.path.join(hugo_project, "no-highlighting.toml"), "w", encoding="utf-8") as handle:
            handle.write("[markup.highlight]\ncodeFences = false\n")
        os.sync()
        markdown = sorted(os.path.join(d, f) for d, _, files in os.walk(os.path.join(project, "Content")) for f in files if f.endswith(".md"))
        markdown_bytes = sum(os.path.getsize(path) for path in markdown)
        blocks = 0
        for path in markdown:
            with open(path, encoding="utf-8") as handle:
                blocks += sum(1 for line in handle if line.lstrip().startswith("```")) // 2

        # Strata and libcmark-gfm take turns, run by run: the goal compares the two, and on a
        # shared machine minutes apart their times moved by a quarter.
        self.note(f"{shape}: Strata and libcmark-gfm, in turns")
        strata_out = os.path.join(WORK, f"out-docs-{shape}")
        cmark_command = ["cmark-gfm", "-e", "table", "-e", "strikethrough", "-e", "autolink", "-e", "tasklist"] + markdown
        strata, cmark = repeat_alternating(args.runs, [
            (lambda: self.strata_build(project, strata_out), lambda: move_aside(strata_out)),
            (lambda: run(cmark_command, cwd=project), None),
        ])
        strata_html = self.html_bytes(strata_out)
        cmark_html = len(cmark.runs[0].stdout.encode("utf-8"))
        self.note(f"{shape}: Hugo")
        hugo_out = os.path.join(hugo_project, "public")
        plain = ["hugo", "--quiet", "--config", "config.toml,no-highlighting.toml", "--destination", hugo_out]
        hugo = repeat(args.runs, lambda: run(plain, cwd=hugo_project), lambda: move_aside(hugo_out))
        hugo_html = self.html_bytes(hugo_out)
        chroma = repeat(args.slow_runs, lambda: run(["hugo", "--quiet", "--destination", hugo_out], cwd=hugo_project), lambda: move_aside(hugo_out))
        chroma_html = self.html_bytes(hugo_out)

        # One page of 150 KB: read, rendered and through the theme, from the build's own clock.
        largest = max(markdown, key=os.path.getsize)
        single = os.path.join(WORK, f"docs-{shape}-largest")
        shutil.rmtree(single, ignore_errors=True)
        os.makedirs(os.path.join(single, "Content"))
        shutil.copy(largest, os.path.join(single, "Content", "index.md"))
        with open(largest, encoding="utf-8") as handle:
            largest_blocks = sum(1 for line in handle if line.startswith("```swift"))
        env = dict(os.environ, STRATA_STAGE_TIMES="1")
        page_times = []
        for number in range(args.runs + 1):
            out = os.path.join(WORK, "out-docs-largest")
            move_aside(out)
            timed = run([args.strata, "build", "--quiet", "--output", out], cwd=single, env=env)
            stages = dict((m.group(1), float(m.group(2))) for m in re.finditer(r"^strata: (read: pages|link: pages|render: pages through the theme) ([0-9.]+) ms$", timed.stderr, re.M))
            if len(stages) != 3:
                raise Failed(f"strata build printed no stage times for {largest}:\n{timed.stderr[-2000:]}")
            if number > 0:
                page_times.append(sum(stages.values()))
        page_ms = statistics.median(page_times)
        inline = "in parallel" if "inline parsing: in parallel" in timed.stderr else "one page at a time"

        fastest_hugo = min(hugo.seconds, chroma.seconds)
        pages = len(markdown)
        self.say(f"### {'Proposals' if shape == 'proposals' else 'A language book'}: {pages:,} pages, {markdown_bytes / 1e6:.1f} MB of Markdown, {blocks:,} code blocks")
        self.say()
        self.say("| Tool | Clean build (median) | Min – max | Peak memory | HTML written | HTML ÷ Markdown | Its time ÷ Strata's |")
        self.say("|---|---:|---:|---:|---:|---:|---:|")
        for name, sample, html in [("Strata, everything on", strata, strata_html), ("Hugo, no highlighting", hugo, hugo_html),
                                   ("Hugo, Chroma highlighting", chroma, chroma_html), ("libcmark-gfm's `cmark-gfm`, one core", cmark, cmark_html)]:
            low, high = sample.spread
            versus = "1" if sample is strata else ratio(sample.seconds / strata.seconds)
            self.say(f"| {name} | {seconds(sample.seconds)} | {seconds(low)} – {seconds(high)} | {megabytes(sample.peak_mb)} | "
                     f"{html / 1e6:.1f} MB | {html / markdown_bytes:.2f} | {versus} |")
        self.say()
        self.say(f"Its largest page ({os.path.getsize(largest) / 1000:.0f} KB, {largest_blocks} Swift blocks) read, rendered and through "
                 f"the theme in {page_ms:.1f} ms (median of {args.runs} builds of that page alone, from `STRATA_STAGE_TIMES`). "
                 f"Inline parsing ran {inline}.")
        self.say()
        name = "proposals" if shape == "proposals" else "book"
        self.goals.append((f"{name}: clean build at most half of Hugo's fastest configuration", ratio(strata.seconds / fastest_hugo),
                           strata.seconds <= fastest_hugo / 2))
        chrome = 16 * 1024
        self.goals.append((f"{name}: HTML at most 3× the Markdown plus 16 KB a page", f"{strata_html / 1e6:.1f} MB of {(3 * markdown_bytes + chrome * pages) / 1e6:.1f} MB",
                           strata_html <= 3 * markdown_bytes + chrome * pages))
        self.goals.append((f"{name}: within 1.5× of libcmark-gfm parsing and rendering the same Markdown", ratio(strata.seconds / cmark.seconds),
                           strata.seconds <= 1.5 * cmark.seconds))
        if os.path.getsize(largest) >= 140_000:
            self.goals.append((f"{name}: a page of {os.path.getsize(largest) / 1000:.0f} KB with {largest_blocks} Swift blocks under 20 ms", f"{page_ms:.1f} ms", page_ms < 20))

    # Real documentation ----------------------------------------------------------------

    # (key, what it is, repository under ../shared/realworld, folders of Markdown in it)
    REAL_DOCS = [
        ("swiftpm", "SwiftPM `Documentation/`", "swift-package-manager", ["Documentation"]),
        ("swiftpm-docc", "SwiftPM DocC catalog", "swift-package-manager", ["Sources/PackageManagerDocs/Documentation.docc"]),
        ("element-x", "Element X (an app)", "element-x-ios", ["."]),
        ("rust-rfcs", "Rust RFCs", "rust-rfcs", ["text"]),
        ("rust-book", "The Rust book", "rust-book", ["src"]),
    ]

    def real_project(self, key, repository, folders):
        """A Strata project whose `Content/` holds the repository's Markdown as it is, and the
        same files as a Hugo site; the real files are read, never changed."""
        source = os.path.join(self.args.realworld, repository)
        project = os.path.join(WORK, f"real-{key}")
        files = {}
        for top in folders:
            base = os.path.normpath(os.path.join(source, top))
            for folder, subfolders, names in os.walk(base):
                subfolders[:] = sorted(name for name in subfolders if not name.startswith("."))
                for name in sorted(names):
                    if name.endswith(".md"):
                        path = os.path.join(folder, name)
                        with open(path, encoding="utf-8", errors="replace") as handle:
                            files[os.path.join("Content", os.path.relpath(path, base))] = handle.read()
        write_tree(project, files)
        hugo_project = f"{project}-hugo"
        subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "bench-corpus.py"), "hugo", project, hugo_project], check=True)
        with open(os.path.join(hugo_project, "no-highlighting.toml"), "w", encoding="utf-8") as handle:
            handle.write("[markup.highlight]\ncodeFences = false\n")
        os.sync()
        return project, hugo_project, sorted(os.path.join(project, path) for path in files)

    def real(self):
        """Real documentation from ../shared/realworld, built by this Strata (and, with
        --baseline, another build of Strata in turns with it), Hugo in its fastest
        configuration and libcmark-gfm's own tool on one core."""
        args = self.args
        self.say("## Real documentation")
        self.say()
        baseline = "; the earlier build of Strata (`--baseline`) in turns with it" if args.baseline else ""
        self.say("The Markdown of real repositories in `../shared/realworld/`, as it is: Strata with everything on "
                 f"(navigation, search, Swift highlighting, link checking){baseline}; Hugo without highlighting and with "
                 "Chroma; `cmark-gfm` with the same extensions, one core.")
        self.say()
        self.say("| Docs | Pages | MB | Strata | ÷ Hugo | ÷ cmark | " + ("Before | " if args.baseline else "")
                 + "Hugo | Hugo, Chroma | cmark-gfm | 1 page: Strata, cmark | ÷ cmark past 1 page |")
        self.say("|---|---:|---:|---:|" + ("---:|" if args.baseline else "") + "---:|---:|---:|---:|---:|---:|---:|")
        # What a project of one short page costs each tool, measured in the same turns: the
        # part of a build that does not grow with the documentation (starting the process,
        # reading the command line, the theme), shown apart so the ratio of the rest can be read.
        one_page = os.path.join(WORK, "real-one-page")
        write_tree(one_page, {os.path.join("Content", "index.md"): "# One page\n\nA short page of text.\n"})
        one_page_out = os.path.join(WORK, "out-real-one-page")
        one_page_markdown = [os.path.join(one_page, "Content", "index.md")]
        for key, what, repository, folders in self.REAL_DOCS:
            if args.real and key not in args.real:
                continue
            self.note(f"real documentation: {key}")
            project, hugo_project, markdown = self.real_project(key, repository, folders)
            strata_out = os.path.join(WORK, f"out-real-{key}")
            before_out = os.path.join(WORK, f"out-real-{key}-before")
            cmark_base = ["cmark-gfm", "-e", "table", "-e", "strikethrough", "-e", "autolink", "-e", "tasklist"]
            cmark_command = cmark_base + markdown
            measures = [(lambda: run([args.strata, "build", "--quiet", "--output", strata_out], cwd=project), lambda: move_aside(strata_out))]
            if args.baseline:
                measures.append((lambda: run([args.baseline, "build", "--quiet", "--output", before_out], cwd=project), lambda: move_aside(before_out)))
            measures.append((lambda: run(cmark_command, cwd=project), None))
            measures.append((lambda: run([args.strata, "build", "--quiet", "--output", one_page_out], cwd=one_page),
                             lambda: move_aside(one_page_out)))
            measures.append((lambda: run(cmark_base + one_page_markdown, cwd=one_page), None))
            samples = repeat_alternating(args.runs, measures)
            strata, cmark, strata_one, cmark_one = samples[0], samples[-3], samples[-2], samples[-1]
            before = samples[1] if args.baseline else None
            hugo_out = os.path.join(hugo_project, "public")
            plain = repeat(args.runs, lambda: run(["hugo", "--quiet", "--config", "config.toml,no-highlighting.toml", "--destination", hugo_out], cwd=hugo_project),
                           lambda: move_aside(hugo_out))
            chroma = repeat(args.runs, lambda: run(["hugo", "--quiet", "--destination", hugo_out], cwd=hugo_project), lambda: move_aside(hugo_out))
            fastest_hugo = min(plain.seconds, chroma.seconds)
            size = sum(os.path.getsize(path) for path in markdown)
            cells = [seconds(strata.seconds), ratio(strata.seconds / fastest_hugo), ratio(strata.seconds / cmark.seconds)] + (
                [seconds(before.seconds)] if before else []) + [
                seconds(plain.seconds), seconds(chroma.seconds), seconds(cmark.seconds),
                f"{seconds(strata_one.seconds)}, {seconds(cmark_one.seconds)}",
                ratio(max(strata.seconds - strata_one.seconds, 0) / max(cmark.seconds - cmark_one.seconds, 1e-4))]
            self.say(f"| {what} | {len(markdown):,} | {size / 1e6:.2f} | " + " | ".join(cells) + " |")
            self.goals.append((f"real {key}: clean build at most 0.75× Hugo's fastest configuration", ratio(strata.seconds / fastest_hugo),
                               strata.seconds <= 0.75 * fastest_hugo))
            self.goals.append((f"real {key}: at most 2× `cmark-gfm` on one core", ratio(strata.seconds / cmark.seconds),
                               strata.seconds <= 2 * cmark.seconds))
        self.say()
        self.say(("Before: the `--baseline` build of Strata. " if args.baseline else "")
                 + "Hugo: without highlighting. ÷ Hugo: Strata's time over Hugo's fastest configuration. "
                 "÷ cmark: Strata's time over `cmark-gfm`'s on one core. 1 page: each tool on a project of one "
                 "short page, in the same turns: what a build costs before the documentation's size counts. "
                 "÷ cmark past 1 page: Strata's time beyond its one-page time over `cmark-gfm`'s beyond its own.")
        self.say()

    # Packages -------------------------------------------------------------------------

    def packages(self):
        args = self.args
        self.say("### Layered packages (graph, layering check, diagrams and site)")
        self.say()
        self.say("| Modules | Read the graph: `strata graph` | `swift package dump-package` | dump-package ÷ Strata | "
                 "`strata check` | Diagrams | Layout, cold | `strata build`, cold | `strata build`, output present | Peak memory |")
        self.say("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
        for size in args.sizes:
            self.note(f"package of {size} modules")
            project = os.path.join(WORK, f"app-{size}")
            subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "generate-layered-package.py"), project, str(size)],
                           check=True, capture_output=True)
            os.sync()
            graph = repeat(args.runs, lambda: run([args.strata, "graph", "--format", "json", "--output", os.devnull], cwd=project))
            dump = repeat(args.slow_runs, lambda: run(["swift", "package", "dump-package"], cwd=project))
            # The generated packages break their layering on purpose: `check` exits 1.
            check = repeat(args.runs, lambda: run([args.strata, "check"], cwd=project, expect=(1,)))
            output = os.path.join(WORK, f"out-app-{size}")
            cold = repeat(args.runs, lambda: self.strata_build(project, output), lambda: move_aside(output))
            warm = repeat(args.runs, lambda: self.strata_build(project, output))
            diagrams = [re.search(r"^Diagrams: (\d+) .* in ([0-9.]+) s\.", r.stdout, re.M) for r in cold.runs]
            if not all(diagrams):
                raise Failed(f"strata build in {project} printed no 'Diagrams:' line:\n{cold.runs[0].stdout}")
            count = int(diagrams[0].group(1))
            layout = statistics.median(float(m.group(2)) for m in diagrams)
            self.say(f"| {size:,} | {seconds(graph.seconds)} | {seconds(dump.seconds)} | {ratio(dump.seconds / graph.seconds)} | "
                     f"{seconds(check.seconds)} | {count:,} | {seconds(layout)} | {seconds(cold.seconds)} | "
                     f"{seconds(warm.seconds)} | {megabytes(max(cold.peak_mb, warm.peak_mb))} |")
            if size == 100:
                self.goals.append(("100-module package: `strata graph --format json`, whole process, at least 20× faster than a warm `dump-package`",
                                   ratio(dump.seconds / graph.seconds), dump.seconds >= 20 * graph.seconds))
            if size == 500:
                self.goals.append(("500-module package: graph read, checked, drawn and built (clean `strata build`) under 5 s",
                                   seconds(cold.seconds), cold.seconds < 5))
            if size >= 2000:
                self.goals.append((f"{size:,}-module package builds (clean), within 60 s and 2 GB",
                                   f"{seconds(cold.seconds)}, {megabytes(cold.peak_mb)}", cold.seconds < 60 and cold.peak_mb < 2048))
        self.say()
        self.say("`dump-package` runs with SwiftPM's manifest cache (compiled manifests kept by their contents) "
                 "and reads no source; `strata graph` reads the manifest and scans every source for imports on every run.")
        self.say()

    # The architecture views in a browser ---------------------------------------------

    RENDER_PAGE = """<!DOCTYPE html><meta charset="utf-8"><body><script>
// Loads the view in a 1280 x 900 frame and, once it has loaded, lays it out: the time from
// the frame's navigation to its first complete layout, as its own clock tells it.
var frame = document.createElement("iframe");
frame.style.width = "1280px"; frame.style.height = "900px";
frame.onload = function () {
  var view = frame.contentWindow;
  view.document.body.getBoundingClientRect();
  document.body.setAttribute("data-rendered", String(view.performance.now()));
  document.body.setAttribute("data-elements", String(view.document.getElementsByTagName("*").length));
};
frame.src = location.hash.slice(1);
document.body.appendChild(frame);
</script></body>"""

    def render_ms(self, output, page):
        """Milliseconds headless Chromium takes to load `page` of the site in `output` and
        lay it out, scripts included, from disk (`file://`), and the page's element count."""
        probe = os.path.join(output, "bench-render.html")
        with open(probe, "w", encoding="utf-8") as handle:
            handle.write(self.RENDER_PAGE)
        chromium = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
        if not chromium:
            raise Failed("no chromium on PATH for the architecture views (scripts/install-deps.sh chromium)")
        result = run([chromium, "--headless=new", "--no-sandbox", "--disable-gpu", "--allow-file-access-from-files",
                      "--dump-dom", "file://" + probe + "#" + page], cwd=output)
        os.remove(probe)
        found = re.search(r'data-rendered="([0-9.]+)" data-elements="(\d+)"', result.stdout)
        if not found:
            raise Failed(f"Chromium did not render {page} in {output}:\n{result.stdout[-400:]}{result.stderr[-400:]}")
        return float(found.group(1)), int(found.group(2))

    def views(self):
        """The module map and the dependency matrix of the layered packages, as a browser
        draws them, and what making them adds to a clean build."""
        args = self.args
        self.say("### The module map and the dependency matrix")
        self.say()
        self.say("| Modules | Matrix elements | Matrix loaded and laid out in Chromium | Map loaded and laid out | "
                 "Map (its families' drawings included), matrix and architecture.js made in a clean build |")
        self.say("|---:|---:|---:|---:|---:|")
        for size in args.sizes:
            self.note(f"architecture views of {size} modules")
            project = os.path.join(WORK, f"app-{size}")
            if not os.path.isdir(project):
                subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "generate-layered-package.py"), project, str(size)],
                               check=True, capture_output=True)
            output = os.path.join(WORK, f"out-views-{size}")
            move_aside(output)
            env = dict(os.environ, STRATA_STAGE_TIMES="1")
            built = run([args.strata, "build", "--output", output], cwd=project, env=env)
            stages = {m.group(1): float(m.group(2)) for m in re.finditer(r"^strata: (render: (?:map, matrix and architecture\.js|layout of the map's families)) ([0-9.]+) ms$", built.stderr, re.M)}
            if "render: map, matrix and architecture.js" not in stages:
                raise Failed(f"strata build in {project} printed no stage times for the views:\n{built.stderr[-600:]}")
            made = sum(stages.values()) / 1000
            matrix = [self.render_ms(output, "modules/matrix.html") for _ in range(args.runs)]
            page_map = [self.render_ms(output, "modules/map.html") for _ in range(args.runs)]
            matrix_ms = statistics.median(m[0] for m in matrix)
            map_ms = statistics.median(m[0] for m in page_map)
            self.say(f"| {size:,} | {matrix[0][1]:,} | {matrix_ms:.0f} ms | {map_ms:.0f} ms | {seconds(made)} |")
            if size >= 2000:
                self.goals.append((f"{size:,}-module dependency matrix loaded and laid out in headless Chromium under 1 s",
                                   f"{matrix_ms:.0f} ms", matrix_ms < 1000))
            if size == 500:
                self.goals.append(("500-module package: the map and the matrix add under 2 s to a clean build",
                                   seconds(made), made < 2))
        self.say()
        self.say("Chromium's time runs from the view's navigation to its first complete layout, scripts "
                 "(`architecture.js`, the theme's) included, in a 1280 x 900 frame from `file://`; the build's is the "
                 "making of the two pages and of `architecture.js`, and past 150 modules the layout of the map's families "
                 "(`STRATA_STAGE_TIMES=1`), the pages' templates included.")
        self.say()

    # Layers inside a target ---------------------------------------------------------

    def components(self):
        """The reference graph of one app target whose layers are folders: every file read
        with swift-syntax for its types and references, and the layer order judged."""
        args = self.args
        self.note("layers inside a target: 1,000-file app")
        project = os.path.join(WORK, "layered-app-1000")
        subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "generate-layered-app.py"), project, "1000"],
                       check=True, capture_output=True)
        os.sync()
        graph = repeat(args.runs, lambda: run([args.strata, "graph", "--format", "json", "--output", os.devnull], cwd=project))
        check = repeat(args.runs, lambda: run([args.strata, "check"], cwd=project))
        self.say("### Layers inside a target")
        self.say()
        self.say("| Input | `strata graph` (imports only) | `strata check` (types and references read and judged) | Peak memory |")
        self.say("|---|---:|---:|---:|")
        self.say(f"| one target, 1,000 files, ~178,000 lines, 5 folder layers | {seconds(graph.seconds)} | {seconds(check.seconds)} | "
                 f"{megabytes(check.peak_mb)} |")
        self.say()
        self.goals.append(("1,000-file, 150,000-line app: reference graph read and checked (`strata check`) under 1 s",
                           seconds(check.seconds), check.seconds < 1))
        # One Swift file saved in `strata serve` (a type added to it, so the site changes):
        # its types read again, the components checked and drawn, the pages written, the
        # reload sent.
        self.note("layers inside a target: strata serve, one Swift file saved")
        latency = subprocess.run(
            [sys.executable, os.path.join(ROOT, "scripts", "serve-latency.py"), args.strata, project,
             "Sources/App/UI/Group00/UIFile0000.swift", "--append", "struct UIEdit{n} { var model: CoreModel0000? }", "--runs", str(args.runs * 4 + 1)],
            capture_output=True, text=True)
        if latency.returncode != 0:
            raise Failed(f"serve-latency failed: {latency.stderr}{latency.stdout}")
        median, p90, low, high, count = latency.stdout.split()
        self.say(f"`strata serve` on this app, one Swift file saved {count} times (each time with a type added), from the save to the `reload` event: "
                 f"median {float(median):.0f} ms, p90 {float(p90):.0f} ms, min {float(low):.0f} ms, max {float(high):.0f} ms.")
        self.say()
        self.goals.append(("1,000-file app in `strata serve`: one Swift file saved to the reload event, median, under 100 ms",
                           f"{float(median):.0f} ms", float(median) < 100))

    def history(self):
        """The history page of 100 commits of the 1,000-file app (generate-history.py): each
        commit read from git's objects and checked, beside what a team does without it: a
        clone checked out at each commit and `strata check` run there."""
        args = self.args
        self.note("history: 100 commits of a 1,000-file app")
        project = os.path.join(WORK, "history-app-1000")
        shutil.rmtree(project, ignore_errors=True)
        subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "generate-history.py"), project, "99"],
                       check=True, capture_output=True)
        config = os.path.join(project, "strata.yml")
        plain = open(config, encoding="utf-8").read()
        # The history is asked for by the working tree's strata.yml, as a user would.
        with open(config, "a", encoding="utf-8") as handle:
            handle.write("history:\n  commits: 100\n")
        output = os.path.join(WORK, "history-site")
        with_history = repeat(args.slow_runs, lambda: run([args.strata, "build", "-q", "-o", output], cwd=project))
        summary = [line for line in run([args.strata, "build", "-o", output], cwd=project).stdout.splitlines()
                   if line.startswith("History:")]
        with open(config, "w", encoding="utf-8") as handle:
            handle.write(plain)
        without = repeat(args.slow_runs, lambda: run([args.strata, "build", "-q", "-o", output], cwd=project))
        # Without it: a second clone, checked out at each commit, checked there.
        clone = os.path.join(WORK, "history-app-checkouts")
        shutil.rmtree(clone, ignore_errors=True)
        subprocess.run(["git", "clone", "-q", project, clone], check=True, capture_output=True)
        commits = subprocess.run(["git", "rev-list", "--first-parent", "--max-count=100", "HEAD"], cwd=clone,
                                 check=True, capture_output=True, text=True).stdout.split()
        start = time.perf_counter()
        for commit in commits:
            run(["git", "checkout", "-q", commit], cwd=clone)
            run([args.strata, "check"], cwd=clone, expect=(0, 1))
        loop = time.perf_counter() - start
        history_cost = with_history.seconds - without.seconds
        self.say("### History of 100 commits")
        self.say()
        self.say("| Input | `strata build` | with `history: commits: 100` | the history's share | "
                 "checkout and `strata check` at each commit (once) |")
        self.say("|---|---:|---:|---:|---:|")
        self.say(f"| the 1,000-file app, 100 commits of 3 to 4 files each | {seconds(without.seconds)} | "
                 f"{seconds(with_history.seconds)} | {seconds(history_cost)} | {seconds(loop)} |")
        self.say()
        if summary:
            self.say(f"`strata build` said: {summary[0]}")
            self.say()
        self.goals.append(("history of 100 commits of a 1,000-file app: `strata build` with the page under 10 s",
                           seconds(with_history.seconds), with_history.seconds < 10))
        # Real input: Strata's own last 100 commits, in a clone of this repository.
        own = os.path.join(WORK, "history-strata")
        shutil.rmtree(own, ignore_errors=True)
        subprocess.run(["git", "clone", "-q", ROOT, own], check=True, capture_output=True)
        count = subprocess.run(["git", "rev-list", "--first-parent", "--count", "HEAD"], cwd=own, check=True,
                               capture_output=True, text=True).stdout.strip()
        if int(count or 0) < 100:
            self.say(f"Strata's own history: this clone has {count} commits, fewer than 100; not measured.")
            self.say()
            return
        own_output = os.path.join(WORK, "history-strata-site")
        own_plain = repeat(args.slow_runs, lambda: run([args.strata, "build", "-q", "-o", own_output], cwd=own))
        with open(os.path.join(own, "strata.yml"), "a", encoding="utf-8") as handle:
            handle.write("\nhistory:\n  commits: 100\n")
        own_history = repeat(args.slow_runs, lambda: run([args.strata, "build", "-q", "-o", own_output], cwd=own))
        said = [line for line in run([args.strata, "build", "-o", own_output], cwd=own).stdout.splitlines()
                if line.startswith("History:")]
        self.say(f"On real input, Strata's own repository (its last 100 commits): `strata build` "
                 f"{seconds(own_plain.seconds)}, with `history: commits: 100` {seconds(own_history.seconds)} "
                 f"({seconds(own_history.spread[0])} to {seconds(own_history.spread[1])}); it said: {said[0] if said else '?'}")
        self.say()
        self.goals.append(("history of Strata's own last 100 commits (real input): `strata build` under 10 s",
                           seconds(own_history.seconds), own_history.seconds < 10))

    # The report -----------------------------------------------------------------------

    def main(self):
        args = self.args
        os.makedirs(WORK, exist_ok=True)
        shutil.rmtree(TRASH, ignore_errors=True)
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True).stdout.strip() or "?"
        self.say(f"## Measured {datetime.date.today().isoformat()}, Strata {commit}")
        self.say()
        self.say(f"- Machine: {machine()}")
        self.say(f"- Strata: release build; {tool_version(['swift', '--version'])}")
        self.say(f"- Hugo: {tool_version(['hugo', 'version'])}, with a minimal theme of three layouts")
        if args.mkdocs:
            python = os.path.join(os.path.dirname(args.mkdocs), "python")
            versions = tool_version([python, "-c", "import importlib.metadata as m; print(m.version('mkdocs'), m.version('mkdocs-material'))"]).split()
            self.say(f"- MkDocs {versions[0]} with Material {versions[-1]}, in a virtual environment from PyPI")
        else:
            self.say("- MkDocs Material: not measured (no --mkdocs)")
        self.say(f"- DocC: `docc convert` from the same Swift toolchain ({args.docc})" if args.docc else "- DocC: not found")
        self.say(f"- Median of {args.runs} runs ({args.slow_runs} for MkDocs, DocC and `dump-package`); "
                 "wall clock of the whole command, start to exit, after one untimed warm-up run of each")
        self.say()
        if args.baseline:
            self.say(f"- Strata before: {args.baseline}, in turns with this build on real documentation")
            self.say()
        if args.history_only:
            self.history()
        elif args.api_only:
            self.api()
        elif args.real_only:
            self.real()
        elif args.views_only:
            self.say("## Packages")
            self.say()
            self.views()
        elif not args.docs_only:
            self.markdown_sites()
        if not args.views_only and not args.real_only and not args.api_only and not args.history_only:
            if args.realworld:
                self.real()
            self.say("## Documentation shaped like real documentation")
            self.say()
            for shape in args.docs:
                self.docs(shape)
        if not args.docs_only and not args.views_only and not args.real_only and not args.api_only \
                and not args.history_only:
            self.api()
            self.say("## Packages")
            self.say()
            self.packages()
            self.views()
            self.components()
            self.history()
        self.say("## Goals")
        self.say()
        self.say("| Goal | Measured | |")
        self.say("|---|---:|---|")
        for goal, measured, met in self.goals:
            self.say(f"| {goal} | {measured} | {verdict(met)} |")
        self.say()
        shutil.rmtree(TRASH, ignore_errors=True)
        os.makedirs(os.path.dirname(os.path.abspath(args.report)), exist_ok=True)
        with open(args.report, "w", encoding="utf-8") as handle:
            handle.write("\n".join(self.lines) + "\n")
        print(f"bench: report written to {args.report}", file=sys.stderr)

    # The API reference ------------------------------------------------------------------

    # DocC's way to the same pages, measured once on this machine (2026-12-07, Swift 6.3.1,
    # 2 cores, swift-syntax 603.0.1, the SwiftSyntax module alone): `swift build --target
    # SwiftSyntax` from clean, `swift symbolgraph-extract`, `docc convert` of its catalog.
    DOCC_API_RECORDED = {"swift build": 107.6, "swift symbolgraph-extract": 5.6, "docc convert": 86.6}

    def api(self):
        """The API reference of the largest package on the machine, swift-syntax (its sources
        as Strata's own build checked them out): a clean `strata build` at its root, and the
        read api stage's share of it, beside DocC's recorded way to its SwiftSyntax module."""
        args = self.args
        source = os.path.join(ROOT, ".build", "checkouts", "swift-syntax")
        if not os.path.isdir(source):
            self.say("No swift-syntax checkout in .build/checkouts: the API reference is not measured.")
            self.say()
            return
        self.say("## The API reference: swift-syntax")
        self.say()
        output = os.path.join(WORK, "api-swift-syntax")
        env = dict(os.environ, STRATA_STAGE_TIMES="1")
        stage_ms = []

        def measure():
            result = run([args.strata, "build", "--quiet", "--output", output], cwd=source, env=env)
            for line in result.stderr.splitlines():
                if line.startswith("strata: read: api ") and line.endswith(" ms"):
                    stage_ms.append(float(line.split()[-2]))
            return result

        whole = repeat(args.runs, measure, lambda: move_aside(output))
        stage = sorted(stage_ms)[len(stage_ms) // 2] / 1000 if stage_ms else float("nan")
        pages = sum(1 for _, _, files in os.walk(os.path.join(output, "documentation")) for f in files if f.endswith(".html"))
        docc = sum(self.DOCC_API_RECORDED.values())
        self.say("| | Seconds | |")
        self.say("|---|---:|---|")
        self.say(f"| Strata, clean `strata build` at the package's root (18 libraries, architecture included; {pages:,} reference pages) | {seconds(whole.seconds)} | |")
        self.say(f"| of which the read api stage (declarations read, pages written and parsed) | {seconds(stage)} | |")
        for step, value in self.DOCC_API_RECORDED.items():
            self.say(f"| DocC, recorded once: {step} (SwiftSyntax only) | {seconds(value)} | |")
        self.say(f"| DocC's way in all, for one module of the 18 | {seconds(docc)} | {docc / whole.seconds:.0f}× Strata's whole build |")
        self.say()
        self.goals.append(("swift-syntax's API pages in under 2 s of a clean build (read api stage)", seconds(stage), stage < 2))

    def markdown_sites(self):
        args = self.args
        self.say("## Markdown sites")
        self.say()
        projects = {}
        for pages in args.pages:
            projects[pages] = self.markdown(pages)
        self.say("### One page changed, then built again")
        self.say()
        self.say("| Pages | `strata build` | `hugo` | Hugo ÷ Strata |")
        self.say("|---:|---:|---:|---:|")
        for pages, strata, hugo in self.incremental:
            self.say(f"| {pages:,} | {seconds(strata.seconds)} | {seconds(hugo.seconds)} | {ratio(hugo.seconds / strata.seconds)} |")
        self.say()
        serve_pages = min(args.pages)
        self.serve(projects[serve_pages], serve_pages)
        pages, median, p90, low, high, count = self.serve_latency
        self.say(f"`strata serve` on the {pages:,}-page site, one page saved {count} times, from the save to the "
                 f"`reload` event a browser receives: median {median:.0f} ms, p90 {p90:.0f} ms, min {low:.0f} ms, max {high:.0f} ms.")
        self.say()
        if shutil.which("wrk"):
            self.note(f"{serve_pages} pages: strata serve under load")
            load = subprocess.run(
                [os.path.join(ROOT, "scripts", "serve-load.sh"), args.strata, projects[serve_pages],
                 f"Content/{middle_page(serve_pages)}.md", f"/{middle_page(serve_pages)}.html"],
                capture_output=True, text=True)
            if load.returncode != 0:
                raise Failed(f"serve-load failed: {load.stderr}{load.stdout}")
            self.say("The same server under load (wrk, 2 threads, 32 connections, 10 s on loopback) while the page "
                     "is saved every 100 ms, so it rebuilds throughout:")
            self.say()
            self.say("```")
            for line in load.stdout.rstrip().splitlines():
                self.say(line)
            self.say("```")
            self.say()
        self.say("Search index size: " + "; ".join(
            f"{p:,} pages: {re.search(r'^Search index: (.*)$', self.strata_build(projects[p], os.path.join(WORK, f'out-pages-{p}')).stdout, re.M).group(1).rstrip('.')}"
            for p in args.pages))
        self.say()


def numbers(text):
    return [int(n) for n in text.split()]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=int(os.environ.get("RUNS", 5)))
    parser.add_argument("--slow-runs", type=int, default=int(os.environ.get("SLOW_RUNS", 3)))
    parser.add_argument("--pages", type=numbers, default=numbers(os.environ.get("PAGES", "1000 5000")))
    parser.add_argument("--compare-pages", type=int, default=int(os.environ.get("COMPARE_PAGES", 1000)),
                        help="largest corpus MkDocs and DocC build (they take minutes above it)")
    parser.add_argument("--docs-only", action="store_true", default=os.environ.get("DOCS_ONLY") == "1",
                        help="only the documentation-shaped corpora (DOCS_ONLY=1 make bench)")
    parser.add_argument("--docs", type=str.split, default=os.environ.get("DOCS", "proposals book").split(),
                        help="shapes of generate-docs-corpus.py to build")
    parser.add_argument("--views-only", action="store_true", default=os.environ.get("VIEWS_ONLY") == "1",
                        help="only the module map and the dependency matrix of the layered packages")
    parser.add_argument("--history-only", action="store_true", default=os.environ.get("HISTORY_ONLY") == "1",
                        help="only the history page of 100 commits of a 1,000-file app")
    parser.add_argument("--api-only", action="store_true", default=os.environ.get("API_ONLY") == "1",
                        help="only the API reference of swift-syntax (API_ONLY=1 make bench)")
    parser.add_argument("--real-only", action="store_true", default=os.environ.get("REAL_ONLY") == "1",
                        help="only the real documentation (REAL_ONLY=1 make bench)")
    parser.add_argument("--real", type=str.split, default=os.environ.get("REAL", "").split(),
                        help="which real documentation sets to build (default: all)")
    parser.add_argument("--realworld", default=os.environ.get("REALWORLD", os.path.join(ROOT, "..", "shared", "realworld")),
                        help="the folder of real repositories")
    parser.add_argument("--baseline", default=os.environ.get("BASELINE"),
                        help="another Strata binary, built from an earlier commit, timed in turns with this one on real documentation")
    parser.add_argument("--sizes", type=numbers, default=numbers(os.environ.get("SIZES", "100 500 2000")))
    parser.add_argument("--report", default=os.environ.get("REPORT", os.path.join(WORK, "report.md")))
    parser.add_argument("--strata", default=os.path.join(ROOT, ".build", "release", "strata"))
    parser.add_argument("--mkdocs", default=os.environ.get("MKDOCS"))
    parser.add_argument("--docc", default=os.environ.get("DOCC") or shutil.which("docc"))
    args = parser.parse_args()
    args.strata = os.path.abspath(args.strata)
    if args.baseline:
        args.baseline = os.path.abspath(args.baseline)
        if not os.access(args.baseline, os.X_OK):
            sys.exit(f"bench: no Strata binary at --baseline {args.baseline}")
    if not os.path.isdir(args.realworld):
        if args.real_only:
            sys.exit(f"bench: no real repositories at {args.realworld} (--realworld or REALWORLD)")
        print(f"bench: no real repositories at {args.realworld}: the real documentation is left out "
              "(--realworld or REALWORLD names them)", file=sys.stderr)
        args.realworld = None
    if not os.access(TIME, os.X_OK):
        sys.exit(f"bench: needs GNU time at {TIME} (apt-get install time)")
    needs = () if args.api_only or args.history_only else ("chromium",) if args.views_only else ("hugo", "cmark-gfm") if args.real_only else ("hugo", "swift", "cmark-gfm", "chromium")
    for needed in needs:
        if not shutil.which(needed):
            sys.exit(f"bench: needs {needed} on the PATH")
    if not os.path.exists(args.strata):
        sys.exit(f"bench: no Strata binary at {args.strata} (make release)")
    try:
        Bench(args).main()
    except Failed as failure:
        sys.exit(f"bench: {failure}")


if __name__ == "__main__":
    main()
