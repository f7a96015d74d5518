import StrataCore

/// `rules:` and `tests:` of `strata.yml`.
extension ConfigDecoder {
    /// The rule kinds whose severity `rules:` sets, by key. Underscores are accepted for
    /// hyphens, and the plural names DESIGN.md first used still work.
    static let severityKeys: [String: RuleKind] = {
        var keys: [String: RuleKind] = [:]
        for kind in RuleKind.allCases where ![.forbid, .independent, .onlyUsedBy, .typeRule].contains(kind) {
            keys[kind.rawValue] = kind
        }
        keys["cycles"] = .cycle
        keys["undeclared-imports"] = .undeclaredImport
        keys["unused-dependencies"] = .unusedDependency
        keys["unassigned-modules"] = .unassignedModule
        return keys
    }()

    mutating func decodeRules(_ node: DataNode, layerNames: [String], into rules: inout RuleSettings) {
        guard let pairs = mapping(node, "rules") else { return }
        // `layer-order` and `layer_order` are one rule: written twice, one would silently win.
        var seen: [String: (written: String, location: SourceLocation?)] = [:]
        for (written, pair) in named(pairs, in: "rules") {
            let key = written.replacingOccurrences(of: "_", with: "-")
            let rule = Self.severityKeys[key].map(\.rawValue) ?? key
            if let first = seen[rule] {
                diagnostics.append(
                    .error(
                        "config.duplicate-key",
                        "rules: '\(written)' sets the same rule as '\(first.written)' (at "
                            + "\(first.location?.description ?? "above")); write it once",
                        at: pair.key.location
                    ))
                continue
            }
            seen[rule] = (written, pair.key.location)
            if let kind = Self.severityKeys[key] {
                if let severity = ruleSeverity(pair.value, written) { rules.severities[kind] = severity }
                continue
            }
            switch key {
            case "forbid":
                rules.forbid = list(pair.value, "forbid").compactMap { decodeForbid($0, layerNames: layerNames) }
            case "independent":
                rules.independent = list(pair.value, "independent").compactMap {
                    decodeIndependent($0, layerNames: layerNames)
                }
            case "only-used-by":
                rules.onlyUsedBy = list(pair.value, "only_used_by").compactMap {
                    decodeOnlyUsedBy($0, layerNames: layerNames)
                }
            case "type-rules":
                rules.typeRules = list(pair.value, "type-rules").compactMap {
                    decodeTypeRule($0, layerNames: layerNames)
                }
            default:
                // Suggest in the spelling the user wrote: hyphens (as documented) or underscores.
                let underscores = written.contains("_")
                let known = (RuleKind.allCases.filter { $0 != .typeRule }.map(\.rawValue) + ["type-rules"]).map {
                    underscores ? $0.replacingOccurrences(of: "-", with: "_") : $0
                }
                unknownKey(pair.key, known: known, in: "rules")
            }
        }
    }

    mutating func decodeTests(_ node: DataNode, into tests: inout TestPolicy) {
        guard let pairs = mapping(node, "tests") else { return }
        for (key, pair) in named(pairs, in: "tests") {
            switch key.replacingOccurrences(of: "-", with: "_") {
            case "support": tests.support = patterns(pair.value, "tests.support")
            case "follow_layers": tests.followLayers = bool(pair.value, "tests.follow_layers") ?? tests.followLayers
            default: unknownKey(pair.key, known: ["support", "follow_layers"], in: "tests")
            }
        }
    }

    // MARK: Project rules

    private mutating func decodeForbid(_ node: DataNode, layerNames: [String]) -> ForbidRule? {
        guard let pairs = mapping(node, "a forbid: rule") else { return nil }
        var from: [ModuleSelector]?
        var to: [ModuleSelector]?
        var rationale = RuleRationale()
        var severity = RuleSeverity.error
        for (key, pair) in named(pairs, in: "a forbid: rule") {
            switch key {
            case "from": from = selectors(pair.value, "from", layerNames: layerNames)
            case "to": to = selectors(pair.value, "to", layerNames: layerNames)
            case "because", "see": readRationale(key, pair.value, into: &rationale)
            case "severity": severity = ruleSeverity(pair.value, "severity") ?? severity
            default: unknownKey(pair.key, known: ["from", "to", "because", "see", "severity"], in: "a forbid: rule")
            }
        }
        guard let from, let to, !from.isEmpty, !to.isEmpty else {
            diagnostics.append(
                .error(
                    "config.invalid-value",
                    "a forbid: rule needs both from: and to: (a layer name, a module name or a glob, or a list of "
                        + "them)",
                    at: node.location))
            return nil
        }
        rationale.name = from.map(\.name).joined(separator: ", ") + " → " + to.map(\.name).joined(separator: ", ")
        return ForbidRule(from: from, to: to, rationale: rationale, severity: severity, location: node.location)
    }

