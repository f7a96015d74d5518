import StrataCore

/// Writes a module's reference pages as DocC-flavoured Markdown, which the site reads like
/// any catalog page: a page per type (its declaration, its doc comment, then its members
/// by topic or kind, each with its declaration, comment, parameters, return value and
/// errors, then its relationships), a page per type of another module it extends, and the
/// module's list of them: on a page of its own, or added to its catalog's top page.
struct APIPageWriter {
    let api: ModuleAPI
    /// The documented types by path joined with `.`.
    private let typesByKey: [String: APISymbol]
    /// The documented types that conform to a protocol (or inherit from a class), by the
    /// name as written.
    private let conformers: [String: [APISymbol]]

    init(api: ModuleAPI) {
        self.api = api
        typesByKey = Dictionary(api.types.map { ($0.path.joined(separator: "."), $0) }, uniquingKeysWith: { a, _ in a })
        var conformers: [String: [APISymbol]] = [:]
        for type in api.types {
            let key = type.path.joined(separator: ".")
            for written in Set(type.inherits + (api.extensionConformances[key] ?? [])) {
                conformers[written, default: []].append(type)
            }
        }
        self.conformers = conformers.mapValues {
            $0.sorted { $0.path.joined(separator: ".") < $1.path.joined(separator: ".") }
        }
    }

    /// A page to publish.
    struct Page: Sendable {
        var outputPath: String
        /// Where its problems are reported: the file that declares the type.
        var displayPath: String
        var markdown: GeneratedMarkdown
        /// The type the page documents (nil for the module's page and an extended type's).
        var symbol: APISymbol?
        /// The path of the type the page is about, its own or another module's; nil for the
        /// module's page.
        var typePath: [String]?
        /// The symbols the page details, in order, each under a level-3 heading.
        var members: [APISymbol]
        var navigationGroup: String?
        /// What the type inherits from and conforms to, as written, where links to members
        /// it does not declare (a protocol's default implementation) are looked for.
        var inherits: [String] = []
    }

    static func folder(_ module: String) -> String { DocCCatalogReader.siteFolder + "/" + module }

    /// `documentation/Greeter/Feed.Item.html`: a nested type's page beside its parent's, so
    /// the section's navigation lists pages, not folders named like pages.
    static func outputPath(module: String, type: [String]) -> String {
        folder(module) + "/" + type.joined(separator: ".") + ".html"
    }

    /// Every type's page and every extended type's page.
    func typePages() -> [Page] {
        api.types.map(typePage) + api.extendedTypes.map(extendedTypePage)
    }

    /// The module's own page, for a module whose catalog has no top page (or no catalog).
    func modulePage(displayPath: String) -> Page {
        let at = SourceLocation(path: displayPath)
        var markdown = GeneratedMarkdown()
        markdown.add("# ``\(api.module)``", at: at)
        markdown.add("", at: at)
        metadata(&markdown, kind: "Module", at: at)
        markdown.add("The public API of \(api.module), read from its source: \(Self.counted(api)).", at: at)
        markdown.add("", at: at)
        let listing = listing(curated: [], topicsHeading: true, at: at)
        for (line, origin) in zip(listing.markdown.lines, listing.markdown.origins) { markdown.add(line, at: origin) }
        return Page(
            outputPath: Self.folder(api.module) + "/index.html", displayPath: displayPath, markdown: markdown,
            symbol: nil, typePath: nil, members: listing.members, navigationGroup: nil)
    }

