import StrataCore
import StrataMarkdown
import StrataYAML

/// Reads one Markdown file into a `SourcePage`: decodes it, splits off and reads the front
/// matter, parses the Markdown, and merges front matter with the metadata paragraph.
struct PageLoader: Sendable {
    let options: MarkdownOptions
    /// Section headings that make a rule set with no `RULES:` line.
    var ruleSetHeadings: [String] = GuidanceExtractor.defaultRuleSetHeadings
    /// Where pages are read from, inside its boundary.
    var project: ProjectFiles

    /// Front-matter keys Strata itself uses; every other key is page metadata.
    static let reservedKeys: Set<String> = ["title", "description", "weight", "nav_order"]

    func load(_ file: ContentFile, displayPath: String, outputPath: String, isSectionIndex: Bool) -> (
        SourcePage?, [Diagnostic]
    ) {
        let bytes: [UInt8]
        do {
            bytes = try project.readBytes(at: file.url, displayPath: displayPath)
        } catch let diagnostic as Diagnostic {
            return (nil, [diagnostic])
        } catch {
            return (nil, [.error("io.read", "\(error)", at: SourceLocation(path: displayPath))])
        }
        return page(
            from: bytes, relativePath: file.relativePath, displayPath: displayPath, outputPath: outputPath,
            isSectionIndex: isSectionIndex)
    }

    /// A page from a file's bytes: everything `load` does once the file is read.
    /// `lineOrigins`, for a page Strata writes from other files, says where each line came
    /// from. A reference page reads no guidance blocks (`readsGuidance`): the comments it is
    /// written from are read for them with the sources.
    func page(
        from bytes: [UInt8], relativePath: String, displayPath: String, outputPath: String, isSectionIndex: Bool,
        lineOrigins: [SourceLocation]? = nil, readsGuidance: Bool = true
    ) -> (SourcePage?, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        do {
            try ReadingLimits.pageBytes.check(
                bytes.count, at: SourceLocation(path: displayPath),
                "this page is \(bytes.count / 1_000_000) MB (a page that size is a book no browser shows well): "
                    + "split it"
            )
            if let long = outputPath.split(separator: "/").first(where: {
                !ReadingLimits.pageNameBytes.allows($0.utf8.count)
            }) {
                throw ReadingLimits.pageNameBytes.exceeded(
                    at: SourceLocation(path: displayPath),
                    "this page would be published as '\(long)', \(long.utf8.count) bytes: rename it shorter"
                )
            }
            let text = try TextDecoding.decode(bytes, path: displayPath)
            let split = try FrontMatterSplitter.split(text, path: displayPath)
            let frontMatter = try split.yaml.flatMap {
                try YAMLReader.read($0, path: displayPath, firstLine: split.yamlFirstLine)
            }
            var fields = FrontMatterFields()
            fields.read(frontMatter, diagnostics: &diagnostics)
            var pageOptions = options
            pageOptions.titleFromFirstLine = fields.title == nil && !options.docc
            let document = MarkdownParser.parse(
                split.markdown, path: displayPath, options: pageOptions, lineOrigins: lineOrigins)
            diagnostics += document.doccDiagnostics
            if document.isEmpty, document.titleHeading == nil {
                diagnostics.append(
                    .warning("content.empty", "this page is empty", at: SourceLocation(path: displayPath)))
            }
            var page = SourcePage(
                relativePath: relativePath, displayPath: displayPath, outputPath: outputPath,
                isSectionIndex: isSectionIndex, document: document, title: "", description: nil, weight: nil,
                metadata: []
            )
            page.title =
                fields.title ?? document.titleHeading?.text
                ?? Self.fallbackTitle(for: relativePath, isIndex: isSectionIndex)
            page.description = fields.description
            page.weight = fields.weight
            page.metadata = Self.merge(fields.metadata, document.metadata, diagnostics: &diagnostics)
            for place in document.ignoredMetadata {
                diagnostics.append(
                    .warning(
                        "metadata.ignored",
                        "this paragraph reads as page metadata, but metadata is read only before the page's first "
                            + "heading or guidance block; move it up, or it stays prose",
                        at: place
                    ))
            }
            if readsGuidance,
                GuidanceKeywordScan.mayOpenBlock(bytes)
                    || GuidanceKeywordScan.mayHoldRuleSection(bytes, headings: ruleSetHeadings)
            {
                let guidance = GuidanceExtractor(pageKey: page.key, ruleSetHeadings: ruleSetHeadings).extract(
                    from: document)
                page.guidance = guidance
                diagnostics += guidance.diagnostics
            }
            return (page, diagnostics)
        } catch let diagnostic as Diagnostic {
            return (nil, diagnostics + [diagnostic])
        } catch {
            return (nil, diagnostics + [.error("io.read", "\(error)", at: SourceLocation(path: displayPath))])
        }
    }

    /// Front matter and paragraph keys merge; the same key with two different values is a warning.
    static func merge(_ frontMatter: [MetadataEntry], _ paragraph: [MetadataEntry], diagnostics: inout [Diagnostic])
        -> [MetadataEntry]
    {
        var merged = frontMatter
        // The first entry of each key, found by look-up (a search per entry was quadratic).
        var firstOfKey: [String: Int] = [:]
        for (index, entry) in merged.enumerated() where firstOfKey[entry.normalizedKey] == nil {
            firstOfKey[entry.normalizedKey] = index
        }
        for entry in paragraph {
            if let index = firstOfKey[entry.normalizedKey] {
                let existing = merged[index]
                if existing.value != entry.value {
                    diagnostics.append(
                        .warning(
                            "metadata.conflict",
                            "\(entry.key) is '\(entry.value)' here but '\(existing.value)' in the front matter "
                                + "(line \(existing.location.line)); the front matter wins",
                            at: entry.location
                        ))
                }
                continue
            }
            firstOfKey[entry.normalizedKey] = merged.count
            merged.append(entry)
        }
        return merged
    }

    /// `guides/getting-started.md` → "Getting started"; a folder's index takes the folder's name.
    static func fallbackTitle(for path: String, isIndex: Bool) -> String {
        var parts = path.split(separator: "/").map(String.init)
        // The site's own index is Home; a folder's is titled by its folder.
        let isHome = isIndex && parts.count == 1
        if isIndex, parts.count > 1 { parts.removeLast() }
        let name = parts.last ?? path
        let stem = isHome ? "Home" : (name.lastIndex(of: ".").map { String(name[..<$0]) } ?? name)
        let words = String(stem.map { $0 == "-" || $0 == "_" ? " " : $0 })
        return words.prefix(1).uppercased() + words.dropFirst()
    }
}
