import SwiftSyntax

/// A declaration as a reference page shows it: its tokens as written, without its body,
/// initial value, comments or access modifier, and without the attributes that say how it
/// is compiled rather than how it is used (`@inlinable`, `@available`, which the page shows
/// apart). Line breaks are kept, re-indented, so a long signature stays readable.
enum DeclarationText {
    /// Attributes DocC leaves out of a declaration.
    static let omittedAttributes: Set<String> = [
        "available", "inlinable", "usableFromInline", "inline", "_alwaysEmitIntoClient", "_spi", "_documentation",
        "frozen", "_disfavoredOverload", "_implements", "_specialize", "_effects", "_semantics", "_transparent",
        "backDeployed", "_backDeploy", "_originallyDefinedIn", "warn_unqualified_access", "_silgen_name", "_cdecl",
        "_optimize", "_unsafeInheritExecutor", "_spi_available", "_hasMissingDesignatedInitializers",
        "_marker", "_objcRuntimeName", "_nonSendable", "_staticInitializeObjCMetadata", "_fixed_layout"
    ]
    static let accessKeywords: Set<String> = ["public", "open", "package", "internal", "fileprivate", "private"]

    /// The tokens of `node` before `stop` (its body), as written, without those of
    /// `leavingOut` (a type's inheritance clause, which DocC shows apart).
    static func text(
        of node: some SyntaxProtocol, upTo stop: (any SyntaxProtocol)?, leavingOut: (any SyntaxProtocol)? = nil
    ) -> String {
        let end = stop.map { $0.positionAfterSkippingLeadingTrivia } ?? node.endPositionBeforeTrailingTrivia
        let left = leavingOut.map { $0.positionAfterSkippingLeadingTrivia..<$0.endPositionBeforeTrailingTrivia }
        var tokens: [TokenSyntax] = []
        var dropped: Set<Int> = []
        for token in node.tokens(viewMode: .sourceAccurate) {
            guard token.positionAfterSkippingLeadingTrivia < end else { break }
            if let left, left.contains(token.positionAfterSkippingLeadingTrivia) { dropped.insert(tokens.count) }
            tokens.append(token)
        }
        return join(tokens, dropping: dropped)
    }

    static func text(of attribute: AttributeSyntax) -> String {
        join(Array(attribute.tokens(viewMode: .sourceAccurate)), keepAll: true)
    }

    /// One binding of a `var`/`let` (`var a: Int, b: Int` declares two), as DocC shows it:
    /// its attributes, modifiers and keyword, its name and type (a simple initial value's
    /// type when none is written), and for a `var` whether it can be set, `{ get }` or
    /// `{ get set }` (a protocol's requirement keeps its accessors as written).
    static func text(of node: VariableDeclSyntax, binding: PatternBindingSyntax, inProtocol: Bool) -> String {
        var tokens = Array(node.attributes.tokens(viewMode: .sourceAccurate))
        tokens += node.modifiers.tokens(viewMode: .sourceAccurate)
        tokens.append(node.bindingSpecifier)
        tokens += binding.pattern.tokens(viewMode: .sourceAccurate)
        if let annotation = binding.typeAnnotation { tokens += annotation.tokens(viewMode: .sourceAccurate) }
        var text = join(tokens)
        if binding.typeAnnotation == nil, let type = binding.initializer.flatMap({ inferredType($0.value) }) {
            text += ": " + type
        }
        guard node.bindingSpecifier.tokenKind == .keyword(.var) else { return text }
        if inProtocol, let accessors = binding.accessorBlock {
            return text + " " + join(Array(accessors.tokens(viewMode: .sourceAccurate)))
        }
        // A stored property (observers aside) shows no accessors; a computed one says
        // whether it can be set.
        guard let accessors = binding.accessorBlock, !isObserved(accessors) else { return text }
        return text + (setsValue(accessors) ? " { get set }" : " { get }")
    }

    /// The type of an initial value when it says it plainly: a literal, or a call of a
    /// type's initialiser (`Logger.Metadata()`).
    static func inferredType(_ value: ExprSyntax) -> String? {
        if value.is(StringLiteralExprSyntax.self) { return "String" }
        if value.is(IntegerLiteralExprSyntax.self) { return "Int" }
        if value.is(FloatLiteralExprSyntax.self) { return "Double" }
        if value.is(BooleanLiteralExprSyntax.self) { return "Bool" }
        if let call = value.as(FunctionCallExprSyntax.self) {
            let called = call.calledExpression.trimmedDescription
            let last = called.split(separator: ".").last.map(String.init) ?? called
            if let first = last.first, first.isUppercase, !called.contains("("), !called.contains(" ") { return called }
        }
        return nil
    }

