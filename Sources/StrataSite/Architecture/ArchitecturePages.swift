import StrataCore

/// The pages Strata generates from the architecture: one per module (what it is, its layer
/// and where that was said, what it uses and what uses it with the manifest and import
/// lines that make each edge, and the violations it is part of), a module index, and the
/// violations page. They go through the theme like any other page.
public struct ArchitecturePages: Sendable {
    public let graph: ModuleGraph
    public let layers: [LayerDeclaration]
    public let assignments: [String: LayerAssignment]
    public let report: CheckReport
    /// Module → the output path of the Content page that documents it.
    public let guides: [String: (title: String, outputPath: String)]

    public init(graph: ModuleGraph, layers: [LayerDeclaration], assignments: [String: LayerAssignment], report: CheckReport, guides: [String: (title: String, outputPath: String)] = [:]) {
        self.graph = graph
        self.layers = layers
        self.assignments = assignments
        self.report = report
        self.guides = guides
    }

    /// Where the generated pages live in the site.
    public static let modulesFolder = "modules"
    public static let violationsPath = "violations.html"

    public static func modulePath(_ module: String) -> String { "\(modulesFolder)/\(module).html" }

    /// A relative link to a page of the site, keeping its `#fragment` as written.
    static func href(from path: String, to target: String) -> String {
        guard let hash = target.firstIndex(of: "#") else { return SitePath.relativeURL(from: path, to: target) }
        return SitePath.relativeURL(from: path, to: String(target[..<hash])) + target[hash...]
    }

    /// The page of a module: its Content page when it has one, else the generated one.
    public func path(of module: String) -> String {
        guides[module]?.outputPath ?? Self.modulePath(module)
    }

    /// The site's pages with the architecture added: a module's Content page (`module:` in
    /// its front matter) gets the module's facts appended and stays where it is; every other
    /// module gets a generated page; then the module index and the violations page.
    public func pages(merging contentPages: [Page]) -> [Page] {
        let modules = graph.nodes.filter(\.isTarget)
        var byModule: [String: [Violation]] = [:]
        for violation in report.violations {
            for module in Set(violation.modules) { byModule[module, default: []].append(violation) }
        }
        var outgoing: [String: [ModuleEdge]] = [:]
        var incoming: [String: [ModuleEdge]] = [:]
        for edge in graph.edges {
            outgoing[edge.from, default: []].append(edge)
            incoming[edge.to, default: []].append(edge)
        }
        func page(for node: ModuleNode, at path: String) -> Page {
            modulePage(node, violations: byModule[node.id] ?? [], outgoing: outgoing[node.id] ?? [], incoming: incoming[node.id] ?? [], at: path)
        }
        let moduleOfGuide = Dictionary(guides.map { ($1.outputPath, $0) }, uniquingKeysWith: { first, _ in first })
        var pages = contentPages.map { contentPage -> Page in
            guard let module = moduleOfGuide[contentPage.outputPath], let node = graph.node(module) else { return contentPage }
            return merged(contentPage, with: page(for: node, at: contentPage.outputPath))
        }
        for node in modules where guides[node.id] == nil {
            var generated = page(for: node, at: Self.modulePath(node.id))
            generated.isListedInNavigation = false
            pages.append(generated)
        }
        pages.append(indexPage(modules, byModule))
        pages.append(violationsPage())
        return pages
    }

    /// Where the pages Strata generates will be, with their titles, without rendering them:
    /// Content pages and READ_ALSO may link to them, so links are resolved before they exist.
    public func generatedTitles() -> [String: String] {
        var titles: [String: String] = [:]
        for node in graph.nodes where node.isTarget && guides[node.id] == nil { titles[Self.modulePath(node.id)] = node.id }
        titles["\(Self.modulesFolder)/index.html"] = "Modules"
        titles[Self.violationsPath] = "Violations"
        return titles
    }

    /// A Content page with the module's facts after its own text.
    private func merged(_ page: Page, with generated: Page) -> Page {
        var page = page
        let written = Set(page.metadata.map(\.normalizedKey))
        page.metadata += generated.metadata.filter { !written.contains($0.normalizedKey) }
        let taken = Set(page.headings.map(\.id))
        // Ids the author already used keep theirs; the generated sections take a prefix.
        var html = generated.contentHTML
        var headings = generated.headings
        for index in headings.indices where taken.contains(headings[index].id) {
            let old = headings[index].id
            headings[index].id = "module-" + old
            html = html.replacingOccurrences(of: "id=\"\(old)\"", with: "id=\"module-\(old)\"")
        }
        page.headings += headings
        page.contentHTML += "\n" + html
        return page
    }

