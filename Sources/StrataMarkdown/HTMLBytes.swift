import Foundation
import StrataCore

/// The HTML a renderer writes, as UTF-8 bytes in one buffer. Text nodes go in escaped
/// straight from cmark's C string, without a `String` made, escaped and appended for each
/// of them (a page of the book has thousands).
struct HTMLBytes {
    private(set) var bytes: [UInt8] = []

    static func += (html: inout HTMLBytes, text: String) {
        var text = text
        text.withUTF8 { html.bytes.append(contentsOf: $0) }
    }

    /// Appends `literal` (a node's text, NUL-terminated UTF-8), HTML-escaped.
    mutating func appendEscaped(_ literal: UnsafePointer<CChar>?) {
        guard let literal else { return }
        let count = strlen(literal)
        literal.withMemoryRebound(to: UInt8.self, capacity: count) {
            HTMLEscaping.append(UnsafeBufferPointer(start: $0, count: count), to: &bytes)
        }
    }

    /// The HTML as text. cmark hands over valid UTF-8 (it replaces what is not), so this is
    /// one check and one copy.
    var string: String { String(decoding: bytes, as: UTF8.self) }
}
