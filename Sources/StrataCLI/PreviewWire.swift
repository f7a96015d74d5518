import Foundation
import StrataCore

/// What `strata serve` and its builder process (`strata serve-worker`) say to each other
/// over the builder's standard input and output. Each message is one line of JSON; a
/// build's message is followed by the bytes of the files it lists, one after the other
/// (large files published as copies are named, not sent).
enum PreviewWire {
    /// Supervisor → builder: build again, these files having changed.
    struct Request: Codable {
        var changed: [String]
    }

    /// Builder → supervisor, once per request.
    struct Build: Codable {
        var succeeded: Bool
        var pages: Int
        var pagesRendered: Int
        var diagramsLaidOut: Int
        var diagnostics: [WireDiagnostic]
        var packageFolders: [String]
        /// Files new or changed since the builder's previous message, with their sizes; their
        /// bytes follow the line in this order.
        var files: [FileHeader]
        /// Files of the previous message the site no longer has.
        var removed: [String]
        /// Whether a search-index message follows this one.
        var searchIndexFollows: Bool
    }

    struct FileHeader: Codable {
        var path: String
        var size: Int
        /// For a large file published as a copy (`FileCopy`): where it is and when it was
        /// changed. No bytes follow for it; the server reads it from disk when asked.
        var source: String?
        var modified: Int64?

        init(_ file: OutputFile) {
            path = file.path
            size = file.size
            source = file.copy?.source
            modified = file.copy?.modified
        }

        /// The copy this header describes, if it is one.
        var copy: FileCopy? {
            guard let source, let modified else { return nil }
            return FileCopy(source: source, size: size, modified: modified)
        }
    }

    /// Builder → supervisor, after a successful build's message: the search index, whose
    /// bytes follow.
    struct SearchIndex: Codable {
        var path: String
        var size: Int
    }

    /// A `Diagnostic` as JSON.
    struct WireDiagnostic: Codable {
        var severity: String
        var id: String
        var message: String
        var path: String?
        var line: Int?
        var column: Int?

        init(_ diagnostic: Diagnostic) {
            severity = diagnostic.severity.rawValue
            id = diagnostic.ruleID
            message = diagnostic.message
            path = diagnostic.location?.path
            line = diagnostic.location?.line
            column = diagnostic.location?.column
        }

        var diagnostic: Diagnostic {
            Diagnostic(
                Severity(rawValue: severity) ?? .error, id, message,
                at: path.map { SourceLocation(path: $0, line: line ?? 1, column: column ?? 1) }
            )
        }
    }

    static func line<T: Encodable>(_ value: T) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return Array((try? encoder.encode(value)) ?? Data("{}".utf8)) + [UInt8(ascii: "\n")]
    }
}

/// Reads a builder's messages: lines and exact runs of bytes from a file descriptor, on
/// whatever thread calls it (never Swift's cooperative pool).
final class PreviewWireReader {
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private var start = 0
    /// How far past `start` a line end has been looked for already.
    private var scanned = 0

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// The next line, without its line break; nil at the end of the stream.
    func readLine() -> [UInt8]? {
        while true {
            if let end = buffer[(start + scanned)...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = Array(buffer[start..<end])
                start = end + 1
                scanned = 0
                compact()
                return line
            }
            scanned = buffer.count - start
            guard fill() else { return nil }
        }
    }

    /// Exactly `count` bytes; nil if the stream ends first.
    func read(_ count: Int) -> [UInt8]? {
        while buffer.count - start < count {
            guard fill() else { return nil }
        }
        let bytes = Array(buffer[start..<(start + count)])
        start += count
        scanned = 0
        compact()
        return bytes
    }

    func decode<T: Decodable>(_ type: T.Type) -> T? {
        guard let line = readLine() else { return nil }
        return try? JSONDecoder().decode(type, from: Data(line))
    }

    private func fill() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            buffer += chunk[0..<count]
            return true
        }
    }

    private func compact() {
        if start > 1 << 20 || start == buffer.count {
            buffer.removeFirst(start)
            start = 0
        }
    }
}

/// Writes all of `bytes` to a file descriptor; false when the other end is gone.
func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
    var written = 0
    while written < bytes.count {
        let count = bytes.withUnsafeBytes {
            Foundation.write(descriptor, $0.baseAddress! + written, $0.count - written)
        }
        if count < 0, errno == EINTR { continue }
        guard count > 0 else { return false }
        written += count
    }
    return true
}
