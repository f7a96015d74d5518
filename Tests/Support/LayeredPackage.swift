/// A synthetic Swift package of `modules` modules in layers, as files (path → text), for
/// trying the architecture diagrams at sizes no fixture has: the same arguments give the
/// same package. Modules spread over the layers with fewer at the top, each uses one to four
/// modules of its own layer or below, and `violations` dependencies (one per eight modules, up to four, unless told) go
/// against the layer
/// order so the diagrams have violations to mark. Names are short, like real module names
/// (`FeedUI`, `Networking`), and vary in length.
public struct LayeredPackage: Sendable {
    public static let layerNames = ["Core", "Infrastructure", "Domain", "Services", "Features", "UI", "App", "Tooling"]
    static let stems = [
        "Account", "Analytics", "Auth", "Billing", "Cache", "Catalog", "Chat", "Checkout", "Config", "Contacts",
        "Crash",
        "Database", "Design", "Device", "Downloads", "Feed", "Files", "Flags", "Geo", "Health", "Images", "Inbox",
        "Keychain",
        "Legal", "Library", "Logging", "Maps", "Media", "Messaging", "Metrics", "Network", "Notifications",
        "Onboarding",
        "Orders", "Payments", "Photos", "Player", "Privacy", "Profile", "Push", "Ratings", "Search", "Settings",
        "Sharing",
        "Social", "Storage", "Sync", "Telemetry", "Theme", "Tracking", "Video", "Wallet"
    ]

    static let suffixes = [
        ["Kit", "Core"], ["Client", "Store"], ["Domain", "Model"], ["Service", "Repository"], ["Feature", "Flow"],
        ["UI", "View"],
        ["App", "Shell"], ["Tools", "Scripts"]
    ]

    public let modules: [(name: String, layer: Int)]
    public let dependencies: [String: [String]]
    public let layers: [String]

    public init(modules count: Int, layers layerCount: Int = 6, violations: Int? = nil, seed: UInt64 = 27) {
        let violations = violations ?? min(4, max(1, count / 8))
        var random = SeededGenerator(seed: seed &+ UInt64(count))
        let layers = Array(Self.layerNames.prefix(max(1, min(layerCount, Self.layerNames.count, count))))
        let weights = Array((1...layers.count).reversed())
        let total = weights.reduce(0, +)
        var counts = weights.map { max(1, count * $0 / total) }
        // What rounding left over goes to the bottom layer; what it took too much comes off the largest.
        counts[0] += max(0, count - counts.reduce(0, +))
        while counts.reduce(0, +) > count, let largest = counts.indices.max(by: { counts[$0] < counts[$1] }) {
            counts[largest] -= 1
        }
        var modules: [(name: String, layer: Int)] = []
        var used: Set<String> = []
        for (index, layer) in layers.enumerated() {
            for number in 0..<max(0, counts[index]) {
                let slot = number * 5 + index * 11
                let stem = Self.stems[slot % Self.stems.count]
                let suffixes = Self.suffixes[index % Self.suffixes.count]
                let round = slot / Self.stems.count
                var name = stem + suffixes[number % suffixes.count] + (round > 0 ? String(round + 1) : "")
                while used.contains(name) { name += "X" }
                used.insert(name)
                modules.append((name, index))
            }
        }
        var byLayer: [Int: [String]] = [:]
        for module in modules { byLayer[module.layer, default: []].append(module.name) }
        var dependencies: [String: [String]] = [:]
        for (position, module) in modules.enumerated() {
            var chosen: Set<String> = []
            let picks = module.layer > 0 ? Int.random(in: 1...4, using: &random) : Int.random(in: 0...2, using: &random)
            for _ in 0..<picks {
                let target = Int.random(in: 0...module.layer, using: &random)
                // Inside a layer only modules declared earlier, so the graph has no cycles.
                let candidates = (byLayer[target] ?? []).filter { candidate in
                    target < module.layer || (modules.firstIndex { $0.name == candidate } ?? position) < position
                }
                if let pick = candidates.randomElement(using: &random) { chosen.insert(pick) }
            }
            dependencies[module.name] = chosen.sorted()
        }
        let low = modules.filter { $0.layer < layers.count - 1 }
        for _ in 0..<violations {
            guard let source = low.randomElement(using: &random) else { break }
            let upper = modules.filter { $0.layer > source.layer }
            if let target = upper.randomElement(using: &random) {
                dependencies[source.name] = Array(Set(dependencies[source.name] ?? []).union([target.name])).sorted()
            }
        }
        self.modules = modules
        self.dependencies = dependencies
        self.layers = layers
    }

    /// The package's files: `Package.swift`, a source file per module importing what it
    /// uses, `strata.yml` declaring the layers in order, and a one-page `Content/`.
    public var files: [String: String] {
        var manifest = [
            "// swift-tools-version:5.9", "import PackageDescription", "", "let package = Package(",
            "    name: \"Synthetic\(modules.count)\",", "    targets: ["
        ]
        for module in modules {
            let uses = (dependencies[module.name] ?? []).map { "\"\($0)\"" }.joined(separator: ", ")
            manifest.append("        .target(name: \"\(module.name)\", dependencies: [\(uses)]),")
        }
        manifest += ["    ]", ")", ""]
        var files = ["Package.swift": manifest.joined(separator: "\n")]
        for module in modules {
            let imports = (dependencies[module.name] ?? []).map { "import \($0)\n" }.joined()
            files["Sources/\(module.name)/\(module.name).swift"] =
                imports + "\npublic struct \(module.name)Value {\n    public init() {}\n}\n"
        }
        var yml = ["site:", "  title: Synthetic app (\(modules.count) modules)", "layers:"]
        for (index, layer) in layers.enumerated() {
            let names = modules.filter { $0.layer == index }.map { "\"\($0.name)\"" }.joined(separator: ", ")
            yml += ["  - name: \(layer)", "    modules: [\(names)]"]
        }
        yml += ["rules:", "  layer-order: error", ""]
        files["strata.yml"] = yml.joined(separator: "\n")
        files["Content/index.md"] =
            "# Synthetic app\n\nA generated package of \(modules.count) modules in \(layers.count) layers.\n"
        return files
    }

    /// The pages the diagram gallery shows (Content/module-graph/gallery.md): the overview,
    /// the Domain layer's page and the page of the module most others use.
    public var galleryPages: [(kind: String, page: String)] {
        var users: [String: Int] = [:]
        for (_, used) in dependencies { for module in used { users[module, default: 0] += 1 } }
        let busiest = modules.map(\.name).max { (users[$0] ?? 0, $1) < (users[$1] ?? 0, $0) } ?? ""
        return [
            ("overview", "modules/index.html"), ("layer", "layers/domain.html"), ("module", "modules/\(busiest).html")
        ]
    }
}
