/// One declaration of a module's API, as read from its source: what DocC would give a page
/// (or a place on its type's page), with the declaration as written and its doc comment.
package struct APISymbol: Hashable, Sendable {
    /// The kinds DocC tells apart, with the identifier its link disambiguation uses
    /// (`doc:Greeter/greet(_:)-swift.method`).
    package enum Kind: String, Hashable, Sendable, CaseIterable {
        case `struct`, `class`, `enum`, actor, `protocol`, `typealias`
        case associatedType = "associatedtype"
        case `case` = "enum.case"
        case initializer = "init"
        case method
        case typeMethod = "type.method"
        case property
        case typeProperty = "type.property"
        case `subscript`
        case typeSubscript = "type.subscript"
        case function = "func"
        case `operator` = "func.op"
        case variable = "var"
        case macro

        /// Declares a type: it gets a page of its own.
        package var isType: Bool {
            switch self {
            case .struct, .class, .enum, .actor, .protocol: true
            default: false
            }
        }

        /// How DocC names the group of such symbols on a page.
        package var groupTitle: String {
            switch self {
            case .struct: "Structures"
            case .class: "Classes"
            case .enum: "Enumerations"
            case .actor: "Actors"
            case .protocol: "Protocols"
            case .typealias: "Type Aliases"
            case .associatedType: "Associated Types"
            case .case: "Enumeration Cases"
            case .initializer: "Initializers"
            case .method: "Instance Methods"
            case .typeMethod: "Type Methods"
            case .property: "Instance Properties"
            case .typeProperty: "Type Properties"
            case .subscript: "Subscripts"
            case .typeSubscript: "Type Subscripts"
            case .function: "Functions"
            case .operator: "Operators"
            case .variable: "Variables"
            case .macro: "Macros"
            }
        }

        /// What a page of such a symbol is called above its title ("Structure").
        package var displayName: String {
            switch self {
            case .struct: "Structure"
            case .class: "Class"
            case .enum: "Enumeration"
            case .actor: "Actor"
            case .protocol: "Protocol"
            case .typealias: "Type Alias"
            case .associatedType: "Associated Type"
            case .case: "Case"
            case .initializer: "Initializer"
            case .method: "Instance Method"
            case .typeMethod: "Type Method"
            case .property: "Instance Property"
            case .typeProperty: "Type Property"
            case .subscript: "Subscript"
            case .typeSubscript: "Type Subscript"
            case .function: "Function"
            case .operator: "Operator"
            case .variable: "Global Variable"
            case .macro: "Macro"
            }
        }

        /// The order DocC lists groups in on a page.
        package var order: Int { Self.allCases.firstIndex(of: self) ?? 0 }
    }

    /// Who can use a declaration, from the widest.
    package enum Access: Int, Hashable, Sendable, Comparable, CaseIterable {
        case `private`, `fileprivate`, `internal`, `package`, `public`, open

        package init?(keyword: String) {
            switch keyword {
            case "open": self = .open
            case "public": self = .public
            case "package": self = .package
            case "internal": self = .internal
            case "fileprivate": self = .fileprivate
            case "private": self = .private
            default: return nil
            }
        }

        package static func < (lhs: Access, rhs: Access) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    package var kind: Kind
    /// As DocC titles it: `Greeter`, `greet(_:)`, `init(name:)`, `subscript(_:)`, `+(_:_:)`.
    package var name: String
    /// The types it is declared in (or the type its extension extends), outermost first, as
    /// written: `["Feed", "Item"]`; empty at the top level.
    package var parent: [String]
    /// The declaration as written, without its body, initial value, doc comment or comments.
    package var declaration: String
    package var docComment: DocComment?
    package var location: SourceLocation
    /// Its own access, or the access it takes from its extension or its protocol.
    package var access: Access
    /// `@available` attributes as written, one per entry.
    package var availability: [String]
    /// The types it inherits from or conforms to, as written (types only).
    package var inherits: [String]
    /// Declared in an extension: where, and what the extension adds (its conformances and
    /// `where` clause), so a type page can say which members come with which conditions.
    package var extensionLocation: SourceLocation?
    package var extensionConstraints: String?
    /// A name beginning with an underscore, `@_spi`, `@_documentation(visibility:)` below
    /// public, or unavailable everywhere: public, but not documented (as DocC decides).
    package var isHidden: Bool

    package init(
        kind: Kind, name: String, parent: [String] = [], declaration: String, docComment: DocComment? = nil,
        location: SourceLocation, access: Access = .public, availability: [String] = [], inherits: [String] = [],
        extensionLocation: SourceLocation? = nil, extensionConstraints: String? = nil, isHidden: Bool = false
    ) {
        self.kind = kind
        self.name = name
        self.parent = parent
        self.declaration = declaration
        self.docComment = docComment
        self.location = location
        self.access = access
        self.availability = availability
        self.inherits = inherits
        self.extensionLocation = extensionLocation
        self.extensionConstraints = extensionConstraints
        self.isHidden = isHidden
    }

    /// Its path in the module as DocC writes it: `Feed/Item/init(id:)`.
    package var path: [String] { parent + [name] }

    /// The name without its argument labels (`greet` for `greet(_:)`): what a link written
    /// without them finds.
    package var baseName: String {
        name.firstIndex(of: "(").map { String(name[..<$0]) } ?? name
    }
}

/// What an extension declares besides its members: the conformances it adds to a type.
package struct APIExtension: Hashable, Sendable {
    /// The type extended, as written (`Feed.Item`, `Swift.String`).
    package var extendedType: [String]
    package var conformances: [String]
    package var whereClause: String?
    package var location: SourceLocation
    package var access: APISymbol.Access?

    package init(
        extendedType: [String], conformances: [String], whereClause: String? = nil, location: SourceLocation,
        access: APISymbol.Access? = nil
    ) {
        self.extendedType = extendedType
        self.conformances = conformances
        self.whereClause = whereClause
        self.location = location
        self.access = access
    }
}

/// Everything one file declares for the API: its symbols (of every access: which are
/// documented is decided for the module as a whole) and its extensions.
package struct APIFile: Hashable, Sendable {
    package var symbols: [APISymbol]
    package var extensions: [APIExtension]
    /// Why the file was not read (nested past a limit), at the place.
    package var diagnostics: [Diagnostic]

    package init(symbols: [APISymbol] = [], extensions: [APIExtension] = [], diagnostics: [Diagnostic] = []) {
        self.symbols = symbols
        self.extensions = extensions
        self.diagnostics = diagnostics
    }
}
