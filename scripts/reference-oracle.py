#!/usr/bin/env python3
"""An independent reading of an app's type references, for `make accuracy`: every Swift file
parsed with tree-sitter-swift (a grammar and parser that share nothing with swift-syntax or
Strata), its type declarations and the places it names a type found on that tree, and each
name resolved to a declaration the way Swift looks names up: the types nested in the
enclosing types, innermost first; a file's own private types; the module's types; then the
public types of the modules it depends on (all of them for a test target), a name two of
them declare being ambiguous and left out; `Module.Type` qualified by a module's name.

Modules, their files and what they depend on come from the site's graph.json. Prints one
line per reference: "path:line:column<TAB>declaration path:line:column", each declaration
named by where its name is written, so no naming convention is shared with Strata. Like
components.json, it leaves out a type naming itself or a type nested in it. Files tree-sitter
cannot parse whole are listed first ("#unparsed<TAB>path").

Usage: reference-oracle.py PROJECT_FOLDER GRAPH_JSON
"""
import json
import os
import sys

import tree_sitter_swift
from tree_sitter import Language, Parser

PARSER = Parser(Language(tree_sitter_swift.language()))
DECLARING = {"class", "struct", "enum", "actor", "extension"}


def text(node, source):
    return source[node.start_byte:node.end_byte].decode("utf-8", "replace")


def place(path, node):
    return f"{path}:{node.start_point[0] + 1}:{node.start_point[1] + 1}"


def capitalised(name):
    return bool(name) and name[0].isupper()