    /// The module's API as a catalog's top page lists it after what it says itself: its
    /// types by kind (those it does not already curate), the types of other modules it
    /// extends, then its functions, variables and operators in full.
    func listing(curated: Set<String>, topicsHeading: Bool, at: SourceLocation) -> (
        markdown: GeneratedMarkdown, members: [APISymbol]
    ) {
        var markdown = GeneratedMarkdown()
        let types = api.types.filter { $0.parent.isEmpty && !curated.contains($0.name) }
        if !types.isEmpty || !api.extendedTypes.isEmpty {
            if topicsHeading {
                markdown.add("## Topics", at: at)
                markdown.add("", at: at)
            }
            for kind in APISymbol.Kind.allCases where kind.isType {
                let ofKind = types.filter { $0.kind == kind }
                guard !ofKind.isEmpty else { continue }
                markdown.add("### \(kind.groupTitle)", at: at)
                markdown.add("", at: at)
                for type in ofKind { markdown.add("- ``\(type.name)``", at: type.location) }
                markdown.add("", at: at)
            }
            if !api.extendedTypes.isEmpty {
                markdown.add("### Extended Types", at: at)
                markdown.add("", at: at)
                for path in api.extendedTypes {
                    let first = api.members(of: path).first?.location ?? at
                    markdown.add("- ``\(path.joined(separator: "/"))``", at: first)
                }
                markdown.add("", at: at)
            }
        }
        let globals = api.globals
        details(globals, into: &markdown, topics: [], at: at)
        return (markdown, globals)
    }

    func typePage(_ type: APISymbol) -> Page {
        var markdown = GeneratedMarkdown()
        let at = type.location
        markdown.add("# \(type.path.joined(separator: "."))", at: at)
        markdown.add("", at: at)
        metadata(&markdown, kind: type.kind.displayName, at: at)
        if let abstract = type.docComment?.abstract, !abstract.isEmpty {
            markdown.add(abstract)
            markdown.add("", at: at)
        }
        declaration(type, into: &markdown)
        if let discussion = type.docComment?.discussion, !discussion.isEmpty {
            markdown.add("## Overview", at: at)
            markdown.add("", at: at)
            markdown.add(discussion)
            markdown.add("", at: at)
        }
        let members = api.members(of: type.path)
        let nested = members.filter { $0.kind.isType }
        if !nested.isEmpty {
            markdown.add("## Nested Types", at: at)
            markdown.add("", at: at)
            for child in nested {
                let summary = child.docComment.map { " — " + $0.summary } ?? ""
                markdown.add("- ``\(child.path.joined(separator: "/"))``\(summary)", at: child.location)
            }
            markdown.add("", at: at)
        }
        let detailed = members.filter { !$0.kind.isType }
        details(detailed, into: &markdown, topics: type.docComment?.topics ?? [], at: at)
        defaultImplementations(of: type, declared: Set(detailed.map(\.name)), into: &markdown)
        relationships(of: type, into: &markdown)
        return Page(
            outputPath: Self.outputPath(module: api.module, type: type.path), displayPath: type.location.path,
            markdown: markdown, symbol: type, typePath: type.path, members: detailed,
            navigationGroup: type.kind.groupTitle, inherits: conformances(of: type))
    }

    func extendedTypePage(_ path: [String]) -> Page {
        let members = api.members(of: path)
        let at = members.first?.extensionLocation ?? members.first?.location ?? SourceLocation(path: api.module)
        var markdown = GeneratedMarkdown()
        markdown.add("# \(path.joined(separator: "."))", at: at)
        markdown.add("", at: at)
        metadata(&markdown, kind: "Extended Type", at: at)
        markdown.add("What \(api.module) adds to `\(path.joined(separator: "."))`, a type of another module.", at: at)
        markdown.add("", at: at)
        let nested = members.filter { $0.kind.isType }
        if !nested.isEmpty {
            markdown.add("## Nested Types", at: at)
            markdown.add("", at: at)
            for child in nested { markdown.add("- ``\(child.path.joined(separator: "/"))``", at: child.location) }
            markdown.add("", at: at)
        }
        let detailed = members.filter { !$0.kind.isType }
        details(detailed, into: &markdown, topics: [], at: at)
        return Page(
            outputPath: Self.outputPath(module: api.module, type: path), displayPath: at.path, markdown: markdown,
            symbol: nil, typePath: path, members: detailed, navigationGroup: "Extended Types")
    }

    // MARK: Parts

    func metadata(_ markdown: inout GeneratedMarkdown, kind: String, at: SourceLocation) {
        markdown.add("@Metadata {", at: at)
        markdown.add("    @TitleHeading(\"\(kind)\")", at: at)
        markdown.add("}", at: at)
        markdown.add("", at: at)
    }

