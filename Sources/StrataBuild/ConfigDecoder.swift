import Foundation
import StrataCore

/// Turns the `DataNode` tree of a `strata.yml` into a `StrataConfig`, strictly: an unknown
/// key or a value of the wrong shape is an error at its line, never silently ignored.
struct ConfigDecoder {
    var diagnostics: [Diagnostic] = []
    /// Settings read and not applied (`follow_links_outside:`, now the command line's).
    var warnings: [Diagnostic] = []
    /// Where each entry of `packages:` is, while it is decoded.
    private var packageEntryLocations: [SourceLocation] = []

    mutating func decode(_ root: DataNode?, path configPath: String) -> StrataConfig {
        var config = StrataConfig(sourcePath: configPath)
        guard let root else { return config }
        guard let pairs = mapping(root, "the configuration") else { return config }
        var rulesNode: DataNode?
        var testsNode: DataNode?
        for (key, pair) in named(pairs, in: "the configuration") {
            switch key {
            case "site": decodeSite(pair.value, into: &config.site)
            case "content":
                config.contentDirectory = path(pair.value, key) ?? config.contentDirectory
                config.contentDirectoryIsConfigured = true
                config.contentLocation = pair.value.location
            case "theme":
                config.themeDirectory = path(pair.value, key)
                config.themeLocation = pair.value.location
            case "output":
                config.outputDirectory = path(pair.value, key) ?? config.outputDirectory
                config.outputLocation = pair.value.location
            case "markdown": decodeMarkdown(pair.value, into: &config.markdown)
            case "packages":
                config.packagesLocation = pair.value.location
                config.packages = decodePackages(pair.value)
                config.packageEntryLocations = packageEntryLocations
            case "projects":
                config.projectsLocation = pair.value.location
                (config.projects, config.projectEntryLocations) = decodeProjects(pair.value)
            case "docc": (config.doccCatalogs, config.doccCatalogLocations) = decodeCatalogs(pair.value)
            case "api": config.apiAccess = decodeAPI(pair.value, default: config.apiAccess)
            case "layers": config.layers = decodeLayers(pair.value, at: pair.key.location)
            case "rules": rulesNode = pair.value
            case "tests": testsNode = pair.value
            case "guidance": decodeGuidance(pair.value, into: &config.guidance)
            case "diagrams": decodeDiagrams(pair.value, into: &config.diagrams)
            case "build": decodeBuild(pair.value, into: &config)
            case "history": config.history = decodeHistory(pair.value, at: pair.key.location)
            case "links": config.links = decodeLinks(pair.value)
            case "platform":
                guard let name = string(pair.value, "platform") else { continue }
                do {
                    config.platform = PlatformChoice(
                        platform: try Self.platform(named: name, at: pair.value.location), origin: .configuration,
                        location: pair.value.location)
                } catch let unknown as Diagnostic {
                    diagnostics.append(unknown)
                } catch {}
            case "follow_links_outside":
                // A pull request writes strata.yml: what may be read outside the project is
                // the command line's to say.
                warnings.append(
                    .warning(
                        "config.ignored-setting",
                        "follow_links_outside: is ignored: strata.yml may come from a pull request, so only the "
                            + "command line can let Strata "
                            + "read outside the project; run with '\(ReadBoundary.option) <folder>' for each folder "
                            + "a link may lead into",
                        at: pair.key.location
                    ))
            default:
                unknownKey(
                    pair.key,
                    known: [
                        "site", "content", "theme", "output", "markdown", "packages", "projects", "platform", "docc",
                        "api", "layers", "rules", "tests", "guidance", "diagrams", "build", "history", "links",
                        "follow_links_outside"
                    ],
                    in: "the configuration"
                )
            }
        }
        // Rules name layers, so they are read once every layer is known.
        let layerNames = config.layers.map(\.name)
        if let rulesNode { decodeRules(rulesNode, layerNames: layerNames, into: &config.rules) }
        if let testsNode { decodeTests(testsNode, into: &config.rules.tests) }
        return config
    }

