import StrataCore

extension ComponentChecker {
    /// Cycles between the components of one module (`UI` names a `Service` type whose code
    /// names a `UI` type). One violation per group of components that all reach one another,
    /// shown by its shortest cycle, with the first references of each step as evidence:
    /// one misplaced reference in a layered app closes many elementary cycles, and listing
    /// them all buries the one step to undo. Cycles between modules are the module rules'.
    func cycleViolations(in graph: ComponentGraph) -> [Violation] {
        guard let severity = settings.severity(of: .cycle).severity else { return [] }
        var violations: [Violation] = []
        for module in graph.layeredModules {
            var steps: [String: [String: [ComponentGraph.Reference]]] = [:]
            for reference in graph.references
            where reference.from.module == module && reference.to.module == module
                && reference.from.layer != reference.to.layer
            {
                steps[reference.from.layer, default: [:]][reference.to.layer, default: []].append(reference)
            }
            guard !steps.isEmpty else { continue }
            let successors = steps.mapValues { $0.keys.sorted() }
            for group in CycleFinder(successors: successors).stronglyConnectedComponents() where group.count > 1 {
                let members = Set(group)
                guard let cycle = Self.shortestCycle(in: group, successors: successors, members: members) else {
                    continue
                }
                let path = cycle + [cycle[0]]
                var evidence: [Evidence] = []
                for (from, to) in zip(path, path.dropFirst()) {
                    let references = (steps[from]?[to] ?? []).sorted { $0.location < $1.location }
                    evidence += references.prefix(3).map { reference in
                        Evidence(
                            kind: .reference, location: reference.location,
                            summary: "\(from) → \(to): \(reference.toType) in \(reference.source)")
                    }
                }
                var message = "component cycle in \(module): \(path.joined(separator: " → "))"
                if group.count > cycle.count {
                    let rest = group.filter { !cycle.contains($0) }
                    message += " (and through \(rest.joined(separator: ", ")))"
                }
                violations.append(
                    Violation(
                        rule: .cycle, severity: severity, message: message, modules: [module], evidence: evidence,
                        key: "\(module): {\(group.joined(separator: ", "))}"
                    ))
            }
        }
        return violations
    }

    /// The shortest cycle through the group, found by a breadth-first search from each member
    /// in name order; ties go to the first found. Rotated to start at its first member.
    static func shortestCycle(in group: [String], successors: [String: [String]], members: Set<String>) -> [String]? {
        var best: [String]?
        for start in group {
            var previous: [String: String] = [:]
            var queue = [start]
            var head = 0
            var closing: String?
            search: while head < queue.count {
                let node = queue[head]
                head += 1
                for next in successors[node, default: []] where members.contains(next) {
                    if next == start {
                        closing = node
                        break search
                    }
                    if previous[next] == nil, next != start {
                        previous[next] = node
                        queue.append(next)
                    }
                }
            }
            guard var node = closing else { continue }
            var cycle = [node]
            while node != start, let before = previous[node] {
                cycle.append(before)
                node = before
            }
            cycle.reverse()
            if best == nil || cycle.count < best?.count ?? .max { best = cycle }
        }
        return best
    }
}
