import StrataCore
import StrataMarkdown

/// Every documented symbol of the modules read, by the paths a link may name it with, as
/// DocC resolves ``` ``Symbol`` ``` and `doc:` links to symbols: from the scope of the page
/// the link is on outwards (a type's page finds its members by name alone), then from the
/// module, then from any module read; a component may leave out its argument labels
/// (`greet`) and may carry DocC's disambiguation (`-swift.method`, `-3hd8f`).
struct APISymbolIndex: Equatable, Sendable {
    struct Target: Equatable, Sendable {
        var output: String
        /// The member's heading id on its type's page; nil for a type's own page.
        var anchor: String?
        var title: String
        var abstract: String?
        var kind: APISymbol.Kind?
    }

    /// By module, then by path (names joined with `/`); a path without argument labels
    /// (`Greeter/greet`) holds every overload.
    private var byModule: [String: [String: [Target]]] = [:]
    /// Each module's own page.
    private var modulePages: [String: Target] = [:]
    /// By module, then by type path (`/`-joined): what the type inherits from and conforms
    /// to, where a member it does not declare is looked for (`ClassDeclSyntax/with(_:_:)`,
    /// a `SyntaxProtocol` method, as DocC lists default implementations on each type).
    private var inheritance: [String: [String: [String]]] = [:]
    /// The modules read, by name.
    private var moduleNames: [String] = []

    init(pages: [SourcePage]) {
        for page in pages {
            guard let info = page.api else { continue }
            let abstract = page.document.doccInfo?.abstract
            if let path = info.path {
                let target = Target(output: page.outputPath, title: page.title, abstract: abstract, kind: info.kind)
                add(target, module: info.module, path: path)
                if !info.inherits.isEmpty {
                    inheritance[info.module, default: [:]][path.joined(separator: "/"), default: []] += info.inherits
                }
            } else {
                modulePages[info.module] = Target(output: page.outputPath, title: info.module, abstract: abstract)
            }
            // Members, each matched with the first heading of its name not yet taken (a page
            // lists them by topic, overloads in order).
            var headings: [String: [String]] = [:]
            for heading in page.document.headings where heading.level == 3 {
                headings[heading.text, default: []].append(heading.id)
            }
            for member in info.members {
                guard let id = headings[member.name]?.first else { continue }
                headings[member.name]?.removeFirst()
                let target = Target(
                    output: page.outputPath, anchor: id, title: member.name, abstract: member.summary, kind: member.kind
                )
                add(target, module: info.module, path: member.parent + [member.name])
            }
        }
        moduleNames = byModule.keys.sorted()
    }

    private mutating func add(_ target: Target, module: String, path: [String]) {
        guard let last = path.last else { return }
        let parents = path.dropLast().joined(separator: "/")
        let prefix = parents.isEmpty ? "" : parents + "/"
        byModule[module, default: [:]][prefix + last, default: []].append(target)
        let base = last.firstIndex(of: "(").map { String(last[..<$0]) } ?? last
        if base != last { byModule[module, default: [:]][prefix + base, default: []].append(target) }
    }

    var isEmpty: Bool { byModule.isEmpty && modulePages.isEmpty }

    /// The symbol a link names, seen from a page of `module` about the symbol at `scope`.
    func resolve(_ written: String, module: String?, scope: [String]) -> Target? {
        var components = DocCSymbolLinks.components(written)
        guard !components.isEmpty else { return nil }
        var kinds: [String?] = []
        for (index, component) in components.enumerated() {
            let (name, kind) = Self.split(component)
            components[index] = name
            kinds.append(kind)
        }
        // From the page's scope outwards, in its module.
        if let module {
            for end in stride(from: scope.count, through: 0, by: -1) {
                let prefix = Array(scope[..<end])
                let padding = [String?](repeating: nil, count: prefix.count)
                if let found = findIn(module: module, prefix + components, padding + kinds) { return found }
            }
        }
        // A path that starts with a module's name, or the module alone.
        if byModule[components[0]] != nil || modulePages[components[0]] != nil {
            if components.count == 1 { return modulePages[components[0]] }
            if let found = findIn(module: components[0], Array(components.dropFirst()), Array(kinds.dropFirst())) {
                return found
            }
        }
        // Another module's symbol, named from its top.
        for other in moduleNames where other != module {
            if let found = findIn(module: other, components, kinds) { return found }
        }
        // A type of a module not read, which a module read extends (`Foundation/UUID/init(_:)`),
        // or a module's type that another module extends (`SwiftSyntax/ExprSyntax/init(literal:)`
        // from SwiftSyntaxBuilder).
        if components.count > 1 {
            let rest = Array(components.dropFirst())
            let restKinds = Array(kinds.dropFirst())
            for other in [module].compactMap({ $0 }) + moduleNames {
                if let found = findIn(module: other, rest, restKinds) { return found }
            }
        }
        return nil
    }

