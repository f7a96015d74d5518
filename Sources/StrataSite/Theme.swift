import Mustache
import StrataCore

/// A site theme: Mustache templates (`templates/*.mustache`, named by their path without the
/// extension, e.g. `page` or `partials/nav`) and static assets (`assets/**`, copied to the
/// site's `assets/` folder).
public struct Theme: Sendable, Equatable {
    /// Where the theme came from, for diagnostics (`Themes/acme` or `(built-in default theme)`).
    public let displayPath: String
    public let assets: [OutputFile]
    let library: MustacheLibrary
    let templateNames: Set<String>
    /// Every file the theme was made from: two themes are equal when these are.
    let sourceFiles: [OutputFile]

    /// Templates every theme must provide.
    public static let requiredTemplates = ["page", "404"]

    /// - Parameter files: the theme folder's files as (relative path, bytes).
    /// - Throws: `DiagnosticsError` listing every template that fails to parse or is missing.
    public init(files: [(path: String, contents: [UInt8])], displayPath: String) throws {
        var library = MustacheLibrary()
        var names: Set<String> = []
        var assets: [OutputFile] = []
        var diagnostics: [Diagnostic] = []
        for file in files.sorted(by: { $0.path < $1.path }) {
            let location = SourceLocation(path: Self.join(displayPath, file.path))
            if file.path.hasPrefix("templates/"), file.path.hasSuffix(".mustache") {
                let name = String(file.path.dropFirst("templates/".count).dropLast(".mustache".count))
                guard let text = String(validating: file.contents, as: UTF8.self) else {
                    diagnostics.append(.error("theme.encoding", "template is not valid UTF-8", at: location))
                    continue
                }
                do {
                    library.register(try MustacheTemplate(string: text), named: name)
                    names.insert(name)
                } catch let error as MustacheTemplate.ParserError {
                    diagnostics.append(.error(
                        "theme.template",
                        "template does not parse: \(error.error)",
                        at: SourceLocation(path: location.path, line: error.context.lineNumber, column: error.context.columnNumber + 1)
                    ))
                } catch {
                    diagnostics.append(.error("theme.template", "template does not parse: \(error)", at: location))
                }
            } else if file.path.hasPrefix("assets/") {
                assets.append(OutputFile(path: file.path, contents: file.contents))
            }
        }
        for required in Self.requiredTemplates where !names.contains(required) && !diagnostics.contains(where: { $0.location?.path.hasSuffix("/\(required).mustache") == true }) {
            diagnostics.append(.error(
                "theme.missing-template",
                "the theme has no templates/\(required).mustache",
                at: SourceLocation(path: displayPath)
            ))
        }
        guard diagnostics.isEmpty else { throw DiagnosticsError(diagnostics) }
        self.displayPath = displayPath
        self.assets = assets
        self.library = library
        self.templateNames = names
        self.sourceFiles = files.sorted(by: { $0.path < $1.path }).map { OutputFile(path: $0.path, contents: $0.contents) }
    }

    public static func == (lhs: Theme, rhs: Theme) -> Bool {
        lhs.displayPath == rhs.displayPath && lhs.sourceFiles == rhs.sourceFiles
    }

    func render(_ context: [String: Any], template: String) -> String {
        library.render(context, withTemplate: template) ?? ""
    }

    private static func join(_ folder: String, _ path: String) -> String {
        folder.hasSuffix("/") ? folder + path : folder + "/" + path
    }
}
