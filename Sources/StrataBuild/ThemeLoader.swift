import Foundation
import StrataCore
import StrataDefaultTheme
import StrataSite

/// Loads the project's own theme folder, or the default theme built into Strata.
enum ThemeLoader {
    static func load(config: StrataConfig, project: ProjectFiles) throws -> Theme {
        guard let directory = config.themeDirectory else {
            return try Theme(files: DefaultTheme.files, displayPath: "(built-in default theme)")
        }
        let root = project.url(directory)
        let display = project.display(directory)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            let location = config.sourcePath.map { SourceLocation(path: $0) } ?? SourceLocation(path: display)
            throw DiagnosticsError([.error("theme.missing", "the theme folder '\(directory)' does not exist", at: location)])
        }
        var files: [(path: String, contents: [UInt8])] = []
        var diagnostics: [Diagnostic] = []
        // A theme's assets are published as the content's are: no link may bring in a file
        // from outside the project or the theme.
        let roots = ProjectFiles.realRoots([project.root, root])
        let scanner = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        while let url = scanner?.nextObject() as? URL {
            let relative = String(url.standardizedFileURL.path.dropFirst(root.path.count + 1))
            if !config.followLinksOutside, let target = ProjectFiles.linkTargetOutside(url.path, roots: roots) {
                diagnostics.append(.error("theme.outside-link", ContentScanner.outsideLinkMessage(target), at: SourceLocation(path: display + "/" + relative)))
                continue
            }
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true else { continue }
            do {
                files.append((relative, try ProjectFiles.readBytes(at: url, displayPath: display + "/" + relative)))
            } catch let diagnostic as Diagnostic {
                diagnostics.append(diagnostic)
            }
        }
        guard diagnostics.isEmpty else { throw DiagnosticsError(diagnostics) }
        return try Theme(files: files, displayPath: display)
    }
}
