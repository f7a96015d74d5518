import StrataCore
import StrataMarkdown

/// Reads one DocC catalog into pages of the site, under `documentation/<Name>/`: its top
/// page (the article titled with the module's symbol, or marked `@TechnologyRoot`) as the
/// section's page, every other article beside it (DocC's URLs ignore the catalog's
/// folders too), its tutorials under `tutorials/`, and every other file copied, where
/// images and code are found by name as DocC finds them.
struct DocCCatalogReader {
    let project: ProjectFiles
    /// Reads a catalog's pages, as DocC reads them.
    let loader: PageLoader
    /// What reading one page goes through: the loader itself, or a memo around it that the
    /// stage wraps from outside (`strata serve` reuses a page whose file is unchanged).
    var readPage: @Sendable (PageRequest, () -> (SourcePage?, [Diagnostic])) -> (SourcePage?, [Diagnostic]) = {
        $1()
    }

    /// The reference of each module's API (by module name), which the top page of the
    /// module's catalog lists after its own text.
    var listings: [String: APIPageWriter] = [:]

    /// One page to read: its file, and where it is shown and published.
    struct PageRequest: Sendable {
        var file: ContentFile
        var relativePath: String
        var displayPath: String
        var outputPath: String
        var isSectionIndex: Bool
        /// The module's API, added after the top page's own text.
        var appendix: GeneratedMarkdown? = nil
    }

    /// Where catalogs' pages are published.
    static let siteFolder = "documentation"

    struct Read: Sendable {
        var name: String
        /// The module whose API the top page lists.
        var listedModule: String? = nil
        /// That module's API with the catalog's documentation extensions joined to it, and
        /// the paths of the symbols they extend (whose pages are written again).
        var api: ModuleAPI? = nil
        var extendedSymbols: [[String]] = []
        var pages: [SourcePage]
        var assets: [ContentFile]
        var diagnostics: [Diagnostic]
    }

    func read(_ catalog: DocCCatalogFinder.Found) -> Read {
        var scanner = ContentScanner(project: project, contentDirectory: catalog.folder, declaredAt: catalog.declaredAt)
        scanner.scan()
        var diagnostics = scanner.diagnostics
        let display: @Sendable (String) -> String = { [project] path in project.display(catalog.folder + "/" + path) }
        let textFiles = scanner.files.filter { Self.isPage($0.relativePath) }
        var texts: [String: [UInt8]] = [:]
        for file in textFiles {
            do {
                texts[file.relativePath] = try project.readBytes(at: file.url, displayPath: display(file.relativePath))
            } catch let diagnostic as Diagnostic {
                diagnostics.append(diagnostic)
            } catch {
                diagnostics.append(.error("io.read", "\(error)", at: SourceLocation(path: display(file.relativePath))))
            }
        }
        let root = Self.rootArticle(texts, module: catalog.module)
        let name = Self.name(of: catalog, root: root.flatMap { texts[$0] }, project: project)
        let base = Self.siteFolder + "/" + name
        var outputs: [String: String] = [:]
        var pageFiles: [(file: ContentFile, output: String, isIndex: Bool)] = []
        for file in textFiles where texts[file.relativePath] != nil {
            let stem = Self.stem(file.relativePath)
            let isTutorial = file.relativePath.hasSuffix(".tutorial")
            let isTableOfContents = isTutorial && Self.opensTutorials(texts[file.relativePath] ?? [])
            let output: String
            if file.relativePath == root {
                output = base + "/index.html"
            } else if isTableOfContents {
                output = base + "/tutorials/index.html"
            } else {
                output = base + (isTutorial ? "/tutorials/" : "/") + stem + ".html"
            }
            if let other = outputs[output] {
                diagnostics.append(
                    .error(
                        "content.collision",
                        "this page and '\(display(other))' would both be published as '\(output)' (DocC names a "
                            + "catalog's "
                            + "pages by file name alone); rename one",
                        at: SourceLocation(path: display(file.relativePath))))
                continue
            }
            outputs[output] = file.relativePath
            pageFiles.append((file, output, file.relativePath == root || isTableOfContents))
        }
        // Documentation extensions (` # ``Greeter/greet(_:)`` `) join their symbol's comment.
        var api = catalog.module.flatMap { listings[$0]?.api }
        var extendedSymbols: [[String]] = []
        if var current = api {
            for file in textFiles where file.relativePath != root && file.relativePath.hasSuffix(".md") {
                guard let bytes = texts[file.relativePath], let symbol = Self.titleSymbol(bytes),
                    let path = current.symbolPath(
                        for: DocCSymbolLinks.components(symbol).map(APISymbolIndex.lastComponent))
                else { continue }
                let (lines, override) = Self.extensionLines(bytes, displayPath: display(file.relativePath))
                current.attach(lines, to: path, override: override)
                extendedSymbols.append(path)
                pageFiles.removeAll { $0.file.relativePath == file.relativePath }
            }
            api = current
        }
        let bytesOf = texts
        let listing = api.map(APIPageWriter.init).flatMap { writer in
            root.map { root in
                (writer, Self.listing(writer, rootText: bytesOf[root] ?? [], at: SourceLocation(path: display(root))))
            }
        }
        let read = ParallelMap.map(pageFiles) { entry -> (SourcePage?, [Diagnostic]) in
            let path = entry.file.relativePath
            var request = PageRequest(
                file: entry.file, relativePath: base + "/" + path, displayPath: display(path),
                outputPath: entry.output, isSectionIndex: entry.isIndex)
            let isRoot = path == root
            if isRoot { request.appendix = listing?.1.markdown }
            var (page, problems) = readPage(request) {
                var bytes = bytesOf[path] ?? []
                var origins: [SourceLocation]? = nil
                if let appendix = request.appendix {
                    let lineCount = bytes.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
                    origins = (1...lineCount).map { SourceLocation(path: request.displayPath, line: $0) }
                    bytes += Array("\n\n".utf8) + Array(appendix.text.utf8)
                    origins? +=
                        Array(repeating: SourceLocation(path: request.displayPath, line: lineCount), count: 2)
                        + appendix.origins
                }
                return loader.page(
                    from: bytes, relativePath: request.relativePath, displayPath: request.displayPath,
                    outputPath: request.outputPath, isSectionIndex: request.isSectionIndex, lineOrigins: origins)
            }
            if var found = page {
                found.catalog = name
                if isRoot, let (writer, listed) = listing {
                    found.api = APIPageInfo(
                        module: writer.api.module, path: nil, kind: nil,
                        members: listed.members.map {
                            APIPageInfo.Member(
                                name: $0.name, parent: $0.parent, kind: $0.kind, summary: $0.docComment.map(\.summary))
                        })
                }
                if let title = found.document.doccInfo?.title {
                    found.title = title
                } else if found.document.titleHeading == nil {
                    found.title = Self.stem(path)
                }
                page = found
            }
            return (page, problems)
        }
        var pages = read.compactMap(\.0)
        diagnostics += read.flatMap(\.1)
        Self.order(&pages)
        let assets = scanner.files.filter { !Self.isPage($0.relativePath) && $0.relativePath != "Info.plist" }
            .map { file -> ContentFile in
                var copy = file
                copy.relativePath = base + "/" + file.relativePath
                return copy
            }
        return Read(
            name: name, listedModule: listing?.0.api.module, api: api, extendedSymbols: extendedSymbols, pages: pages,
            assets: assets, diagnostics: diagnostics)
    }

