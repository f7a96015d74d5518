import Foundation
import StrataCore

/// A file found in the content folder.
struct ContentFile: Hashable, Sendable {
    enum Kind: Hashable, Sendable {
        case markdown
        case asset
    }

    /// Path relative to the content folder, with `/` separators.
    var relativePath: String
    var url: URL
    var kind: Kind
    /// The file's version as the scan saw it (before anything read it).
    var stamp: FileStamp? = nil
}

/// Lists the content folder: Markdown pages and the files copied through. Hidden files are
/// skipped; symbolic links are followed, but a link that loops or leads nowhere is reported
/// rather than followed forever, and one that leads out of the read boundary (the project,
/// and the folders `--allow-read` names) is refused, as is the content folder itself when
/// it resolves outside it: a link to `~/.ssh` or a `.env` must not end up on a public site.
/// The listing is sorted, so it never depends on the disk.
struct ContentScanner {
    let project: ProjectFiles
    let contentDirectory: String
    /// Where strata.yml names the folder (`content:`), if it does.
    let declaredAt: SourceLocation?
    private(set) var files: [ContentFile] = []
    private(set) var diagnostics: [Diagnostic] = []

    init(project: ProjectFiles, contentDirectory: String, declaredAt: SourceLocation? = nil) {
        self.project = project
        self.contentDirectory = contentDirectory
        self.declaredAt = declaredAt
    }

    static let markdownExtensions: Set<String> = ["md", "markdown"]

    mutating func scan() {
        let rootURL = project.url(contentDirectory)
        var info = stat()
        guard stat(rootURL.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
            diagnostics.append(
                .error(
                    "content.missing",
                    "the content folder '\(contentDirectory)' does not exist; create it or set 'content:' in "
                        + "strata.yml",
                    at: SourceLocation(path: project.display(contentDirectory))
                ))
            return
        }
        if let real = project.boundary.outside(rootURL.path) {
            diagnostics.append(
                .error(
                    "content.outside-project",
                    ReadBoundary.refusal("the content folder '\(contentDirectory)'", leadsTo: real),
                    at: Self.folderLocation(contentDirectory, declaredAt: declaredAt, project: project)
                ))
            return
        }
        walk(rootURL, relative: "", ancestors: [realPath(rootURL)])
        files.sort { $0.relativePath < $1.relativePath }
    }

    private mutating func walk(_ folder: URL, relative: String, ancestors: Set<String>) {
        let entries: [FolderListing.Entry]
        do {
            entries = try project.entries(of: folder.path)
        } catch let outside as ReadBoundary.Outside {
            diagnostics.append(
                .error(
                    "content.outside-link", Self.outsideLinkMessage("outside the project, to \(outside.real)"),
                    at: location(relative)))
            return
        } catch {
            diagnostics.append(
                .error("io.read", "cannot list this folder: \(error.localizedDescription)", at: location(relative)))
            return
        }
        let folderPath = folder.path.hasSuffix("/") ? folder.path : folder.path + "/"
        for entry in entries where !entry.printable.hasPrefix(".") {
            guard let name = entry.name else {
                let path = relative.isEmpty ? entry.printable : relative + "/" + entry.printable
                diagnostics.append(
                    .error(
                        "content.file-name",
                        "this name is not valid UTF-8 (shown with its bad bytes as \\x..); rename it with a UTF-8 name",
                        at: location(path)
                    ))
                continue
            }
            let fullPath = folderPath + name
            let path = relative.isEmpty ? name : relative + "/" + name
            var info = stat()
            // One look at the entry itself; a link is then resolved and checked.
            guard lstat(fullPath, &info) == 0 else {
                // Gone since the listing: nothing to report. Anything else is.
                if errno != ENOENT {
                    let reason =
                        errno == ENAMETOOLONG
                        ? "its path is longer than the system allows (\(fullPath.utf8.count) bytes)"
                        : String(cString: strerror(errno))
                    diagnostics.append(.error("io.read", "cannot read this: \(reason)", at: location(path)))
                }
                continue
            }
            if info.st_mode & S_IFMT == S_IFLNK,
                let target = ProjectFiles.linkTargetOutside(fullPath, roots: project.boundary.roots)
            {
                diagnostics.append(.error("content.outside-link", Self.outsideLinkMessage(target), at: location(path)))
                continue
            }
            guard info.st_mode & S_IFMT != S_IFLNK || stat(fullPath, &info) == 0 else {
                let failure = errno
                // Gone since the listing: nothing to report. Otherwise a link that leads nowhere.
                var linkInfo = stat()
                guard lstat(fullPath, &linkInfo) == 0 else { continue }
                let reason =
                    failure == ELOOP
                    ? "a symbolic link that loops back on itself" : "a symbolic link to something that does not exist"
                diagnostics.append(.error("content.symlink", "this is \(reason)", at: location(path)))
                continue
            }
            let isFolder = info.st_mode & S_IFMT == S_IFDIR
            // The kind is known: the URL needs no look at the disk to learn it.
            let url = URL(fileURLWithPath: fullPath, isDirectory: isFolder)
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                let real = realPath(url)
                if ancestors.contains(real) {
                    diagnostics.append(
                        .error(
                            "content.symlink", "this symbolic link leads back into a folder that contains it (a loop)",
                            at: location(path)))
                    continue
                }
                walk(url, relative: path, ancestors: ancestors.union([real]))
            case S_IFREG:
                let ext = (name as NSString).pathExtension.lowercased()
                files.append(
                    ContentFile(
                        relativePath: path, url: url, kind: Self.markdownExtensions.contains(ext) ? .markdown : .asset,
                        stamp: FileStamp(info)))
            default:
                diagnostics.append(
                    .error(
                        "content.not-a-file", "this is not a regular file (a device, pipe or socket)",
                        at: location(path)))
            }
        }
    }

    static func outsideLinkMessage(_ target: String) -> String {
        "this symbolic link leads \(target); Strata publishes only the project's own, visible files. Copy the file in, "
            + "or run with '\(ReadBoundary.option) <folder>' to allow the folder it leads into"
    }

    /// Where to report a content or theme folder outside the boundary: at its line of
    /// strata.yml when the path written there leaves the project (absolute, or through
    /// `..`), else at the folder (a symbolic link).
    static func folderLocation(_ folder: String, declaredAt: SourceLocation?, project: ProjectFiles) -> SourceLocation {
        let leaves = folder.hasPrefix("/") || folder.split(separator: "/").contains("..")
        if leaves, let declaredAt { return declaredAt }
        return SourceLocation(path: project.display(folder))
    }

    private func location(_ path: String) -> SourceLocation {
        SourceLocation(path: project.display(path.isEmpty ? contentDirectory : contentDirectory + "/" + path))
    }

    private func realPath(_ url: URL) -> String {
        guard let resolved = realpath(url.path, nil) else { return url.path }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
