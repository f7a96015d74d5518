import CGraphviz

/// Steers a graph an author wrote clear of the Graphviz 2.42 layout paths that corrupt
/// memory, before it is laid out in this process. Found by fuzzing small graphs (see
/// Content/reference/limits.md): a labelled arrow in a graph with clusters (the label's rank
/// is made by reallocating the rank table that clusters still point into), a box in two
/// clusters neither inside the other, `concentrate`, arrows clipped at clusters (`lhead`,
/// `ltail`), arrows sharing an end (`samehead`, `sametail`), `splines=ortho`, `constraint=false`
/// with groups, a box in two rank sets and a rank set across groups each crashed or aborted
/// the process.
enum LayoutSafety {
    /// Changes the graph where a gentler form exists (labels of arrows that may be flat
    /// drawn beside them, `xlabel`; arrows not merged, clipped or joined), and refuses it
    /// where none does.
    static func prepare(_ graph: UnsafeMutablePointer<Agraph_t>) throws(GraphvizError) {
        var clusters: [Group] = []
        var rankSets: [Group] = []
        collect(graph, inside: [], clusters: &clusters, rankSets: &rankSets)
        // Thousands of empty clusters fit in a diagram's 100 KB: only those with boxes count.
        let filled = clusters.filter { !$0.members.isEmpty }
        for (index, first) in filled.enumerated() {
            for second in filled[(index + 1)...] where !first.members.isDisjoint(with: second.members) {
                // Nested clusters share their boxes; others may not.
                if !first.ancestors.contains(second.name), !second.ancestors.contains(first.name),
                    let shared = first.members.intersection(second.members).min()
                {
                    throw GraphvizError(
                        message:
                            "the box '\(shared)' is in two groups ('\(first.name)' and '\(second.name)'), neither "
                            + "inside the other; put it in one"
                    )
                }
            }
        }
        for (index, first) in rankSets.enumerated() {
            for second in rankSets[(index + 1)...] where !first.members.isDisjoint(with: second.members) {
                if let shared = first.members.intersection(second.members).min() {
                    throw GraphvizError(
                        message:
                            "the box '\(shared)' is in two rank sets ('\(first.name)' and '\(second.name)'); put it "
                            + "in one"
                    )
                }
            }
        }
        // A rank set across groups trips dot's assertions (class2.c's merge_chain).
        for set in rankSets {
            var inner: [String: String] = [:]
            for member in set.members.sorted() {
                let deepest = filled.filter { $0.members.contains(member) }.max {
                    $0.ancestors.count < $1.ancestors.count
                }
                inner[deepest?.name ?? ""] = inner[deepest?.name ?? ""] ?? member
            }
            guard inner.count > 1 else { continue }
            let shown = inner.sorted { $0.key < $1.key }.prefix(2).map {
                "'\($0.value)' \($0.key.isEmpty ? "in no group" : "in '\($0.key)'")"
            }
            throw GraphvizError(
                message:
                    "the rank set '\(set.name)' holds boxes of different groups (\(shown.joined(separator: ", "))); "
                    + "rank boxes together inside their group"
            )
        }
        let root = UnsafeMutableRawPointer(graph)
        if mapBool(get(root, "concentrate")) { set(root, "concentrate", "false") }
        // The orthogonal router aborts on some graphs (maze.c's chkSgraph).
        if get(root, "splines").lowercased() == "ortho" { set(root, "splines", "polyline") }
        var node = agfstnode(graph)
        while let current = node {
            var edge = agfstout(graph, current)
            while let out = edge {
                let object = UnsafeMutableRawPointer(out)
                for unsafe in ["lhead", "ltail", "samehead", "sametail"] where !get(object, unsafe).isEmpty {
                    set(object, unsafe, "")
                }
                // With groups, an arrow that does not shape the ranks beside two that are
                // alike trips class2.c's merge_chain: every arrow shapes them.
                let constraint = get(object, "constraint")
                let isUnconstrained = !constraint.isEmpty && !mapBool(constraint)
                if !clusters.isEmpty, isUnconstrained { set(object, "constraint", "true") }
                // An arrow that may end up within one rank (a "flat" arrow: clusters and rank
                // sets make them, as do `constraint=false` and `minlen=0`) with its label in
                // the layout would have dot add a rank above the first, which 2.42 gets wrong.
                let mayBeFlat =
                    !clusters.isEmpty || !rankSets.isEmpty || isUnconstrained
                    || integer(get(object, "minlen"), default: 1) < 1
                if mayBeFlat, let label = "label".withCString({ agget(object, UnsafeMutablePointer(mutating: $0)) }),
                    label.pointee != 0, get(object, "xlabel").isEmpty
                {
                    // The same string object, so an HTML label stays one.
                    "xlabel".withCString { key in
                        "".withCString { empty in
                            _ = agsafeset(
                                object, UnsafeMutablePointer(mutating: key), label,
                                UnsafeMutablePointer(mutating: empty))
                        }
                    }
                    set(object, "label", "")
                }
                edge = agnxtout(graph, out)
            }
            node = agnxtnode(graph, current)
        }
    }