    // MARK: Module pages

    private func modulePage(_ node: ModuleNode, violations: [Violation], outgoing: [ModuleEdge], incoming: [ModuleEdge], at path: String) -> Page {
        var html = HTML()
        var headings: [Heading] = []
        let location = node.location ?? SourceLocation(path: "Package.swift")
        func section(_ title: String, _ id: String) {
            html.heading(2, title, id: id)
            headings.append(Heading(level: 2, text: title, id: id, location: location))
        }
        if !violations.isEmpty {
            section("Violations", "violations")
            violationList(violations, from: path, into: &html)
        }
        section("Depends on", "depends-on")
        edgeTable(outgoing, other: \.to, from: path, into: &html, empty: "\(node.id) depends on no other module.")
        section("Used by", "used-by")
        edgeTable(incoming, other: \.from, from: path, into: &html, empty: "No module of the graph uses \(node.id).")

        var metadata = [entry("kind", node.kind.rawValue, location)]
        if let package = node.package { metadata.append(entry("package", package, location)) }
        if let assignment = assignments[node.id] {
            metadata.append(entry("layer", "\(assignment.layer) (from \(assignment.source.description))", location))
        } else if !layers.isEmpty {
            metadata.append(entry("layer", "none", location))
        }
        if let folder = node.sourcePath { metadata.append(entry("source", "\(folder), \(node.sourceFiles.count) file\(node.sourceFiles.count == 1 ? "" : "s")", location)) }
        if let declared = node.location { metadata.append(entry("declared", declared.description, location)) }
        return Page(
            sourcePath: node.location?.path ?? "", outputPath: path, title: node.id,
            description: "The \(node.kind.rawValue) module \(node.id): its layer, dependencies and violations.",
            metadata: metadata, headings: headings, contentHTML: html.text
        )
    }

    private func entry(_ key: String, _ value: String, _ location: SourceLocation) -> MetadataEntry {
        MetadataEntry(key: key, value: value, location: location, origin: .frontMatter)
    }

    private func edgeTable(_ edges: [ModuleEdge], other: KeyPath<ModuleEdge, String>, from path: String, into html: inout HTML, empty: String) {
        guard !edges.isEmpty else {
            html.raw("<p>")
            html.text(empty)
            html.raw("</p>\n")
            return
        }
        html.raw("<div class=\"table-wrapper\"><table class=\"edges\">\n<thead><tr><th>Module</th><th>Layer</th><th>How</th><th>Evidence</th></tr></thead>\n<tbody>\n")
        for edge in edges {
            let name = edge[keyPath: other]
            html.raw("<tr><td>")
            moduleLink(name, from: path, into: &html)
            html.raw("</td><td>")
            html.text(assignments[name]?.layer ?? "")
            html.raw("</td><td>")
            html.text(edge.kind)
            if edge.relation != .declaredAndImported, edge.relation != .declaredOnly { html.text(" (\(edge.relation.rawValue))") }
            if edge.isConditional { html.text(", conditional") }
            html.raw("</td><td>")
            evidenceList(edge.evidence.map { ($0.location.description, $0.summary) }, into: &html)
            html.raw("</td></tr>\n")
        }
        html.raw("</tbody>\n</table></div>\n")
    }

    private func evidenceList(_ items: [(String, String)], into html: inout HTML) {
        guard !items.isEmpty else { return }
        html.raw("<ul class=\"evidence\">")
        for (place, what) in items {
            html.raw("<li><code>")
            html.text(place)
            html.raw("</code> ")
            html.text(what)
            html.raw("</li>")
        }
        html.raw("</ul>")
    }

    private func moduleLink(_ name: String, from path: String, into html: inout HTML) {
        if graph.node(name)?.isTarget == true {
            html.link(name, href: SitePath.relativeURL(from: path, to: self.path(of: name)))
        } else {
            html.raw("<code>")
            html.text(name)
            html.raw("</code>")
        }
    }

    // MARK: Violations

