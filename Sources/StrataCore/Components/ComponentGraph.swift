/// The components inside modules and the references between their types: what component
/// diagrams, component pages and "what references X" are drawn from. A component is the
/// part of one module a layer holds (`App`'s `UI` files and `*View` types); each file and
/// type in it keeps the pattern that put it there.
public struct ComponentGraph: Hashable, Sendable {
    /// A file or a type, the layer it is in, and why (`paths: 'App/UI/**'`, `types: '*View'`,
    /// `module layer`).
    public struct Member: Hashable, Sendable {
        public var name: String
        public var layer: String
        public var origin: String
        /// For a type: its kind (`struct`, `class`, …) and where it is declared.
        public var kind: TypeDeclaration.Kind?
        public var location: SourceLocation?

        public init(name: String, layer: String, origin: String, kind: TypeDeclaration.Kind? = nil, location: SourceLocation? = nil) {
            self.name = name
            self.layer = layer
            self.origin = origin
            self.kind = kind
            self.location = location
        }
    }

    /// A layer's part of one module.
    public struct Component: Hashable, Sendable {
        public var module: String
        public var layer: String
        /// Sorted by path.
        public var files: [Member]
        /// Its top-level and nested types, sorted by name.
        public var types: [Member]

        public init(module: String, layer: String, files: [Member] = [], types: [Member] = []) {
            self.module = module
            self.layer = layer
            self.files = files
            self.types = types
        }

        public var id: ComponentID { ComponentID(module: module, layer: layer) }
    }

    /// A component's name: its module and its layer.
    public struct ComponentID: Hashable, Sendable, Comparable, CustomStringConvertible {
        public var module: String
        public var layer: String

        public init(module: String, layer: String) {
            self.module = module
            self.layer = layer
        }

        public var description: String { "\(module) · \(layer)" }

        public static func < (lhs: ComponentID, rhs: ComponentID) -> Bool {
            (lhs.module, lhs.layer) < (rhs.module, rhs.layer)
        }
    }

    /// One place where code of one component names a type declared in the graph.
    public struct Reference: Hashable, Sendable {
        /// The component the code speaks for (its outermost type's, else its file's).
        public var from: ComponentID
        /// The outermost declared type the code is in; nil for code outside any type.
        public var fromType: String?
        public var to: ComponentID
        /// The declared type named, qualified by the types it is nested in.
        public var toType: String
        public var kind: TypeReference.Kind
        public var location: SourceLocation

        public init(from: ComponentID, fromType: String?, to: ComponentID, toType: String, kind: TypeReference.Kind, location: SourceLocation) {
            self.from = from
            self.fromType = fromType
            self.to = to
            self.toType = toType
            self.kind = kind
            self.location = location
        }

        /// What speaks: the type, or the file for code outside any type.
        public var source: String { fromType ?? location.path }
    }

    /// Sorted by module, then by the layers' declared order.
    public var components: [Component]
    /// Every reference from one type (or file) to another declared type, in source order;
    /// a type naming itself or its own nested types is left out.
    public var references: [Reference]
    /// The modules some of whose files or types are in component layers.
    public var layeredModules: [String]

    public init(components: [Component] = [], references: [Reference] = [], layeredModules: [String] = []) {
        self.components = components
        self.references = references
        self.layeredModules = layeredModules
    }

    public var isEmpty: Bool { components.isEmpty }

    /// The components of a module, in the layers' declared order.
    public func components(of module: String) -> [Component] {
        components.filter { $0.module == module }
    }
}