    /// The platform a name means (`iOS`, `ios`, `Linux`…), or the `platform.unknown` error,
    /// placed where the name is written (nowhere for `--platform`).
    static func platform(named name: String, at location: SourceLocation?) throws -> TargetPlatform {
        if let platform = TargetPlatform(name: name) { return platform }
        let names = TargetPlatform.allCases.map(\.name)
        let hint = Suggestion.closest(to: name, in: names).map { "; did you mean '\($0)'?" } ?? ""
        throw Diagnostic.error(
            "platform.unknown",
            "'\(name)' is not a platform Strata reads a project for (\(TargetPlatform.names))\(hint)", at: location)
    }

    private mutating func decodeSite(_ node: DataNode, into site: inout SiteSettings) {
        guard let pairs = mapping(node, "site") else { return }
        for (key, pair) in named(pairs, in: "site") {
            switch key {
            case "title": site.title = string(pair.value, "site.title") ?? site.title
            case "description": site.description = string(pair.value, "site.description")
            case "language": site.language = string(pair.value, "site.language") ?? site.language
            case "repository": site.repositoryURL = string(pair.value, "site.repository")
            case "base_url":
                if let value = string(pair.value, "site.base_url") {
                    if let normalized = Self.normalizedBaseURL(value) {
                        site.baseURL = normalized
                    } else {
                        diagnostics.append(
                            .error(
                                "config.invalid-value",
                                "site.base_url must be a path starting with '/' or an http(s) URL, not '\(value)'",
                                at: pair.value.location
                            ))
                    }
                }
            default:
                unknownKey(pair.key, known: ["title", "description", "base_url", "language", "repository"], in: "site")
            }
        }
    }

