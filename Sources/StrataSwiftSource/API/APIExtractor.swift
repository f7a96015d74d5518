import StrataCore
import SwiftParser
import SwiftSyntax

/// Reads a Swift file with swift-syntax for its API: every declaration a page of reference
/// documentation could show (types, members, global functions and variables, operators,
/// macros), with its doc comment as DocC reads it and its declaration as written. Every
/// access level is kept; which symbols are documented is decided for the whole module
/// (`ModuleAPI`), since a member's type may be declared in another file.
///
/// Every branch of an `#if` is read, as no build configuration is chosen; the module
/// keeps the first of two declarations that say the same.
package struct APIExtractor: Sendable {
    package init() {}

    package func api(in text: String, path: String) -> APIFile {
        // swift-syntax recurses per level of nesting: the stack a Linux thread has (`DeepStack`).
        DeepStack.run { apiOnThisThread(in: text, path: path) }
    }

    private func apiOnThisThread(in text: String, path: String) -> APIFile {
        let consequence = "Strata reads no API from this file"
        if let excess = SwiftNestingCheck(limits: .source).check(text) {
            return APIFile(diagnostics: [excess.diagnostic(path: path, consequence)])
        }
        let tree = Parser.parse(source: text)
        if let tooDeep = SyntaxDepth.diagnostic(
            for: tree, text: text, limit: ReadingLimits.sourceSyntaxDepth, path: path, consequence: consequence
        ) {
            return APIFile(diagnostics: [tooDeep])
        }
        let collector = APICollector(path: path, converter: SourceLocationConverter(fileName: path, tree: tree))
        collector.walk(tree)
        return APIFile(symbols: collector.symbols, extensions: collector.extensions)
    }
}

private final class APICollector: SyntaxVisitor {
    /// Where the walk is: a type or an extension, and what its members take by default.
    struct Context {
        var path: [String]
        /// The access of members written without a modifier: internal in a type, the
        /// extension's own in an extension, the protocol's for its requirements.
        var memberAccess: APISymbol.Access
        /// An enum's cases take the enum's access.
        var caseAccess: APISymbol.Access
        var isProtocol = false
        var extensionLocation: SourceLocation?
        var extensionConstraints: String?
    }

    let path: String
    let converter: SourceLocationConverter
    var symbols: [APISymbol] = []
    var extensions: [APIExtension] = []
    var contexts: [Context] = []

    init(path: String, converter: SourceLocationConverter) {
        self.path = path
        self.converter = converter
        super.init(viewMode: .sourceAccurate)
    }

    func location(_ node: some SyntaxProtocol) -> SourceLocation {
        let place = node.startLocation(converter: converter)
        return SourceLocation(path: path, line: place.line, column: place.column)
    }

    // MARK: Recording

    func record(
        _ kind: APISymbol.Kind, name: String, node: some DeclSyntaxProtocol, attributes: AttributeListSyntax,
        modifiers: DeclModifierListSyntax, declaration: String, at place: some SyntaxProtocol,
        inherits: [String] = [], isCase: Bool = false
    ) {
        let context = contexts.last
        let explicit = Self.access(modifiers)
        let access = explicit ?? (isCase ? context?.caseAccess : context?.memberAccess) ?? .internal
        let availability = attributes.compactMap { element -> String? in
            guard case .attribute(let attribute) = element,
                attribute.attributeName.trimmedDescription == "available"
            else { return nil }
            return DeclarationText.text(of: attribute)
        }
        symbols.append(
            APISymbol(
                kind: kind, name: name, parent: context?.path ?? [], declaration: declaration,
                docComment: DocCommentReader(converter: converter, path: path).comment(before: node),
                location: location(place), access: access, availability: availability, inherits: inherits,
                extensionLocation: context?.extensionLocation, extensionConstraints: context?.extensionConstraints,
                isHidden: name.hasPrefix("_") || Self.hasUnderscoredParameter(node) || Self.isHidden(attributes)))
    }

    static func access(_ modifiers: DeclModifierListSyntax) -> APISymbol.Access? {
        // `private(set)` says who sets a property, not who sees it.
        for modifier in modifiers where modifier.detail == nil {
            if let access = APISymbol.Access(keyword: modifier.name.text) { return access }
        }
        return nil
    }

    /// `@_spi`, `@_documentation(visibility: internal)` and `@available(*, unavailable)`:
    /// public symbols DocC leaves out.
    static func isHidden(_ attributes: AttributeListSyntax) -> Bool {
        attributes.contains { element in
            guard case .attribute(let attribute) = element else { return false }
            let name = attribute.attributeName.trimmedDescription
            let arguments = attribute.arguments?.trimmedDescription ?? ""
            switch name {
            case "_spi": return true
            case "_documentation":
                return ["internal", "private", "fileprivate"].contains { arguments.contains("visibility: \($0)") }
            case "available":
                let parts = arguments.split(separator: ",").map { $0.trimmingWhitespace }
                return parts.first == "*" && parts.contains("unavailable")
            default: return false
            }
        }
    }

