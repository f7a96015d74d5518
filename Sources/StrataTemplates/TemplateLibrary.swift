/// A theme's templates, compiled once, by name (`page`, `partials/nav-item`). A template
/// that does not parse, or includes one the theme does not have, is found here, before any
/// page is rendered.
package struct TemplateLibrary: Sendable {
    /// A template that failed to compile or names a missing one.
    package struct Problem: Error, Equatable {
        package let template: String
        package let message: String
        package let line: Int
        package let column: Int
        /// The bound it passed, when that is why it failed.
        package var bound: TemplateBounds.Bound? = nil
    }

    private(set) var templates: [String: [TemplateNode]] = [:]
    /// What one parse and one render may take.
    package let bounds: TemplateBounds

    package init(bounds: TemplateBounds = .standard) {
        self.bounds = bounds
    }

    package var names: Set<String> { Set(templates.keys) }

    /// Compiles `source` as the template `name`.
    package mutating func add(_ source: String, named name: String) throws(Problem) {
        do {
            templates[name] = try TemplateParser.parse(source, name: name, maximumNesting: bounds.sectionNesting)
        } catch {
            throw Problem(
                template: name, message: error.message, line: error.line, column: error.column, bound: error.bound)
        }
    }

    /// Every partial and parent tag that names a template the library does not have, in
    /// template order; names in `existing` (templates that failed to compile) are not missing.
    package func missingReferences(besides existing: Set<String> = []) -> [Problem] {
        var problems: [Problem] = []
        func visit(_ nodes: [TemplateNode]) {
            for node in nodes {
                switch node {
                case .section(_, _, let body), .block(_, let body):
                    visit(body)
                case .partial(let name, _, let position):
                    if templates[name] == nil, !existing.contains(name) { problems.append(missing(name, at: position)) }
                case .parent(let name, _, let blocks, let position):
                    if templates[name] == nil, !existing.contains(name) { problems.append(missing(name, at: position)) }
                    for key in blocks.keys.sorted() { visit(blocks[key] ?? []) }
                case .text, .variable:
                    continue
                }
            }
        }
        for name in templates.keys.sorted() { visit(templates[name] ?? []) }
        return problems
    }

    private func missing(_ name: String, at position: TemplatePosition) -> Problem {
        Problem(
            template: position.template,
            message: "there is no template '\(name)' in the theme (looked for templates/\(name).mustache)",
            line: position.line, column: position.column
        )
    }

    /// The template `name` rendered with `context`, or why it could not be.
    package func render(_ context: TemplateObject, template name: String, capacity: Int = 0) -> Result<
        [UInt8], TemplateRenderer.Failure
    > {
        guard let nodes = templates[name] else {
            return .failure(
                .init(
                    message: "there is no template '\(name)' in the theme",
                    position: TemplatePosition(template: name, line: 1, column: 1)))
        }
        var renderer = TemplateRenderer(
            templates: templates, context: .object(context), bounds: bounds, capacity: capacity)
        renderer.position = TemplatePosition(template: name, line: 1, column: 1)
        renderer.render(nodes)
        if let failure = renderer.failure { return .failure(failure) }
        return .success(renderer.output)
    }
}