    /// `layers:` — a list, bottom-up, of `{ name, modules: [globs], may_use: [names] }`.
    private mutating func decodeLayers(_ node: DataNode, at keyLocation: SourceLocation) -> [LayerDeclaration] {
        guard let items = node.items else {
            diagnostics.append(
                .error(
                    "config.type", "layers must be a list of layers, bottom-up, found \(node.kindName)",
                    at: node.location))
            return []
        }
        guard ReadingLimits.configLayers.allows(items.count) else {
            diagnostics.append(
                ReadingLimits.configLayers.exceeded(at: keyLocation, "strata.yml declares \(items.count) layers"))
            return []
        }
        var layers: [LayerDeclaration] = []
        var declared: [String: SourceLocation?] = [:]
        for item in items {
            guard let pairs = mapping(item, "a layer") else { continue }
            var name: String?
            var modules: [ModulePattern] = []
            var paths: [PathPattern] = []
            var types: [ModulePattern] = []
            var conformsTo: [ModulePattern] = []
            var attributes: [ModulePattern] = []
            var mayUse: [String]?
            var mayUseLocation: SourceLocation?
            for (key, pair) in named(pairs, in: "a layer") {
                switch key {
                case "name": name = string(pair.value, "a layer's name")
                case "modules": modules = patterns(pair.value, "modules")
                case "paths":
                    let values = pair.value.items ?? (pair.value.scalar != nil ? [pair.value] : nil)
                    guard let values else {
                        diagnostics.append(
                            .error(
                                "config.type",
                                "paths must be a list of file paths or globs, found \(pair.value.kindName)",
                                at: pair.value.location))
                        continue
                    }
                    for value in values {
                        guard let text = string(value, "a path") else { continue }
                        let pattern = PathPattern(text, location: value.location)
                        if let problem = pattern.problem {
                            diagnostics.append(
                                .error("config.invalid-value", "paths: '\(text)' \(problem)", at: value.location))
                        } else {
                            paths.append(pattern)
                        }
                    }
                case "types": types = patterns(pair.value, "types")
                case "conforms_to": conformsTo = patterns(pair.value, "conforms_to")
                case "attributes":
                    // `@Observable` and `Observable` both name the attribute.
                    attributes = patterns(pair.value, "attributes").map { pattern in
                        var bare = pattern
                        if bare.pattern.hasPrefix("@") { bare.pattern.removeFirst() }
                        return bare
                    }
                case "may_use":
                    let values = pair.value.items ?? (pair.value.scalar != nil ? [pair.value] : nil)
                    guard let values else {
                        diagnostics.append(
                            .error(
                                "config.type", "may_use must be a list of layer names, found \(pair.value.kindName)",
                                at: pair.value.location))
                        continue
                    }
                    mayUse = values.compactMap { string($0, "a layer name") }
                    mayUseLocation = pair.value.location
                default:
                    unknownKey(
                        pair.key, known: ["name", "modules", "paths", "types", "conforms_to", "attributes", "may_use"],
                        in: "a layer")
                }
            }
            guard let name, !name.trimmingWhitespace.isEmpty else {
                diagnostics.append(.error("config.invalid-value", "every layer needs a name", at: item.location))
                continue
            }
            guard ReadingLimits.configNameBytes.allows(name.utf8.count) else {
                diagnostics.append(
                    ReadingLimits.configNameBytes.exceeded(
                        at: item.location, "a layer's name is \(name.utf8.count) bytes long"))
                continue
            }
            if let first = declared[name] {
                diagnostics.append(
                    .error(
                        "config.invalid-value",
                        "layer '\(name)' is declared twice (first at \(first?.description ?? "above"))",
                        at: item.location))
                continue
            }
            declared[name] = item.location
            var layer = LayerDeclaration(
                name: name, modules: modules, mayUse: mayUse, mayUseLocation: mayUseLocation, location: item.location)
            layer.paths = paths
            layer.types = types
            layer.conformsTo = conformsTo
            layer.attributes = attributes
            layers.append(layer)
        }
        // may_use must name declared layers, and explicit allow-lists must not loop.
        let names = Set(layers.map(\.name))
        for layer in layers {
            for used in layer.mayUse ?? [] where !names.contains(used) {
                var message = "layer '\(layer.name)' may use '\(used)', which is not a declared layer"
                if let close = Suggestion.closest(to: used, in: layers.map(\.name)) {
                    message += "; did you mean '\(close)'?"
                }
                diagnostics.append(.error("config.unknown-layer", message, at: layer.mayUseLocation ?? layer.location))
            }
        }
        if let cycle = Self.mayUseCycle(layers) {
            let layer = layers.first { $0.name == cycle.first }
            diagnostics.append(
                .error(
                    "config.layer-cycle",
                    "may_use goes round in a circle: \(cycle.joined(separator: " → ")); layers must stack",
                    at: layer?.mayUseLocation ?? layer?.location
                ))
        }
        return layers
    }

    /// A cycle among layers' allowed uses (explicit `may_use:`, or "every layer before"), if any.
    /// "Every layer before" goes through one stand-in per position ("any layer below the
    /// n-th"), so the graph has as many arrows as the file has names, not layers squared, and
    /// the search keeps its own stack, so no count of layers can overflow the thread's.
    static func mayUseCycle(_ layers: [LayerDeclaration]) -> [String]? {
        // Nodes 0..<n are the layers; n + i stands for "any layer before layer i".
        let count = layers.count
        var index: [String: Int] = [:]
        for (position, layer) in layers.enumerated() where index[layer.name] == nil { index[layer.name] = position }
        var uses: [[Int]] = Array(repeating: [], count: 2 * count)
        for (position, layer) in layers.enumerated() {
            if let mayUse = layer.mayUse {
                uses[position] = mayUse.compactMap { index[$0] }.filter { $0 != position }
            } else if position > 0 {
                uses[position] = [count + position]
            }
            if position > 0 {
                uses[count + position] = [position - 1] + (position > 1 ? [count + position - 1] : [])
            }
        }
        var state = Array(repeating: 0, count: 2 * count)  // 1 on the path, 2 done
        for start in 0..<count where state[start] == 0 {
            // The path, each node with the next of its uses to try.
            var path: [(node: Int, next: Int)] = [(start, 0)]
            state[start] = 1
            while let (node, next) = path.last {
                guard next < uses[node].count else {
                    state[node] = 2
                    path.removeLast()
                    continue
                }
                path[path.count - 1].next += 1
                let target = uses[node][next]
                if state[target] == 1, let from = path.firstIndex(where: { $0.node == target }) {
                    let cycle = path[from...].map(\.node).filter { $0 < count } + [target]
                    return cycle.map { layers[$0].name }
                }
                if state[target] == 0 {
                    state[target] = 1
                    path.append((target, 0))
                }
            }
        }
        return nil
    }

