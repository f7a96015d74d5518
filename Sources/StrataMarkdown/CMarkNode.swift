import CCmarkGFM

/// Thin, read-only conveniences over a cmark node pointer. Valid only while the owning
/// `MarkdownDocument` is alive.
struct CMarkNode: Hashable {
    let pointer: OpaquePointer

    init(_ pointer: OpaquePointer) {
        self.pointer = pointer
    }

    init?(_ pointer: OpaquePointer?) {
        guard let pointer else { return nil }
        self.pointer = pointer
    }

    var type: cmark_node_type { cmark_node_get_type(pointer) }
    /// The extension-aware type name (`table`, `table_row`, `strikethrough`, `tasklist`, …).
    var typeName: String { String(cString: cmark_node_get_type_string(pointer)) }
    var firstChild: CMarkNode? { CMarkNode(cmark_node_first_child(pointer)) }
    var next: CMarkNode? { CMarkNode(cmark_node_next(pointer)) }
    var previous: CMarkNode? { CMarkNode(cmark_node_previous(pointer)) }
    var lastChild: CMarkNode? { CMarkNode(cmark_node_last_child(pointer)) }
    var parent: CMarkNode? { CMarkNode(cmark_node_parent(pointer)) }
    var startLine: Int { Int(cmark_node_get_start_line(pointer)) }
    var startColumn: Int { Int(cmark_node_get_start_column(pointer)) }
    var headingLevel: Int { Int(cmark_node_get_heading_level(pointer)) }
    var literal: String { cmark_node_get_literal(pointer).map { String(cString: $0) } ?? "" }
    var url: String { cmark_node_get_url(pointer).map { String(cString: $0) } ?? "" }
    var title: String { cmark_node_get_title(pointer).map { String(cString: $0) } ?? "" }
    var fenceInfo: String { cmark_node_get_fence_info(pointer).map { String(cString: $0) } ?? "" }
    /// A code block's language: the first word of its info string.
    var fenceLanguage: String {
        fenceInfo.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init) ?? ""
    }
    var isTightList: Bool { cmark_node_get_list_tight(pointer) != 0 }
    var listType: cmark_list_type { cmark_node_get_list_type(pointer) }
    var listStart: Int { Int(cmark_node_get_list_start(pointer)) }

    var children: [CMarkNode] {
        var result: [CMarkNode] = []
        var child = firstChild
        while let node = child {
            result.append(node)
            child = node.next
        }
        return result
    }

    /// Calls `visit` on this node and every node below it, in document order. Iterative,
    /// so deeply nested input cannot overflow the stack.
    func forEachNode(_ visit: (CMarkNode) -> Void) {
        forEachEvent { node, entering in
            if entering { visit(node) }
        }
    }

    /// Calls `visit` on entering every node and on leaving every node that has children
    /// (leaves are only entered), in document order.
    func forEachEvent(_ visit: (CMarkNode, _ entering: Bool) -> Void) {
        guard let iterator = cmark_iter_new(pointer) else { return }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            if let node = CMarkNode(cmark_iter_get_node(iterator)) { visit(node, event == CMARK_EVENT_ENTER) }
        }
    }

    /// The node's text with formatting dropped: text, code and line breaks (as spaces or
    /// newlines).
    func plainText(newlines: Bool = false) -> String {
        var text = ""
        forEachNode { current in
            switch current.type {
            case CMARK_NODE_TEXT, CMARK_NODE_CODE, CMARK_NODE_HTML_INLINE:
                text += current.literal
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
                text += newlines ? "\n" : " "
            default:
                break
            }
        }
        return text
    }
}
