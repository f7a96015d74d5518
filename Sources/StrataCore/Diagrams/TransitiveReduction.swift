/// The edges of a directed graph that no longer path implies: an edge a → c is left out
/// when c can be reached from a through other nodes (a → b → … → c), along edges still
/// kept. On a graph without cycles this is the unique transitive reduction; with cycles,
/// checking against the edges still kept means reachability never changes.
package enum TransitiveReduction {
    /// The indices of `edges` to keep, in order. Edges in `pinned` are always kept.
    package static func kept(edges: [(from: String, to: String)], pinned: Set<Int> = []) -> [Int] {
        var index: [String: Int] = [:]
        for edge in edges {
            if index[edge.from] == nil { index[edge.from] = index.count }
            if index[edge.to] == nil { index[edge.to] = index.count }
        }
        var successors = Array(repeating: [(node: Int, edge: Int)](), count: index.count)
        for (position, edge) in edges.enumerated() {
            guard let from = index[edge.from], let to = index[edge.to], from != to else { continue }
            successors[from].append((to, position))
        }
        var removed = Array(repeating: false, count: edges.count)
        var kept: [Int] = []
        var seen = Array(repeating: 0, count: index.count)
        var stamp = 0
        var stack: [Int] = []
        for (position, edge) in edges.enumerated() {
            guard let from = index[edge.from], let to = index[edge.to] else { continue }
            if pinned.contains(position) || from == to {
                kept.append(position)
                continue
            }
            // Is `to` reachable from `from` by a path of two edges or more?
            stamp += 1
            stack.removeAll(keepingCapacity: true)
            for next in successors[from] where next.edge != position && !removed[next.edge] && seen[next.node] != stamp
            {
                seen[next.node] = stamp
                stack.append(next.node)
            }
            var implied = false
            while let node = stack.popLast() {
                if node == to {
                    implied = true
                    break
                }
                for next in successors[node]
                where next.edge != position && !removed[next.edge] && seen[next.node] != stamp {
                    if next.node == to {
                        implied = true
                        break
                    }
                    seen[next.node] = stamp
                    stack.append(next.node)
                }
                if implied { break }
            }
            if implied { removed[position] = true } else { kept.append(position) }
        }
        return kept
    }
}
