import StrataCore
import StrataSwiftSource
import StrataXcode
import Synchronization

/// What every Tuist manifest below one root shares — the parsed helpers and the external
/// packages of its dependency manifest — read once per module graph, not once per project:
/// a workspace of thirty projects parses its helpers once, and says once that its
/// `Tuist/Package.swift` cannot be read.
final class TuistRoots: Sendable {
    struct Root: Sendable {
        var reader: TuistManifestReader
        var packages: [XcodePackageReference]
        /// Problems with the helpers or the dependency manifest, said by the first project
        /// read from this root only.
        var warnings: [Diagnostic]
    }

    private let read = Mutex<[String: Root]>([:])

    /// The root's shared reading, and whether this call made it (then its warnings are the
    /// caller's to report).
    func root(_ folder: String, reading: () throws -> Root) rethrows -> (root: Root, isFirst: Bool) {
        if let known = read.withLock({ $0[folder] }) { return (known, false) }
        let made = try reading()
        read.withLock { $0[folder] = made }
        return (made, true)
    }
}