    /// `packages: [., ../Shared]`: package folders (a path ending in `Package.swift` names its folder).
    private mutating func decodePackages(_ node: DataNode) -> [String]? {
        let items = node.items ?? (node.scalar != nil ? [node] : nil)
        guard let items else {
            diagnostics.append(
                .error(
                    "config.type", "packages must be a list of package folders, found \(node.kindName)",
                    at: node.location))
            return nil
        }
        var folders: [String] = []
        var locations: [SourceLocation] = []
        for item in items {
            guard var folder = path(item, "packages") else { continue }
            if folder == "Package.swift" {
                folder = "."
            } else if folder.hasSuffix("/Package.swift") {
                folder = String(folder.dropLast("/Package.swift".count))
            }
            if let problem = PackagePattern.problem(folder) {
                diagnostics.append(
                    .error("config.invalid-value", "packages: '\(folder)' \(problem)", at: item.location))
                continue
            }
            folders.append(folder)
            locations.append(item.location)
        }
        packageEntryLocations = locations
        return folders
    }

    /// `docc: [Docs/Guides.docc]`: DocC catalogs to publish besides those of the targets.
    private mutating func decodeCatalogs(_ node: DataNode) -> ([String], [SourceLocation]) {
        let items = node.items ?? (node.scalar != nil ? [node] : nil)
        guard let items else {
            diagnostics.append(
                .error(
                    "config.type", "docc must be a list of catalog folders, found \(node.kindName)", at: node.location))
            return ([], [])
        }
        var folders: [String] = []
        var locations: [SourceLocation] = []
        for item in items {
            guard var folder = path(item, "docc") else { continue }
            while folder.hasSuffix("/") { folder.removeLast() }
            guard folder.lowercased().hasSuffix(".docc") else {
                diagnostics.append(
                    .error(
                        "config.invalid-value",
                        "docc: '\(folder)' is not a DocC catalog (a folder whose name ends in .docc)",
                        at: item.location))
                continue
            }
            folders.append(folder)
            locations.append(item.location)
        }
        return (folders, locations)
    }

    /// `api: false`, or `api: {access: package}`: whether the API reference is written, and
    /// from which access level (`public` by default; `package` or `internal` for an app,
    /// whose types are rarely public).
    private mutating func decodeAPI(_ node: DataNode, default current: APISymbol.Access?) -> APISymbol.Access? {
        if node.scalar != nil {
            guard let on = bool(node, "api") else { return current }
            return on ? .public : nil
        }
        guard let pairs = mapping(node, "api") else { return current }
        var access = current ?? .public
        for (key, pair) in named(pairs, in: "api") {
            switch key {
            case "access":
                let choices: [String: APISymbol.Access] = [
                    "open": .open, "public": .public, "package": .package, "internal": .internal
                ]
                guard let written = string(pair.value, "api.access") else { continue }
                guard let chosen = choices[written] else {
                    diagnostics.append(
                        .error(
                            "config.invalid-value",
                            "api.access must be one of open, public, package or internal, found '\(written)'",
                            at: pair.value.location))
                    continue
                }
                access = chosen
            default: unknownKey(pair.key, known: ["access"], in: "api")
            }
        }
        return access
    }

