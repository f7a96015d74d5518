import StrataCore
import SwiftParser
import SwiftSyntax

/// Reads a Swift file with swift-syntax for the types it declares and every place it names
/// a type: annotations, inheritance and conformances, extensions, initialiser calls, static
/// members, generic arguments, `some`/`any`, attributes and key paths. Names are kept as
/// written; resolving them against declarations is the analysis' work, which can then say
/// when a name is ambiguous rather than guess.
///
/// In expressions a type looks like any other name, so an initialiser call or a static
/// member is recognised by its capital first letter (`Item(…)`, `Store.shared`), as Swift's
/// naming conventions write types; an enum case or a constant written with a capital is
/// then taken for a type, which resolution against declarations filters out.
package struct SymbolExtractor: Sendable {
    package init() {}

    /// The symbols of the file; none, and the located `source.too-deep`, for a file nested
    /// past what swift-syntax parses or walks safely.
    package func symbols(in text: String, path: String) -> SwiftSymbols {
        // swift-syntax recurses per level of nesting: the stack a Linux thread has (`DeepStack`).
        DeepStack.run { symbolsOnThisThread(in: text, path: path) }
    }

    private func symbolsOnThisThread(in text: String, path: String) -> SwiftSymbols {
        let consequence = "Strata reads no further in this file"
        if let excess = SwiftNestingCheck(limits: .source).check(text) {
            return SwiftSymbols(diagnostics: [excess.diagnostic(path: path, consequence)])
        }
        let tree = Parser.parse(source: text)
        if let tooDeep = SyntaxDepth.diagnostic(
            for: tree, text: text, limit: ReadingLimits.sourceSyntaxDepth, path: path, consequence: consequence
        ) {
            return SwiftSymbols(diagnostics: [tooDeep])
        }
        let collector = SymbolCollector(path: path, converter: SourceLocationConverter(fileName: path, tree: tree))
        collector.walk(tree)
        return SwiftSymbols(declarations: collector.declarations, references: collector.references)
    }
}

private final class SymbolCollector: SyntaxVisitor {
    let path: String
    let converter: SourceLocationConverter
    var declarations: [TypeDeclaration] = []
    var references: [TypeReference] = []
    /// The types the walk is inside, outermost first.
    var enclosing: [String] = []
    /// For each of `enclosing`, whether it is an extension.
    var enclosingIsExtension: [Bool] = []
    /// For each of `enclosing`, whether it is a file-private type.
    var enclosingIsFilePrivate: [Bool] = []
    /// Generic parameters (and a protocol's associated types) in scope, innermost last:
    /// `Fingerprint` in `struct Memo<Fingerprint, Value>` names no declared type.
    var genericScopes: [Set<String>] = []
    /// How many stored instance properties of a type the walk is inside (0 or 1).
    var storedPropertyDepth = 0
    /// For each `public`/`package` extension the walk is inside, the depth of `enclosing`
    /// within it: its direct members take its access.
    var publicExtensionDepth: [Int] = []

    func openGenerics(_ clause: GenericParameterClauseSyntax?, extra: [String] = []) {
        genericScopes.append(Set((clause?.parameters.map { $0.name.text } ?? []) + extra))
    }

    func isGenericParameter(_ name: String) -> Bool {
        genericScopes.contains { $0.contains(name) }
    }

    init(path: String, converter: SourceLocationConverter) {
        self.path = path
        self.converter = converter
        super.init(viewMode: .sourceAccurate)
    }

    func location(_ node: some SyntaxProtocol) -> SourceLocation {
        let place = node.startLocation(converter: converter)
        return SourceLocation(path: path, line: place.line, column: place.column)
    }

    func qualified(_ name: String) -> String {
        enclosing.isEmpty ? name : enclosing.joined(separator: ".") + "." + name
    }

