import StrataCore
import StrataTemplates

/// A site theme: Mustache templates (`templates/*.mustache`, named by their path without the
/// extension, e.g. `page` or `partials/nav`) and static assets (`assets/**`, copied to the
/// site's `assets/` folder).
package struct Theme: Sendable, Equatable {
    /// Where the theme came from, for diagnostics (`Themes/acme` or `(built-in default theme)`).
    package let displayPath: String
    package let assets: [OutputFile]
    let library: TemplateLibrary
    var templateNames: Set<String> { library.names }
    /// Every file the theme was made from: two themes are equal when these are.
    let sourceFiles: [OutputFile]

    /// Templates every theme must provide.
    package static let requiredTemplates = ["page", "404"]

    /// The templates of the pages Strata generates, and their partials. A project theme
    /// that lacks one gets the default theme's, so a theme made before a page kind had a
    /// template keeps working, and a theme restyles a page kind by adding its template.
    package static let generatedPageTemplates = [
        "home", "overview", "full-window", "partials/header", "module-matrix", "module-map", "module", "layer",
        "component", "violations", "history", "partials/history-commit", "guidance-block", "guidance-catalog",
        "guidance-redirect", "partials/guidance-items",
        "partials/guidance-links", "partials/diagram-frame", "partials/edge-table", "partials/evidence-list",
        "partials/guidance-list", "partials/layer-edge-table", "partials/layer-link", "partials/module-chip",
        "partials/module-mentions", "partials/modules-table", "partials/violation-row", "partials/components-table",
        "partials/reference-groups"
    ]

    /// - Parameters:
    ///   - files: the theme folder's files as (relative path, bytes).
    ///   - copies: its large assets, published as copies (`FileCopy`) rather than read.
    /// - Throws: `DiagnosticsError` listing every template that fails to parse, includes
    ///   one the theme does not have, or is missing.
    package init(files: [(path: String, contents: [UInt8])], copies: [OutputFile] = [], displayPath: String) throws {
        var library = TemplateLibrary(bounds: Self.bounds)
        var assets: [OutputFile] = []
        var diagnostics: [Diagnostic] = []
        // Templates that exist but did not compile: not reported again as missing.
        var broken: Set<String> = []
        for file in files.sorted(by: { $0.path < $1.path }) {
            let location = SourceLocation(path: Self.join(displayPath, file.path))
            if file.path.hasPrefix("templates/"), file.path.hasSuffix(".mustache") {
                let name = String(file.path.dropFirst("templates/".count).dropLast(".mustache".count))
                guard let text = String(validating: file.contents, as: UTF8.self) else {
                    diagnostics.append(.error("theme.encoding", "template is not valid UTF-8", at: location))
                    broken.insert(name)
                    continue
                }
                do {
                    try library.add(text, named: name)
                } catch {
                    broken.insert(name)
                    diagnostics.append(
                        .error(
                            Self.id(of: error.bound), "template does not parse: \(error.message)",
                            at: SourceLocation(path: location.path, line: error.line, column: error.column)))
                }
            } else if file.path.hasPrefix("assets/") {
                assets.append(OutputFile(path: file.path, contents: file.contents))
            }
        }
        for problem in library.missingReferences(besides: broken) {
            diagnostics.append(
                .error(
                    "theme.template", problem.message,
                    at: Self.templateLocation(
                        problem.template, line: problem.line, column: problem.column, in: displayPath)))
        }
        for required in Self.requiredTemplates where !library.names.contains(required) && !broken.contains(required) {
            diagnostics.append(
                .error(
                    "theme.missing-template",
                    "the theme has no templates/\(required).mustache",
                    at: SourceLocation(path: displayPath)
                ))
        }
        guard diagnostics.isEmpty else { throw DiagnosticsError(diagnostics) }
        self.displayPath = displayPath
        let copies = copies.filter { $0.path.hasPrefix("assets/") }
        self.assets = (assets + copies).sorted { $0.path < $1.path }
        self.library = library
        self.sourceFiles = (files.map { OutputFile(path: $0.path, contents: $0.contents) } + copies).sorted {
            $0.path < $1.path
        }
    }

    package static func == (lhs: Theme, rhs: Theme) -> Bool {
        lhs.displayPath == rhs.displayPath && lhs.sourceFiles == rhs.sourceFiles
    }

    /// The template `template` rendered with `context`; a failure is an error at the tag
    /// where it happened, with the id of the bound it passed (`template.too-deep` for
    /// templates including each other without end), else `theme.template`.
    func render(_ context: TemplateObject, template: String, capacity: Int = 0) -> Result<[UInt8], Diagnostic> {
        library.render(context, template: template, capacity: capacity).mapError { failure in
            .error(
                Self.id(of: failure.bound), failure.message,
                at: Self.templateLocation(
                    failure.position.template, line: failure.position.line, column: failure.position.column,
                    in: displayPath))
        }
    }

    /// The template engine's bounds, from Strata's reading limits (`ReadingLimits.template…`).
    static let bounds = TemplateBounds(
        sectionNesting: ReadingLimits.templateNesting.maximum, partialDepth: ReadingLimits.templateDepth.maximum,
        partialIncludes: ReadingLimits.templateIncludes.maximum, outputBytes: ReadingLimits.templateOutput.maximum
    )

    /// The diagnostic of a template failure: the reading limit's id for a bound it passed,
    /// else `theme.template`.
    static func id(of bound: TemplateBounds.Bound?) -> String {
        switch bound {
        case .sectionNesting: ReadingLimits.templateNesting.id
        case .partialDepth: ReadingLimits.templateDepth.id
        case .partialIncludes: ReadingLimits.templateIncludes.id
        case .outputBytes: ReadingLimits.templateOutput.id
        case nil: "theme.template"
        }
    }

    private static func templateLocation(_ template: String, line: Int, column: Int, in displayPath: String)
        -> SourceLocation
    {
        SourceLocation(path: join(displayPath, "templates/\(template).mustache"), line: line, column: column)
    }

    private static func join(_ folder: String, _ path: String) -> String {
        folder.hasSuffix("/") ? folder + path : folder + "/" + path
    }
}