    private func findIn(module: String, _ components: [String], _ kinds: [String?]) -> Target? {
        guard let symbols = byModule[module] else { return nil }
        let candidates = symbols[components.joined(separator: "/")] ?? []
        guard !candidates.isEmpty else {
            var visited: Set<String> = []
            return findInherited(module: module, components, kinds, visited: &visited)
        }
        guard let kind = kinds.last ?? nil else { return candidates.first }
        return candidates.first { $0.kind?.rawValue == kind } ?? candidates.first
    }

    /// A member the type does not declare, found on what it inherits from or conforms to
    /// (and what those inherit from), in its module or another module read: the protocol's
    /// default implementation, the superclass's method.
    private func findInherited(module: String, _ components: [String], _ kinds: [String?], visited: inout Set<String>)
        -> Target?
    {
        guard components.count > 1, let member = components.last else { return nil }
        let type = components.dropLast().joined(separator: "/")
        guard visited.insert(module + "\u{0}" + type).inserted, let parents = inheritance[module]?[type] else {
            return nil
        }
        let modules = [module] + moduleNames.filter { $0 != module }
        for parent in parents {
            var path = parent.split(separator: ".").map(String.init) + [member]
            var searched = modules
            // `SwiftSyntax.SyntaxProtocol`: the module named first.
            if path.count > 2, byModule[path[0]] != nil {
                searched = [path[0]]
                path.removeFirst()
            }
            for other in searched {
                guard let symbols = byModule[other] else { continue }
                let candidates = symbols[path.joined(separator: "/")] ?? []
                if let kind = kinds.last ?? nil, let found = candidates.first(where: { $0.kind?.rawValue == kind }) {
                    return found
                }
                if let found = candidates.first { return found }
                if let found = findInherited(module: other, path, kinds, visited: &visited) { return found }
            }
        }
        return nil
    }

    /// `greet(_:)-swift.method` → (`greet(_:)`, `method`); a hash or a type signature
    /// after the dash picks among overloads, which share one page here: dropped.
    static func split(_ component: String) -> (name: String, kind: String?) {
        let name = DocCSymbolLinks.withoutDisambiguation(component)
        guard name != component else { return (component, nil) }
        let suffix = component.dropFirst(name.count + 1)
        if suffix.hasPrefix("swift.") { return (name, String(suffix.dropFirst("swift.".count))) }
        return (name, nil)
    }

    /// The last component of a written symbol path, without its disambiguation.
    static func lastComponent(_ written: String) -> String {
        split(DocCSymbolLinks.components(written).last ?? written).name
    }
}

/// What a reference page documents: its module, its type (nil for the module's page) and
/// the symbols it details under level-3 headings, for links to find them.
struct APIPageInfo: Sendable {
    struct Member: Sendable {
        var name: String
        var parent: [String]
        var kind: APISymbol.Kind
        var summary: String?
    }

    var module: String
    var path: [String]?
    var kind: APISymbol.Kind?
    /// The first paragraph of the type's doc comment, as plain text.
    var summary: String? = nil
    var members: [Member]
    /// What the type inherits from and conforms to, as written (`DeclSyntaxProtocol`).
    var inherits: [String] = []
}