    /// A cluster or rank set: its name, its boxes (a cluster's include those of the
    /// subgraphs inside it) and the clusters it is inside.
    struct Group {
        var name: String
        var members: Set<String>
        var ancestors: [String]
    }

    private static func collect(
        _ graph: UnsafeMutablePointer<Agraph_t>, inside ancestors: [String], clusters: inout [Group],
        rankSets: inout [Group]
    ) {
        var subgraph = agfstsubg(graph)
        while let current = subgraph {
            let name = agnameof(UnsafeMutableRawPointer(current)).map { String(cString: $0) } ?? ""
            // As dot tells clusters (utils.c's is_a_cluster): by name, in any case, so
            // `Cluster_1` is one (the diagram fuzz target found a crash through it).
            let isCluster = name.lowercased().hasPrefix("cluster")
            let rank = get(UnsafeMutableRawPointer(current), "rank")
            if isCluster || ["same", "min", "max", "source", "sink"].contains(rank) {
                var members: Set<String> = []
                var node = agfstnode(current)
                while let member = node {
                    members.insert(agnameof(UnsafeMutableRawPointer(member)).map { String(cString: $0) } ?? "")
                    node = agnxtnode(current, member)
                }
                if isCluster {
                    clusters.append(Group(name: name, members: members, ancestors: ancestors))
                } else {
                    // An unnamed set (`{ rank=same; … }`) is named by Graphviz `%<number>`.
                    rankSets.append(
                        Group(
                            name: name.isEmpty || name.hasPrefix("%") ? "rank=\(rank)" : name, members: members,
                            ancestors: ancestors))
                }
            }
            // dot's ranking does not look inside a rank set, whose subgraphs inherit its `rank`.
            if isCluster || rank.isEmpty {
                collect(
                    current, inside: isCluster ? ancestors + [name] : ancestors, clusters: &clusters,
                    rankSets: &rankSets)
            }
            subgraph = agnxtsubg(current)
        }
    }

    /// A Graphviz boolean as dot reads it (`mapbool`): `true`/`yes` (any case) or a number
    /// not 0 is true; anything else, `false` and the empty string included, is false.
    static func mapBool(_ value: String) -> Bool {
        switch value.lowercased() {
        case "true", "yes": return true
        case "false", "no", "": return false
        default: return value.first?.isASCII == true && value.first?.isNumber == true && integer(value, default: 0) != 0
        }
    }

    /// A Graphviz integer as dot reads it (`strtol`: leading spaces, then digits, the rest
    /// ignored); `default` when there are no digits.
    static func integer(_ value: String, default fallback: Int) -> Int {
        value.withCString { text in
            var end: UnsafeMutablePointer<CChar>?
            let number = strtol(text, &end, 10)
            return end == UnsafeMutablePointer(mutating: text) ? fallback : number
        }
    }

    private static func get(_ object: UnsafeMutableRawPointer, _ name: String) -> String {
        name.withCString { agget(object, UnsafeMutablePointer(mutating: $0)) }.map { String(cString: $0) } ?? ""
    }

    private static func set(_ object: UnsafeMutableRawPointer, _ name: String, _ value: String) {
        name.withCString { key in
            value.withCString { text in
                "".withCString { empty in
                    _ = agsafeset(
                        object, UnsafeMutablePointer(mutating: key), UnsafeMutablePointer(mutating: text),
                        UnsafeMutablePointer(mutating: empty))
                }
            }
        }
    }
}
