#!/usr/bin/env python3
"""Writes a documentation project shaped like real ones, for `make bench`. The generated
pages of generate-pages.py are all alike (2 KB, one code block, folders of 50); real
documentation is not, and two shapes in particular cost a site generator what generated
pages never do:

- proposals: an evolution-proposals repository. 597 pages, 575 of them in one folder,
             about 10.4 MB: sizes spread from 2 KB to 150 KB (log-normal, median 12 KB),
             about 6,500 code blocks, a metadata list at the top of each page, links
             between proposals, tables, quotes, inline code everywhere.
- book:      a language book. 47 chapters in four folders and a contents page, 1.9 MB, pages up to 150 KB,
             about 2,300 code blocks: 1,300 short Swift examples with their `// Prints`
             lines, most followed by the same code as a `swifttest` block inside an HTML
             comment (as The Swift Programming Language writes its tests); prose wrapped
             at 72 columns, quotes, tables, links to other chapters' headings. Its largest
             chapter is 150 KB with 200 Swift blocks shown.

Deterministic: the same arguments give the same files.

usage: generate-docs-corpus.py {proposals,book} OUTPUT_FOLDER
"""
import argparse
import math
import random

from corpus_files import write_tree

WORDS = (
    "the a of to and in is that for it as with be on this by are not an or from can which "
    "type value function protocol generic closure property method initializer argument "
    "parameter result error compiler module declaration expression statement conformance "
    "associated requirement extension macro actor task concurrency isolation sendable "
    "ownership borrow consume copy move lifetime memory layout ABI source compatibility "
    "library standard runtime witness table dispatch existential opaque constraint where "
    "inference overload resolution syntax keyword attribute availability platform "
    "deployment target package manifest dependency product build plugin test feature "
    "proposal review accepted implemented rationale motivation design alternative future "
    "direction user code existing behavior change would should must may also however "
    "because when if then each every other new old such only more most many some"
).split()
NAMES = ("Sequence Collection Result Optional Array Dictionary Set String Substring Character "
         "Equatable Hashable Comparable Codable Identifiable Sendable Actor Task AsyncSequence "
         "Clock Duration Instant Regex Mutex Atomic Span InlineArray Observable Range").split()
IDENTIFIERS = ("value count index element result buffer storage handler state item key "
               "first last next base other lhs rhs input output body context").split()
PEOPLE = ("Ada Chen, Ben Ortiz, Cara Müller, Dev Patel, Elif Kaya, Finn Larsen, Grace Liu, "
          "Hiro Sato, Ines Costa, Jon Berg, Kai Novak, Lea Martin").split(", ")
STATUSES = ["**Implemented (Swift 5.9)**", "**Implemented (Swift 6.0)**", "**Accepted**",
            "**Returned for revision**", "**Rejected**", "**Active review**", "**Withdrawn**"]


def words(rng, count):
    text = " ".join(rng.choice(WORDS) for _ in range(count))
    return text[0].upper() + text[1:]


def sentence(rng, low=8, high=24):
    """A sentence with the inline markup real prose has: code spans, emphasis, links."""
    parts = [words(rng, rng.randint(low, high))]
    roll = rng.random()
    if roll < 0.35:
        parts.append(f"`{rng.choice(NAMES)}.{rng.choice(IDENTIFIERS)}`")
    elif roll < 0.45:
        parts.append(f"*{rng.choice(WORDS)} {rng.choice(WORDS)}*")
    elif roll < 0.5:
        parts.append(f"**{rng.choice(WORDS)}**")
    if rng.random() < 0.2:
        parts.append(f"`{rng.choice(IDENTIFIERS)}(_:)`")
    return " ".join(parts) + rng.choice([".", ".", ".", ":", "?"]) if parts else ""


def paragraph(rng, sentences=None):
    return " ".join(sentence(rng) for _ in range(sentences or rng.randint(2, 6)))


