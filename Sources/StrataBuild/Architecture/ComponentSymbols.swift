import StrataCore
import StrataSwiftSource

/// Reads the declarations and type references of the files a layer of files needs
/// (`ComponentChecker.filesToRead`), in parallel, with swift-syntax. A file that cannot be
/// read was already reported by the graph's import scan; it is left out here.
enum ComponentSymbols {
    static func read(_ files: [String], project: ProjectFiles) -> [String: SwiftSymbols] {
        guard !files.isEmpty else { return [:] }
        let extractor = SymbolExtractor()
        let read = ParallelMap.map(files) { file -> SwiftSymbols? in
            guard let bytes = try? ProjectFiles.readBytes(atPath: project.path(file), displayPath: file) else { return nil }
            return extractor.symbols(in: String(decoding: bytes, as: UTF8.self), path: file)
        }
        var symbols: [String: SwiftSymbols] = [:]
        for (file, found) in zip(files, read) {
            if let found { symbols[file] = found }
        }
        return symbols
    }
}
