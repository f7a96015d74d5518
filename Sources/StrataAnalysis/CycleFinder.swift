/// Finds the elementary cycles of a directed graph: Tarjan's strongly connected
/// components, then Johnson's circuit search inside each one. Every cycle comes out once,
/// rotated to start at its smallest node, in a stable order.
struct CycleFinder {
    /// Node → the nodes it points to.
    let successors: [String: [String]]
    /// More cycles than this in one component are not listed one by one.
    var limitPerComponent = 100

    struct Result {
        var cycles: [[String]]
        /// Components whose cycles were cut off at the limit, with their members.
        var truncated: [[String]]
    }

    func find() -> Result {
        var result = Result(cycles: [], truncated: [])
        for component in stronglyConnectedComponents() {
            let members = Set(component)
            let isCycle = component.count > 1 || successors[component[0], default: []].contains(component[0])
            guard isCycle else { continue }
            let (cycles, complete) = circuits(in: members)
            result.cycles += cycles
            if !complete { result.truncated.append(component.sorted()) }
        }
        result.cycles.sort { $0.lexicographicallyPrecedes($1) }
        return result
    }

    /// Components in a stable order, each sorted; only nodes in `within` when it is given.
    func stronglyConnectedComponents(within: Set<String>? = nil) -> [[String]] {
        let all = Set(successors.keys).union(successors.values.joined())
        let nodes = (within.map { all.intersection($0) } ?? all).sorted()
        var successors = self.successors
        if let within {
            successors = [:]
            for node in nodes { successors[node] = self.successors[node]?.filter(within.contains) }
        }
        var index: [String: Int] = [:]
        var lowLink: [String: Int] = [:]
        var onStack: Set<String> = []
        var stack: [String] = []
        var components: [[String]] = []
        var counter = 0
        // Iterative Tarjan: frames of (node, next successor position).
        for root in nodes where index[root] == nil {
            var frames: [(node: String, next: Int)] = [(root, 0)]
            index[root] = counter
            lowLink[root] = counter
            counter += 1
            stack.append(root)
            onStack.insert(root)
            while let frame = frames.last {
                let next = successors[frame.node, default: []].sorted()
                if frame.next < next.count {
                    frames[frames.count - 1].next += 1
                    let other = next[frame.next]
                    if index[other] == nil {
                        index[other] = counter
                        lowLink[other] = counter
                        counter += 1
                        stack.append(other)
                        onStack.insert(other)
                        frames.append((other, 0))
                    } else if onStack.contains(other) {
                        lowLink[frame.node] = min(lowLink[frame.node] ?? 0, index[other] ?? 0)
                    }
                    continue
                }
                frames.removeLast()
                if let parent = frames.last {
                    lowLink[parent.node] = min(lowLink[parent.node] ?? 0, lowLink[frame.node] ?? 0)
                }
                if lowLink[frame.node] == index[frame.node] {
                    var component: [String] = []
                    while let top = stack.popLast() {
                        onStack.remove(top)
                        component.append(top)
                        if top == frame.node { break }
                    }
                    components.append(component.sorted())
                }
            }
        }
        return components.sorted { $0.lexicographicallyPrecedes($1) }
    }

    /// Johnson's algorithm on one component: the cycles through its least node, then the
    /// same on what remains without that node, component by component. False when there
    /// are more than the limit: the search looks for one cycle past it, so a component of
    /// exactly `limitPerComponent` cycles is listed whole.
    private func circuits(in members: Set<String>) -> ([[String]], Bool) {
        var cycles: [[String]] = []
        var remaining = members
        let sortedSuccessors = successors.mapValues { $0.sorted() }
        let searchLimit = limitPerComponent + 1
        while true {
            if cycles.count >= searchLimit { return (Array(cycles.prefix(limitPerComponent)), false) }
            let candidates = stronglyConnectedComponents(within: remaining).filter { component in
                component.count > 1 || sortedSuccessors[component[0], default: []].contains(component[0])
            }
            guard let component = candidates.min(by: { $0[0] < $1[0] }) else { return (cycles, true) }
            let start = component[0]
            let allowed = Set(component)
            var blocked: Set<String> = []
            var blockMap: [String: Set<String>] = [:]
            var path: [String] = []

            func unblock(_ node: String) {
                var work = [node]
                while let next = work.popLast() {
                    guard blocked.remove(next) != nil else { continue }
                    work.append(contentsOf: blockMap[next, default: []])
                    blockMap[next] = []
                }
            }

            // Johnson's CIRCUIT, with an explicit stack: a cycle can be as long as the graph.
            struct Frame {
                var node: String
                var next: [String]
                var position = 0
                var found = false
            }
            let successorsOf = { (node: String) in sortedSuccessors[node, default: []].filter { allowed.contains($0) } }
            var frames = [Frame(node: start, next: successorsOf(start))]
            path.append(start)
            blocked.insert(start)
            while let top = frames.last {
                if top.position < top.next.count, cycles.count < searchLimit {
                    let next = top.next[top.position]
                    frames[frames.count - 1].position += 1
                    if next == start {
                        cycles.append(path)
                        frames[frames.count - 1].found = true
                    } else if !blocked.contains(next) {
                        frames.append(Frame(node: next, next: successorsOf(next)))
                        path.append(next)
                        blocked.insert(next)
                    }
                    continue
                }
                frames.removeLast()
                if top.found {
                    unblock(top.node)
                } else {
                    for next in top.next { blockMap[next, default: []].insert(top.node) }
                }
                path.removeLast()
                if top.found, !frames.isEmpty { frames[frames.count - 1].found = true }
            }
            remaining.remove(start)
        }
    }
}