def swift_code(rng, lines):
    """Swift as proposals and books show it: declarations, generics, closures, strings,
    comments and the occasional `// Prints` line."""
    out = []
    depth = 0
    while len(out) < lines:
        pad = "    " * depth
        roll = rng.random()
        name = rng.choice(NAMES)
        ident = rng.choice(IDENTIFIERS)
        if depth < 2 and roll < 0.18:
            kind = rng.choice(["struct", "extension", "protocol", "actor", "enum", "final class"])
            out.append(f"{pad}{kind} {name}{rng.randint(1, 99)}<T: {rng.choice(NAMES)}> {{")
            depth += 1
        elif depth < 3 and roll < 0.32:
            out.append(f"{pad}func {ident}(_ {rng.choice(IDENTIFIERS)}: {name}, "
                       f"using {rng.choice(IDENTIFIERS)}: (Int) throws -> String) async throws -> [{rng.choice(NAMES)}] {{")
            depth += 1
        elif roll < 0.45:
            out.append(f"{pad}let {ident} = {name}({rng.choice(IDENTIFIERS)}: {rng.randint(0, 999)}, "
                       f"label: \"{words(rng, 3)}\")")
        elif roll < 0.55:
            out.append(f"{pad}// {words(rng, rng.randint(4, 12))}")
        elif roll < 0.63:
            out.append(f"{pad}print(\"\\({ident}) {words(rng, 2)}\")")
            out.append(f"{pad}// Prints \"{rng.randint(0, 99)} {words(rng, 2)}\"")
        elif roll < 0.72:
            out.append(f"{pad}var {ident}: [{name}: Int] = [:]")
        elif roll < 0.8:
            out.append(f"{pad}for {ident} in {rng.choice(IDENTIFIERS)} where {ident}.count > {rng.randint(1, 9)} {{")
            out.append(f"{pad}    {rng.choice(IDENTIFIERS)}.append({ident}.{rng.choice(IDENTIFIERS)} ?? 0x{rng.randint(0, 65535):04X})")
            out.append(f"{pad}}}")
        elif depth > 0 and roll < 0.9:
            out.append(f"{pad[:-4]}}}")
            depth -= 1
        else:
            out.append(f"{pad}return try await {ident}.map {{ $0.{rng.choice(IDENTIFIERS)} }}.filter {{ !$0.isEmpty }}")
    while depth > 0:
        depth -= 1
        out.append("    " * depth + "}")
    return out


def code_block(rng, lines, tested=False):
    """A fenced block; with `tested`, as the language book writes it: Swift, then the same
    code as a `swifttest` block inside an HTML comment (a test the book's tooling runs,
    which the page does not show)."""
    if tested:
        code = swift_code(rng, lines)
        block = ["```swift"] + code + ["```"]
        if rng.random() < 0.8:
            block += ["", "<!--", f"  - test: `{rng.choice(IDENTIFIERS)}{rng.choice(NAMES)}`", "", "  ```swifttest"]
            block += [f"  -> {line}" for line in code] + [f"  << {rng.randint(0, 99)}", "  ```", "-->"]
        return block
    roll = rng.random()
    if roll < 0.82:
        return ["```swift"] + swift_code(rng, lines) + ["```"]
    if roll < 0.9:
        return ["```"] + swift_code(rng, lines) + ["```"]
    if roll < 0.95:
        return ["```console", f"$ swift build -c release --product {rng.choice(IDENTIFIERS)}"] + [
            f"[{n}/{lines}] Compiling {rng.choice(NAMES)} {rng.choice(IDENTIFIERS)}.swift" for n in range(1, lines)] + ["```"]
    return ["```text"] + [words(rng, rng.randint(3, 10)) for _ in range(lines)] + ["```"]


def table(rng, rows, columns=3):
    header = [rng.choice(WORDS).capitalize() for _ in range(columns)]
    out = ["| " + " | ".join(header) + " |", "|" + "---|" * columns]
    for _ in range(rows):
        out.append("| " + " | ".join(f"`{rng.choice(NAMES)}`" if c == 0 else words(rng, rng.randint(1, 5)) for c in range(columns)) + " |")
    return out


def wrapped(text, width=72):
    """Prose with a line break every few words, as books written for diffs keep it."""
    lines, line = [], ""
    for word in text.split(" "):
        if line and len(line) + len(word) >= width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    return "\n".join(lines + [line])


