/// A module's documented API: the symbols of its files that other modules can use (at or
/// above `minimumAccess`, in a type that is too, and not hidden), by the type they belong
/// to. What a reference page per type, and the module's list of them, are made from.
package struct ModuleAPI: Hashable, Sendable {
    package var module: String
    /// Every documented symbol, types first by path, then members, each group in the order
    /// a page lists them.
    package private(set) var symbols: [APISymbol]
    /// The conformances each documented type gains in extensions, by type path (`Feed.Item`).
    package private(set) var extensionConformances: [String: [String]]
    /// The types of other modules this one extends with documented members, by path.
    package private(set) var extendedTypes: [[String]]
    /// The documented types (structures, classes, enumerations, actors, protocols): each has
    /// a page.
    package private(set) var types: [APISymbol] = []
    /// Each documented symbol's place in `symbols`, by its parent's path joined with `.`.
    private var membersByParent: [String: [Int]] = [:]

    /// Assembles the module from its files (in a stable order: by path).
    package init(module: String, files: [APIFile], minimumAccess: APISymbol.Access = .public) {
        self.module = module
        var all: [APISymbol] = []
        var seen = Set<String>()
        let aliases = Self.typeAliases(files, module: module)
        for file in files {
            for var symbol in file.symbols {
                symbol.parent = Self.resolvingAliases(Self.withoutModule(symbol.parent, module: module), aliases)
                // Two branches of an `#if` that declare the same thing: the first is kept (a
                // type by its path alone, as its declaration may differ from branch to branch).
                // A protocol's requirement and its default implementation may read alike.
                let key =
                    symbol.path.joined(separator: "/") + "|"
                    + (symbol.kind.isType
                        ? "type"
                        : symbol.kind.rawValue + "|" + symbol.declaration + "|"
                            + String(symbol.extensionLocation == nil) + "|"
                            + (symbol.extensionConstraints ?? ""))
                guard seen.insert(key).inserted else { continue }
                all.append(symbol)
            }
        }
        // The module's own types, documented or not: a member is documented only when every
        // type it is in is.
        var types: [String: APISymbol] = [:]
        for symbol in all where symbol.kind.isType || symbol.kind == .typealias {
            let key = symbol.path.joined(separator: ".")
            if types[key] == nil { types[key] = symbol }
        }
        func isDocumented(_ symbol: APISymbol) -> Bool {
            guard symbol.access >= minimumAccess, !symbol.isHidden else { return false }
            for end in stride(from: symbol.parent.count, to: 0, by: -1) {
                let prefix = symbol.parent[..<end].joined(separator: ".")
                if let type = types[prefix] {
                    if type.access < minimumAccess || type.isHidden { return false }
                } else if symbol.parent[end - 1].hasPrefix("_") {
                    return false
                }
            }
            return true
        }
        var documented = all.filter(isDocumented)
        documented += Self.implicitMembers(of: documented, declared: all, in: files)
        Self.inheritComments(&documented, files: files, module: module)
        symbols = documented.sorted(by: Self.pageOrder)
        var conformances: [String: [String]] = [:]
        for file in files {
            for found in file.extensions {
                let path = Self.withoutModule(found.extendedType, module: module).joined(separator: ".")
                guard let type = types[path], type.access >= minimumAccess, !type.isHidden else { continue }
                for conformance in found.conformances where !conformances[path, default: []].contains(conformance) {
                    // A conformance to one of this module's protocols shows when that protocol does.
                    if let own = types[conformance], own.access < minimumAccess { continue }
                    conformances[path, default: []].append(conformance)
                }
            }
        }
        extensionConformances = conformances
        var extended: [[String]] = []
        var extendedKeys = Set<String>()
        for symbol in symbols where !symbol.parent.isEmpty {
            let key = symbol.parent.joined(separator: ".")
            // A member of a type no declaration here names, nor any type it is nested in.
            let isOwn = (1...symbol.parent.count).contains { types[symbol.parent[..<$0].joined(separator: ".")] != nil }
            if !isOwn, extendedKeys.insert(key).inserted { extended.append(symbol.parent) }
        }
        extendedTypes = extended.sorted { $0.joined(separator: ".") < $1.joined(separator: ".") }
        index()
    }

    /// The look-ups by type, made again whenever `symbols` changes.
    private mutating func index() {
        types = symbols.filter { $0.kind.isType }
        membersByParent = [:]
        for (position, symbol) in symbols.enumerated() {
            membersByParent[symbol.parent.joined(separator: "."), default: []].append(position)
        }
    }

    /// The members the compiler declares without a word in the source, which DocC lists: a
    /// raw-value enum's `init(rawValue:)`, a `Decodable` type's `init(from:)`.
    static func implicitMembers(of symbols: [APISymbol], declared all: [APISymbol], in files: [APIFile])
        -> [APISymbol]
    {
        var conformances: [String: Set<String>] = [:]
        for file in files {
            for found in file.extensions {
                conformances[found.extendedType.joined(separator: "."), default: []].formUnion(found.conformances)
            }
        }
        var declared: Set<String> = []
        for symbol in all where symbol.kind == .initializer {
            declared.insert(symbol.parent.joined(separator: ".") + "/" + symbol.name)
        }
        let rawTypes: Set<String> = [
            "String", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
            "Character", "Double", "Float", "Swift.String", "Swift.Int"
        ]
        var implicit: [APISymbol] = []
        for type in symbols where type.kind.isType && type.kind != .protocol {
            let key = type.path.joined(separator: ".")
            let all = Set(type.inherits).union(conformances[key] ?? [])
            func add(_ name: String, _ declaration: String) {
                guard !declared.contains(key + "/" + name) else { return }
                implicit.append(
                    APISymbol(
                        kind: .initializer, name: name, parent: type.path, declaration: declaration,
                        location: type.location, access: type.access))
            }
            let hasRawValues = type.kind == .enum && type.inherits.first.map(rawTypes.contains) == true
            if hasRawValues, let raw = type.inherits.first {
                add("init(rawValue:)", "init?(rawValue: \(raw))")
            }
            // A raw-value type decodes through the standard library's own `init(from:)`.
            let isRawRepresentable = hasRawValues || all.contains("RawRepresentable")
            if !isRawRepresentable, !all.isDisjoint(with: ["Codable", "Decodable", "Swift.Codable", "Swift.Decodable"])
            {
                add("init(from:)", "init(from decoder: any Decoder) throws")
            }
        }
        return implicit
    }

    /// A member without a doc comment of its own takes the comment of the member it stands
    /// for in this module, as DocC shows it: the requirement (or default implementation) of
    /// a protocol its type conforms to, or the method of the superclass it overrides; the
    /// same signature first, else the only one of that name.
    static func inheritComments(_ symbols: inout [APISymbol], files: [APIFile], module: String) {
        var bySignature: [String: [String: DocComment]] = [:]
        var byName: [String: [String: [DocComment]]] = [:]
        for symbol in symbols where !symbol.parent.isEmpty {
            guard let comment = symbol.docComment else { continue }
            let parent = symbol.parent.joined(separator: ".")
            bySignature[parent, default: [:]][signature(symbol)] = bySignature[parent]?[signature(symbol)] ?? comment
            byName[parent, default: [:]][symbol.name, default: []].append(comment)
        }
        guard !bySignature.isEmpty else { return }
        var related: [String: [String]] = [:]
        for symbol in symbols where symbol.kind.isType {
            related[symbol.path.joined(separator: "."), default: []] += symbol.inherits
        }
        for file in files {
            for found in file.extensions {
                let key = withoutModule(found.extendedType, module: module).joined(separator: ".")
                related[key, default: []] += found.conformances
            }
        }
        for index in symbols.indices where symbols[index].docComment == nil && !symbols[index].parent.isEmpty {
            let parent = symbols[index].parent.joined(separator: ".")
            let signature = signature(symbols[index])
            // The type itself (a protocol's default implementation), then what it inherits,
            // nearest first.
            var candidates = [parent]
            var next = 0
            while next < candidates.count, candidates.count < 64 {
                for inherited in related[candidates[next]] ?? [] where !candidates.contains(inherited) {
                    candidates.append(inherited)
                }
                next += 1
            }
            for name in candidates {
                if let comment = bySignature[name]?[signature] {
                    symbols[index].docComment = comment
                    break
                }
                if name != parent, let comments = byName[name]?[symbols[index].name], comments.count == 1 {
                    symbols[index].docComment = comments[0]
                    break
                }
            }
        }
    }

    /// A member's name and declaration without what an override or an implementation adds.
    static func signature(_ symbol: APISymbol) -> String {
        let words = symbol.declaration.split(whereSeparator: { $0 == " " || $0 == "\n" }).filter {
            !["override", "final", "dynamic", "nonisolated", "required", "convenience", "mutating"].contains($0)
        }
        return symbol.name + "|" + words.joined(separator: " ")
    }

    /// The module's type aliases of its own types (`typealias Parameters = FlatDictionary<…>`),
    /// by path joined with `.`, each to the path of the type it names.
    static func typeAliases(_ files: [APIFile], module: String) -> [String: [String]] {
        var types = Set<String>()
        for file in files {
            for symbol in file.symbols where symbol.kind.isType { types.insert(symbol.path.joined(separator: ".")) }
        }
        var aliases: [String: [String]] = [:]
        for file in files {
            for symbol in file.symbols where symbol.kind == .typealias {
                guard let written = symbol.inherits.first else { continue }
                // A named type (`FlatDictionary<Substring, Substring>`), this module's or another's.
                let named = namedType(written)
                guard !named.isEmpty, named.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }),
                    named.first?.isUppercase == true
                else { continue }
                let path = withoutModule(named.split(separator: ".").map(String.init), module: module)
                if types.contains(path.joined(separator: ".")) || path.count == 1 {
                    aliases[symbol.path.joined(separator: ".")] = path
                }
            }
        }
        return aliases
    }

    /// The type a written type names: `FlatDictionary<A, B>` → `FlatDictionary`, and the
    /// standard library's sugar spelt out, `[K: V]` → `Dictionary`, `[T]` → `Array`,
    /// `T?` → `Optional`.
    static func namedType(_ written: String) -> String {
        let text = written.trimmingWhitespace
        if text.hasPrefix("["), text.hasSuffix("]") {
            var depth = 0
            for character in text.dropFirst().dropLast() {
                if character == "[" || character == "<" || character == "(" { depth += 1 }
                if character == "]" || character == ">" || character == ")" { depth -= 1 }
                if character == ":", depth == 0 { return "Dictionary" }
            }
            return "Array"
        }
        if text.hasSuffix("?") { return "Optional" }
        return text.split(separator: "<").first.map { $0.trimmingWhitespace } ?? text
    }

    /// An extension of a type alias extends the type it names, as DocC shows it.
    static func resolvingAliases(_ path: [String], _ aliases: [String: [String]]) -> [String] {
        guard !aliases.isEmpty, !path.isEmpty else { return path }
        for end in stride(from: path.count, to: 0, by: -1) {
            if let target = aliases[path[..<end].joined(separator: ".")] { return target + path[end...] }
        }
        return path
    }

    /// Types by path, then kind, then name, then place.
    static func pageOrder(_ left: APISymbol, _ right: APISymbol) -> Bool {
        let leftKey = (left.parent.joined(separator: "."), left.kind.order, left.name, left.location)
        let rightKey = (right.parent.joined(separator: "."), right.kind.order, right.name, right.location)
        if leftKey.0 != rightKey.0 { return leftKey.0 < rightKey.0 }
        if leftKey.1 != rightKey.1 { return leftKey.1 < rightKey.1 }
        if leftKey.2 != rightKey.2 { return leftKey.2 < rightKey.2 }
        return leftKey.3 < rightKey.3
    }

    /// The toolchain's modules, whose name may qualify a type an extension extends.
    static let toolchainModules: Set<String> = [
        "Swift", "Foundation", "FoundationEssentials", "Dispatch", "_Concurrency", "Synchronization", "Darwin",
        "Glibc", "Musl", "XCTest", "Testing"
    ]

    /// `Greeter.Feed` in the module `Greeter` is `Feed`; `Swift.Duration` is `Duration`, as
    /// DocC writes an extended type's path.
    static func withoutModule(_ path: [String], module: String) -> [String] {
        path.count > 1 && (path[0] == module || toolchainModules.contains(path[0])) ? Array(path.dropFirst()) : path
    }

    /// The symbols declared directly in a type (or in an extended type of another module).
    package func members(of path: [String]) -> [APISymbol] {
        (membersByParent[path.joined(separator: ".")] ?? []).map { symbols[$0] }.filter { $0.parent == path }
    }

    /// What has no type around it: functions, variables, operators, type aliases, macros.
    package var globals: [APISymbol] { members(of: []).filter { !$0.kind.isType } }

    /// Whether a path names one of this module's types (documented or not).
    package func declaresType(_ path: [String]) -> Bool {
        members(of: path.dropLast()).contains { $0.kind.isType && $0.path == path }
    }

    package var isEmpty: Bool { symbols.isEmpty }

    /// The documented symbol a DocC path names (`Greeter/greet(_:)`, `Module/Feed/Item`,
    /// a component with or without its argument labels or disambiguation), if one does.
    package func symbolPath(for written: [String]) -> [String]? {
        var components = written
        if components.count > 1, components[0] == module { components.removeFirst() }
        if let exact = symbols.first(where: { $0.path == components }) { return exact.path }
        guard let last = components.last else { return nil }
        let parent = Array(components.dropLast())
        return symbols.first { $0.parent == parent && $0.baseName == last }?.path
    }

    /// A DocC documentation extension's text joined to the doc comment of the symbol at
    /// `path`: after it (DocC's `append`), or in its place (`override`).
    package mutating func attach(_ lines: [DocComment.Line], to path: [String], override: Bool) {
        for index in symbols.indices where symbols[index].path == path {
            let own = override ? [] : symbols[index].docComment?.lines ?? []
            let joined = own.isEmpty ? lines : own + [DocComment.Line("", at: own[own.count - 1].location)] + lines
            symbols[index].docComment = DocComment(lines: joined)
        }
        index()
    }
}
