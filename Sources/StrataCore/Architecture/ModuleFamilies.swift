/// The groups a large graph's map draws inside each layer, one box each until opened: the
/// packages of a layer whose modules come from several, else the folders that hold their
/// folders (`Sources/Features/*`, `Sources/Clients/*`) where those differ, else the name
/// families a team gives its modules (`*Feature`, `*Client`, `*ClientLive`, `*Kit`). A layer of few modules,
/// and a module alone in its family, stay modules.
package struct ModuleFamilies: Sendable {
    package struct Family: Sendable, Equatable {
        /// `*Feature`, or a package's name.
        package var name: String
        /// The layer (`ArchitectureModel.groups`) it is in.
        package var layer: Int
        package var modules: [String]
    }

    /// How the map's address names a family: its layer and name (`Core/*Kit`).
    package func key(of family: Family, in model: ArchitectureModel) -> String {
        "\(model.groups[family.layer].name)/\(family.name)"
    }

    /// A layer of at most this many modules is drawn module by module.
    package static let smallLayer = 8

    package let families: [Family]
    /// Module → its family's position in `families`.
    package let familyOfModule: [String: Int]

    package init(model: ArchitectureModel) {
        var families: [Family] = []
        for (layer, group) in model.groups.enumerated() {
            let members = group.modules.filter { model.graph.node($0).map(model.isDrawn) ?? false }
            guard members.count > Self.smallLayer else { continue }
            // By package where the layer's modules come from several; else by the folder that
            // holds their folders (`Sources/Features/*`) where that tells them apart; else by name.
            let packages = Set(members.map { model.graph.node($0)?.package ?? "" })
            let folders = Set(members.map { Self.folderFamily(model.graph.node($0)?.sourcePath) ?? "" })
            let key: (String) -> String
            if packages.count > 1 && packages.count < members.count {
                key = { model.graph.node($0)?.package ?? $0 }
            } else if folders.count > 1 && folders.count < members.count && !folders.contains("") {
                key = { Self.folderFamily(model.graph.node($0)?.sourcePath) ?? $0 }
            } else {
                key = Self.familyName(of:)
            }
            var keyed: [String: [String]] = [:]
            for module in members { keyed[key(module), default: []].append(module) }
            for key in keyed.keys.sorted() where (keyed[key]?.count ?? 0) > 1 {
                families.append(Family(name: key, layer: layer, modules: keyed[key] ?? []))
            }
        }
        self.families = families
        var familyOfModule: [String: Int] = [:]
        for (index, family) in families.enumerated() {
            for module in family.modules { familyOfModule[module] = index }
        }
        self.familyOfModule = familyOfModule
    }

    /// The folder that holds a module's folder, as a family: `Sources/Features/Feed` →
    /// `Sources/Features/*`; nil for a module with no folder, or one at the top.
    package static func folderFamily(_ sourcePath: String?) -> String? {
        guard let path = sourcePath?.split(separator: "/").map(String.init), path.count >= 2 else { return nil }
        return path.dropLast().joined(separator: "/") + "/*"
    }

    /// The family a module's name puts it in: its last word (`FeedFeature` → `*Feature`,
    /// `Networking` → `*Networking`), with a qualifier the word before it qualifies kept
    /// whole (`APIClientLive` → `*ClientLive`, `FeedClientMock` → `*ClientMock`); trailing
    /// digits and `_`/`-` separators do not count.
    package static func familyName(of module: String) -> String {
        var words: [String] = []
        var current = ""
        var previous: Character?
        let characters = Array(module)
        for (index, character) in characters.enumerated() {
            // An acronym ends where a word begins: `APIClient` is API and Client.
            let startsWord =
                character.isUppercase && index + 1 < characters.count && characters[index + 1].isLowercase
                && previous?.isUppercase == true
            if character == "_" || character == "-" || character == " " || character == "." {
                if !current.isEmpty { words.append(current) }
                current = ""
            } else if character.isNumber {
                // Digits end a word and never make one: `Features001` is a Features module.
                if !current.isEmpty { words.append(current) }
                current = ""
            } else if character.isUppercase, let last = previous, last.isLowercase || last.isNumber || startsWord {
                if !current.isEmpty { words.append(current) }
                current = String(character)
            } else {
                current.append(character)
            }
            previous = character
        }
        if !current.isEmpty { words.append(current) }
        guard let last = words.last else { return module }
        if qualifiers.contains(last), words.count >= 3 { return "*" + words[words.count - 2] + last }
        return "*" + last
    }

    /// Words that say which variant of a kind a module is: `*ClientLive` is not `*Live`.
    static let qualifiers: Set<String> = [
        "Live", "Mock", "Mocks", "Interface", "Implementation", "Impl", "Testing", "Tests", "Preview", "Previews"
    ]
}
