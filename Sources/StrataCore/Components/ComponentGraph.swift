/// The components inside modules and the references between their types: what component
/// diagrams, component pages and "what references X" are drawn from. A component is the
/// part of one module a layer holds (`App`'s `UI` files and `*View` types); each file and
/// type in it keeps the pattern that put it there.
package struct ComponentGraph: Hashable, Sendable {
    /// A file or a type, the layer it is in, and why (`paths: 'App/UI/**'`, `types: '*View'`,
    /// `module layer`).
    package struct Member: Hashable, Sendable {
        package var name: String
        package var layer: String
        package var origin: String
        /// For a type: its kind (`struct`, `class`, …) and where it is declared.
        package var kind: TypeDeclaration.Kind?
        package var location: SourceLocation?

        package init(
            name: String, layer: String, origin: String, kind: TypeDeclaration.Kind? = nil,
            location: SourceLocation? = nil
        ) {
            self.name = name
            self.layer = layer
            self.origin = origin
            self.kind = kind
            self.location = location
        }
    }

    /// A layer's part of one module.
    package struct Component: Hashable, Sendable {
        package var module: String
        package var layer: String
        /// Sorted by path.
        package var files: [Member]
        /// Its top-level and nested types, sorted by name.
        package var types: [Member]

        package init(module: String, layer: String, files: [Member] = [], types: [Member] = []) {
            self.module = module
            self.layer = layer
            self.files = files
            self.types = types
        }

        package var id: ComponentID { ComponentID(module: module, layer: layer) }
    }

    /// A component's name: its module and its layer.
    package struct ComponentID: Hashable, Sendable, Comparable, CustomStringConvertible {
        package var module: String
        package var layer: String

        package init(module: String, layer: String) {
            self.module = module
            self.layer = layer
        }

        package var description: String { "\(module) · \(layer)" }

        package static func < (lhs: ComponentID, rhs: ComponentID) -> Bool {
            (lhs.module, lhs.layer) < (rhs.module, rhs.layer)
        }
    }

    /// One place where code of one component names a type declared in the graph.
    package struct Reference: Hashable, Sendable {
        /// The component the code speaks for (its outermost type's, else its file's).
        package var from: ComponentID
        /// The outermost declared type the code is in; nil for code outside any type.
        package var fromType: String?
        package var to: ComponentID
        /// The declared type named, qualified by the types it is nested in.
        package var toType: String
        package var kind: TypeReference.Kind
        package var location: SourceLocation

        package init(
            from: ComponentID, fromType: String?, to: ComponentID, toType: String, kind: TypeReference.Kind,
            location: SourceLocation
        ) {
            self.from = from
            self.fromType = fromType
            self.to = to
            self.toType = toType
            self.kind = kind
            self.location = location
        }

        /// What speaks: the type, or the file for code outside any type.
        package var source: String { fromType ?? location.path }
    }

    /// Sorted by module, then by the layers' declared order.
    package var components: [Component]
    /// Every reference from one type (or file) to another declared type, in source order;
    /// a type naming itself or its own nested types is left out.
    package var references: [Reference]
    /// The modules some of whose files or types are in component layers.
    package var layeredModules: [String]

    package init(components: [Component] = [], references: [Reference] = [], layeredModules: [String] = []) {
        self.components = components
        self.references = references
        self.layeredModules = layeredModules
    }

    package var isEmpty: Bool { components.isEmpty }

    /// The components of a module, in the layers' declared order.
    package func components(of module: String) -> [Component] {
        components.filter { $0.module == module }
    }
}
