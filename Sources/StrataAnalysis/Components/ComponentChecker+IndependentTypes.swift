import StrataCore

extension ComponentChecker {
    /// The violations of `independent:` groups of types (`types: ["*Screen"]`): code inside
    /// one type of the group that names another type of the group, declared in the graph.
    func independentTypeViolations(
        in module: String, files: [String], references: ResolvedReferences, reported: inout Set<String>
    ) -> [Violation] {
        let groups = settings.independent.filter { !$0.types.isEmpty && $0.severity.severity != nil }
        guard !groups.isEmpty else { return [] }
        var found: [Violation] = []
        for file in files {
            for group in groups {
                guard let severity = group.severity.severity else { continue }
                func member(_ name: String) -> Bool {
                    group.types.contains { $0.matches(Self.ownName(name)) }
                }
                var byPair: [(from: String, to: String, evidence: [Evidence])] = []
                for resolved in references.of(file, in: module) {
                    guard let from = resolved.speakingType, let to = resolved.only?.name, member(from), member(to),
                        from != to,
                        !ResolvedReferences.isSelfOrNested(to, in: from)
                    else { continue }
                    let evidence = Evidence(
                        kind: .reference, location: resolved.reference.location,
                        summary: Self.summary(resolved.reference))
                    if let index = byPair.firstIndex(where: { $0.from == from && $0.to == to }) {
                        byPair[index].evidence.append(evidence)
                    } else {
                        byPair.append((from, to, [evidence]))
                    }
                }
                let name = group.rationale.name ?? ""
                for pair in byPair where reported.insert("independent: \(pair.from)→\(pair.to) (\(name))").inserted {
                    var message = "'\(pair.from)' uses '\(pair.to)', but \(name) are independent of one another"
                    if let because = group.rationale.because { message += ": \(because)" }
                    found.append(
                        Violation(
                            rule: .independent, severity: severity, message: message, modules: [module],
                            evidence: pair.evidence,
                            rationale: group.rationale, key: "\(pair.from)→\(pair.to) (\(name))"
                        ))
                }
            }
        }
        return found
    }

    /// The violations of `independent:` groups of layers (`layers: [Feed, Settings]`): code of
    /// one of the layers that names a type of another, one violation per file and type.
    func independentLayerViolations(
        in module: String, files: [String], references: ResolvedReferences, reported: inout Set<String>
    ) -> [Violation] {
        let groups = settings.independent.filter { $0.layers.count > 1 && $0.severity.severity != nil }
        guard !groups.isEmpty else { return [] }
        var found: [Violation] = []
        for file in files {
            for group in groups {
                guard let severity = group.severity.severity else { continue }
                var byType: [(from: String, to: String, type: String, evidence: [Evidence])] = []
                for resolved in references.of(file, in: module) {
                    guard let from = resolved.speaker?.layer, group.layers.contains(from), let target = resolved.only,
                        let to = references.placed(target)?.layer, to != from, group.layers.contains(to)
                    else { continue }
                    let evidence = Evidence(
                        kind: .reference, location: resolved.reference.location,
                        summary: Self.summary(resolved.reference))
                    if let index = byType.firstIndex(where: { $0.from == from && $0.type == resolved.reference.name }) {
                        byType[index].evidence.append(evidence)
                    } else {
                        byType.append((from, to, resolved.reference.name, [evidence]))
                    }
                }
                let name = group.rationale.name ?? ""
                for item in byType {
                    let key = "\(item.from)→\(item.to): \(item.type) in \(file) (\(name))"
                    guard reported.insert("independent: " + key).inserted else { continue }
                    var message =
                        "'\(item.from)' uses '\(item.type)' from '\(item.to)', but \(name) are independent of one "
                        + "another"
                    if let because = group.rationale.because { message += ": \(because)" }
                    found.append(
                        Violation(
                            rule: .independent, severity: severity, message: message, modules: [module],
                            evidence: item.evidence, rationale: group.rationale, key: key
                        ))
                }
            }
        }
        return found
    }

    /// The violations of `only-used-by:` rules that protect types (`types:`): a reference to
    /// a protected type declared in the graph, from code whose layer is not among the rule's
    /// `users:` and which is not inside a type those user globs name (or a protected type
    /// itself).
    func protectedTypeViolations(
        in module: String, files: [String], references: ResolvedReferences, reported: inout Set<String>
    ) -> [Violation] {
        let rules = settings.onlyUsedBy.filter { !$0.types.isEmpty && $0.severity.severity != nil }
        guard !rules.isEmpty else { return [] }
        var found: [Violation] = []
        for file in files {
            for rule in rules {
                guard let severity = rule.severity.severity else { continue }
                var byPair: [(from: String, to: String, evidence: [Evidence])] = []
                for resolved in references.of(file, in: module) {
                    guard let target = resolved.only?.name,
                        rule.types.contains(where: { $0.matches(Self.ownName(target)) })
                    else { continue }
                    let outermost = resolved.speakingType
                    if let outermost, rule.types.contains(where: { $0.matches(Self.ownName(outermost)) }) { continue }
                    let allowed = rule.users.contains { selector in
                        switch selector.kind {
                        case .layer(let name): return resolved.speaker?.layer == name
                        case .modules(let pattern): return outermost.map { pattern.matches(Self.ownName($0)) } == true
                        }
                    }
                    guard !allowed else { continue }
                    let from = outermost ?? file
                    let evidence = Evidence(
                        kind: .reference, location: resolved.reference.location,
                        summary: Self.summary(resolved.reference))
                    if let index = byPair.firstIndex(where: { $0.from == from && $0.to == target }) {
                        byPair[index].evidence.append(evidence)
                    } else {
                        byPair.append((from, target, [evidence]))
                    }
                }
                let users = rule.users.map(\.description).joined(separator: ", ")
                for pair in byPair {
                    let key = "\(pair.from)→\(pair.to) (\(rule.rationale.name ?? ""))"
                    guard reported.insert("only-used-by: " + key).inserted else { continue }
                    var message = "'\(pair.from)' uses '\(pair.to)', which only \(users) may use"
                    if let because = rule.rationale.because { message += ": \(because)" }
                    found.append(
                        Violation(
                            rule: .onlyUsedBy, severity: severity, message: message, modules: [module],
                            evidence: pair.evidence, rationale: rule.rationale, key: key))
                }
            }
        }
        return found
    }
}
