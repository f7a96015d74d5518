/// The edges of a directed graph that no longer path implies: an edge a → c is left out
/// when c can be reached from a through other nodes (a → b → … → c). On a graph without
/// cycles this is the unique transitive reduction; inside a cycle it keeps every edge of
/// the cycle that is not bypassed, which always leaves the same reachability.
public enum TransitiveReduction {
    /// The indices of `edges` to keep, in order. Edges in `pinned` are always kept.
    public static func kept(edges: [(from: String, to: String)], pinned: Set<Int> = []) -> [Int] {
        var index: [String: Int] = [:]
        for edge in edges {
            if index[edge.from] == nil { index[edge.from] = index.count }
            if index[edge.to] == nil { index[edge.to] = index.count }
        }
        var successors = Array(repeating: [Int](), count: index.count)
        for edge in edges {
            guard let from = index[edge.from], let to = index[edge.to], from != to else { continue }
            successors[from].append(to)
        }
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
            for next in successors[from] where next != to && seen[next] != stamp {
                seen[next] = stamp
                stack.append(next)
            }
            var implied = false
            while let node = stack.popLast() {
                if node == to { implied = true; break }
                for next in successors[node] where seen[next] != stamp {
                    if next == to { implied = true; break }
                    seen[next] = stamp
                    stack.append(next)
                }
                if implied { break }
            }
            if !implied { kept.append(position) }
        }
        return kept
    }
}
