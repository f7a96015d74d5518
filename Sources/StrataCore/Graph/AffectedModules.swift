/// The modules a change can affect: those whose files changed, and every module that
/// depends on one of them, directly or through others. CI runs only their tests.
package struct AffectedModules: Hashable, Sendable {
    /// A module a change reaches, and how.
    package struct Module: Hashable, Sendable {
        package var id: String
        /// The changed files that make it changed (its sources, its folder's other files,
        /// the manifest or project that declares it); empty when it is affected only as a
        /// dependent.
        package var changedFiles: [String]
        /// For a dependent: the module it uses that is affected, through which the change
        /// reaches it (the first step of the shortest path); nil for a changed module.
        package var through: String?
        /// How many dependency steps from a changed module (0 for a changed one).
        package var distance: Int
        package var isTest: Bool
        /// What an Xcode target builds (`unit-tests`, `ui-tests`…); nil for a package's.
        package var productType: String?
    }

    /// Changed modules first, then dependents by distance, each group by name.
    package var modules: [Module]
    /// Changed files that belong to no module read (documentation, scripts, deleted
    /// modules' files, `Package.resolved`).
    package var unownedFiles: [String]

    package var changed: [Module] { modules.filter { $0.distance == 0 } }
    package var tests: [Module] { modules.filter(\.isTest) }

    /// What `changedPaths` (in the graph's path style) affect in `graph`. A changed manifest
    /// or project changes every target it declares, unless `before` (the graph where the
    /// changes start, in the same path style) shows which targets' declarations differ.
    package init(graph: ModuleGraph, changedPaths: [String], before: ModuleGraph? = nil) {
        var owners: [String: [String]] = [:]
        var folders: [(folder: String, module: String)] = []
        let declared = before.map { Self.declarations($0) }
        let declaredNow = Self.declarations(graph)
        for node in graph.nodes where node.isTarget {
            for file in node.sourceFiles { owners[file, default: []].append(node.id) }
            if let declaredIn = node.location?.path, declared == nil || declared?[node.id] != declaredNow[node.id] {
                owners[declaredIn, default: []].append(node.id)
            }
            if let folder = node.sourcePath, !folder.isEmpty, folder != "." {
                folders.append((folder.hasSuffix("/") ? folder : folder + "/", node.id))
            }
        }
        var changedFiles: [String: [String]] = [:]
        var unowned: [String] = []
        for path in Set(changedPaths).sorted() {
            var found = Set(owners[path] ?? [])
            for (folder, module) in folders where path.hasPrefix(folder) { found.insert(module) }
            if found.isEmpty { unowned.append(path) }
            for module in found { changedFiles[module, default: []].append(path) }
        }
        // Breadth first along the edges backwards: who uses what changed.
        var users: [String: [String]] = [:]
        for edge in graph.edges where edge.from != edge.to {
            users[edge.to, default: []].append(edge.from)
        }
        var reached: [String: (through: String?, distance: Int)] = [:]
        var frontier = changedFiles.keys.sorted()
        for id in frontier { reached[id] = (nil, 0) }
        var distance = 0
        while !frontier.isEmpty {
            distance += 1
            var next: [String] = []
            for id in frontier {
                for user in (users[id] ?? []).sorted() where reached[user] == nil {
                    guard graph.node(user)?.isTarget == true else { continue }
                    reached[user] = (id, distance)
                    next.append(user)
                }
            }
            frontier = next.sorted()
        }
        modules = reached.map { id, how in
            let node = graph.node(id)
            return Module(
                id: id, changedFiles: changedFiles[id] ?? [], through: how.through, distance: how.distance,
                isTest: node?.isTest ?? false, productType: node?.productType)
        }
        .sorted { ($0.distance, $0.id) < ($1.distance, $1.id) }
        unownedFiles = unowned
    }

    /// What a manifest or project says of each target, without line numbers: its kind,
    /// folder and declared dependencies (with their conditions).
    static func declarations(_ graph: ModuleGraph) -> [String: String] {
        var result: [String: String] = [:]
        for node in graph.nodes where node.isTarget {
            result[node.id] = "\(node.kind.rawValue) \(node.sourcePath ?? "") \(node.productType ?? "")"
        }
        for edge in graph.edges where edge.isDeclared {
            let conditions = edge.declarations.map { $0.condition?.description ?? "" }.sorted().joined(separator: ",")
            result[edge.from, default: ""] += " → \(edge.to)[\(conditions)]"
        }
        return result
    }

    /// `swift test --filter` takes a regular expression over `Module.Suite/test`: this one
    /// matches every test of the affected test targets; nil when there are none.
    package var swiftTestFilter: String? {
        let names = tests.filter { $0.productType == nil }.map(\.id).sorted()
        guard !names.isEmpty else { return nil }
        return "^(" + names.map(Self.escapedForRegex).joined(separator: "|") + ")\\."
    }

    /// `-only-testing:Target` for each affected Xcode test target.
    package var xcodebuildArguments: [String] {
        tests.filter { $0.productType != nil }.map(\.id).sorted().map { "-only-testing:" + $0 }
    }

    static func escapedForRegex(_ name: String) -> String {
        var escaped = ""
        for character in name {
            if "\\^$.|?*+()[]{}".contains(character) { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }
}
