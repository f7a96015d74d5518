import CCmarkGFM
import Foundation
import StrataCore

/// Parses Markdown with libcmark-gfm and its table, strikethrough, autolink and task-list
/// extensions. Each call uses its own parser, so pages are parsed in parallel, inline
/// parsing included: `SpecialCharacterTable` keeps the one table libcmark-gfm 0.29.0.gfm.6
/// shares between parsers from being emptied by one while another reads it. Where it cannot
/// (see there), each parse takes `parseLock` instead.
package enum MarkdownParser {
    private static let parseLock = NSLock()

    /// Registers the extensions, then parses one line with them: whether
    /// `SpecialCharacterTable` saw that parse decides whether parsing needs the lock.
    static let parseNeedsLock: Bool = {
        cmark_gfm_core_extensions_ensure_registered()
        let parser = newParser(flags: CMARK_OPT_DEFAULT)
        "~~a~~ https://example.com".withCString { cmark_parser_feed(parser, $0, strlen($0)) }
        cmark_node_free(cmark_parser_finish(parser))
        cmark_parser_free(parser)
        return !SpecialCharacterTable.isInterposed
    }()

    private static func newParser(flags: Int32) -> OpaquePointer? {
        let parser = cmark_parser_new(flags)
        for name in extensionNames {
            if let syntaxExtension = cmark_find_syntax_extension(name) {
                cmark_parser_attach_syntax_extension(parser, syntaxExtension)
            }
        }
        return parser
    }

    static let extensionNames = ["table", "strikethrough", "autolink", "tasklist"]

    /// Whether pages are parsed in parallel, inline pass included, rather than one at a time.
    package static var parsesInParallel: Bool { !parseNeedsLock }

    /// Parses `markdown` (front matter already blanked out) from the file at `path`.
    /// `lineOrigins`, for a page written from other files, says where each line came from.
    package static func parse(
        _ markdown: String, path: String, options: MarkdownOptions = MarkdownOptions(),
        lineOrigins: [SourceLocation]? = nil
    ) -> MarkdownDocument {
        let needsLock = parseNeedsLock
        var flags = CMARK_OPT_DEFAULT
        if options.smartPunctuation { flags |= CMARK_OPT_SMART }
        if options.unsafeHTML { flags |= CMARK_OPT_UNSAFE }
        let parser = newParser(flags: flags)
        defer { cmark_parser_free(parser) }
        let docc = options.docc ? DocCDirectiveScanner(path: path).scan(markdown) : nil
        var bytes = Array((docc?.text ?? markdown).utf8)
        // Without the binding, the whole parse takes the lock: some libraries also touch the
        // table while reading blocks (newer tables add and remove characters in `feed`).
        if needsLock { parseLock.lock() }
        bytes.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress?.withMemoryRebound(to: CChar.self, capacity: buffer.count) { pointer in
                cmark_parser_feed(parser, pointer, buffer.count)
            }
        }
        let root = cmark_parser_finish(parser)
        if needsLock { parseLock.unlock() }
        let document = MarkdownDocument(
            root: root, path: path, options: options, docc: docc, lineOrigins: lineOrigins)
        document.byteCount = bytes.count
        return document
    }
}
