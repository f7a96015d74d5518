import CCmarkGFM

/// Turns the markers `DocCDirectiveScanner` left in a page into cmark custom blocks: each
/// directive becomes one node holding the blocks written inside its braces, so headings,
/// links and code inside a `@Row` or a `@Step` are read and drawn like any others, and the
/// renderer draws the directive around them.
enum DocCTreeBuilder {
    /// Rebuilds `root` in place; returns each directive's node, by directive number.
    static func build(root: OpaquePointer, directives: [DocCDirective]) -> [OpaquePointer: Int] {
        var markers: [(node: OpaquePointer, number: Int, closes: Bool)] = []
        CMarkNode(root).forEachNode { node in
            guard node.type == CMARK_NODE_HTML_BLOCK else { return }
            let literal = node.literal.trimmingWhitespace
            guard literal.hasPrefix("<!--strata-docc") else { return }
            // `<!--strata-docc:3--><!--strata-docc:4--><!--strata-docc-end:3-->`: a one-line body.
            for piece in literal.components(separatedBy: "-->") where !piece.isEmpty {
                if piece.hasPrefix(DocCDirectiveScanner.closeMarker), let number = Int(piece.dropFirst(20)) {
                    markers.append((node.pointer, number, true))
                } else if piece.hasPrefix(DocCDirectiveScanner.openMarker), let number = Int(piece.dropFirst(16)) {
                    markers.append((node.pointer, number, false))
                }
            }
        }
        var nodes: [OpaquePointer: Int] = [:]
        var nodeOfNumber: [Int: OpaquePointer] = [:]
        var closers: [Int: OpaquePointer] = [:]
        for marker in markers where marker.closes { closers[marker.number] = marker.node }
        var markerNodes: Set<OpaquePointer> = []
        var index = 0
        while index < markers.count {
            let marker = markers[index]
            defer { index += 1 }
            markerNodes.insert(marker.node)
            guard !marker.closes, marker.number < directives.count, let custom = cmark_node_new(CMARK_NODE_CUSTOM_BLOCK)
            else { continue }
            nodes[custom] = marker.number
            nodeOfNumber[marker.number] = custom
            // A one-line body: the directives on the marker's line nest in the first one.
            if let parentNumber = sameLineParent(of: index, in: markers), let parent = nodeOfNumber[parentNumber],
                parent != custom
            {
                cmark_node_append_child(parent, custom)
                continue
            }
            cmark_node_insert_before(marker.node, custom)
            // What follows the marker, up to its `}`, moves inside.
            let closer = closers[marker.number]
            guard directives[marker.number].hasBody, closer != marker.node else { continue }
            var sibling = cmark_node_next(marker.node)
            while let current = sibling, current != closer {
                sibling = cmark_node_next(current)
                cmark_node_append_child(custom, current)
            }
        }
        for marker in markerNodes {
            cmark_node_unlink(marker)
            cmark_node_free(marker)
        }
        return nodes
    }

    /// For a directive written after another on the same marker line, that other one's number.
    private static func sameLineParent(of index: Int, in markers: [(node: OpaquePointer, number: Int, closes: Bool)])
        -> Int?
    {
        guard index > 0, markers[index - 1].node == markers[index].node, !markers[index - 1].closes else { return nil }
        return markers[index - 1].number
    }
}