    /// `init(commandName _commandName: String?)`, `init(_deprecatedPath path: String)`: a
    /// parameter or an argument label with a leading underscore makes a symbol an
    /// implementation detail, as a name does (DocC's rule).
    static func hasUnderscoredParameter(_ node: some DeclSyntaxProtocol) -> Bool {
        let clause =
            node.as(FunctionDeclSyntax.self)?.signature.parameterClause
            ?? node.as(InitializerDeclSyntax.self)?.signature.parameterClause
            ?? node.as(SubscriptDeclSyntax.self)?.parameterClause
            ?? node.as(MacroDeclSyntax.self)?.signature.parameterClause
        return clause?.parameters.contains { parameter in
            [parameter.firstName.text, parameter.secondName?.text ?? ""].contains { $0.hasPrefix("_") && $0 != "_" }
        } ?? false
    }

    static func isStatic(_ modifiers: DeclModifierListSyntax) -> Bool {
        modifiers.contains { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }
    }

    func inherits(_ clause: InheritanceClauseSyntax?) -> [String] {
        clause?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
    }

    // MARK: Types

    func enter(
        _ kind: APISymbol.Kind, _ name: TokenSyntax, node: some DeclSyntaxProtocol, attributes: AttributeListSyntax,
        modifiers: DeclModifierListSyntax, inheritance: InheritanceClauseSyntax?, body: MemberBlockSyntax
    ) -> SyntaxVisitorContinueKind {
        // DocC shows a type's conformances apart from its declaration.
        record(
            kind, name: name.text, node: node, attributes: attributes, modifiers: modifiers,
            declaration: DeclarationText.text(of: node, upTo: body, leavingOut: inheritance), at: name,
            inherits: inherits(inheritance))
        let access = symbols.last?.access ?? .internal
        contexts.append(
            Context(
                path: (contexts.last?.path ?? []) + [name.text],
                memberAccess: kind == .protocol ? access : .internal, caseAccess: access, isProtocol: kind == .protocol)
        )
        return .visitChildren
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(
            .struct, node.name, node: node, attributes: node.attributes, modifiers: node.modifiers,
            inheritance: node.inheritanceClause, body: node.memberBlock)
    }