    func reference(_ name: String, _ kind: TypeReference.Kind, at node: some SyntaxProtocol) {
        // A generic parameter (`Service.self` in `func resolve<Service>()`) names no declaration.
        let first = name.firstIndex(of: ".").map { String(name[..<$0]) } ?? name
        if isGenericParameter(first) { return }
        // The innermost declared type: `enclosing` up to it, when it is not an extension.
        let declaredIn = enclosingIsExtension.lastIndex(of: false).map { enclosing[...$0].joined(separator: ".") }
        var found = TypeReference(
            name: name, kind: kind, enclosingType: enclosing.isEmpty ? nil : enclosing.joined(separator: "."),
            declaredIn: declaredIn,
            location: location(node), isInStoredProperty: storedPropertyDepth > 0
        )
        if enclosingIsExtension.first == true { found.extendedType = enclosing.first }
        references.append(found)
    }

    // MARK: Declarations

    func declare(
        _ name: String, _ kind: TypeDeclaration.Kind, inheritance: InheritanceClauseSyntax?,
        attributes: AttributeListSyntax, modifiers: DeclModifierListSyntax,
        at node: some SyntaxProtocol
    ) {
        let inherits = inheritance?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
        let names = attributes.compactMap { element -> String? in
            guard case .attribute(let attribute) = element else { return nil }
            return "@" + attribute.attributeName.trimmedDescription
        }
        let access = modifiers.first {
            [
                .keyword(.public), .keyword(.open), .keyword(.package), .keyword(.internal), .keyword(.fileprivate),
                .keyword(.private)
            ].contains($0.name.tokenKind)
        }
        // A member of a `public extension` without an access modifier of its own is public.
        let isPublic =
            access.map { [.keyword(.public), .keyword(.open), .keyword(.package)].contains($0.name.tokenKind) }
            ?? (publicExtensionDepth.last == enclosing.count)
        let isPrivate = access.map { [.keyword(.private), .keyword(.fileprivate)].contains($0.name.tokenKind) } ?? false
        let isFilePrivate =
            kind != .extension && ((enclosing.isEmpty && isPrivate) || enclosingIsFilePrivate.last == true)
        declarations.append(
            TypeDeclaration(
                name: kind == .extension ? name : qualified(name), kind: kind, inherits: inherits, attributes: names,
                location: location(node), isPublic: isPublic,
                container: enclosing.isEmpty ? nil : enclosing.joined(separator: "."),
                isInExtension: enclosingIsExtension.last == true,
                isFilePrivate: isFilePrivate
            ))
    }

    /// Enters a type declaration: declared, the walk inside it, its generic parameters in scope.
    func enter(
        _ name: TokenSyntax, _ kind: TypeDeclaration.Kind, inheritance: InheritanceClauseSyntax?,
        attributes: AttributeListSyntax,
        modifiers: DeclModifierListSyntax, generics: Set<String>
    ) -> SyntaxVisitorContinueKind {
        declare(name.text, kind, inheritance: inheritance, attributes: attributes, modifiers: modifiers, at: name)
        enclosing.append(name.text)
        enclosingIsExtension.append(false)
        enclosingIsFilePrivate.append(declarations.last?.isFilePrivate == true)
        genericScopes.append(generics)
        return .visitChildren
    }

    func leave() {
        enclosing.removeLast()
        enclosingIsExtension.removeLast()
        enclosingIsFilePrivate.removeLast()
        genericScopes.removeLast()
    }

    static func names(_ clause: GenericParameterClauseSyntax?) -> Set<String> {
        Set(clause?.parameters.map { $0.name.text } ?? [])
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(
            node.name, .struct, inheritance: node.inheritanceClause, attributes: node.attributes,
            modifiers: node.modifiers, generics: Self.names(node.genericParameterClause))
    }

