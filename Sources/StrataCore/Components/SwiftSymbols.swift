/// The types one Swift file declares and the types it refers to, each where it is written:
/// what components inside a target (folders, roles of types) are drawn and checked from.
package struct SwiftSymbols: Hashable, Sendable {
    package var declarations: [TypeDeclaration]
    package var references: [TypeReference]
    /// Why the file was not read (nested past a limit), at the place: it gives no symbols.
    package var diagnostics: [Diagnostic]

    package init(declarations: [TypeDeclaration] = [], references: [TypeReference] = [], diagnostics: [Diagnostic] = [])
    {
        self.declarations = declarations
        self.references = references
        self.diagnostics = diagnostics
    }
}

/// A type a file declares, or extends.
package struct TypeDeclaration: Hashable, Sendable {
    package enum Kind: String, Hashable, Sendable, CaseIterable {
        case `struct`, `class`, `enum`, actor, `protocol`, `extension`, `typealias`
    }

    /// Qualified by the types it is nested in (`Feed.Item`); for an extension, the type
    /// extended as written.
    package var name: String
    package var kind: Kind
    /// The types it inherits from or conforms to, as written (`View`, `Foundation.Decodable`);
    /// for a typealias, the type it names (each part of a composition).
    package var inherits: [String]
    /// Its attributes, as written without arguments (`@Observable`, `@MainActor`).
    package var attributes: [String]
    package var location: SourceLocation
    /// Declared `public`, `open` or `package`: other modules can name it.
    package var isPublic: Bool
    /// What it is written in (qualified), nil at the top level; and whether that is an
    /// extension (`extension ProfileView { final class ViewModel {} }`) rather than the
    /// declaration of a type in this file.
    package var container: String?
    package var isInExtension: Bool
    /// `private` or `fileprivate` at the top level (or nested in such a type): seen only in
    /// its file, so two files may each declare their own of the same name.
    package var isFilePrivate: Bool

    package init(
        name: String, kind: Kind, inherits: [String] = [], attributes: [String] = [], location: SourceLocation,
        isPublic: Bool = false,
        container: String? = nil, isInExtension: Bool = false, isFilePrivate: Bool = false
    ) {
        self.isFilePrivate = isFilePrivate
        self.name = name
        self.kind = kind
        self.inherits = inherits
        self.attributes = attributes
        self.location = location
        self.isPublic = isPublic
        self.container = container
        self.isInExtension = isInExtension
    }
}

/// A place where code names a type.
package struct TypeReference: Hashable, Sendable {
    package enum Kind: String, Hashable, Sendable, CaseIterable {
        /// A type annotation, a parameter or return type, a generic argument, `some`/`any`.
        case type
        /// In an inheritance or conformance list.
        case inheritance
        /// The type an extension extends.
        case `extension`
        /// `Foo(…)`: an initialiser call.
        case initializer
        /// `Foo.shared`, `Foo.make()`: a static member.
        case staticMember = "static-member"
        /// `@Foo`: a custom attribute (a property wrapper, a macro, a result builder).
        case attribute
        /// `\Foo.bar`: the root of a key path.
        case keyPath = "key-path"
    }

    /// As written, module-qualified or nested (`Models.Item`, `Feed.Item`).
    package var name: String
    package var kind: Kind
    /// The type the reference is written in (qualified), nil at the top level.
    package var enclosingType: String?
    /// The innermost type *declared* around the reference in this file (qualified), whose
    /// code it is; nil at the top level and directly in an extension, where the code is the
    /// extension's (`enclosingType` then names the extended type).
    package var declaredIn: String?
    /// When the outermost scope around the reference is an extension, the type it extends as
    /// written: names are looked up in that type and what is nested in it, never in the
    /// types the extended type is itself nested in (as Swift looks them up).
    package var extendedType: String?
    package var location: SourceLocation
    /// Written in a stored instance property of the enclosing type, its type or its initial
    /// value (`@State var model: FeedViewModel`, `let store = Store()`): what the type owns.
    package var isInStoredProperty: Bool

    package init(
        name: String, kind: Kind, enclosingType: String? = nil, declaredIn: String? = nil, location: SourceLocation,
        isInStoredProperty: Bool = false
    ) {
        self.name = name
        self.kind = kind
        self.enclosingType = enclosingType
        self.declaredIn = declaredIn
        self.location = location
        self.isInStoredProperty = isInStoredProperty
    }
}