    func declaration(_ symbol: APISymbol, into markdown: inout GeneratedMarkdown) {
        let at = symbol.location
        markdown.add("```swift", at: at)
        markdown.add(symbol.declaration, at: at)
        markdown.add("```", at: at)
        markdown.add("", at: at)
        if !symbol.availability.isEmpty {
            let shown = symbol.availability.map { APIAvailability.describe($0) }.joined(separator: "; ")
            markdown.add("Availability: \(Self.escaped(shown))", at: at)
            markdown.add("", at: at)
        }
        if let constraints = symbol.extensionConstraints {
            markdown.add("Available when `\(constraints)`.", at: symbol.extensionLocation ?? at)
            markdown.add("", at: at)
        }
    }

    /// The symbols in full, under a level-2 heading per group: the doc comment's topics
    /// first, then one group per kind for the rest.
    func details(
        _ symbols: [APISymbol], into markdown: inout GeneratedMarkdown, topics: [DocComment.TopicGroup],
        at: SourceLocation
    ) {
        var remaining = symbols
        var groups: [(title: String, symbols: [APISymbol])] = []
        for topic in topics {
            var taken: [APISymbol] = []
            for written in topic.symbols {
                let name = APISymbolIndex.lastComponent(written)
                guard let found = remaining.firstIndex(where: { $0.name == name || $0.baseName == name }) else {
                    continue
                }
                taken.append(remaining.remove(at: found))
            }
            if !taken.isEmpty { groups.append((topic.title, taken)) }
        }
        for kind in APISymbol.Kind.allCases {
            let ofKind = remaining.filter { $0.kind == kind }
            if !ofKind.isEmpty { groups.append((kind.groupTitle, ofKind)) }
        }
        for group in groups {
            markdown.add("## \(group.title)", at: at)
            markdown.add("", at: at)
            for symbol in group.symbols { detail(symbol, into: &markdown) }
        }
    }

    func detail(_ symbol: APISymbol, into markdown: inout GeneratedMarkdown) {
        let at = symbol.location
        markdown.add("### `\(symbol.name)`", at: at)
        markdown.add("", at: at)
        declaration(symbol, into: &markdown)
        guard let comment = symbol.docComment else { return }
        if !comment.abstract.isEmpty {
            markdown.add(comment.abstract)
            markdown.add("", at: at)
        }
        if !comment.parameters.isEmpty {
            markdown.add("**Parameters**", at: at)
            markdown.add("", at: at)
            for parameter in comment.parameters {
                markdown.add(parameter.lines, prefix: "- `\(parameter.name)`: ", indent: "  ")
            }
            markdown.add("", at: at)
        }
        for (title, lines) in [("Return Value", comment.returns), ("Throws", comment.throwsLines)] where !lines.isEmpty
        {
            markdown.add("**\(title)**", at: at)
            markdown.add("", at: at)
            markdown.add(lines)
            markdown.add("", at: at)
        }
        if !comment.discussion.isEmpty {
            markdown.add(comment.discussion)
            markdown.add("", at: at)
        }
    }

    func relationships(of type: APISymbol, into markdown: inout GeneratedMarkdown) {
        let at = type.location
        let key = type.path.joined(separator: ".")
        let conformances = conformances(of: type)
        let conforming =
            type.kind == .protocol
            ? (conformers[key] ?? []) + (key == type.name ? [] : conformers[type.name] ?? []) : []
        guard !conformances.isEmpty || !conforming.isEmpty else { return }
        markdown.add("## Relationships", at: at)
        markdown.add("", at: at)
        if !conformances.isEmpty {
            let local = typesByKey[conformances[0]]
            var rest = conformances
            if type.kind == .class, local?.kind == .class {
                markdown.add("### Inherits From", at: at)
                markdown.add("", at: at)
                markdown.add("- " + link(conformances[0]), at: at)
                markdown.add("", at: at)
                rest.removeFirst()
            }
            if !rest.isEmpty {
                markdown.add(type.kind == .protocol ? "### Inherits From" : "### Conforms To", at: at)
                markdown.add("", at: at)
                for name in rest { markdown.add("- " + link(name), at: at) }
                markdown.add("", at: at)
            }
        }
        if !conforming.isEmpty {
            markdown.add("### Conforming Types", at: at)
            markdown.add("", at: at)
            for other in conforming { markdown.add("- ``\(other.path.joined(separator: "/"))``", at: other.location) }
            markdown.add("", at: at)
        }
    }

