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
/// rather than followed forever, and one that leads out of the project (and out of the
/// content folder) is refused unless `follow_links_outside:` allows it: a link to `~/.ssh`
/// or a `.env` must not end up on a public site. The listing is sorted, so it never
/// depends on the disk.
struct ContentScanner {
    let project: ProjectFiles
    let contentDirectory: String
    let followLinksOutside: Bool
    private(set) var files: [ContentFile] = []
    private(set) var diagnostics: [Diagnostic] = []
    /// The real paths a link may lead into, each ending in `/`.
    private var allowedRoots: [String] = []

    init(project: ProjectFiles, contentDirectory: String, followLinksOutside: Bool = false) {
        self.project = project
        self.contentDirectory = contentDirectory
        self.followLinksOutside = followLinksOutside
    }

    static let markdownExtensions: Set<String> = ["md", "markdown"]

    mutating func scan() {
        let rootURL = project.url(contentDirectory)
        var info = stat()
        guard stat(rootURL.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
            diagnostics.append(.error(
                "content.missing",
                "the content folder '\(contentDirectory)' does not exist; create it or set 'content:' in strata.yml",
                at: SourceLocation(path: project.display(contentDirectory))
            ))
            return
        }
        allowedRoots = ProjectFiles.realRoots([project.root, rootURL])
        walk(rootURL, relative: "", ancestors: [realPath(rootURL)])
        files.sort { $0.relativePath < $1.relativePath }
    }

    private mutating func walk(_ folder: URL, relative: String, ancestors: Set<String>) {
        let entries: [FolderListing.Entry]
        do {
            entries = try FolderListing.entries(of: folder.path)
        } catch {
            diagnostics.append(.error("io.read", "cannot list this folder: \(error.localizedDescription)", at: location(relative)))
            return
        }
        let folderPath = folder.path.hasSuffix("/") ? folder.path : folder.path + "/"
        for entry in entries where !entry.printable.hasPrefix(".") {
            guard let name = entry.name else {
                let path = relative.isEmpty ? entry.printable : relative + "/" + entry.printable
                diagnostics.append(.error(
                    "content.file-name", "this name is not valid UTF-8 (shown with its bad bytes as \\x..); rename it with a UTF-8 name", at: location(path)
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
                    let reason = errno == ENAMETOOLONG ? "its path is longer than the system allows (\(fullPath.utf8.count) bytes)" : String(cString: strerror(errno))
                    diagnostics.append(.error("io.read", "cannot read this: \(reason)", at: location(path)))
                }
                continue
            }
            if info.st_mode & S_IFMT == S_IFLNK, !followLinksOutside, let target = ProjectFiles.linkTargetOutside(fullPath, roots: allowedRoots) {
                diagnostics.append(.error("content.outside-link", Self.outsideLinkMessage(target), at: location(path)))
                continue
            }
            guard info.st_mode & S_IFMT != S_IFLNK || stat(fullPath, &info) == 0 else {
                let failure = errno
                // Gone since the listing: nothing to report. Otherwise a link that leads nowhere.
                var linkInfo = stat()
                guard lstat(fullPath, &linkInfo) == 0 else { continue }
                let reason = failure == ELOOP ? "a symbolic link that loops back on itself" : "a symbolic link to something that does not exist"
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
                    diagnostics.append(.error("content.symlink", "this symbolic link leads back into a folder that contains it (a loop)", at: location(path)))
                    continue
                }
                walk(url, relative: path, ancestors: ancestors.union([real]))
            case S_IFREG:
                let ext = (name as NSString).pathExtension.lowercased()
                files.append(ContentFile(relativePath: path, url: url, kind: Self.markdownExtensions.contains(ext) ? .markdown : .asset, stamp: FileStamp(info)))
            default:
                diagnostics.append(.error("content.not-a-file", "this is not a regular file (a device, pipe or socket)", at: location(path)))
            }
        }
    }

    static func outsideLinkMessage(_ target: String) -> String {
        "this symbolic link leads \(target); Strata publishes only the project's own, visible files. Copy the file in, or set 'follow_links_outside: true' in strata.yml"
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
