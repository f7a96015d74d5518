import StrataCore

extension ComponentChecker {
    /// The violations of `type-rules:` among a module's types. A type's conformances are
    /// its declaration's and its extensions', and what those inherit in turn (`ConformanceIndex`);
    /// its attributes are its declaration's; what it owns is what its stored properties name.
    // swiftlint:disable:next function_parameter_count
    func typeRuleViolations(
        in module: String, files: [String], symbols: [String: SwiftSymbols], assignment: ComponentAssignment,
        references: ResolvedReferences,
        conformances index: ConformanceIndex, reported: inout Set<String>
    ) -> [Violation] {
        let rules = settings.typeRules.filter { $0.severity.severity != nil }
        guard !rules.isEmpty else { return [] }
        var declared: [TypeDeclaration] = []
        var extensionConformances: [String: [String]] = [:]
        for file in files {
            for declaration in symbols[file]?.declarations ?? [] {
                if declaration.kind == .extension {
                    extensionConformances[declaration.name, default: []] += declaration.inherits
                } else if declaration.kind != .typealias {
                    declared.append(declaration)
                }
            }
        }
        let owns =
            rules.contains { !$0.mustOwnOne.isEmpty }
            ? ownedTypes(in: module, files: files, references: references) : [:]
        let layerOfType = assignment.types[module] ?? [:]
        var found: [Violation] = []
        for declaration in declared {
            let own = Self.ownName(declaration.name)
            // As written here and in extensions, and through the protocols, classes and
            // aliases they name.
            let conformances = index.closure(
                of: declaration.inherits + extensionConformances[declaration.name, default: []]
                    + extensionConformances[own, default: []], for: declaration.name
            )
            let attributes = declaration.attributes.map(Self.bareAttribute)
            for rule in rules {
                guard let severity = rule.severity.severity,
                    rule.types.contains(where: { $0.matches(own) })
                        || layerOfType[declaration.name].map({ rule.layers.contains($0.layer) }) == true
                else { continue }
                var problems: [String] = []
                var evidence = [
                    Evidence(kind: .declaration, location: declaration.location, summary: Self.written(declaration))
                ]
                for pattern in rule.mustConformTo where !conformances.contains(where: pattern.matches) {
                    problems.append("does not conform to '\(pattern.pattern)'")
                }
                for pattern in rule.mustNotConformTo {
                    if let hit = conformances.first(where: pattern.matches) { problems.append("conforms to '\(hit)'") }
                }
                for pattern in rule.mustHaveAttribute where !attributes.contains(where: pattern.matches) {
                    problems.append("does not carry '@\(pattern.pattern)'")
                }
                for pattern in rule.mustNotHaveAttribute {
                    if let hit = attributes.first(where: pattern.matches) { problems.append("carries '@\(hit)'") }
                }
                for pattern in rule.mustOwnOne {
                    let held = (owns[declaration.name] ?? []).filter { pattern.matches(Self.ownName($0.name)) }
                    let names = held.map(\.name).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
                    guard names.count != 1 else { continue }
                    problems.append(
                        names.isEmpty
                            ? "owns no '\(pattern.pattern)'"
                            : "owns \(names.count) of '\(pattern.pattern)' (\(names.joined(separator: ", ")))")
                    evidence += held.map {
                        Evidence(kind: .reference, location: $0.location, summary: Self.summary($0))
                    }
                }
                guard !problems.isEmpty else { continue }
                let name = rule.rationale.name ?? ""
                let key = "\(declaration.name) (\(name))"
                guard reported.insert("type-rule: " + key).inserted else { continue }
                var message =
                    "'\(declaration.name)' " + problems.joined(separator: " and ")
                    + ", against the type rule for \(name)"
                if let because = rule.rationale.because { message += ": \(because)" }
                found.append(
                    Violation(
                        rule: .typeRule, severity: severity, message: message, modules: [module], evidence: evidence,
                        rationale: rule.rationale, key: key))
            }
        }
        return found
    }

    /// Type (qualified) → the references its own stored properties make, in source order.
    func ownedTypes(in module: String, files: [String], references: ResolvedReferences) -> [String: [TypeReference]] {
        var owned: [String: [TypeReference]] = [:]
        for file in files {
            for resolved in references.of(file, in: module) where resolved.reference.isInStoredProperty {
                guard let owner = resolved.reference.enclosingType else { continue }
                owned[owner, default: []].append(resolved.reference)
            }
        }
        return owned
    }

    /// `struct FeedView: View`, as the declaration reads.
    static func written(_ declaration: TypeDeclaration) -> String {
        "\(declaration.kind.rawValue) \(declaration.name)"
            + (declaration.inherits.isEmpty ? "" : ": " + declaration.inherits.joined(separator: ", "))
    }
}
