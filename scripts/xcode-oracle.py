#!/usr/bin/env python3
"""An independent listing of an Xcode project's Swift files per native target, for
`make accuracy`: read with mod-pbxproj (kronenthaler/mod-pbxproj, a Python parser that
shares no code with Strata), file references placed through the group tree, synchronized
folders walked on disk with their exception sets (an exception set for a target the folder
does not belong to adds those files to it, as Xcode 16 does).

Usage: xcode-oracle.py PROJECT.xcodeproj   → one line per target: "name<TAB>count"
"""
import os
import sys

from pbxproj import XcodeProject

OPAQUE = {"xcassets", "bundle", "framework", "xcframework", "xcdatamodeld", "xcdatamodel", "docc", "xcodeproj",
          "xcworkspace", "playground", "app", "appex", "xctest", "scnassets", "rcproject", "mlpackage", "mlmodelc", "lproj"}


def main(path):
    project = XcodeProject.load(os.path.join(path, "project.pbxproj"))
    objects = project.objects
    root = os.path.dirname(os.path.abspath(path))
    parent = {}
    for group in objects.get_objects_in_section("PBXGroup", "PBXVariantGroup", "PBXFileSystemSynchronizedRootGroup"):
        for child in group.get("children", None) or []:
            parent[child] = group.get_id()

    def place(identifier):
        item = objects[identifier]
        tree, own = item.get("sourceTree", "<group>"), item.get("path", None) or ""
        if tree == "SOURCE_ROOT":
            return os.path.normpath(os.path.join(root, own))
        if tree == "<absolute>":
            return own
        if tree != "<group>":
            return None
        above = parent.get(identifier)
        base = root if above is None else place(above)
        return None if base is None else os.path.normpath(os.path.join(base, own))

    def swift_files(folder):
        for directory, folders, files in os.walk(folder):
            folders[:] = [name for name in folders if not name.startswith(".") and name.rsplit(".", 1)[-1] not in OPAQUE]
            for name in files:
                if name.endswith(".swift") and not name.startswith("."):
                    yield os.path.relpath(os.path.join(directory, name), folder)

    def listed(relative, entries):
        return any(relative == entry or relative.startswith(entry.rstrip("/") + "/") for entry in entries)

    exception_sets = {}
    for group in objects.get_objects_in_section("PBXFileSystemSynchronizedRootGroup"):
        for identifier in group.get("exceptions", None) or []:
            exception = objects[identifier]
            if exception is None or exception.isa != "PBXFileSystemSynchronizedBuildFileExceptionSet":
                continue
            key = (group.get_id(), exception.get("target", None))
            exception_sets.setdefault(key, []).extend(exception.get("membershipExceptions", None) or [])

    for target in sorted(objects.get_objects_in_section("PBXNativeTarget"), key=lambda t: t.name):
        files = set()
        for identifier in target.get("buildPhases", None) or []:
            phase = objects[identifier]
            if phase is None or phase.isa != "PBXSourcesBuildPhase":
                continue
            for build in phase.get("files", None) or []:
                item = objects[build]
                reference = item.get("fileRef", None) if item is not None else None
                if reference is None or objects[reference] is None:
                    continue
                found = place(reference)
                if found and found.endswith(".swift") and os.path.exists(found):
                    files.add(found)
        own = set(target.get("fileSystemSynchronizedGroups", None) or [])
        for (group, owner), entries in exception_sets.items():
            if owner != target.get_id() or group in own:
                continue
            folder = place(group)
            files.update(os.path.join(folder, f) for f in swift_files(folder) if listed(f, entries))
        for group in own:
            folder = place(group)
            if folder is None or not os.path.isdir(folder):
                continue
            entries = exception_sets.get((group, target.get_id()), [])
            files.update(os.path.join(folder, f) for f in swift_files(folder) if not listed(f, entries))
        print(f"{target.name}\t{len(files)}")


if __name__ == "__main__":
    main(sys.argv[1])