def body(rng, target_bytes, code_every, headings, link, code_lines=2.0, book=False):
    """Prose, lists, tables, quotes and code until about `target_bytes`; a code block about
    every `code_every` bytes, of about e^`code_lines` lines. `link(rng)` gives a Markdown
    link to another page. `book` wraps prose and adds the book's tested blocks."""
    lines = []
    size = 0
    since_code = 0
    heading = 0
    while size < target_bytes:
        block = []
        roll = rng.random()
        if heading < len(headings) and size >= target_bytes * heading / len(headings):
            level, text = headings[heading]
            block = ["#" * level + " " + text]
            heading += 1
        elif since_code >= code_every:
            block = code_block(rng, max(1, int(rng.lognormvariate(code_lines, 0.6))), tested=book)
            since_code = 0
        elif roll < 0.55:
            text = paragraph(rng)
            if rng.random() < 0.3:
                text += " See " + link(rng) + "."
            block = [text]
        elif roll < 0.72:
            block = [f"{'-' if rng.random() < 0.7 else '1.'} {sentence(rng, 4, 14)}" for _ in range(rng.randint(2, 6))]
        elif roll < 0.8:
            block = ["> " + paragraph(rng, 2)]
        elif roll < 0.85:
            block = table(rng, rng.randint(3, 8))
        else:
            block = [paragraph(rng, 2)]
        if book and block and not block[0].startswith(("#", "```", "|")):
            block = [wrapped(line) for line in block]
        text = "\n".join(block) + "\n\n"
        lines.append(text)
        size += len(text.encode("utf-8"))
        since_code += len(text.encode("utf-8"))
    return "".join(lines)


# Proposals --------------------------------------------------------------------------------

PROPOSAL_HEADINGS = [(2, "Introduction"), (2, "Motivation"), (2, "Proposed solution"), (2, "Detailed design"),
                     (3, "Declarations"), (3, "Type checking"), (2, "Source compatibility"),
                     (2, "ABI compatibility"), (2, "Alternatives considered"), (2, "Future directions"),
                     (2, "Acknowledgments")]


