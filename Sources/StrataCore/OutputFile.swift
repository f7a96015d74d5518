/// A file of the generated site, relative to the output folder.
package struct OutputFile: Hashable, Sendable {
    package var path: String
    /// The file's bytes; empty for a file copied from disk when it is written (`copy`).
    package var contents: [UInt8]
    /// Set for a large file published as it is (an asset of many megabytes): it is copied
    /// from disk when written or served, in pieces, and never held in memory whole.
    package var copy: FileCopy?

    package init(path: String, contents: [UInt8]) {
        self.path = path
        self.contents = contents
        self.copy = nil
    }

    package init(path: String, text: String) {
        self.init(path: path, contents: Array(text.utf8))
    }

    package init(path: String, copying copy: FileCopy) {
        self.path = path
        self.contents = []
        self.copy = copy
    }

    /// The file's size in bytes, however it is held.
    package var size: Int { copy?.size ?? contents.count }
}

/// A file on disk that the site publishes as it is, too large to hold in memory: where it
/// is and what it was when it was read, so that a copy of anything else is refused.
package struct FileCopy: Hashable, Sendable {
    /// The file's real path (no symbolic links), checked to be inside what Strata may read.
    package let source: String
    package let size: Int
    /// Its modification time in nanoseconds since 1970; a file changed since is noticed.
    package let modified: Int64

    /// Files of at least this many bytes are published as copies; smaller ones are read.
    package static let threshold = 8 << 20

    package init(source: String, size: Int, modified: Int64) {
        self.source = source
        self.size = size
        self.modified = modified
    }
}
