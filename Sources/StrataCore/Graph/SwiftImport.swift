/// One `import` declaration in a Swift file, with everything written around it.
package struct SwiftImport: Hashable, Sendable {
    /// The module imported: the first component of the path (`A` in `import struct A.B`).
    package var module: String
    /// The full dotted path (`["A", "B"]`).
    package var path: [String]
    /// The declaration kind of a scoped import (`struct`, `func`, …), if any.
    package var declarationKind: String?
    /// Attributes as written, without spaces: `@testable`, `@_exported`, `@_spi(Internal)`.
    package var attributes: [String]
    /// `public`, `package`, `internal`, `fileprivate` or `private`, if written.
    package var accessLevel: String?
    /// The `#if` conditions the import is inside, innermost last (`canImport(Darwin)`,
    /// `!(os(Linux))` for an `#else` branch). Empty when the import is unconditional.
    package var conditions: [String]
    /// Where the declaration starts (its first attribute or modifier, else `import`).
    package var location: SourceLocation

    package init(
        module: String, path: [String]? = nil, declarationKind: String? = nil, attributes: [String] = [],
        accessLevel: String? = nil, conditions: [String] = [], location: SourceLocation
    ) {
        self.module = module
        self.path = path ?? [module]
        self.declarationKind = declarationKind
        self.attributes = attributes
        self.accessLevel = accessLevel
        self.conditions = conditions
        self.location = location
    }

    package var isConditional: Bool { !conditions.isEmpty }
    package var isExported: Bool { attributes.contains("@_exported") }
    package var isTestable: Bool { attributes.contains("@testable") }

    /// The condition as one expression (`canImport(X) && !(DEBUG)`), or nil.
    package var condition: String? {
        conditions.isEmpty ? nil : conditions.joined(separator: " && ")
    }
}
