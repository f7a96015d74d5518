import StrataCore

/// One build of the site as the preview server shows it: every file by its path, the
/// build's tag (which the live-reload script compares), and the diagnostics of the latest
/// failed build, if the latest build failed (the files are then the last good ones).
package struct ServedSite: Sendable {
    package var files: [String: [UInt8]]
    /// Changes with every successful build; `<session>-<number>`.
    package var buildTag: String
    /// The diagnostics of a failed rebuild, shown in the overlay until the next good build.
    package var failure: [String]?
    /// Files made only when first asked for (the search index), by path.
    package var deferred: [String: DeferredFile] = [:]
    /// Large files served from disk as the build found them, by path.
    package var copies: [String: FileCopy] = [:]

    package init(files: [OutputFile], buildTag: String) {
        var byPath: [String: [UInt8]] = [:]
        byPath.reserveCapacity(files.count)
        for file in files {
            if let copy = file.copy { copies[file.path] = copy } else { byPath[file.path] = file.contents }
        }
        self.files = byPath
        self.buildTag = buildTag
        self.failure = nil
    }

    package init(files: [String: [UInt8]], copies: [String: FileCopy] = [:], buildTag: String, failure: [String]? = nil)
    {
        self.files = files
        self.copies = copies
        self.buildTag = buildTag
        self.failure = failure
    }

    /// The bytes of a file, made now if it is a deferred one.
    package func contents(of path: String) async -> [UInt8]? {
        if let file = files[path] { return file }
        return await deferred[path]?.contents()
    }

    /// What a request for `path` is answered with.
    package enum Lookup: Equatable, Sendable {
        case file(String)
        /// A folder asked for without its trailing slash: redirect so relative links work.
        case redirect(String)
        case notFound
    }

    /// Finds the file for a site path: the file itself, or a folder's `index.html`.
    package func lookup(_ path: String) -> Lookup {
        if path.isEmpty || path.hasSuffix("/") {
            let index = path + "index.html"
            return files[index] != nil ? .file(index) : .notFound
        }
        if files[path] != nil || deferred[path] != nil || copies[path] != nil { return .file(path) }
        if files[path + "/index.html"] != nil { return .redirect(path + "/") }
        return .notFound
    }
}