class FileReading:
    """Declarations and references of one file."""

    def __init__(self, path, source):
        self.path, self.source = path, source
        self.declarations = []  # (qualified, place, is_public, is_file_private)
        self.references = []  # (parts, place, scopes)
        self.imports = set()  # the modules the file imports
        tree = PARSER.parse(source)
        # tree-sitter-swift does not parse every file Swift accepts: such a file is named,
        # and the comparison leaves it out on both sides.
        self.unparsed = tree.root_node.has_error
        self.walk(tree.root_node, scopes=[], generics=[], file_private=False)

    def modifiers(self, node):
        found = set()
        for child in node.children:
            if child.type == "modifiers":
                for modifier in child.children:
                    found.update(text(modifier, self.source).split())
        return found

    def type_parameters(self, node):
        names = set()
        for child in node.children:
            if child.type == "type_parameters":
                for parameter in child.children:
                    if parameter.type == "type_parameter":
                        for part in parameter.children:
                            if part.type == "type_identifier":
                                names.add(text(part, self.source))
                                break
        return names

    def walk(self, node, scopes, generics, file_private):
        kind = node.type
        if kind == "import_declaration":
            path = next((c for c in node.children if c.type == "identifier"), None)
            first = next((c for c in path.children if c.type == "simple_identifier"), None) if path is not None else None
            if first is not None:
                self.imports.add(text(first, self.source))
            return
        if kind in ("class_declaration", "protocol_declaration", "typealias_declaration"):
            if kind == "protocol_declaration":
                keyword = "protocol"
            elif kind == "typealias_declaration":
                keyword = "typealias"
            else:
                keyword = next((text(c, self.source) for c in node.children if text(c, self.source) in DECLARING), None)
            modifiers = self.modifiers(node)
            if keyword == "extension":
                extended = next((c for c in node.children if c.type == "user_type"), None)
                if extended is not None:
                    self.type_reference(extended, scopes, generics)
                    scope = {"name": text(extended, self.source).split("<")[0].replace(" ", ""), "extension": True,
                             "public_extension": bool({"public", "package"} & modifiers)}
                    inner_generics = generics + [set()]
                    for child in node.children:
                        if child is not extended:
                            self.walk(child, scopes + [scope], inner_generics, file_private)
                    return
            name_node = next((c for c in node.children if c.type == "type_identifier"), None)
            if name_node is not None and keyword is not None:
                name = text(name_node, self.source)
                qualified = ".".join([s["name"] for s in scopes] + [name])
                is_private = bool({"private", "fileprivate"} & modifiers)
                this_private = file_private or (not scopes and is_private)
                is_public = bool({"public", "open", "package"} & modifiers) or (
                    scopes and scopes[-1].get("public_extension", False) and not ({"internal", "private", "fileprivate"} & modifiers))
                self.declarations.append((qualified, place(self.path, name_node), is_public, this_private))
                inner = generics + [self.type_parameters(node) | ({a for a in self.associated_types(node)} if keyword == "protocol" else set())]
                if keyword == "typealias":
                    for child in node.children:
                        if child is not name_node:
                            self.walk(child, scopes, inner, file_private)
                    return
                scope = {"name": name, "extension": False}
                for child in node.children:
                    if child is not name_node:
                        self.walk(child, scopes + [scope], inner, this_private)
                return
        if kind in ("function_declaration", "init_declaration", "subscript_declaration"):
            inner = generics + [self.type_parameters(node)]
            for child in node.children:
                self.walk(child, scopes, inner, file_private)
            return
        if kind == "user_type":
            self.type_reference(node, scopes, generics)
            return
        if kind == "key_path_expression":
            # `\Article.title`: the key path's root type.
            root = next((c for c in node.children if c.type == "type_identifier"), None)
            if root is not None:
                self.add([text(root, self.source)], root, scopes, generics)
        if kind == "call_expression":
            callee = node.children[0] if node.children else None
            chain = self.chain(callee) if callee is not None else None
            if chain:
                self.add(chain, callee, scopes, generics)
            elif callee is not None and callee.type in ("array_literal", "dictionary_literal"):
                # `[Item]()`, `[Key: Value]()`, `[(item: Item, count: Int)]()`: a collection of
                # the types (or of tuples of them), made.
                elements = [c for c in callee.children if c.type not in ("[", "]", ":", ",")]
                if len(elements) <= 2:
                    for element in elements:
                        members = [element]
                        if element.type == "tuple_expression":
                            members = [c for c in element.children if c.type not in ("(", ")", ",", ":", "simple_identifier")
                                       or (c.type == "simple_identifier" and capitalised(text(c, self.source)))]
                        for member in members:
                            if member.type == "call_expression" and member.children:
                                member = member.children[0]  # `Set<Style>` reads as a call
                            element_chain = self.chain(member)
                            if element_chain:
                                self.add(element_chain, member, scopes, generics)
        if kind == "navigation_expression" and node.children:
            base = node.children[0]
            chain = self.chain(base)
            if chain:
                self.add(chain, base, scopes, generics)
            elif base.type == "as_expression" and base.children and base.children[-1].type == "user_type" and len(node.children) == 2:
                # tree-sitter-swift reads `x as? A.Media` as `(x as? A).Media`: the cast is to `A.Media`.
                cast = base.children[-1]
                names = [c for c in node.children[1].children if c.type == "simple_identifier"]
                parts = [text(c, self.source) for c in cast.children if c.type == "type_identifier"]
                if names and capitalised(text(names[0], self.source)) and len(parts) == len(cast.children):
                    self.add(parts + [text(names[0], self.source)], cast, scopes, generics)
        if kind == "comparison_expression" and len(node.children) == 3 and node.children[1].type == "<":
            # tree-sitter-swift reads `Optional<(A, B)>.self` as `Optional < (A, B) > .self`:
            # the types between the angle brackets are generic arguments.
            inner = node.children[2]
            if (inner.type == "comparison_expression" and len(inner.children) == 3 and inner.children[1].type == ">"
                    and inner.children[2].type == "prefix_expression" and text(inner.children[2], self.source).startswith(".")):
                arguments = inner.children[0]
                members = arguments.children if arguments.type == "tuple_expression" else [arguments]
                for member in members:
                    member_chain = self.chain(member)
                    if member_chain:
                        self.add(member_chain, member, scopes, generics)
        if kind == "attribute":
            # tree-sitter-swift reads the parameter list of `@Sendable (Scan) async -> Void` as
            # the attribute's arguments: its capitalised names are the function type's types.
            name = next((text(c, self.source) for c in node.children if c.type == "user_type"), "")
            if name in ("Sendable", "MainActor", "escaping", "autoclosure"):
                for child in node.children:
                    if child.type == "simple_identifier" and capitalised(text(child, self.source)):
                        self.add([text(child, self.source)], child, scopes, generics)
        for child in node.children:
            self.walk(child, scopes, generics, file_private)

    def associated_types(self, node):
        for body in node.children:
            if body.type == "protocol_body":
                for member in body.children:
                    if member.type == "associatedtype_declaration":
                        for part in member.children:
                            if part.type == "type_identifier":
                                yield text(part, self.source)
                                break

    def chain(self, node):
        """A chain of capitalised names in an expression, as parts, or None."""
        if node.type == "simple_identifier":
            name = text(node, self.source)
            return [name] if capitalised(name) else None
        if node.type == "navigation_expression" and len(node.children) == 2:
            base = self.chain(node.children[0])
            suffix = node.children[1]
            names = [c for c in suffix.children if c.type == "simple_identifier"]
            if base and names and capitalised(text(names[0], self.source)):
                return base + [text(names[0], self.source)]
        return None

    def type_reference(self, node, scopes, generics):
        parts, plain = [], True
        for child in node.children:
            if child.type == "type_identifier":
                if not plain:
                    break
                parts.append(text(child, self.source))
            elif child.type == "type_arguments":
                plain = False
                for argument in child.children:
                    self.walk(argument, scopes, generics, False)
        if not parts:
            return
        # The whole dotted name, and each name before it.
        for count in range(len(parts), 0, -1):
            self.add(parts[:count], node, scopes, generics)

    def add(self, parts, node, scopes, generics):
        if parts[0] in ("Self", "Any") or any(parts[0] in g for g in generics):
            return
        self.references.append((parts, place(self.path, node), list(scopes)))