    override func visitPost(_ node: StructDeclSyntax) { leave() }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(
            node.name, .class, inheritance: node.inheritanceClause, attributes: node.attributes,
            modifiers: node.modifiers, generics: Self.names(node.genericParameterClause))
    }

    override func visitPost(_ node: ClassDeclSyntax) { leave() }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(
            node.name, .enum, inheritance: node.inheritanceClause, attributes: node.attributes,
            modifiers: node.modifiers, generics: Self.names(node.genericParameterClause))
    }

    override func visitPost(_ node: EnumDeclSyntax) { leave() }

    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(
            node.name, .actor, inheritance: node.inheritanceClause, attributes: node.attributes,
            modifiers: node.modifiers, generics: Self.names(node.genericParameterClause))
    }

    override func visitPost(_ node: ActorDeclSyntax) { leave() }

    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        // A protocol's associated types are its generic parameters.
        let associated =
            node.memberBlock.members.compactMap { $0.decl.as(AssociatedTypeDeclSyntax.self)?.name.text }
            + (node.primaryAssociatedTypeClause?.primaryAssociatedTypes.map { $0.name.text } ?? [])
        return enter(
            node.name, .protocol, inheritance: node.inheritanceClause, attributes: node.attributes,
            modifiers: node.modifiers, generics: Set(associated))
    }

    override func visitPost(_ node: ProtocolDeclSyntax) { leave() }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        let extended = node.extendedType.trimmedDescription
        declare(
            extended, .extension, inheritance: node.inheritanceClause, attributes: node.attributes,
            modifiers: node.modifiers, at: node.extendedType)
        // Members of an extension are inside the extended type.
        enclosing.append(extended)
        enclosingIsExtension.append(true)
        enclosingIsFilePrivate.append(false)
        let isPublic = node.modifiers.contains { [.keyword(.public), .keyword(.package)].contains($0.name.tokenKind) }
        publicExtensionDepth.append(isPublic ? enclosing.count : -1)
        return .visitChildren
    }

    override func visitPost(_ node: ExtensionDeclSyntax) {
        enclosing.removeLast()
        enclosingIsExtension.removeLast()
        enclosingIsFilePrivate.removeLast()
        publicExtensionDepth.removeLast()
    }

    override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
        declare(
            node.name.text, .typealias, inheritance: nil, attributes: node.attributes, modifiers: node.modifiers,
            at: node.name)
        // What it names, each part of a composition (`View & Identifiable`): conforming to
        // the alias is conforming to them.
        let aliased = node.initializer.value
        let parts =
            aliased.as(CompositionTypeSyntax.self)?.elements.map { $0.type.trimmedDescription } ?? [
                aliased.trimmedDescription
            ]
        declarations[declarations.count - 1].inherits = parts
        openGenerics(node.genericParameterClause)
        return .visitChildren
    }

    override func visitPost(_ node: TypeAliasDeclSyntax) { genericScopes.removeLast() }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        openGenerics(node.genericParameterClause)
        return .visitChildren
    }

    override func visitPost(_ node: FunctionDeclSyntax) { genericScopes.removeLast() }

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        openGenerics(node.genericParameterClause)
        return .visitChildren
    }

    override func visitPost(_ node: InitializerDeclSyntax) { genericScopes.removeLast() }

    override func visit(_ node: SubscriptDeclSyntax) -> SyntaxVisitorContinueKind {
        openGenerics(node.genericParameterClause)
        return .visitChildren
    }

    override func visitPost(_ node: SubscriptDeclSyntax) { genericScopes.removeLast() }

    // MARK: Stored properties

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        if Self.isStoredInstanceProperty(node) { storedPropertyDepth += 1 }
        return .visitChildren
    }

    override func visitPost(_ node: VariableDeclSyntax) {
        if Self.isStoredInstanceProperty(node) { storedPropertyDepth -= 1 }
    }

    /// A member of a struct, class or actor, not `static`/`class`, whose bindings have no
    /// getter (observers are allowed): state the type holds.
    static func isStoredInstanceProperty(_ node: VariableDeclSyntax) -> Bool {
        guard node.parent?.is(MemberBlockItemSyntax.self) == true,
            let owner = node.parent?.parent?.parent?.parent,
            owner.is(StructDeclSyntax.self) || owner.is(ClassDeclSyntax.self) || owner.is(ActorDeclSyntax.self),
            !node.modifiers.contains(where: {
                $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class)
            })
        else { return false }
        return node.bindings.allSatisfy { binding in
            switch binding.accessorBlock?.accessors {
            case nil: true
            case .getter: false
            case .accessors(let list):
                list.allSatisfy {
                    $0.accessorSpecifier.tokenKind == .keyword(.willSet)
                        || $0.accessorSpecifier.tokenKind == .keyword(.didSet)
                }
            }
        }
    }

    // MARK: Types written as types

    /// The kind of reference a type in this place is: what it is written in decides.
    func kind(of node: some SyntaxProtocol) -> TypeReference.Kind {
        var current = Syntax(node).parent
        while let parent = current {
            if parent.is(InheritedTypeSyntax.self) { return .inheritance }
            if parent.is(AttributeSyntax.self) { return .attribute }
            if let extensionDecl = parent.as(ExtensionDeclSyntax.self) {
                return extensionDecl.extendedType.position == Syntax(node).position ? .extension : .type
            }
            if parent.is(KeyPathExprSyntax.self) { return .keyPath }
            // Inside a generic argument or a member type the outer type decides nothing more.
            if parent.is(CodeBlockSyntax.self) || parent.is(MemberBlockSyntax.self)
                || parent.is(GenericArgumentClauseSyntax.self)
            {
                return .type
            }
            current = parent.parent
        }
        return .type
    }

    override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
        // `Self`, `Any` and generic parameters name no declaration.
        if node.name.text != "Self", node.name.text != "Any", !isGenericParameter(node.name.text) {
            reference(node.name.text, kind(of: node), at: node.name)
        }
        return .visitChildren
    }

    /// The parts of a dotted type written without generic arguments before its last part
    /// (`API.Request.Single`), or nil.
    static func typeParts(_ type: TypeSyntax) -> [String]? {
        if let identifier = type.as(IdentifierTypeSyntax.self), identifier.genericArgumentClause == nil {
            return [identifier.name.text]
        }
        if let member = type.as(MemberTypeSyntax.self), let base = typeParts(member.baseType) {
            return base + [member.name.text]
        }
        return nil
    }

    override func visit(_ node: MemberTypeSyntax) -> SyntaxVisitorContinueKind {
        // `Models.Item`, `Feed.Item`, `API.Request.Single`: the whole dotted name, and each
        // name before it (`Feed` is named too), each once.
        if let parts = Self.typeParts(node.baseType) {
            let kind = kind(of: node)
            reference((parts + [node.name.text]).joined(separator: "."), kind, at: node)
            // The names before it are named, not extended or inherited from.
            let prefixKind: TypeReference.Kind = kind == .extension || kind == .inheritance ? .type : kind
            for count in stride(from: parts.count, through: 1, by: -1) {
                reference(parts.prefix(count).joined(separator: "."), prefixKind, at: node)
            }
            if let arguments = node.genericArgumentClause { walk(arguments) }
            return .skipChildren
        }
        return .visitChildren
    }

    override func visit(_ node: AttributeSyntax) -> SyntaxVisitorContinueKind {
        // The attribute's name is an IdentifierType, visited as one; the compiler's own
        // attributes name no type, but their arguments may (`@convention`, `@available` do not).
        if let name = node.attributeName.as(IdentifierTypeSyntax.self), Self.builtIn.contains(name.name.text) {
            if let arguments = node.arguments { walk(arguments) }
            return .skipChildren
        }
        return .visitChildren
    }

    /// Attributes the compiler knows, which name no type.
    static let builtIn: Set<String> = [
        "available", "objc", "nonobjc", "escaping", "autoclosure", "discardableResult", "inlinable", "usableFromInline",
        "frozen",
        "main", "testable", "MainActor", "Sendable", "unchecked", "preconcurrency", "dynamicMemberLookup",
        "dynamicCallable",
        "propertyWrapper", "resultBuilder", "IBOutlet", "IBAction", "IBDesignable", "IBInspectable", "NSManaged",
        "NSCopying",
        "GKInspectable", "objcMembers", "requires_stored_property_inits", "warn_unqualified_access", "convention",
        "unknown",
        "_exported", "_implementationOnly", "_spi", "retroactive", "backDeployed", "_disfavoredOverload", "inline",
        "exclusivity"
    ]

    // MARK: Types written in expressions

    static func looksLikeType(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first else { return false }
        return first.properties.isUppercase
    }

    /// A chain of capitalised names in an expression (`AppActions.DogImageGetter`,
    /// `API.RandomImageRequest.Single`), as a type is written there; nil for anything else.
    static func typeChain(_ expression: ExprSyntax) -> String? {
        // `FeedSpecifier?.self`: an optional of the type.
        if let optional = expression.as(OptionalChainingExprSyntax.self) { return typeChain(optional.expression) }
        if let name = expression.as(DeclReferenceExprSyntax.self), looksLikeType(name.baseName.text) {
            return name.baseName.text
        }
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base,
            looksLikeType(member.declName.baseName.text),
            let chain = typeChain(base)
        {
            return chain + "." + member.declName.baseName.text
        }
        return nil
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        // `Item(…)`, `Feed.Item(…)`, `Box<Int>(…)`: an initialiser of the whole chain; the
        // names before its last part are static members, found on the member access.
        var called = node.calledExpression
        if let specialized = called.as(GenericSpecializationExprSyntax.self) { called = specialized.expression }
        // `GitRemote?(nil)`: an optional of the type, made.
        if let optional = called.as(OptionalChainingExprSyntax.self) { called = optional.expression }
        if let chain = Self.typeChain(called) { reference(chain, .initializer, at: called) }
        // `[Item]()`, `[Key: Task<Data, Error>]()`, `[(range: NSRange, styles: Set<Style>)]()`:
        // a collection of the types (or of tuples of them), made.
        for part in Self.collectionTypeParts(called) {
            let members = part.as(TupleExprSyntax.self).map { $0.elements.map(\.expression) } ?? [part]
            for member in members {
                var element = member
                if let specialized = element.as(GenericSpecializationExprSyntax.self) {
                    element = specialized.expression
                }
                if let chain = Self.typeChain(element) { reference(chain, .type, at: element) }
            }
        }
        return .visitChildren
    }

    /// The element (or key and value) of an array or dictionary type written as an
    /// expression: `[Item]`, `[Key: Value]`.
    static func collectionTypeParts(_ expression: ExprSyntax) -> [ExprSyntax] {
        if let array = expression.as(ArrayExprSyntax.self), array.elements.count == 1,
            let element = array.elements.first
        {
            return [element.expression]
        }
        if let dictionary = expression.as(DictionaryExprSyntax.self), case .elements(let elements) = dictionary.content,
            elements.count == 1,
            let element = elements.first
        {
            return [element.key, element.value]
        }
        return []
    }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        // `Store.shared`, `Item.init(…)`, `Router.Destination.home`: a capitalised base (or a
        // chain of them) names a type; each shorter chain is found on the inner member access.
        if let base = node.base, let chain = Self.typeChain(base) {
            reference(chain, node.declName.baseName.text == "init" ? .initializer : .staticMember, at: base)
        } else if let base = node.base {
            // `[Task].self`, `[Key: Value].self`: a collection type written as an expression.
            for part in Self.collectionTypeParts(base) {
                if let chain = Self.typeChain(part) { reference(chain, .type, at: part) }
            }
        }
        return .visitChildren
    }

    override func visit(_ node: SubscriptCallExprSyntax) -> SyntaxVisitorContinueKind {
        // `Settings[\.general]`: a static subscript of a type.
        if let chain = Self.typeChain(node.calledExpression) {
            reference(chain, .staticMember, at: node.calledExpression)
        }
        return .visitChildren
    }
}