    /// An independent group: a glob, a list of globs, or `{ modules:, types:, layers:, because:, see:, severity: }`.
    private mutating func decodeIndependent(_ node: DataNode, layerNames: [String]) -> IndependentGroup? {
        var modules: [ModulePattern] = []
        var types: [ModulePattern] = []
        var layers: [String] = []
        var rationale = RuleRationale()
        var severity = RuleSeverity.error
        if node.pairs != nil, let pairs = mapping(node, "an independent: group") {
            for (key, pair) in named(pairs, in: "an independent: group") {
                switch key {
                case "modules": modules = patterns(pair.value, "modules")
                case "types": types = patterns(pair.value, "types")
                case "layers":
                    for selector in selectors(pair.value, "layers", layerNames: layerNames) {
                        guard case .layer(let name) = selector.kind else {
                            diagnostics.append(
                                .error(
                                    "config.unknown-layer",
                                    "an independent: group's layers: names '\(selector)', which is not a declared "
                                        + "layer",
                                    at: selector.location ?? pair.value.location
                                ))
                            continue
                        }
                        layers.append(name)
                    }
                case "because", "see": readRationale(key, pair.value, into: &rationale)
                case "severity": severity = ruleSeverity(pair.value, "severity") ?? severity
                default:
                    unknownKey(
                        pair.key, known: ["modules", "types", "layers", "because", "see", "severity"],
                        in: "an independent: group")
                }
            }
        } else {
            modules = patterns(node, "an independent: group")
        }
        guard !modules.isEmpty || !types.isEmpty || layers.count > 1 else {
            diagnostics.append(
                .error(
                    "config.invalid-value",
                    "an independent: group needs at least one module glob (modules:) or type glob (types:), or two "
                        + "layers (layers:)",
                    at: node.location
                ))
            return nil
        }
        rationale.name = ((modules + types).map(\.pattern) + layers).joined(separator: ", ")
        var group = IndependentGroup(
            modules: modules, rationale: rationale, severity: severity, location: node.location)
        group.types = types
        group.layers = layers
        return group
    }

    private mutating func decodeOnlyUsedBy(_ node: DataNode, layerNames: [String]) -> OnlyUsedByRule? {
        guard let pairs = mapping(node, "an only_used_by: rule") else { return nil }
        var modules: [ModulePattern] = []
        var types: [ModulePattern] = []
        var users: [ModuleSelector]?
        var rationale = RuleRationale()
        var severity = RuleSeverity.error
        for (key, pair) in named(pairs, in: "an only_used_by: rule") {
            switch key {
            case "modules", "module": modules = patterns(pair.value, key)
            case "types": types = patterns(pair.value, key)
            case "users", "by": users = selectors(pair.value, key, layerNames: layerNames)
            case "because", "see": readRationale(key, pair.value, into: &rationale)
            case "severity": severity = ruleSeverity(pair.value, "severity") ?? severity
            default:
                unknownKey(
                    pair.key, known: ["modules", "types", "users", "because", "see", "severity"],
                    in: "an only_used_by: rule")
            }
        }
        guard !modules.isEmpty || !types.isEmpty, let users, !users.isEmpty else {
            diagnostics.append(
                .error(
                    "config.invalid-value",
                    "an only_used_by: rule needs modules: or types: (what it protects) and users: (who may use them)",
                    at: node.location
                ))
            return nil
        }
        rationale.name = (modules + types).map(\.pattern).joined(separator: ", ")
        var rule = OnlyUsedByRule(
            modules: modules, users: users, rationale: rationale, severity: severity, location: node.location)
        rule.types = types
        return rule
    }

    /// `{types: ["*ViewModel"], must_not_conform_to: [ObservableObject], must_have_attribute: ["@Observable"]}`.
    private mutating func decodeTypeRule(_ node: DataNode, layerNames: [String]) -> TypeRule? {
        guard let pairs = mapping(node, "a type rule") else { return nil }
        var rule = TypeRule(types: [], layers: [], location: node.location)
        let bare = { (patterns: [ModulePattern]) in
            patterns.map { pattern -> ModulePattern in
                var copy = pattern
                if copy.pattern.hasPrefix("@") { copy.pattern.removeFirst() }
                return copy
            }
        }
        let known = [
            "types", "layers", "must_conform_to", "must_not_conform_to", "must_have_attribute",
            "must_not_have_attribute", "must_own_one", "because", "see", "severity"
        ]
        for (written, pair) in named(pairs, in: "a type rule") {
            switch written.replacingOccurrences(of: "-", with: "_") {
            case "types": rule.types = patterns(pair.value, "types")
            case "layers":
                for selector in selectors(pair.value, "layers", layerNames: layerNames) {
                    guard case .layer(let name) = selector.kind else {
                        diagnostics.append(
                            .error(
                                "config.unknown-layer",
                                "a type rule's layers: names '\(selector)', which is not a declared layer",
                                at: selector.location ?? pair.value.location))
                        continue
                    }
                    rule.layers.append(name)
                }
            case "must_conform_to": rule.mustConformTo = patterns(pair.value, written)
            case "must_not_conform_to": rule.mustNotConformTo = patterns(pair.value, written)
            case "must_have_attribute": rule.mustHaveAttribute = bare(patterns(pair.value, written))
            case "must_not_have_attribute": rule.mustNotHaveAttribute = bare(patterns(pair.value, written))
            case "must_own_one": rule.mustOwnOne = patterns(pair.value, written)
            case "because", "see": readRationale(written, pair.value, into: &rule.rationale)
            case "severity": rule.severity = ruleSeverity(pair.value, "severity") ?? rule.severity
            default: unknownKey(pair.key, known: known, in: "a type rule")
            }
        }
        guard !rule.types.isEmpty || !rule.layers.isEmpty else {
            diagnostics.append(
                .error(
                    "config.invalid-value",
                    "a type rule needs types: (type-name globs) or layers: (the layers whose types it judges)",
                    at: node.location))
            return nil
        }
        guard
            !(rule.mustConformTo + rule.mustNotConformTo + rule.mustHaveAttribute + rule.mustNotHaveAttribute
                + rule.mustOwnOne).isEmpty
        else {
            diagnostics.append(
                .error(
                    "config.invalid-value",
                    "a type rule needs at least one of must_conform_to:, must_not_conform_to:, "
                        + "must_have_attribute:, must_not_have_attribute:, must_own_one:",
                    at: node.location
                ))
            return nil
        }
        rule.rationale.name = (rule.types.map(\.pattern) + rule.layers).joined(separator: ", ")
        return rule
    }

