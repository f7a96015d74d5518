#!/usr/bin/env python3
"""Makes a git repository of the 1,000-file layered app (generate-layered-app.py) with a
history of COMMITS commits after the first, each like a day's work on a real app: three
files edited (a type added to one, lines to two others), and every tenth commit a reference
that breaks the layer order added or, ten commits later, removed again, and a file moved
to another layer's folder. Commits carry fixed dates, so the repository is the same on every
machine: the input for timing the history page (`history: commits: N`).

usage: generate-history.py FOLDER [COMMITS] [FILES]
"""
import os
import subprocess
import sys

folder = sys.argv[1]
commits = int(sys.argv[2]) if len(sys.argv) > 2 else 99
files = sys.argv[3] if len(sys.argv) > 3 else "1000"
here = os.path.dirname(os.path.abspath(__file__))
subprocess.run([sys.executable, os.path.join(here, "generate-layered-app.py"), folder, files], check=True,
               capture_output=True)
environment = dict(os.environ, GIT_AUTHOR_NAME="Bench", GIT_AUTHOR_EMAIL="bench@strata.invalid",
                   GIT_COMMITTER_NAME="Bench", GIT_COMMITTER_EMAIL="bench@strata.invalid")


def git(*arguments, day=0):
    date = f"2026-01-01T00:00:00Z" if day == 0 else f"2026-{1 + day // 28:02d}-{1 + day % 28:02d}T12:00:00Z"
    subprocess.run(["git", "-c", "commit.gpgsign=false", "-c", "init.defaultBranch=main"] + list(arguments),
                   cwd=folder, check=True, capture_output=True,
                   env=dict(environment, GIT_AUTHOR_DATE=date, GIT_COMMITTER_DATE=date))


def swift_files(layer):
    found = []
    for base, _, names in os.walk(os.path.join(folder, "Sources", "App", layer)):
        found += [os.path.join(base, name) for name in names if name.endswith(".swift")]
    return sorted(found)


def append(path, text):
    with open(path, "a", encoding="utf-8") as handle:
        handle.write(text)


layers = ["Core", "Infrastructure", "Service", "UI", "Live"]
git("init", "-q")
git("add", "-A")
git("commit", "-q", "-m", "The app")
broken = None
for day in range(1, commits + 1):
    layer = layers[day % len(layers)]
    edited = swift_files(layer)
    target = edited[(day * 7) % len(edited)]
    append(target, f"\nstruct Day{day:03d}Change {{ var count = {day} }}\n")
    for offset in (1, 2):
        other = swift_files(layers[(day + offset) % len(layers)])
        append(other[(day * 13 + offset) % len(other)], f"// day {day}\n")
    if day % 10 == 0:
        if broken is None:
            # Core naming a UI type breaks the layer order.
            broken = swift_files("Core")[day % 50]
            append(broken, "\nstruct CoreReachesUp { var view: UIModel0000? }\n")
        else:
            text = open(broken, encoding="utf-8").read().replace(
                "\nstruct CoreReachesUp { var view: UIModel0000? }\n", "")
            open(broken, "w", encoding="utf-8").write(text)
            broken = None
    if day % 10 == 5:
        moving = swift_files("Service")[day % 40]
        destination = os.path.join(folder, "Sources", "App", "Live", "Moved", os.path.basename(moving))
        os.makedirs(os.path.dirname(destination), exist_ok=True)
        git("mv", os.path.relpath(moving, folder), os.path.relpath(destination, folder))
    git("add", "-A")
    git("commit", "-q", "-m", f"Day {day}: {os.path.basename(target)}", day=day)
