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
            throw DiagnosticsError([
                .error("theme.missing", "the theme folder '\(directory)' does not exist", at: location)
            ])
        }
        if let real = project.boundary.outside(root.path) {
            let location = ContentScanner.folderLocation(directory, declaredAt: config.themeLocation, project: project)
            throw DiagnosticsError([
                .error(
                    "theme.outside-project", ReadBoundary.refusal("the theme folder '\(directory)'", leadsTo: real),
                    at: location)
            ])
        }
        var files: [(path: String, contents: [UInt8])] = []
        var copies: [OutputFile] = []
        var diagnostics: [Diagnostic] = []
        // A theme's assets are published as the content's are: no link may bring in a file
        // from outside the read boundary.
        collect(
            folder: root.path, relative: "", display: display, project: project, files: &files, copies: &copies,
            diagnostics: &diagnostics)
        guard diagnostics.isEmpty else { throw DiagnosticsError(diagnostics) }
        // The generated pages' templates the theme does not have are the default theme's.
        let own = Set(files.map(\.path))
        for name in Theme.generatedPageTemplates where !own.contains("templates/\(name).mustache") {
            if let file = DefaultTheme.files.first(where: { $0.path == "templates/\(name).mustache" }) {
                files.append(file)
            }
        }
        return try Theme(files: files, copies: copies, displayPath: display)
    }

    /// Reads every file of a theme folder, hidden ones aside, listing folders by their bytes
    /// (FolderListing) so that a name that is not UTF-8 is reported rather than left out.
    /// Symbolic links to folders are not followed, as FileManager's enumerator did not; links
    /// to files inside the project are published, as the content's are.
    private static func collect(
        folder: String, relative: String, display: String, project: ProjectFiles,
        files: inout [(path: String, contents: [UInt8])], copies: inout [OutputFile], diagnostics: inout [Diagnostic]
    ) {
        let shown = { (name: String) in display + "/" + (relative.isEmpty ? name : relative + "/" + name) }
        let entries: [FolderListing.Entry]
        do {
            entries = try project.entries(of: folder)
        } catch let outside as ReadBoundary.Outside {
            let shown = relative.isEmpty ? display : display + "/" + relative
            diagnostics.append(
                .error(
                    "theme.outside-link", ContentScanner.outsideLinkMessage("outside the project, to \(outside.real)"),
                    at: SourceLocation(path: shown)))
            return
        } catch {
            diagnostics.append(
                .error(
                    "theme.unreadable", "cannot list this folder of the theme: \(error.localizedDescription)",
                    at: SourceLocation(path: relative.isEmpty ? display : display + "/" + relative)))
            return
        }
        for entry in entries where !entry.printable.hasPrefix(".") {
            guard let name = entry.name else {
                diagnostics.append(
                    .error(
                        "theme.file-name",
                        "this name is not valid UTF-8 (shown with its bad bytes as \\x..); rename it with a UTF-8 name",
                        at: SourceLocation(path: shown(entry.printable))))
                continue
            }
            let path = folder + "/" + name
            let relativePath = relative.isEmpty ? name : relative + "/" + name
            if let target = ProjectFiles.linkTargetOutside(path, roots: project.boundary.roots) {
                diagnostics.append(
                    .error(
                        "theme.outside-link", ContentScanner.outsideLinkMessage(target),
                        at: SourceLocation(path: shown(name))))
                continue
            }
            var link = stat()
            var info = stat()
            guard lstat(path, &link) == 0, stat(path, &info) == 0 else {
                if errno == ENOENT { continue }  // a dangling link: nothing to publish
                diagnostics.append(
                    .error(
                        "theme.unreadable", "cannot read this file of the theme: \(String(cString: strerror(errno)))",
                        at: SourceLocation(path: shown(name))))
                continue
            }
            if (info.st_mode & S_IFMT) == S_IFDIR {
                if (link.st_mode & S_IFMT) == S_IFLNK { continue }
                collect(
                    folder: path, relative: relativePath, display: display, project: project, files: &files,
                    copies: &copies, diagnostics: &diagnostics)
            } else if (info.st_mode & S_IFMT) == S_IFREG {
                do {
                    let url = URL(fileURLWithPath: path)
                    if relativePath.hasPrefix("assets/") {
                        // An asset of many megabytes is copied when the site is written, not read.
                        let file = try project.outputFile(at: url, path: relativePath, displayPath: shown(name))
                        if file.copy != nil { copies.append(file) } else { files.append((relativePath, file.contents)) }
                    } else {
                        files.append((relativePath, try project.readBytes(at: url, displayPath: shown(name))))
                    }
                } catch let diagnostic as Diagnostic {
                    diagnostics.append(diagnostic)
                } catch {
                    diagnostics.append(
                        .error(
                            "theme.unreadable", "cannot read this file of the theme: \(error.localizedDescription)",
                            at: SourceLocation(path: shown(name))))
                }
            }
        }
    }
}