    /// The members a type gets from the protocols of this module it conforms to (and those
    /// they inherit from) without declaring them: what their extensions implement, listed
    /// by protocol as DocC's "Default Implementations", each linked to its protocol's page.
    func defaultImplementations(of type: APISymbol, declared: Set<String>, into markdown: inout GeneratedMarkdown) {
        guard type.kind != .protocol else { return }
        var queue = conformances(of: type)
        var seen: Set<String> = []
        var groups: [(protocol: APISymbol, members: [APISymbol])] = []
        var listed = declared
        while !queue.isEmpty {
            let written = queue.removeFirst()
            guard seen.insert(written).inserted, let proto = typesByKey[written], proto.kind == .protocol else {
                continue
            }
            let implemented = api.members(of: proto.path).filter {
                $0.extensionLocation != nil && !$0.kind.isType && listed.insert($0.name).inserted
            }
            if !implemented.isEmpty { groups.append((proto, implemented)) }
            queue += conformances(of: proto)
        }
        guard !groups.isEmpty else { return }
        let at = type.location
        markdown.add("## Default Implementations", at: at)
        markdown.add("", at: at)
        for group in groups {
            let name = group.protocol.path.joined(separator: "/")
            markdown.add("### \(group.protocol.path.joined(separator: ".")) Implementations", at: at)
            markdown.add("", at: at)
            // A protocol that gives every type of its module dozens of members (SwiftSyntax's
            // `SyntaxProtocol`) is named with their count: listed in full on each of
            // hundreds of pages they would drown the type's own members, and the build.
            guard group.members.count <= Self.listedDefaultImplementations else {
                markdown.add(
                    "\(group.members.count) members, implemented by the extensions of ``\(name)``, listed on its page.",
                    at: at)
                markdown.add("", at: at)
                continue
            }
            for member in group.members {
                let summary = member.docComment.map { " — " + $0.summary } ?? ""
                markdown.add("- ``\(member.path.joined(separator: "/"))``\(summary)", at: member.location)
            }
            markdown.add("", at: at)
        }
    }

    /// How many default implementations of one protocol a type's page lists one by one.
    static let listedDefaultImplementations = 12

    /// What a type inherits from and conforms to, in its declaration then in its extensions.
    func conformances(of type: APISymbol) -> [String] {
        let added = api.extensionConformances[type.path.joined(separator: ".")] ?? []
        return type.inherits + added.filter { !type.inherits.contains($0) }
    }

    /// A type as written in an inheritance clause: a symbol link when this module documents
    /// it, code otherwise (another module's type, which no page here describes).
    func link(_ written: String) -> String {
        guard let type = typesByKey[written] else { return "`\(written)`" }
        return "``\(type.path.joined(separator: "/"))``"
    }

    /// What a module declares at its top level, counted by kind: `2 structures and 1 function`.
    static func counted(_ api: ModuleAPI) -> String {
        let top = api.symbols.filter { $0.parent.isEmpty }
        var parts: [String] = []
        for kind in APISymbol.Kind.allCases {
            let count = top.filter { $0.kind == kind }.count
            guard count > 0 else { continue }
            let noun = kind.displayName.lowercased()
            let plural = noun.hasSuffix("s") ? noun + "es" : noun + "s"
            parts.append("\(count) \(count == 1 ? noun : plural)")
        }
        if !api.extendedTypes.isEmpty {
            parts.append("\(api.extendedTypes.count) extended type\(api.extendedTypes.count == 1 ? "" : "s")")
        }
        guard parts.count > 1 else { return parts.first ?? "nothing public" }
        return parts.dropLast().joined(separator: ", ") + " and " + (parts.last ?? "")
    }

    /// Text with the characters Markdown reads as markup escaped.
    static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            if "\\`*_[]<>#!|~".contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }
}