    // MARK: Values

    private mutating func readRationale(_ key: String, _ node: DataNode, into rationale: inout RuleRationale) {
        guard let text = string(node, key) else { return }
        if key == "because" {
            rationale.because = text
        } else {
            rationale.see = text
            rationale.seeLocation = node.location
        }
    }

    private mutating func ruleSeverity(_ node: DataNode, _ key: String) -> RuleSeverity? {
        guard let text = string(node, key) else { return nil }
        // YAML 1.1 readers turn a bare `off` into false; take it as the user meant it.
        let value = text == "false" && !node.isQuoted ? "off" : text
        if let severity = RuleSeverity(rawValue: value) { return severity }
        var message = "\(key) must be error, warning or off, not '\(text)'"
        if let close = Suggestion.closest(to: text, in: RuleSeverity.allCases.map(\.rawValue)) {
            message += "; did you mean '\(close)'?"
        }
        diagnostics.append(.error("config.invalid-value", message, at: node.location))
        return nil
    }

    private mutating func list(_ node: DataNode, _ key: String) -> [DataNode] {
        guard let items = node.items else {
            diagnostics.append(
                .error("config.type", "\(key) must be a list, found \(node.kindName)", at: node.location))
            return []
        }
        return items
    }

    /// A module name or glob, or a list of them.
    mutating func patterns(_ node: DataNode, _ key: String) -> [ModulePattern] {
        let values = node.items ?? (node.scalar != nil ? [node] : nil)
        guard let values else {
            diagnostics.append(
                .error(
                    "config.type", "\(key) must be a module name or glob, or a list of them, found \(node.kindName)",
                    at: node.location))
            return []
        }
        return values.compactMap { value in
            guard let text = string(value, "a module name or glob") else { return nil }
            // `support: 5` is the number 5 to YAML, and no module is named so.
            if !value.isQuoted, let kind = Self.nonNameScalar(text) {
                diagnostics.append(
                    .error(
                        "config.type", "\(key) must be module names or globs, found \(kind) '\(text)'",
                        at: value.location))
                return nil
            }
            guard !text.trimmingWhitespace.isEmpty else {
                diagnostics.append(
                    .error("config.invalid-value", "an empty module name matches nothing", at: value.location))
                return nil
            }
            return ModulePattern(text, location: value.location)
        }
    }

    /// What YAML reads an unquoted scalar as, when that is a number or a boolean rather
    /// than text: "the number", "the boolean"; nil for text.
    static func nonNameScalar(_ text: String) -> String? {
        if ["true", "false", "yes", "no", "on", "off"].contains(text.lowercased()) { return "the boolean" }
        let body = text.hasPrefix("-") || text.hasPrefix("+") ? text.dropFirst() : Substring(text)
        if let first = body.first, first.isASCII, first.isNumber || (first == "." && body.count > 1),
            body.allSatisfy({ $0.isASCII && ($0.isHexDigit || "._xXoOeE+-".contains($0)) })
        {
            return "the number"
        }
        return nil
    }

    /// Layer names select their layer; anything else is a module name or glob.
    private mutating func selectors(_ node: DataNode, _ key: String, layerNames: [String]) -> [ModuleSelector] {
        patterns(node, key).map { pattern in
            layerNames.contains(pattern.pattern)
                ? ModuleSelector(.layer(pattern.pattern), location: pattern.location)
                : ModuleSelector(.modules(pattern), location: pattern.location)
        }
    }
}

extension ModuleSelector {
    /// The selector as written.
    var name: String {
        switch kind {
        case .layer(let name): name
        case .modules(let pattern): pattern.pattern
        }
    }
}