    /// `projects: [App.xcodeproj, "Apps/*.xcworkspace", "!Examples/**"]`.
    private mutating func decodeProjects(_ node: DataNode) -> ([String]?, [SourceLocation]) {
        let items = node.items ?? (node.scalar != nil ? [node] : nil)
        guard let items else {
            diagnostics.append(
                .error(
                    "config.type",
                    "projects must be a list of .xcodeproj or .xcworkspace folders, found \(node.kindName)",
                    at: node.location))
            return (nil, [])
        }
        var entries: [String] = []
        var locations: [SourceLocation] = []
        for item in items {
            guard var entry = path(item, "projects") else { continue }
            while entry.count > 1, entry.hasSuffix("/") { entry.removeLast() }
            if let problem = PackagePattern.problem(entry) {
                diagnostics.append(.error("config.invalid-value", "projects: '\(entry)' \(problem)", at: item.location))
                continue
            }
            let named = PackagePattern.isExclusion(entry) ? String(entry.dropFirst()) : entry
            if !PackagePattern.isGlob(named), !named.hasSuffix(".xcodeproj"), !named.hasSuffix(".xcworkspace"),
                !XcodeGenSpecLoader.isSpec(named),
                !TuistProjectLoader.isManifest(named), !TuistProjectLoader.isWorkspace(named)
            {
                diagnostics.append(
                    .error(
                        "config.invalid-value",
                        "projects: '\(entry)' is not an .xcodeproj or .xcworkspace folder, an XcodeGen spec (.yml) "
                            + "or a Tuist manifest (Project.swift, Workspace.swift) (Swift packages go under "
                            + "packages:)",
                        at: item.location
                    ))
                continue
            }
            entries.append(entry)
            locations.append(item.location)
        }
        return (entries, locations)
    }

    private mutating func decodeMarkdown(_ node: DataNode, into markdown: inout MarkdownSettings) {
        guard let pairs = mapping(node, "markdown") else { return }
        for (key, pair) in named(pairs, in: "markdown") {
            switch key {
            case "unsafe_html": markdown.unsafeHTML = bool(pair.value, "markdown.unsafe_html") ?? markdown.unsafeHTML
            case "smart_punctuation":
                markdown.smartPunctuation = bool(pair.value, "markdown.smart_punctuation") ?? markdown.smartPunctuation
            default: unknownKey(pair.key, known: ["unsafe_html", "smart_punctuation"], in: "markdown")
            }
        }
    }

    /// `links:`: `"wiki/docs/": "guides/"`, a captured prefix to a content folder or a URL.
    private mutating func decodeLinks(_ node: DataNode) -> LinkMap {
        guard let pairs = mapping(node, "links") else { return LinkMap() }
        var entries: [LinkMap.Entry] = []
        for pair in pairs {
            guard let prefix = string(pair.key, "a links: prefix"),
                let replacement = string(pair.value, "links.\(pair.key.scalar ?? "")")
            else { continue }
            let trimmed = String(prefix.drop { $0 == "/" || $0 == "." })
            guard !trimmed.isEmpty else {
                diagnostics.append(
                    .error(
                        "config.invalid-value", "a links: prefix must name a path, such as 'wiki/docs/'",
                        at: pair.key.location))
                continue
            }
            entries.append(LinkMap.Entry(prefix: trimmed, replacement: replacement, location: pair.key.location))
        }
        return LinkMap(entries)
    }

