import CCmarkGFM
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Keeps libcmark-gfm's table of inline special characters filled while pages are parsed in
/// parallel.
///
/// libcmark-gfm up to 0.29.0.gfm.6 (Debian 12's) keeps the characters that start an
/// extension's inline syntax (`~` for strikethrough, `:` and `w` for autolinks) in one
/// process-wide table. `cmark_parser_finish` adds its extensions' characters before inline
/// parsing and removes them after, through `cmark_manage_extensions_special_characters`, so
/// a parser finishing removes the characters another is still parsing with: `~~old~~`
/// stayed plain text on some pages. Later releases keep the table in the parser.
///
/// Strata attaches the same extensions to every parser, so the table only ever needs them
/// added. Strata defines `cmark_manage_extensions_special_characters` itself: the library
/// calls it through its procedure linkage table, so the dynamic linker binds those calls to
/// this definition, which adds the characters (with the library's own function) and never
/// removes them. Where the linker does not (another build of the library, or a platform that
/// binds a library's calls to itself), `isInterposed` stays false and `MarkdownParser`
/// finishes one parser at a time instead.
enum SpecialCharacterTable {
    private typealias Manage = @convention(c) (OpaquePointer?, Int32) -> Void

    /// The library's own function, found past this definition.
    private static let original: Manage? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: -1), "cmark_manage_extensions_special_characters")
        else {
            return nil
        }
        return unsafeBitCast(symbol, to: Manage.self)
    }()

    private static let calls = Atomic<Int>(0)

    /// Whether the library's calls reach `manage` (checked after one parse).
    static var isInterposed: Bool { calls.load(ordering: .acquiring) > 0 && original != nil }

    static func manage(_ parser: OpaquePointer?, add: Int32) {
        calls.add(1, ordering: .releasing)
        // Adding writes the same ones to the same bytes; only removing races.
        if add != 0 { original?(parser, add) }
    }
}

/// libcmark-gfm's calls to `cmark_manage_extensions_special_characters` land here (see
/// `SpecialCharacterTable`). Public so that an optimised build keeps the symbol visible to
/// the dynamic linker; not for calling.
@_cdecl("cmark_manage_extensions_special_characters")
package func strataManageExtensionsSpecialCharacters(_ parser: OpaquePointer?, _ add: Int32) {
    SpecialCharacterTable.manage(parser, add: add)
}
