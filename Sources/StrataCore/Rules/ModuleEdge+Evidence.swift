extension ModuleEdge {
    /// Every manifest line and import line that makes the edge, declarations first, each
    /// with a short summary of what is written there. Reports and pages show the same words.
    package var evidence: [Evidence] {
        let declared = declarations.map { declaration -> Evidence in
            let written: String =
                switch declaration.kind {
                case .byName: "dependency \"\(declaration.name)\""
                case .target: ".target(name: \"\(declaration.name)\")"
                case .product: ".product(name: \"\(declaration.name)\", package: \"\(declaration.package ?? "")\")"
                }
            return Evidence(kind: .declaration, location: declaration.location, summary: declaration.written ?? written)
        }
        let imported = imports.map { item -> Evidence in
            var words = item.attributes
            if let access = item.accessLevel { words.append(access) }
            words.append("import")
            if let kind = item.declarationKind { words.append(kind) }
            words.append(item.path.joined(separator: "."))
            if let condition = item.condition { words.append("(#if \(condition))") }
            return Evidence(kind: .import, location: item.location, summary: words.joined(separator: " "))
        }
        return declared + imported
    }
}