    /// `build:`: `fail_on_violations: off | error | warning`.
    private mutating func decodeBuild(_ node: DataNode, into config: inout StrataConfig) {
        guard let pairs = mapping(node, "build") else { return }
        for (key, pair) in named(pairs, in: "build") {
            switch key {
            case "fail_on_violations", "fail-on-violations":
                guard let text = string(pair.value, "build.fail_on_violations") else { continue }
                switch text {
                case "off": config.failBuildOn = nil
                case "error": config.failBuildOn = .error
                case "warning": config.failBuildOn = .warning
                default:
                    diagnostics.append(
                        .error(
                            "config.invalid-value",
                            "build.fail_on_violations must be off, error or warning, not '\(text)'",
                            at: pair.value.location))
                    continue
                }
                config.failBuildOnLocation = pair.key.location
            default: unknownKey(pair.key, known: ["fail_on_violations"], in: "build")
            }
        }
    }

    private mutating func decodeDiagrams(_ node: DataNode, into diagrams: inout DiagramSettings) {
        guard let pairs = mapping(node, "diagrams") else { return }
        func count(_ value: DataNode, _ key: String) -> Int? {
            guard let text = string(value, key) else { return nil }
            guard let number = Int(text), number > 0 else {
                diagnostics.append(
                    .error(
                        "config.invalid-value", "\(key) must be a whole number above 0, found '\(text)'",
                        at: value.location))
                return nil
            }
            return number
        }
        for (key, pair) in named(pairs, in: "diagrams") {
            switch key {
            case "external": diagrams.showExternal = bool(pair.value, "diagrams.external") ?? diagrams.showExternal
            case "tests": diagrams.showTests = bool(pair.value, "diagrams.tests") ?? diagrams.showTests
            case "transitive_reduction", "transitive-reduction":
                diagrams.transitiveReduction =
                    bool(pair.value, "diagrams.transitive_reduction") ?? diagrams.transitiveReduction
            case "max_nodes", "max-nodes":
                diagrams.maxNodes = count(pair.value, "diagrams.max_nodes") ?? diagrams.maxNodes
            case "max_edges", "max-edges":
                diagrams.maxEdges = count(pair.value, "diagrams.max_edges") ?? diagrams.maxEdges
            default:
                unknownKey(
                    pair.key, known: ["external", "tests", "transitive_reduction", "max_nodes", "max_edges"],
                    in: "diagrams")
            }
        }
    }

    private mutating func decodeGuidance(_ node: DataNode, into guidance: inout GuidanceSettings) {
        guard let pairs = mapping(node, "guidance") else { return }
        for (key, pair) in named(pairs, in: "guidance") {
            switch key {
            case "stale_after", "stale-after":
                guard let text = string(pair.value, "guidance.stale_after") else { continue }
                if let days = Self.days(text) {
                    guidance.staleAfterDays = days
                } else {
                    diagnostics.append(
                        .error(
                            "config.invalid-value",
                            "guidance.stale_after must be a number of days (180, or '180d', '26w'), found '\(text)'",
                            at: pair.value.location))
                }
            case "as_of", "as-of":
                guard let text = string(pair.value, "guidance.as_of") else { continue }
                if let date = CalendarDate(parsing: text) {
                    guidance.asOf = date
                } else {
                    diagnostics.append(
                        .error(
                            "config.invalid-value", "guidance.as_of must be a date written YYYY-MM-DD, found '\(text)'",
                            at: pair.value.location))
                }
            case "rule_sets", "rule-sets":
                let entries = pair.value.items ?? [pair.value]
                var names: [String] = []
                for entry in entries {
                    guard let name = string(entry, "guidance.rule_sets"), !name.trimmingWhitespace.isEmpty else {
                        continue
                    }
                    names.append(name.trimmingWhitespace)
                }
                if pair.value.value == .null { names = [] }
                guidance.ruleSetHeadings = names
            default: unknownKey(pair.key, known: ["stale_after", "as_of", "rule_sets"], in: "guidance")
            }
        }
    }