    private func violationList(_ violations: [Violation], from path: String, into html: inout HTML) {
        html.raw("<ul class=\"violations\">\n")
        for violation in violations {
            html.raw("<li class=\"violation severity-\(violation.severity.rawValue)\"><p><span class=\"severity\">")
            html.text(violation.severity.rawValue)
            html.raw("</span> <code class=\"rule-id\">")
            html.text(violation.ruleID)
            html.raw("</code> ")
            html.text(violation.message)
            html.raw("</p>\n")
            let involved = Array(Set(violation.modules)).sorted().filter { graph.node($0)?.isTarget == true }
            if !involved.isEmpty {
                html.raw("<p class=\"involved\">Modules: ")
                for (index, module) in involved.enumerated() {
                    if index > 0 { html.raw(", ") }
                    moduleLink(module, from: path, into: &html)
                }
                html.raw("</p>\n")
            }
            if let because = violation.rationale.because {
                html.raw("<p class=\"because\">Because ")
                html.text(because)
                html.raw("</p>\n")
            }
            if let target = violation.rationale.seeTarget {
                html.raw("<p class=\"see\">See ")
                let href = target.hasPrefix("http://") || target.hasPrefix("https://") ? target : Self.href(from: path, to: target)
                html.link(violation.rationale.see ?? target, href: href)
                html.raw("</p>\n")
            }
            evidenceList(violation.evidence.map { ($0.location.description, $0.summary) }, into: &html)
            html.raw("</li>\n")
        }
        html.raw("</ul>\n")
    }

    private func violationsPage() -> Page {
        let path = Self.violationsPath
        var html = HTML()
        var headings: [Heading] = []
        html.raw("<p>")
        if report.violations.isEmpty {
            html.text("strata check finds no violations: \(report.summary).")
        } else {
            html.text("strata check: \(report.summary). Each violation lists the manifest and import lines that make it.")
        }
        html.raw("</p>\n")
        var byRule: [String: [Violation]] = [:]
        for violation in report.violations { byRule[violation.ruleID, default: []].append(violation) }
        for rule in report.rules {
            guard let violations = byRule[rule.id] else { continue }
            html.heading(2, rule.title, id: rule.id)
            headings.append(Heading(level: 2, text: rule.title, id: rule.id, location: SourceLocation(path: "strata.yml")))
            html.raw("<p>")
            html.text(rule.rationale.because ?? rule.kind.explanation)
            html.raw("</p>\n")
            violationList(violations, from: path, into: &html)
        }
        if !report.staleBaselineEntries.isEmpty {
            html.heading(2, "Baseline entries that no longer match", id: "stale-baseline")
            html.raw("<ul>")
            for entry in report.staleBaselineEntries {
                html.raw("<li><code>")
                html.text(entry.rule)
                html.raw("</code> ")
                html.text(entry.key)
                html.raw("</li>")
            }
            html.raw("</ul>\n")
        }
        return Page(
            sourcePath: "", outputPath: path, title: "Violations", description: "Every dependency that breaks the architecture rules, with its evidence.",
            weight: 1001, headings: headings, contentHTML: html.text
        )
    }

    // MARK: Index

    private func indexPage(_ modules: [ModuleNode], _ byModule: [String: [Violation]]) -> Page {
        let path = "\(Self.modulesFolder)/index.html"
        var html = HTML()
        html.raw("<p>")
        html.text("\(modules.count) module\(modules.count == 1 ? "" : "s") in \(graph.packages.count) package\(graph.packages.count == 1 ? "" : "s"). ")
        html.link("Violations", href: SitePath.relativeURL(from: path, to: Self.violationsPath))
        html.text(": \(report.summary).")
        html.raw("</p>\n<div class=\"table-wrapper\"><table class=\"modules\">\n<thead><tr><th>Module</th><th>Kind</th><th>Layer</th><th>Package</th><th>Files</th><th>Violations</th></tr></thead>\n<tbody>\n")
        let order = Dictionary(layers.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        let sorted = modules.sorted { lhs, rhs in
            let left = assignments[lhs.id].flatMap { order[$0.layer] } ?? Int.max
            let right = assignments[rhs.id].flatMap { order[$0.layer] } ?? Int.max
            return (left, lhs.id) < (right, rhs.id)
        }
        for node in sorted {
            html.raw("<tr><td>")
            moduleLink(node.id, from: path, into: &html)
            html.raw("</td><td>")
            html.text(node.kind.rawValue)
            html.raw("</td><td>")
            html.text(assignments[node.id]?.layer ?? "")
            html.raw("</td><td>")
            html.text(node.package ?? "")
            html.raw("</td><td>\(node.sourceFiles.count)</td><td>\(byModule[node.id]?.count ?? 0)</td></tr>\n")
        }
        html.raw("</tbody>\n</table></div>\n")
        return Page(
            sourcePath: "", outputPath: path, title: "Modules", description: "Every module of the graph, by layer.",
            weight: 1000, isSectionIndex: true, contentHTML: html.text
        )
    }
}
