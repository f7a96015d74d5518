/// A layer as `strata.yml` declares it: a name, the modules it holds (by glob), and the
/// layers it may use. Layers are listed bottom-up; without `may_use:` a layer may use
/// every layer listed before it.
package struct LayerDeclaration: Hashable, Sendable {
    package var name: String
    package var modules: [ModulePattern]
    /// Files inside modules (`paths: ["App/UI/**"]`): a layer of an app whose layers are
    /// folders of one target. A file in a module that a `modules:` pattern also claims
    /// belongs to the path's layer.
    package var paths: [PathPattern] = []
    /// Types by name (`types: ["*ViewModel", "*Screen"]`), matched against a type's own name
    /// (`Item` for `Feed.Item`): a type's role decides its layer before its file does.
    package var types: [ModulePattern] = []
    /// Types by what they inherit from or conform to, as written (`conforms_to: [View]`).
    package var conformsTo: [ModulePattern] = []
    /// Types by their attributes, without the `@` (`attributes: [Observable]`).
    package var attributes: [ModulePattern] = []

    /// Whether the layer claims types (by name, conformance or attribute).
    package var hasTypeMembers: Bool { !types.isEmpty || !conformsTo.isEmpty || !attributes.isEmpty }
    /// An explicit allow-list (`may_use:`), replacing "every layer below".
    package var mayUse: [String]?
    package var mayUseLocation: SourceLocation?
    package var location: SourceLocation?

    package init(
        name: String, modules: [ModulePattern], mayUse: [String]? = nil, mayUseLocation: SourceLocation? = nil,
        location: SourceLocation? = nil
    ) {
        self.name = name
        self.modules = modules
        self.mayUse = mayUse
        self.mayUseLocation = mayUseLocation
        self.location = location
    }
}

/// A module name or a glob (`*` any run of characters, `?` one character), matched
/// against whole module names, case-sensitively as module names are.
package struct ModulePattern: Hashable, Sendable, CustomStringConvertible {
    package var pattern: String
    package var location: SourceLocation?

    package init(_ pattern: String, location: SourceLocation? = nil) {
        self.pattern = pattern
        self.location = location
    }

    package var description: String { pattern }

    /// Whether the pattern has wildcards (rather than naming one module).
    package var isGlob: Bool { pattern.contains("*") || pattern.contains("?") }

    package func matches(_ name: String) -> Bool {
        // A name, `*Suffix` and `Prefix*` are most patterns: compared without copying.
        var stars = 0
        var questions = 0
        for byte in pattern.utf8 {
            if byte == UInt8(ascii: "*") { stars += 1 } else if byte == UInt8(ascii: "?") { questions += 1 }
        }
        if questions == 0 {
            // Byte for byte, as the general matcher compares scalars (not canonical equivalence).
            if stars == 0 { return pattern.utf8.elementsEqual(name.utf8) }
            if stars == 1, pattern.utf8.first == UInt8(ascii: "*") {
                return name.utf8.reversed().starts(with: pattern.utf8.dropFirst().reversed())
            }
            if stars == 1, pattern.utf8.last == UInt8(ascii: "*") {
                return name.utf8.starts(with: pattern.utf8.dropLast())
            }
        }
        return Self.match(Array(pattern.unicodeScalars)[...], Array(name.unicodeScalars)[...])
    }

    private static func match(_ pattern: ArraySlice<Unicode.Scalar>, _ text: ArraySlice<Unicode.Scalar>) -> Bool {
        // Iterative glob match with backtracking to the last `*`.
        var p = pattern.startIndex
        var t = text.startIndex
        var star: (p: Int, t: Int)?
        while t < text.endIndex {
            if p < pattern.endIndex, pattern[p] == "?" || pattern[p] == text[t] {
                p += 1
                t += 1
            } else if p < pattern.endIndex, pattern[p] == "*" {
                star = (p, t)
                p += 1
            } else if let last = star {
                p = last.p + 1
                t = last.t + 1
                star = (last.p, last.t + 1)
            } else {
                return false
            }
        }
        while p < pattern.endIndex, pattern[p] == "*" { p += 1 }
        return p == pattern.endIndex
    }
}

extension Array where Element == LayerDeclaration {
    /// The layers a module of layer `name` may use: exactly its `may_use:` list, or every
    /// layer declared before it.
    package func allowedUses(of name: String) -> [String] {
        guard let index = firstIndex(where: { $0.name == name }) else { return [] }
        return self[index].mayUse ?? self[..<index].map(\.name)
    }

    /// Whether a module in layer `from` may use one in layer `to` (always its own layer;
    /// an undeclared layer is not judged).
    package func allows(_ from: String, _ to: String) -> Bool {
        if from == to || !contains(where: { $0.name == from }) { return true }
        return allowedUses(of: from).contains(to)
    }
}