    /// `180`, `180d` or `26w` → days; nil for anything else (or a negative count).
    static func days(_ text: String) -> Int? {
        let trimmed = text.trimmingWhitespace.lowercased()
        if let days = Int(trimmed), days >= 0 { return days }
        guard let unit = trimmed.last, let count = Int(trimmed.dropLast()), count >= 0 else { return nil }
        switch unit {
        case "d": return count
        case "w":
            let (days, overflow) = count.multipliedReportingOverflow(by: 7)
            return overflow ? nil : days
        default: return nil
        }
    }

    /// `/docs` → `/docs/`; `https://x.io/docs` → `https://x.io/docs/`.
    static func normalizedBaseURL(_ value: String) -> String? {
        let trimmed = value.trimmingWhitespace
        guard trimmed.hasPrefix("/") || trimmed.hasPrefix("https://") || trimmed.hasPrefix("http://") else {
            return nil
        }
        guard
            !trimmed.contains(where: {
                $0 == " " || $0 == "\"" || $0 == "<" || $0 == ">" || $0 == "?" || $0 == "#" || $0.isNewline
            })
        else { return nil }
        // A URL must be one: `http://[::1` (an unclosed address) has no host to publish under.
        if !trimmed.hasPrefix("/") {
            guard let components = URLComponents(string: trimmed), let host = components.host, !host.isEmpty else {
                return nil
            }
        }
        return trimmed.hasSuffix("/") ? trimmed : trimmed + "/"
    }

    mutating func mapping(_ node: DataNode, _ what: String) -> [DataNode.Pair]? {
        if case .null = node.value { return [] }
        guard let pairs = node.pairs else {
            diagnostics.append(
                .error(
                    "config.type", "\(what) must be a mapping of keys to values, found \(node.kindName)",
                    at: node.location))
            return nil
        }
        return pairs
    }

    mutating func string(_ node: DataNode, _ key: String) -> String? {
        guard let text = node.scalar else {
            diagnostics.append(
                .error("config.type", "\(key) must be a single value, found \(node.kindName)", at: node.location))
            return nil
        }
        return text
    }

    mutating func path(_ node: DataNode, _ key: String) -> String? {
        guard let text = string(node, key) else { return nil }
        guard !text.trimmingWhitespace.isEmpty else {
            diagnostics.append(.error("config.invalid-value", "\(key) must name a folder", at: node.location))
            return nil
        }
        return text
    }

    mutating func bool(_ node: DataNode, _ key: String) -> Bool? {
        if !node.isQuoted, let text = node.scalar {
            switch text {
            case "true", "True", "TRUE", "yes", "on": return true
            case "false", "False", "FALSE", "no", "off": return false
            default: break
            }
        }
        diagnostics.append(
            .error(
                "config.type", "\(key) must be true or false, found \(node.scalar.map { "'\($0)'" } ?? node.kindName)",
                at: node.location))
        return nil
    }

    mutating func unknownKey(_ key: DataNode, known: [String], in section: String) {
        let name = key.scalar ?? key.displayText
        var message = "unknown key '\(name)' in \(section)"
        if let suggestion = Suggestion.closest(to: name, in: known) {
            message += "; did you mean '\(suggestion)'?"
        } else {
            message += " (known keys: \(known.joined(separator: ", ")))"
        }
        diagnostics.append(.error("config.unknown-key", message, at: key.location))
    }

    /// The pairs whose keys are plain names, each with its name; any other key (a list, a
    /// mapping) is an error at its line.
    mutating func named(_ pairs: [DataNode.Pair], in section: String) -> [(String, DataNode.Pair)] {
        pairs.compactMap { pair in
            guard let key = pair.key.scalar else {
                unexpectedKey(pair.key, in: section)
                return nil
            }
            return (key, pair)
        }
    }

    mutating func unexpectedKey(_ key: DataNode, in section: String) {
        diagnostics.append(
            .error("config.type", "keys in \(section) must be plain names, found \(key.kindName)", at: key.location))
    }
}
