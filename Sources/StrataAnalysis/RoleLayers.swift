import StrataCore

/// Layers proposed from what modules are named (or the folders they are in) and what they
/// build, as a maintainer would
/// sort them: core utilities, models, clients and services, their live implementations, the
/// design system, features, and the app with its extensions on top. A module named for no
/// role sits with the highest layer of the modules it uses; one named for a role but using a
/// module of a higher layer is raised to that layer (and its comment says why), so the code
/// keeps to the proposal.
struct RoleLayers {
    /// The layers bottom-up, each with the last words of the names that put a module in it.
    static let tiers: [(layer: String, words: [String])] = [
        (
            "Core",
            [
                "Core", "Common", "Shared", "Utils", "Utilities", "Util", "Extensions", "Helpers", "Foundation",
                "Logging", "Logger", "Support", "Toolbox", "Testing"
            ]
        ),
        ("Models", ["Model", "Models", "Entities", "Entity", "Domain", "Types", "Schema"]),
        (
            "Clients",
            [
                "Client", "Clients", "API", "Network", "Networking", "Service", "Services", "Repository",
                "Repositories", "Store", "Storage", "Persistence", "Database", "Data", "Cache", "Provider", "Providers",
                "SDK", "Kit"
            ]
        ),
        ("Live", ["Live"]),
        (
            "DesignSystem",
            ["DesignSystem", "Design", "Components", "Theme", "Style", "Styles", "Styleguide", "Resources", "Assets"]
        ),
        (
            "Features",
            [
                "Feature", "Features", "Screen", "Screens", "Scene", "Scenes", "Flow", "Flows", "UI", "View", "Views",
                "Coordinator"
            ]
        ),
        ("App", ["App", "Application", "Extension", "Widget", "Widgets", "Intents", "Clip"])
    ]

    /// The layer a module's name gives it, by its last word or last two (`DesignSystem`).
    static func tier(of name: String) -> Int? {
        let words = Self.words(of: name)
        guard let last = words.last else { return nil }
        let lastTwo = words.count > 1 ? words[words.count - 2] + last : nil
        for candidate in [lastTwo, last].compactMap({ $0 }) {
            if let index = tiers.firstIndex(where: { $0.words.contains(candidate) }) { return index }
        }
        return nil
    }

    /// The words of a camel-cased name: `APIClientLive` → API, Client, Live.
    static func words(of name: String) -> [String] {
        var words: [String] = []
        var current = ""
        let characters = Array(name)
        for (index, character) in characters.enumerated() {
            guard character.isLetter || character.isNumber else {
                if !current.isEmpty { words.append(current) }
                current = ""
                continue
            }
            let previous = index > 0 ? characters[index - 1] : nil
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            let startsWord =
                character.isUppercase
                && previous.map { $0.isLowercase || $0.isNumber || ($0.isUppercase && next?.isLowercase == true) }
                    == true
            if startsWord, !current.isEmpty {
                words.append(current)
                current = ""
            }
            current.append(character)
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// The layer a module's name gives it, else the folder its sources are in
    /// (`Sources/Features/Feed`, `Packages/Clients/API`), with the reason to show.
    static func role(of module: ModuleNode) -> (tier: Int, reason: String)? {
        if let tier = tier(of: module.id) {
            let word =
                tiers[tier].words.filter { module.id.hasSuffix($0) }.max { $0.count < $1.count } ?? tiers[tier].layer
            return (tier, "named …\(word)")
        }
        guard let path = module.sourcePath else { return nil }
        for folder in path.split(separator: "/").reversed().map(String.init)
        where folder != module.id && !containerFolders.contains(folder) {
            if let tier = tiers.firstIndex(where: { $0.words.contains(folder) }) {
                return (tier, "in the folder \(folder)")
            }
        }
        return nil
    }

    /// Folders that hold modules of every kind, which say nothing of a layer.
    static let containerFolders: Set<String> = [
        "Sources", "Source", "Packages", "Modules", "Targets", "Libraries", "Frameworks", "Tests", "."
    ]

    /// Whether the names say enough: among the modules that are not executables, two or
    /// more, and a third of them, named (or in folders named) for roles of two layers or
    /// more. (A library whose modules are `…Core` and `…TestSupport` says little; its
    /// dependency order says more.)
    static func applies(to modules: [ModuleNode]) -> Bool {
        let libraries = modules.filter { $0.kind != .executable }
        let named = libraries.compactMap { role(of: $0)?.tier }
        return named.count >= 2 && named.count * 3 >= libraries.count && Set(named).count >= 2
    }

    /// Whether a module is an app or something an app ships (an extension, a watch app), or
    /// an executable nothing uses: the top layer's.
    static func isTop(_ module: ModuleNode, used: Set<String>) -> Bool {
        guard module.kind == .executable else { return false }
        if let product = module.productType,
            product == "app" || product.contains("extension") || product.contains("watch")
        {
            return true
        }
        return !used.contains(module.id)
    }

    /// The layers, and why each module is where it is.
    static func layers(_ modules: [ModuleNode], uses: [String: Set<String>]) -> (
        layers: [LayerProposal.Layer], reasons: [String: String]
    ) {
        let ids = modules.map(\.id)
        let component = LayerProposal.components(of: ids, uses: uses)
        let used = Set(uses.values.flatMap { $0 })
        var named: [String: Int] = [:]
        var roles: [String: String] = [:]
        for module in modules {
            if isTop(module, used: used) {
                named[module.id] = tiers.count - 1
                roles[module.id] = module.productType.map { "an Xcode \($0) target" } ?? "an executable"
            } else if let role = role(of: module) {
                named[module.id] = role.tier
                roles[module.id] = role.reason
            }
        }
        // Components bottom-up (Tarjan's order): each at least as high as what it uses.
        var members: [Int: [String]] = [:]
        for id in ids { if let index = component[id] { members[index, default: []].append(id) } }
        var tierOf: [String: Int] = [:]
        for index in members.keys.sorted() {
            let group = members[index] ?? []
            let outside = group.flatMap { (uses[$0] ?? []).filter { !group.contains($0) } }
            let tier = max(group.compactMap { named[$0] }.max() ?? 0, outside.compactMap { tierOf[$0] }.max() ?? 0)
            for id in group { tierOf[id] = tier }
        }
        var reasons: [String: String] = [:]
        for id in ids {
            let tier = tierOf[id] ?? 0
            // What holds it this high: a module it uses in its layer (the first by name).
            let pin = (uses[id] ?? []).sorted().first { $0 != id && tierOf[$0] == tier }
            switch (named[id], roles[id]) {
            case (let own?, let role?) where own == tier: reasons[id] = role
            case (_, let role?):
                reasons[id] = "\(role), raised to \(tiers[tier].layer): it uses \(pin ?? "a module of it")"
            default:
                reasons[id] =
                    pin.map { "uses \($0)" }
                    ?? (tier == 0 ? "uses none of these modules" : "in a cycle with modules of \(tiers[tier].layer)")
            }
        }
        var layers: [LayerProposal.Layer] = []
        for (index, tier) in tiers.enumerated() {
            let modules = ids.filter { tierOf[$0] == index }.sorted()
            if !modules.isEmpty { layers.append(LayerProposal.Layer(name: tier.layer, modules: modules)) }
        }
        return (layers, reasons)
    }
}
