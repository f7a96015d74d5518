import StrataCore
import StrataSwiftSource

/// Reads the declarations and type references of the files a layer of files needs
/// (`ComponentChecker.filesToRead`), in parallel, with swift-syntax, through `cache` (a
/// preview reads again only the files that changed). A file that cannot be read was
/// already reported by the graph's import scan; it is left out here.
enum ComponentSymbols {
    /// What a file's symbols depend on: its bytes, which its stamp stands for.
    struct Fingerprint: MemoFingerprint, Equatable {
        var stamp: FileStamp

        func matches(_ previous: Fingerprint) -> Bool { self == previous }
        func isKeepable(settleTime: Int64) -> Bool { stamp.isSettled(after: settleTime) }
    }

    static func read(_ files: [String], project: ProjectFiles, cache: ItemCache<Fingerprint, SwiftSymbols?> = .none)
        -> [String: SwiftSymbols]
    {
        guard !files.isEmpty else { return [:] }
        let extractor = SymbolExtractor()
        let read = ParallelMap.map(files) { file -> SwiftSymbols? in
            // Looked at before it is read: a save during the build is seen by the next one.
            cache.value(for: file, fingerprint: { FileStamp.of(project.path(file)).map(Fingerprint.init) }) {
                guard let bytes = try? project.readBytes(atPath: project.path(file), displayPath: file) else {
                    return nil
                }
                return extractor.symbols(in: String(decoding: bytes, as: UTF8.self), path: file)
            }
        }
        var symbols: [String: SwiftSymbols] = [:]
        for (file, found) in zip(files, read) {
            if let found { symbols[file] = found }
        }
        return symbols
    }
}
