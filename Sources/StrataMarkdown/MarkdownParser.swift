import CCmarkGFM
import Foundation
import StrataCore

/// Parses Markdown with libcmark-gfm and its table, strikethrough, autolink and task-list
/// extensions. Each call uses its own parser, so pages can be parsed in parallel.
///
/// One step cannot run in parallel: libcmark-gfm 0.29 keeps the extensions' special
/// characters (`~` for strikethrough, `w`/`:` for autolinks) in a process-wide table that
/// every `cmark_parser_finish` fills in before inline parsing and clears after. Two parsers
/// finishing at once would clear each other's characters, and `~~old~~` would silently stay
/// plain text on some builds. Block parsing (`feed`) runs in parallel; `finish` (inline
/// parsing) takes `finishLock`.
public enum MarkdownParser {
    private static let finishLock = NSLock()

    private static let extensionsRegistered: Bool = {
        cmark_gfm_core_extensions_ensure_registered()
        return true
    }()

    static let extensionNames = ["table", "strikethrough", "autolink", "tasklist"]

    /// Parses `markdown` (front matter already blanked out) from the file at `path`.
    public static func parse(_ markdown: String, path: String, options: MarkdownOptions = MarkdownOptions()) -> MarkdownDocument {
        _ = extensionsRegistered
        var flags = CMARK_OPT_DEFAULT
        if options.smartPunctuation { flags |= CMARK_OPT_SMART }
        if options.unsafeHTML { flags |= CMARK_OPT_UNSAFE }
        let parser = cmark_parser_new(flags)
        defer { cmark_parser_free(parser) }
        for name in extensionNames {
            if let syntaxExtension = cmark_find_syntax_extension(name) {
                cmark_parser_attach_syntax_extension(parser, syntaxExtension)
            }
        }
        var bytes = Array(markdown.utf8)
        bytes.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress?.withMemoryRebound(to: CChar.self, capacity: buffer.count) { pointer in
                cmark_parser_feed(parser, pointer, buffer.count)
            }
        }
        finishLock.lock()
        let root = cmark_parser_finish(parser)
        finishLock.unlock()
        return MarkdownDocument(root: root, path: path, options: options)
    }
}
