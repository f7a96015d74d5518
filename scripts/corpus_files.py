"""Writes a generated corpus (for `make bench`) so that making it again changes nothing
on disk: a file is written only when its text differs, and only files the generator no
longer makes are removed. Deleting and rewriting thousands of files right before a
timing would have the disk recycling them (on a file system mounted with `discard`, for
seconds) while the first tool measured pays for it.
"""
import os


def write_tree(root, files):
    """Makes `root` hold `files` (relative path → text). Files below the top-level folders
    named in `files` that are not in it are removed; everything else in `root` (a tool's
    output folder, a package's `.build`) is left alone."""
    wanted = set()
    for relative, text in files.items():
        path = os.path.normpath(os.path.join(root, relative))
        wanted.add(path)
        data = text.encode("utf-8")
        try:
            with open(path, "rb") as handle:
                if handle.read() == data:
                    continue
        except FileNotFoundError:
            pass
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as handle:
            handle.write(data)
    for top in sorted({relative.split("/")[0] for relative in files if "/" in relative}):
        for folder, _, names in os.walk(os.path.join(root, top)):
            for name in names:
                path = os.path.normpath(os.path.join(folder, name))
                if path not in wanted:
                    os.remove(path)
