/// What the guidance pages and exports tell beside the blocks: the layers, what each may
/// use, and the rules of strata.yml with their state in the current code, so a block that a
/// rule enforces can say whether the code keeps it, and a coding agent reading
/// `llms.txt` learns the layering along with the advice.
package struct GuidanceArchitecture: Hashable, Sendable {
    package struct Layer: Hashable, Sendable {
        package var name: String
        /// The layers it may use: `may_use:` as written, else every layer below it.
        package var mayUse: [String]
        /// Its members as written: module patterns, then paths, types, conformances and attributes.
        package var members: [String]

        package init(name: String, mayUse: [String], members: [String]) {
            self.name = name
            self.mayUse = mayUse
            self.members = members
        }
    }

    package struct Rule: Hashable, Sendable {
        package var descriptor: RuleDescriptor
        /// Its violations in the current code (those a baseline records are not counted).
        package var violations: [Violation]

        package init(descriptor: RuleDescriptor, violations: [Violation]) {
            self.descriptor = descriptor
            self.violations = violations
        }

        package var id: String { descriptor.id }
        /// Whether the code keeps the rule now.
        package var holds: Bool { violations.isEmpty }

        /// What a reader is told: the rule is off, the code keeps it, or breaks it.
        package enum State: String, Sendable { case holds, broken, off }
        package var state: State { descriptor.severity == .off ? .off : holds ? .holds : .broken }

        /// "holds", "3 violations" or "off".
        package var stateText: String {
            switch state {
            case .off, .holds: state.rawValue
            case .broken: "\(violations.count) violation\(violations.count == 1 ? "" : "s")"
            }
        }
    }

    package var layers: [Layer]
    package var rules: [Rule]
    private var positions: [String: Int]

    package init(layers: [Layer] = [], rules: [Rule] = []) {
        self.layers = layers
        self.rules = rules
        positions = Dictionary(rules.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The layers of strata.yml (bottom-up) and the rules checked, with the violations found.
    package init(declarations: [LayerDeclaration], rules: [RuleDescriptor], violations: [Violation]) {
        let names = declarations.map(\.name)
        let layers = declarations.enumerated().map { index, layer in
            Layer(
                name: layer.name, mayUse: layer.mayUse ?? Array(names[..<index]),
                members: layer.modules.map(\.pattern) + layer.paths.map(\.pattern)
                    + layer.types.map { "types: \($0.pattern)" }
                    + layer.conformsTo.map { "conforms_to: \($0.pattern)" }
                    + layer.attributes.map { "attributes: \($0.pattern)" }
            )
        }
        let byRule = Dictionary(grouping: violations, by: \.ruleID)
        self.init(layers: layers, rules: rules.map { Rule(descriptor: $0, violations: (byRule[$0.id] ?? []).sorted()) })
    }

    package var isEmpty: Bool { layers.isEmpty && rules.isEmpty }

    package func rule(_ id: String) -> Rule? {
        positions[id].map { rules[$0] }
    }
}
