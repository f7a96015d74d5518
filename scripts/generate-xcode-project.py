#!/usr/bin/env python3
"""Writes an Xcode app of TARGETS framework targets and FILES Swift files each, in one
project.pbxproj of the classic group-tree shape, for timing Strata's Xcode reader.

usage: generate-xcode-project.py FOLDER [TARGETS] [FILES]

Framework N imports framework N-1 (and declares it), the app imports and links them all.
"""
import os
import sys

folder = sys.argv[1]
targets = int(sys.argv[2]) if len(sys.argv) > 2 else 50
files = int(sys.argv[3]) if len(sys.argv) > 3 else 20
counter = [0]


def new_id():
    counter[0] += 1
    return "%024X" % (0xAB0000000000000000000000 + counter[0])


objects = []
main_children = []
project_id = new_id()
native = []
for t in range(targets + 1):
    is_app = t == targets
    name = "App" if is_app else "Feature%03d" % t
    group_id = new_id()
    refs, builds = [], []
    for f in range(files if not is_app else 3):
        ref, build = new_id(), new_id()
        file = "%sFile%03d.swift" % (name, f)
        objects.append('\t\t%s /* %s */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = %s; sourceTree = "<group>"; };' % (ref, file, file))
        objects.append("\t\t%s /* %s in Sources */ = {isa = PBXBuildFile; fileRef = %s; };" % (build, file, ref))
        refs.append(ref)
        builds.append(build)
        os.makedirs(os.path.join(folder, name), exist_ok=True)
        with open(os.path.join(folder, name, file), "w") as out:
            if is_app:
                out.write("".join("import Feature%03d\n" % d for d in range(targets)))
            elif t > 0:
                out.write("import Foundation\nimport Feature%03d\n" % (t - 1))
            else:
                out.write("import Foundation\n")
            out.write("\nstruct %sType%03d {\n    var value = %d\n}\n" % (name, f, f) * 3)
    objects.append('\t\t%s /* %s */ = {isa = PBXGroup; children = (%s); path = %s; sourceTree = "<group>"; };' % (group_id, name, ", ".join(refs), name))
    main_children.append(group_id)
    sources = new_id()
    objects.append("\t\t%s /* Sources */ = {isa = PBXSourcesBuildPhase; files = (%s); };" % (sources, ", ".join(builds)))
    product = new_id()
    suffix = "app" if is_app else "framework"
    objects.append("\t\t%s /* %s.%s */ = {isa = PBXFileReference; path = %s.%s; sourceTree = BUILT_PRODUCTS_DIR; };" % (product, name, suffix, name, suffix))
    native.append((new_id(), name, sources, product, is_app))

for index, (target_id, name, sources, product, is_app) in enumerate(native):
    dependencies, phases = [], [sources]
    wanted = range(targets) if is_app else ([index - 1] if index > 0 else [])
    links = []
    for other in wanted:
        dependency = new_id()
        objects.append("\t\t%s /* PBXTargetDependency */ = {isa = PBXTargetDependency; target = %s; };" % (dependency, native[other][0]))
        dependencies.append(dependency)
        if is_app:
            build = new_id()
            objects.append("\t\t%s /* link */ = {isa = PBXBuildFile; fileRef = %s; };" % (build, native[other][3]))
            links.append(build)
    if links:
        frameworks = new_id()
        objects.append("\t\t%s /* Frameworks */ = {isa = PBXFrameworksBuildPhase; files = (%s); };" % (frameworks, ", ".join(links)))
        phases.append(frameworks)
    kind = "com.apple.product-type.application" if is_app else "com.apple.product-type.framework"
    objects.append('\t\t%s /* %s */ = {isa = PBXNativeTarget; buildPhases = (%s); dependencies = (%s); name = %s; productReference = %s; productType = "%s"; };'
                   % (target_id, name, ", ".join(phases), ", ".join(dependencies), name, product, kind))

main_group = new_id()
objects.append('\t\t%s = {isa = PBXGroup; children = (%s); sourceTree = "<group>"; };' % (main_group, ", ".join(main_children)))
objects.append('\t\t%s /* Project object */ = {isa = PBXProject; mainGroup = %s; projectDirPath = ""; targets = (%s); };'
               % (project_id, main_group, ", ".join(t[0] for t in native)))
os.makedirs(os.path.join(folder, "App.xcodeproj"), exist_ok=True)
with open(os.path.join(folder, "App.xcodeproj", "project.pbxproj"), "w") as out:
    out.write("// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tclasses = {\n\t};\n\tobjectVersion = 56;\n\tobjects = {\n")
    out.write("\n".join(objects))
    out.write("\n\t};\n\trootObject = %s /* Project object */;\n}\n" % project_id)