    static func text(ofCase element: EnumCaseElementSyntax) -> String {
        var tokens = Array(element.name.tokens(viewMode: .sourceAccurate))
        if let parameters = element.parameterClause { tokens += parameters.tokens(viewMode: .sourceAccurate) }
        return "case " + join(tokens)
    }

    /// A subscript as DocC shows it: its signature, then `{ get }` or `{ get set }`.
    static func text(of node: SubscriptDeclSyntax, inProtocol: Bool) -> String {
        let text = Self.text(of: node, upTo: node.accessorBlock)
        if inProtocol, let accessors = node.accessorBlock {
            return text + " " + join(Array(accessors.tokens(viewMode: .sourceAccurate)))
        }
        return text + (node.accessorBlock.map(setsValue) == true ? " { get set }" : " { get }")
    }

    /// Whether a stored property's accessors are only observers (`willSet`, `didSet`).
    static func isObserved(_ block: AccessorBlockSyntax) -> Bool {
        guard case .accessors(let list) = block.accessors, !list.isEmpty else { return false }
        return list.allSatisfy {
            [.keyword(.willSet), .keyword(.didSet)].contains($0.accessorSpecifier.tokenKind)
        }
    }

    /// Whether a property's accessors let it be set (`set`, or `willSet`/`didSet` observers
    /// of a stored property).
    static func setsValue(_ block: AccessorBlockSyntax) -> Bool {
        guard case .accessors(let list) = block.accessors else { return false }
        return list.contains {
            [.keyword(.set), .keyword(.willSet), .keyword(.didSet), .keyword(._modify)]
                .contains($0.accessorSpecifier.tokenKind)
        }
    }

    /// The tokens as one text, leaving out the attributes and modifiers DocC leaves out and
    /// the tokens at `dropping`: white space between two tokens kept (through any left out)
    /// as one space, a line break kept with its indentation less the first line's.
    static func join(_ tokens: [TokenSyntax], keepAll: Bool = false, dropping: Set<Int> = []) -> String {
        var keep = [Bool](repeating: true, count: tokens.count)
        for index in dropping where index < keep.count { keep[index] = false }
        if !keepAll { markOmitted(tokens, in: &keep) }
        let baseIndent = tokens.first.map(firstIndent) ?? 0
        var text = ""
        var gap: [TriviaPiece] = []
        var started = false
        for (index, token) in tokens.enumerated() {
            guard keep[index] else {
                gap += token.leadingTrivia.pieces + token.trailingTrivia.pieces
                continue
            }
            gap += token.leadingTrivia.pieces
            if started {
                if let indent = indentAfterLastNewline(gap) {
                    text += "\n" + String(repeating: " ", count: max(0, indent - baseIndent))
                } else if gap.contains(where: { !$0.isNewline }) {
                    text += " "
                }
            }
            started = true
            text += token.text
            gap = Array(token.trailingTrivia.pieces)
        }
        return text
    }

    /// Marks the tokens of omitted attributes (with their arguments) and of access modifiers
    /// (with `(set)`) as not kept.
    static func markOmitted(_ tokens: [TokenSyntax], in keep: inout [Bool]) {
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            let isOmittedAttribute =
                token.tokenKind == .atSign && index + 1 < tokens.count
                && omittedAttributes.contains(tokens[index + 1].text) && token.parent?.is(AttributeSyntax.self) == true
            let isAccess = accessKeywords.contains(token.text) && token.parent?.is(DeclModifierSyntax.self) == true
            guard isOmittedAttribute || isAccess, let owner = token.parent else {
                index += 1
                continue
            }
            // Everything up to the end of the attribute or modifier goes.
            let end = owner.endPositionBeforeTrailingTrivia
            while index < tokens.count, tokens[index].positionAfterSkippingLeadingTrivia < end {
                keep[index] = false
                index += 1
            }
        }
    }

    /// The indentation after the last line break among trivia, or nil when there is none.
    static func indentAfterLastNewline(_ pieces: [TriviaPiece]) -> Int? {
        var indent: Int? = nil
        for piece in pieces {
            switch piece {
            case .newlines, .carriageReturns, .carriageReturnLineFeeds: indent = 0
            case .spaces(let count): indent = indent.map { $0 + count }
            case .tabs(let count): indent = indent.map { $0 + 4 * count }
            case .lineComment, .docLineComment, .blockComment, .docBlockComment: indent = indent.map { _ in 0 }
            default: break
            }
        }
        return indent
    }

    /// The indentation of the line a token starts.
    static func firstIndent(_ token: TokenSyntax) -> Int {
        indentAfterLastNewline(Array(token.leadingTrivia.pieces)) ?? 0
    }
}