    /// A documentation extension's lines after its title, without its `@Metadata` block, and
    /// whether it replaces the symbol's comment (`@DocumentationExtension(mergeBehavior: override)`).
    static func extensionLines(_ bytes: [UInt8], displayPath: String) -> (lines: [DocComment.Line], override: Bool) {
        let text = String(decoding: bytes, as: UTF8.self)
        var lines: [DocComment.Line] = []
        var override = false
        var titleSeen = false
        var metadataDepth = 0
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.hasSuffix("\r") ? String(raw.dropLast()) : String(raw)
            let trimmed = line.trimmingWhitespace
            if !titleSeen {
                if trimmed.hasPrefix("# ") { titleSeen = true }
                continue
            }
            if metadataDepth > 0 || trimmed.hasPrefix("@Metadata") {
                if trimmed.contains("mergeBehavior: override") { override = true }
                metadataDepth += trimmed.filter { $0 == "{" }.count - trimmed.filter { $0 == "}" }.count
                continue
            }
            lines.append(DocComment.Line(line, at: SourceLocation(path: displayPath, line: index + 1)))
        }
        return (DocComment.trimmingBlankLines(lines), override)
    }

    /// What the top page lists of its module's API: what its own Topics do not curate.
    static func listing(_ writer: APIPageWriter, rootText: [UInt8], at place: SourceLocation) -> (
        markdown: GeneratedMarkdown, members: [APISymbol]
    ) {
        let text = String(decoding: rootText, as: UTF8.self)
        // The title (` # ``Module`` `) names the module, not a type it curates.
        let spans = DocCSymbolLinks.spans(in: text).filter { line, _ in
            text.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(line).first?.hasPrefix("# ") != true
        }
        let curated = Set(spans.values.joined().map(APISymbolIndex.lastComponent))
        let hasTopics = text.split(separator: "\n").contains { $0.trimmingWhitespace == "## Topics" }
        return writer.listing(curated: curated, topicsHeading: !hasTopics, at: place)
    }

    static func isPage(_ path: String) -> Bool {
        path.hasSuffix(".md") || path.hasSuffix(".tutorial")
    }

    /// `Articles/Getting Started.md` → `Getting Started`.
    static func stem(_ path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return name.lastIndex(of: ".").map { String(name[..<$0]) } ?? name
    }

    /// The catalog's top page: the article titled with the module's symbol (` # ``Module`` `),
    /// else one marked `@TechnologyRoot`, else the only article titled with a symbol that
    /// names no member.
    static func rootArticle(_ texts: [String: [UInt8]], module: String?) -> String? {
        let articles = texts.keys.filter { $0.hasSuffix(".md") }.sorted()
        var symbolTitled: [String] = []
        for path in articles {
            guard let symbol = titleSymbol(texts[path] ?? []) else { continue }
            if symbol == module { return path }
            if !symbol.contains("/"), !symbol.contains(".") { symbolTitled.append(path) }
        }
        if let marked = articles.first(where: { path in
            String(decoding: texts[path] ?? [], as: UTF8.self).contains("@TechnologyRoot")
        }) {
            return marked
        }
        return symbolTitled.count == 1 ? symbolTitled[0] : nil
    }

    /// The symbol of a page's title heading, when it is one code span: ` # ``Module`` `.
    static func titleSymbol(_ bytes: [UInt8]) -> String? {
        let text = String(decoding: bytes.prefix(4096), as: UTF8.self)
        guard
            let line = text.split(separator: "\n", omittingEmptySubsequences: true).first(where: {
                !$0.trimmingCharacters(in: .whitespaces).isEmpty
            })?.trimmingCharacters(in: .whitespaces),
            line.hasPrefix("#"), !line.hasPrefix("##")
        else { return nil }
        // `#  ``Kit/Product`` `: any space after the `#`, as cmark reads a heading.
        let title = line.dropFirst().trimmingCharacters(in: .whitespaces)
        guard title.hasPrefix("``"), title.hasSuffix("``"), title.count > 4 else { return nil }
        return String(title.dropFirst(2).dropLast(2))
    }

    /// Whether a tutorial file is the table of contents (`@Tutorials(name:)`).
    static func opensTutorials(_ bytes: [UInt8]) -> Bool {
        String(decoding: bytes.prefix(4096), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            .hasPrefix("@Tutorials")
    }

    /// The name the catalog is published under: its module's; else `CFBundleDisplayName`
    /// or `CFBundleName` in its `Info.plist`; else its top page's symbol; else its folder's.
    static func name(of catalog: DocCCatalogFinder.Found, root: [UInt8]?, project: ProjectFiles) -> String {
        if let module = catalog.module { return module }
        let plist = project.url(catalog.folder + "/Info.plist")
        if let bytes = try? project.readBytes(at: plist, displayPath: catalog.folder + "/Info.plist") {
            let text = String(decoding: bytes, as: UTF8.self)
            for key in ["CFBundleDisplayName", "CFBundleName"] {
                if let value = plistString(key, in: text), !value.isEmpty, !value.contains("/") { return value }
            }
        }
        if let root, let symbol = titleSymbol(root), !symbol.contains("/") { return symbol }
        return stem(catalog.folder)
    }

    /// The string of `key` in an XML property list.
    static func plistString(_ key: String, in text: String) -> String? {
        guard let keyRange = text.range(of: "<key>\(key)</key>") else { return nil }
        let rest = text[keyRange.upperBound...]
        guard let open = rest.range(of: "<string>"), let close = rest.range(of: "</string>"),
            open.upperBound <= close.lowerBound,
            rest[..<open.lowerBound].allSatisfy(\.isWhitespace)
        else { return nil }
        return String(rest[open.upperBound..<close.lowerBound]).trimmingWhitespace
    }

    /// The navigation follows the catalog's curation: the pages the top page's `## Topics`
    /// lists, in that order and under its groups' names, each followed by the pages its own
    /// Topics list (as DocC nests them); the tutorials as their table of contents lists
    /// them, by chapter. A page no topic lists comes after them, by title.
    static func order(_ pages: inout [SourcePage]) {
        var byKey: [String: Int] = [:]
        for (index, page) in pages.enumerated() {
            for key in DocCLinkKey.keys(forFile: page.relativePath) where byKey[key] == nil { byKey[key] = index }
        }
        var placed = Set(pages.indices.filter { pages[$0].isSectionIndex })
        var position = 0
        // Depth first, without recursion: a catalog's curation may be deep.
        var stack: [(page: Int, group: String?)] = []
        for root in pages.indices where pages[root].isSectionIndex {
            var pending: [(page: Int, group: String?)] = []
            let info = pages[root].document.doccInfo
            for (link, group) in zip(info?.curated ?? [], info?.curatedGroups ?? []) {
                guard let key = DocCLinkKey.name(of: link), let index = byKey[key] else { continue }
                // Another section's page (the tutorials'): listed in this group, its own order kept.
                if pages[index].isSectionIndex, index != root {
                    if pages[index].navigationGroup == nil { pages[index].navigationGroup = group }
                    continue
                }
                guard placed.insert(index).inserted else { continue }
                pending.append((index, group))
            }
            stack += pending.reversed()
            while let (current, group) = stack.popLast() {
                position += 1
                pages[current].weight = position
                pages[current].navigationGroup = group
                var children: [(page: Int, group: String?)] = []
                for link in pages[current].document.doccInfo?.curated ?? [] {
                    guard let key = DocCLinkKey.name(of: link), let index = byKey[key], placed.insert(index).inserted
                    else { continue }
                    children.append((index, group))
                }
                stack += children.reversed()
            }
        }
    }
}
