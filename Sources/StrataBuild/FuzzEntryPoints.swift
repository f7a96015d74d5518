import Foundation
import StrataCore
import StrataDiagrams
import StrataMarkdown
import StrataSwiftSource
import StrataXcode

/// What the fuzz targets (`make fuzz`) drive: each reads untrusted bytes the way a build
/// does, returning its diagnostics. A crash, a hang or runaway memory in one of these is
/// a bug, whatever the bytes.
package enum FuzzEntryPoints {
    /// A Markdown page: decoding, front matter, Markdown, its guidance blocks, then the
    /// body rendered with Swift highlighting, its Mermaid diagrams read and written as DOT
    /// (not laid out: Graphviz is not what is fuzzed here). The first byte's second bit reads
    /// it as a DocC catalog's page, directives and all.
    package static func page(_ bytes: [UInt8]) -> [Diagnostic] {
        let docc = bytes.first.map { $0 & 2 == 2 } ?? false
        let loader = PageLoader(
            options: MarkdownOptions(unsafeHTML: bytes.first.map { $0 & 1 == 1 } ?? false, docc: docc),
            project: ProjectFiles(root: URL(fileURLWithPath: "/nonexistent"))
        )
        let (page, diagnostics) = loader.page(
            from: bytes, relativePath: "page.md", displayPath: "page.md", outputPath: "page.html", isSectionIndex: false
        )
        if let page {
            let guidance = page.guidance
            let callouts = zip(guidance?.blocks ?? [], guidance?.placements ?? []).compactMap { block, placement in
                placement.map { GuidanceCallout(placement: $0, block: block, anchor: block.id, permalink: "page.html") }
            }
            _ = page.document.renderHTML(
                callouts: callouts, highlighter: SwiftHighlighter(),
                drawDiagram: { block in
                    guard block.language.lowercased() == "mermaid",
                        case .success(let drawn) = MermaidFlowchart.parse(block.code, maximumEdges: 1_500)
                    else { return nil }
                    return WrittenDiagram.dot(drawn, drift: nil, id: "d", title: "d")
                },
                docc: docc
                    ? DocCRendering(
                        target: { DocCRendering.Target(title: $0.destination, abstract: $0.destination) },
                        code: { $0.destination })
                    : nil)
        }
        return diagnostics
    }

    /// A diagram written in a page, drawn as a build draws it: read, steered clear of
    /// Graphviz's crashes (`LayoutSafety`) and laid out by Graphviz in this process. The
    /// first byte says the language (odd: Mermaid, even: DOT); the rest is the fence's code.
    package static func diagram(_ bytes: [UInt8]) -> [Diagnostic] {
        guard let first = bytes.first else { return [] }
        let code = String(decoding: bytes.dropFirst(), as: UTF8.self)
        let block = MarkdownDocument.CodeBlock(
            language: first & 1 == 1 ? "mermaid" : "dot", code: code, location: SourceLocation(path: "page.md"),
            info: "")
        return PageDiagramDrawer(checker: nil, siteMap: nil).draw(block, page: "page.html", index: 0).diagnostics
    }

    /// A Swift source file as the graph reader scans it: its imports, and the guidance in
    /// its comments.
    package static func swiftSource(_ bytes: [UInt8]) -> [Diagnostic] {
        do {
            _ = try ImportScanner().imports(in: bytes, path: "F.swift")
            let symbols = SymbolExtractor().symbols(in: String(decoding: bytes, as: UTF8.self), path: "F.swift")
            if !symbols.diagnostics.isEmpty { return symbols.diagnostics }
            return CommentGuidanceExtractor(idPrefix: "M/F").extract(
                from: try ImportScanner().comments(in: bytes, path: "F.swift")
            ).diagnostics
        } catch {
            return [error]
        }
    }

    /// A `Package.swift`, read from its syntax.
    package static func manifest(_ bytes: [UInt8]) -> [Diagnostic] {
        switch ManifestReader(environment: [:]).read(bytes: bytes, path: "Package.swift", packageDirectory: "/fuzz") {
        case .manifest: return []
        case .unresolved(let diagnostics), .invalid(let diagnostics): return diagnostics
        }
    }

    /// An Xcode project's `project.pbxproj`: the property list (OpenStep text, XML or
    /// binary), then its targets, group tree, build phases, synchronized folders and
    /// package references.
    package static func xcodeProject(_ bytes: [UInt8]) -> [Diagnostic] {
        do {
            return try XcodeProjectReader(projectPath: "App.xcodeproj", rootPath: "/fuzz").read(bytes).diagnostics
        } catch let diagnostic as Diagnostic {
            return [diagnostic]
        } catch {
            return [.error("fuzz.unexpected", "\(error)")]
        }
    }

    /// A `strata.yml`.
    package static func configuration(_ bytes: [UInt8]) -> [Diagnostic] {
        do {
            _ = try ConfigLoader.decode(bytes, path: "strata.yml")
            return []
        } catch let error as DiagnosticsError {
            return error.diagnostics
        } catch {
            return [.error("fuzz.unexpected", "\(error)")]
        }
    }
}
