import CCmarkGFM
import StrataCore

/// Parses Markdown with libcmark-gfm and its table, strikethrough, autolink and task-list
/// extensions. Each call uses its own parser, so pages can be parsed in parallel.
public enum MarkdownParser {
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
        let root = cmark_parser_finish(parser)
        return MarkdownDocument(root: root, path: path, options: options)
    }
}