def main(root, graph_path):
    graph = json.load(open(graph_path))
    modules = {n["id"]: n.get("files", []) for n in graph["nodes"] if "files" in n}
    tests = {n["id"] for n in graph["nodes"] if n.get("kind") == "test"}
    depends = {m: set() for m in modules}
    for edge in graph["edges"]:
        if edge["from"] in modules and edge["to"] in modules and edge["from"] != edge["to"]:
            depends[edge["from"]].add(edge["to"])
    readings = {}
    modules_of = {}  # a file two targets compile (an app and its extension) is in both
    for module, files in modules.items():
        for path in files:
            if path not in readings:
                try:
                    readings[path] = FileReading(path, open(os.path.join(root, path), "rb").read())
                except OSError:
                    continue
            modules_of.setdefault(path, []).append(module)
    # Module → name → its declaration (place, is_public), the file-private ones by file. A
    # type declared twice in a module (once per `#if` branch) is one type, named by its
    # first declaration in path order.
    declared, private = {}, {}
    for path in sorted(readings):
        reading = readings[path]
        for module in modules_of[path]:
            for qualified, where, is_public, file_private in reading.declarations:
                if file_private:
                    private.setdefault(path, {}).setdefault(qualified, [where])
                else:
                    existing = declared.setdefault(module, {}).get(qualified)
                    declared[module][qualified] = [(existing[0][0], existing[0][1] or is_public)] if existing else [(where, is_public)]

    def lookup(module, name, public_only):
        found = [w for w, pub in declared.get(module, {}).get(name, []) if pub or not public_only]
        return found

    def resolve(parts, path, scopes, module):
        name = ".".join(parts)
        # Nested: through the enclosing types, innermost first.
        for depth in range(len(scopes), 0, -1):
            prefix = ".".join(s["name"] for s in scopes[:depth])
            candidate = prefix + "." + name
            hits = private.get(path, {}).get(candidate, []) + lookup(module, candidate, False)
            if hits:
                return hits
        hits = private.get(path, {}).get(name, []) or lookup(module, name, False)
        if hits:
            return hits
        found = []
        for other in sorted(depends[module]):
            found += [(other, w) for w in lookup(other, name, module not in tests)]
        # A type of that name wins over a module of that name (`PackageCollectionsModel.X`
        # is the type `PackageCollectionsModel`'s, where a module has the name too).
        if not found and len(parts) > 1 and parts[0] in modules:
            other = parts[0]
            rest = ".".join(parts[1:])
            if other == module:
                return lookup(module, rest, False)
            if other in depends[module]:
                return lookup(other, rest, module not in tests)
            return []
        # Declared by several dependencies: the one the file imports, as Swift decides.
        if len(found) > 1:
            imported = [w for other, w in found if other in readings[path].imports]
            if imported:
                return imported
        return [w for _, w in found]

    name_at = {}
    for path, reading in readings.items():
        for qualified, where, _, _ in reading.declarations:
            name_at[where] = qualified
    lines = set()
    for path, reading in readings.items():
        for module in modules_of[path]:
            for parts, where, scopes in reading.references:
                targets = resolve(parts, path, scopes, module)
                if len(targets) != 1:
                    continue  # no declared type, or ambiguous
                target = targets[0]
                # The type whose code it is: the innermost declared type; code directly in an
                # extension is its file's (the comparison places every file with `paths:`).
                declared_scopes = [i for i, s in enumerate(scopes) if not s["extension"]]
                speaking = ".".join(s["name"] for s in scopes[:declared_scopes[-1] + 1]) if declared_scopes else None
                target_name = name_at.get(target)
                same_module = any(w == target for w, _ in declared.get(module, {}).get(target_name, [])) or target in private.get(path, {}).get(target_name, [])
                if speaking and same_module and (target_name == speaking or target_name.startswith(speaking + ".")):
                    continue
                lines.add(f"{where}\t{target}")
    for path in sorted(p for p, reading in readings.items() if reading.unparsed):
        print(f"#unparsed\t{path}")
    for line in sorted(lines):
        print(line)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
