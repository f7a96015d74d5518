#!/usr/bin/env python3
"""Writes a synthetic documentation project of N Markdown pages, for `make bench`:
sections of up to 50 pages, each page with front matter, headings, a table, lists, Swift
code, links to other pages (some to their headings) and, every tenth page, a guidance
block. Deterministic: the same arguments give the same files.

usage: generate-pages.py OUTPUT_FOLDER PAGES
"""
import argparse
import os
import random

from corpus_files import write_tree

WORDS = (
    "module layer graph cache render page build import target package source manifest "
    "diagram guide reader writer index search theme output folder rule check report link "
    "heading table list code block server reload change file path stream event"
).split()


def sentence(rng, words=12):
    text = " ".join(rng.choice(WORDS) for _ in range(words))
    return text[0].upper() + text[1:] + "."


def page_path(number, per_section=50):
    return f"section-{number // per_section + 1:03d}/page-{number + 1:05d}.md"


def relative(from_path, to_path):
    return os.path.relpath(to_path, os.path.dirname(from_path)) if "/" in from_path else to_path


def write_page(files, number, total, rng):
    path = page_path(number)
    title = f"Page {number + 1}: {rng.choice(WORDS).capitalize()} {rng.choice(WORDS)}"
    lines = ["---", f"title: \"{title}\"", f"weight: {number % 50 + 1}", "---", "", f"# {title}", ""]
    lines += [sentence(rng, 30), ""]
    for section in range(3):
        lines += [f"## {rng.choice(WORDS).capitalize()} {section + 1}", "", sentence(rng, 40), ""]
        other = rng.randrange(total)
        anchor = f"#{WORDS[other % len(WORDS)]}-{1 + other % 3}" if section == 1 else ""
        lines += [f"See [page {other + 1}]({relative(path, page_path(other))}) and the notes below.", ""]
        lines += [f"- {sentence(rng, 8)}" for _ in range(4)] + [""]
        if section == 0:
            lines += ["| Name | Kind | Count |", "|---|---|---:|"]
            lines += [f"| {rng.choice(WORDS)} | {rng.choice(WORDS)} | {rng.randrange(1000)} |" for _ in range(5)] + [""]
        if section == 2:
            lines += [
                "```swift",
                f"struct {rng.choice(WORDS).capitalize()}{number} {{",
                f"    let {rng.choice(WORDS)}: Int = {rng.randrange(100)}",
                "    func run() async throws -> String {",
                f"        return \"{sentence(rng, 4)}\"",
                "    }",
                "}",
                "```",
                "",
            ]
        del anchor
    if number % 10 == 0:
        lines += [
            f"CHECK: page-{number + 1:05d}-check",
            f"IF: {sentence(rng, 6)}",
            f"THEN: {sentence(rng, 8)}",
            "",
        ]
    files["Content/" + path] = "\n".join(lines)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("output")
    parser.add_argument("pages", type=int)
    args = parser.parse_args()
    rng = random.Random(f"strata-pages-{args.pages}")
    files = {
        "strata.yml": f"site:\n  title: Generated docs ({args.pages} pages)\n",
        "Content/index.md": f"# Generated docs\n\nA corpus of {args.pages} pages for benchmarks.\n",
    }
    for section in range((args.pages + 49) // 50):
        files[f"Content/section-{section + 1:03d}/index.md"] = (
            f"# Section {section + 1}\n\nPages {section * 50 + 1} to {min(args.pages, section * 50 + 50)}.\n")
    for number in range(args.pages):
        write_page(files, number, args.pages, rng)
    write_tree(args.output, files)

if __name__ == "__main__":
    main()