def proposals(files):
    rng = random.Random("strata-docs-proposals")
    count = 575
    # Log-normal sizes (median 12 KB), kept between 2 KB and 150 KB, scaled to about 10 MB.
    sizes = [min(150_000, max(2_000, int(rng.lognormvariate(math.log(12_000), 0.75)))) for _ in range(count)]
    sizes[count // 3] = 150_000
    slugs = [f"{n + 1:04d}-{rng.choice(WORDS)}-{rng.choice(IDENTIFIERS)}-{rng.choice(WORDS)}" for n in range(count)]

    def link(rng):
        other = rng.randrange(count)
        return f"[SE-{other + 1:04d}]({slugs[other]}.md)"

    for number, (slug, size) in enumerate(zip(slugs, sizes)):
        title = f"{rng.choice(NAMES)} {words(rng, rng.randint(2, 5)).lower()}"
        meta = [f"# {title}", "",
                f"* Proposal: [SE-{number + 1:04d}]({slug}.md)",
                f"* Authors: {', '.join(f'[{p}](https://github.com/{p.split()[0].lower()})' for p in rng.sample(PEOPLE, rng.randint(1, 3)))}",
                f"* Review Manager: [{rng.choice(PEOPLE)}](https://github.com/{rng.choice(IDENTIFIERS)})",
                f"* Status: {rng.choice(STATUSES)}",
                f"* Implementation: [swiftlang/swift#{rng.randint(10000, 79999)}](https://github.com/swiftlang/swift/pull/{rng.randint(10000, 79999)})",
                f"* Review: ([pitch](https://forums.swift.org/t/{rng.randint(1000, 79999)})) ([review](https://forums.swift.org/t/{rng.randint(1000, 79999)}))",
                "", ""]
        # About one code block per 1.6 KB: 6,500 over the corpus.
        files[f"Content/proposals/{slug}.md"] = "\n".join(meta) + body(rng, size, 1_200, PROPOSAL_HEADINGS, link)
    def root_link(rng):
        other = rng.randrange(count)
        return f"[SE-{other + 1:04d}](proposals/{slugs[other]}.md)"

    others = ["README", "process", "commonly_proposed", "CODE_OF_CONDUCT", "CONTRIBUTING", "LICENSE"]
    files["Content/index.md"] = "# Evolution\n\n" + body(rng, 6_000, 10_000, [(2, "Proposals"), (2, "Process")], root_link)
    for name in others[1:]:
        files[f"Content/{name}.md"] = f"# {name.replace('_', ' ').capitalize()}\n\n" + body(rng, 8_000, 4_000, [(2, "Overview")], root_link)
    for name in ["memory-safety", "macros", "ownership", "concurrency", "cxx-interop", "embedded", "testing", "packages"]:
        files[f"Content/visions/{name}.md"] = f"# A vision for {name.replace('-', ' ')}\n\n" + body(
            rng, 40_000, 2_500, [(2, "Introduction"), (2, "Goals"), (2, "Design"), (2, "Summary")],
            lambda rng: (lambda other: f"[SE-{other + 1:04d}](../proposals/{slugs[other]}.md)")(rng.randrange(count)))
    for name in ["swift-template", "stdlib-template", "process-template", "review-template", "pitch-template",
                 "vision-template", "library-template", "tooling-template"]:
        files[f"Content/templates/{name}.md"] = f"# {name.replace('-', ' ').capitalize()}\n\n" + body(rng, 3_000, 2_000, PROPOSAL_HEADINGS[:4], lambda rng: "[the process](../process.md)")


# Book -------------------------------------------------------------------------------------

BOOK = {
    "GuidedTour": ["About Swift", "Compatibility", "A Swift Tour"],
    "LanguageGuide": ["The Basics", "Basic Operators", "Strings and Characters", "Collection Types", "Control Flow",
                      "Functions", "Closures", "Enumerations", "Structures and Classes", "Properties", "Methods",
                      "Subscripts", "Inheritance", "Initialization", "Deinitialization", "Optional Chaining",
                      "Error Handling", "Concurrency", "Macros", "Type Casting", "Nested Types", "Extensions",
                      "Protocols", "Generics", "Opaque and Boxed Types", "Automatic Reference Counting",
                      "Memory Safety", "Access Control", "Advanced Operators"],
    "ReferenceManual": ["About the Language Reference", "Lexical Structure", "Types", "Expressions", "Statements",
                        "Declarations", "Attributes", "Patterns", "Generic Parameters and Arguments",
                        "Summary of the Grammar"],
    "RevisionHistory": ["Document Revision History", "Release Notes", "Errata", "Credits", "Glossary"],
}


def book(files):
    rng = random.Random("strata-docs-book")
    chapters = [(folder, title) for folder, titles in BOOK.items() for title in titles]
    slug = {c: c[1].replace(" ", "") for c in chapters}
    # Each chapter's headings, made first so that links to them lead somewhere: a book's
    # cross-references are checked, and hold.
    titles = random.Random("strata-docs-book-headings")
    headings = {}
    for chapter in chapters:
        pairs = [((2, f"{titles.choice(WORDS).capitalize()} {titles.choice(IDENTIFIERS)} {n}"),
                  (3, f"{titles.choice(NAMES)} {titles.choice(IDENTIFIERS)} {n}")) for n in range(6)]
        headings[chapter] = [h for pair in pairs for h in pair]

    def anchor(text):
        return text.lower().replace(" ", "-")

    def link(rng):
        chapter = rng.choice(chapters)
        folder, title = chapter
        return f"[{title}](../{folder}/{slug[chapter]}.md#{anchor(rng.choice(headings[chapter])[1])})"

    for chapter in chapters:
        folder, title = chapter
        # 48 chapters, 1.9 MB: most between 15 and 80 KB, the largest 150 KB.
        size = 150_000 if title == "Declarations" else min(120_000, max(6_000, int(rng.lognormvariate(math.log(31_000), 0.6))))
        code_every = 400 if title == "Declarations" else 1_250
        files[f"Content/{folder}/{slug[chapter]}.md"] = f"# {title}\n\n" + body(rng, size, code_every, headings[chapter], link, code_lines=1.45, book=True)
    files["Content/index.md"] = "# The Swift Programming Language\n\n" + "\n".join(
        f"- [{title}]({folder}/{slug[(folder, title)]}.md)" for folder, title in chapters) + "\n"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("shape", choices=["proposals", "book"])
    parser.add_argument("output")
    args = parser.parse_args()
    files = {"strata.yml": f"site:\n  title: {'Evolution' if args.shape == 'proposals' else 'The Swift Programming Language'}\n"}
    {"proposals": proposals, "book": book}[args.shape](files)
    write_tree(args.output, files)


if __name__ == "__main__":
    main()