    override func visitPost(_ node: StructDeclSyntax) { contexts.removeLast() }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(
            .class, node.name, node: node, attributes: node.attributes, modifiers: node.modifiers,
            inheritance: node.inheritanceClause, body: node.memberBlock)
    }

    override func visitPost(_ node: ClassDeclSyntax) { contexts.removeLast() }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(
            .enum, node.name, node: node, attributes: node.attributes, modifiers: node.modifiers,
            inheritance: node.inheritanceClause, body: node.memberBlock)
    }

    override func visitPost(_ node: EnumDeclSyntax) { contexts.removeLast() }

    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(
            .actor, node.name, node: node, attributes: node.attributes, modifiers: node.modifiers,
            inheritance: node.inheritanceClause, body: node.memberBlock)
    }

    override func visitPost(_ node: ActorDeclSyntax) { contexts.removeLast() }

    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(
            .protocol, node.name, node: node, attributes: node.attributes, modifiers: node.modifiers,
            inheritance: node.inheritanceClause, body: node.memberBlock)
    }

    override func visitPost(_ node: ProtocolDeclSyntax) { contexts.removeLast() }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        let extended = Self.typePath(node.extendedType)
        let place = location(node.extensionKeyword)
        let conformances = inherits(node.inheritanceClause)
        let whereClause = node.genericWhereClause?.trimmedDescription
        let access = Self.access(node.modifiers)
        extensions.append(
            APIExtension(
                extendedType: extended, conformances: conformances, whereClause: whereClause, location: place,
                access: access))
        var constraints: [String] = []
        if !conformances.isEmpty { constraints.append(conformances.joined(separator: ", ")) }
        if let whereClause { constraints.append(whereClause) }
        contexts.append(
            Context(
                path: extended, memberAccess: access ?? .internal, caseAccess: access ?? .internal,
                extensionLocation: place,
                extensionConstraints: whereClause))
        return .visitChildren
    }

    override func visitPost(_ node: ExtensionDeclSyntax) { contexts.removeLast() }

    /// `Feed.Item` → `["Feed", "Item"]`; generic arguments, `?` and attributes dropped.
    static func typePath(_ type: TypeSyntax) -> [String] {
        if let member = type.as(MemberTypeSyntax.self) {
            return typePath(member.baseType) + [member.name.text]
        }
        if let identifier = type.as(IdentifierTypeSyntax.self) { return [identifier.name.text] }
        if let attributed = type.as(AttributedTypeSyntax.self) { return typePath(attributed.baseType) }
        return [type.trimmedDescription]
    }

    // MARK: Members and globals

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        let name = node.name.text.trimmingCharacters(of: ["`"])
        let isOperator: Bool
        switch node.name.tokenKind {
        case .binaryOperator, .prefixOperator, .postfixOperator: isOperator = true
        default: isOperator = false
        }
        let kind: APISymbol.Kind =
            isOperator
            ? .operator : contexts.isEmpty ? .function : Self.isStatic(node.modifiers) ? .typeMethod : .method
        // An operator's parameters have no argument labels: `==(_:_:)`.
        let labels =
            isOperator
            ? "(" + String(repeating: "_:", count: node.signature.parameterClause.parameters.count) + ")"
            : Self.labels(node.signature.parameterClause.parameters)
        record(
            kind, name: name + labels, node: node, attributes: node.attributes, modifiers: node.modifiers,
            declaration: DeclarationText.text(of: node, upTo: node.body), at: node.name)
        return .skipChildren
    }

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        // DocC names `init?(rawValue:)` `init(rawValue:)`; its declaration keeps the mark.
        let name = "init" + Self.labels(node.signature.parameterClause.parameters)
        record(
            .initializer, name: name, node: node, attributes: node.attributes, modifiers: node.modifiers,
            declaration: DeclarationText.text(of: node, upTo: node.body), at: node.initKeyword)
        return .skipChildren
    }

    override func visit(_ node: SubscriptDeclSyntax) -> SyntaxVisitorContinueKind {
        // A subscript's parameters have no argument label unless they name two.
        let labels = node.parameterClause.parameters.map { parameter in
            parameter.secondName == nil ? "_:" : parameter.firstName.text + ":"
        }
        record(
            Self.isStatic(node.modifiers) ? .typeSubscript : .subscript,
            name: "subscript(" + labels.joined() + ")", node: node, attributes: node.attributes,
            modifiers: node.modifiers,
            declaration: DeclarationText.text(of: node, inProtocol: contexts.last?.isProtocol == true),
            at: node.subscriptKeyword)
        return .skipChildren
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        let kind: APISymbol.Kind =
            contexts.isEmpty ? .variable : Self.isStatic(node.modifiers) ? .typeProperty : .property
        let isProtocol = contexts.last?.isProtocol == true
        for binding in node.bindings {
            guard let identifier = binding.pattern.as(IdentifierPatternSyntax.self) else { continue }
            let declaration = DeclarationText.text(of: node, binding: binding, inProtocol: isProtocol)
            record(
                kind, name: identifier.identifier.text.trimmingCharacters(of: ["`"]), node: node,
                attributes: node.attributes,
                modifiers: node.modifiers, declaration: declaration, at: identifier)
        }
        return .skipChildren
    }

    override func visit(_ node: EnumCaseDeclSyntax) -> SyntaxVisitorContinueKind {
        for element in node.elements {
            var name = element.name.text.trimmingCharacters(of: ["`"])
            if let parameters = element.parameterClause?.parameters {
                name += "(" + parameters.map { ($0.firstName?.text ?? "_") + ":" }.joined() + ")"
            }
            record(
                .case, name: name, node: node, attributes: node.attributes, modifiers: node.modifiers,
                declaration: DeclarationText.text(ofCase: element), at: element.name, isCase: true)
        }
        return .skipChildren
    }

    override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
        record(
            .typealias, name: node.name.text, node: node, attributes: node.attributes, modifiers: node.modifiers,
            declaration: DeclarationText.text(of: node, upTo: nil), at: node.name,
            inherits: [node.initializer.value.trimmedDescription])
        return .skipChildren
    }

    override func visit(_ node: AssociatedTypeDeclSyntax) -> SyntaxVisitorContinueKind {
        record(
            .associatedType, name: node.name.text, node: node, attributes: node.attributes,
            modifiers: node.modifiers, declaration: DeclarationText.text(of: node, upTo: nil), at: node.name,
            inherits: inherits(node.inheritanceClause))
        return .skipChildren
    }

    override func visit(_ node: MacroDeclSyntax) -> SyntaxVisitorContinueKind {
        record(
            .macro, name: node.name.text + Self.labels(node.signature.parameterClause.parameters), node: node,
            attributes: node.attributes, modifiers: node.modifiers,
            declaration: DeclarationText.text(of: node, upTo: node.definition), at: node.name)
        return .skipChildren
    }

    /// Statements' blocks (a function's body, a top-level `if`) declare nothing public.
    override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: DeinitializerDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    /// `(_:with:)`: each parameter's argument label, `_` when it has none.
    static func labels(_ parameters: FunctionParameterListSyntax) -> String {
        "(" + parameters.map { $0.firstName.text.trimmingCharacters(of: ["`"]) + ":" }.joined() + ")"
    }
}
