#!/usr/bin/env python3
"""Turns a generated Strata project (scripts/generate-pages.py) into the same corpus for
the tools `make bench` compares Strata with, so every tool reads the same pages:

- hugo:   a Hugo site with a minimal theme of our own (a base, a page and a list layout,
          the sections and the page's table of contents), section pages as `_index.md`;
- mkdocs: an MkDocs project with the Material theme, code highlighted by Pygments
          (pymdownx.highlight and superfences, as Material's documentation sets it up) and
          tables, with MkDocs' own search plugin;
- docc:   a DocC catalog of articles: front matter becomes the article's title, links to
          other pages become `<doc:…>` links, which DocC resolves and checks as Strata does;
          section pages get unique names, since DocC names articles by file name.

Deterministic: the same input gives the same files.

usage: bench-corpus.py TOOL STRATA_PROJECT OUTPUT_FOLDER
"""
import argparse
import os
import re

from corpus_files import write_tree

HUGO_BASE = """<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ .Title }} · {{ .Site.Title }}</title></head>
<body>
<nav><a href="{{ "/" | relURL }}">{{ .Site.Title }}</a>{{ range .Site.Sections }} <a href="{{ .RelPermalink }}">{{ .Title }}</a>{{ end }}</nav>
<main>{{ block "main" . }}{{ end }}</main>
</body>
</html>
"""
HUGO_SINGLE = """{{ define "main" }}<aside>{{ .TableOfContents }}</aside>
<article>{{ .Content }}</article>{{ end }}
"""
HUGO_LIST = """{{ define "main" }}<article>{{ .Content }}</article>
<ul>{{ range .Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ul>{{ end }}
"""

MKDOCS_YML = """site_name: {title}
docs_dir: docs
site_dir: site
theme:
  name: material
markdown_extensions:
  - tables
  - toc:
      permalink: true
  - pymdownx.highlight
  - pymdownx.superfences
plugins:
  - search
"""

FRONT_MATTER = re.compile(r"\A---\n(.*?)\n---\n", re.S)
LINK = re.compile(r"\[([^\]]+)\]\(([^)#\s]+)\.md(#[^)\s]*)?\)")


def strata_pages(project):
    content = os.path.join(project, "Content")
    for folder, folders, files in os.walk(content):
        folders.sort()
        for name in sorted(files):
            if name.endswith(".md"):
                path = os.path.join(folder, name)
                yield os.path.relpath(path, content), open(path, encoding="utf-8").read()


def write(files, path, text):
    """Adds a file to the corpus; they are all written together by `write_tree`."""
    files[path] = text


def site_title(project):
    path = os.path.join(project, "strata.yml")
    if os.path.exists(path):  # a project may rely on Strata's defaults
        for line in open(path, encoding="utf-8"):
            if line.strip().startswith("title:"):
                return line.split(":", 1)[1].strip()
    return "Generated docs"


def hugo(project, output):
    for relative, text in strata_pages(project):
        # Hugo makes a folder with `index.md` a leaf bundle, whose other pages it would
        # not render; a section's own page is `_index.md`.
        if os.path.basename(relative) == "index.md":
            relative = os.path.join(os.path.dirname(relative), "_index.md")
        # Hugo takes a page whose first line (after blanks or an HTML comment) opens with
        # "-" for YAML front matter and stops on it ("invalid YAML delimiter"): real
        # proposals open with a metadata list. A page without front matter gets an empty
        # one, which leaves it as it is.
        if not text.startswith("---\n"):
            text = "---\n---\n" + text
        write(output, os.path.join("content", relative), text)
    write(output, os.path.join("layouts", "_default", "baseof.html"), HUGO_BASE)
    write(output, os.path.join("layouts", "_default", "single.html"), HUGO_SINGLE)
    write(output, os.path.join("layouts", "_default", "list.html"), HUGO_LIST)
    # config.toml rather than hugo.toml: older Hugo releases (before 0.110) read only that.
    write(output, os.path.join("config.toml"), f'baseURL = "/"\ntitle = "{site_title(project)}"\n')


def mkdocs(project, output):
    for relative, text in strata_pages(project):
        write(output, os.path.join("docs", relative), text)
    write(output, os.path.join("mkdocs.yml"), MKDOCS_YML.format(title=site_title(project)))


def docc_name(relative):
    """A page's article name: its file name, or its folder's for a section page."""
    folder, name = os.path.split(relative)
    if name == "index.md":
        return folder.replace("/", "-") if folder else "Docs"
    return name[:-3]


def docc(project, output):
    articles = []
    for relative, text in strata_pages(project):
        name = docc_name(relative)
        title = None
        match = FRONT_MATTER.match(text)
        if match:
            text = text[match.end():]
            for line in match.group(1).splitlines():
                if line.startswith("title:"):
                    title = line.split(":", 1)[1].strip().strip('"')
        lines = text.lstrip("\n").splitlines()
        if lines and lines[0].startswith("# "):
            title = title or lines[0][2:]
            lines = lines[1:]
        body = "\n".join(lines)
        # A link to another page becomes a DocC link, which DocC resolves (a heading
        # fragment is dropped: the corpus links to pages only).
        body = LINK.sub(lambda m: f"<doc:{docc_name(os.path.normpath(os.path.join(os.path.dirname(relative), m.group(2) + '.md')))}>", body)
        if name == "Docs":
            write(output, os.path.join("Docs.docc", "Docs.md"), f"# {title}\n\n@Metadata {{\n  @TechnologyRoot\n}}\n{body}\n")
        else:
            articles.append(name)
            write(output, os.path.join("Docs.docc", name + ".md"), f"# {title}\n{body}\n")
    # DocC lists an article under the root only when a Topics section curates it.
    if "Docs.docc/Docs.md" not in output:  # a project without a home page
        output["Docs.docc/Docs.md"] = f"# {site_title(project)}\n\n@Metadata {{\n  @TechnologyRoot\n}}\n"
    output["Docs.docc/Docs.md"] += "\n## Topics\n\n### Pages\n\n" + "".join(f"- <doc:{name}>\n" for name in sorted(articles))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("tool", choices=["hugo", "mkdocs", "docc"])
    parser.add_argument("project")
    parser.add_argument("output")
    args = parser.parse_args()
    files = {}
    {"hugo": hugo, "mkdocs": mkdocs, "docc": docc}[args.tool](args.project, files)
    write_tree(args.output, files)


if __name__ == "__main__":
    main()
