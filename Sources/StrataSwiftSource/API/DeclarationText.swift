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
        "_marker", "_objcRuntimeName", "_nonSendable", "_staticInitializeObjCMetadata", "_fixed_layout",
    ]
    static let accessKeywords: Set<String> = ["public", "open", "package", "internal", "fileprivate", "private"]

    /// The tokens of `node` before `stop` (its body), as written.
    static func text(of node: some SyntaxProtocol, upTo stop: (any SyntaxProtocol)?) -> String {
        let end = stop.map { $0.positionAfterSkippingLeadingTrivia } ?? node.endPositionBeforeTrailingTrivia
        var tokens: [TokenSyntax] = []
        for token in node.tokens(viewMode: .sourceAccurate) {
            guard token.positionAfterSkippingLeadingTrivia < end else { break }
            tokens.append(token)
        }
        return join(tokens)
    }

    static func text(of attribute: AttributeSyntax) -> String {
        join(Array(attribute.tokens(viewMode: .sourceAccurate)), keepAll: true)
    }

    /// One binding of a `var`/`let` (`var a: Int, b: Int` declares two): its attributes,
    /// modifiers and keyword, then its name and type, and `{ get }` or `{ get set }` for a
    /// computed property (a protocol's requirement keeps its accessors as written).
    static func text(of node: VariableDeclSyntax, binding: PatternBindingSyntax, inProtocol: Bool) -> String {
        var tokens = Array(node.attributes.tokens(viewMode: .sourceAccurate))
        tokens += node.modifiers.tokens(viewMode: .sourceAccurate)
        tokens.append(node.bindingSpecifier)
        tokens += binding.pattern.tokens(viewMode: .sourceAccurate)
        if let annotation = binding.typeAnnotation { tokens += annotation.tokens(viewMode: .sourceAccurate) }
        var text = join(tokens)
        if let accessors = binding.accessorBlock {
            if inProtocol {
                text += " " + join(Array(accessors.tokens(viewMode: .sourceAccurate)))
            } else {
                text += Self.setsValue(accessors) ? " { get set }" : " { get }"
            }
        }
        return text
    }

    static func text(ofCase element: EnumCaseElementSyntax) -> String {
        var tokens = Array(element.name.tokens(viewMode: .sourceAccurate))
        if let parameters = element.parameterClause { tokens += parameters.tokens(viewMode: .sourceAccurate) }
        return "case " + join(tokens)
    }

    /// Whether a property's accessors let it be set (`set`, or `willSet`/`didSet` observers).
    static func setsValue(_ block: AccessorBlockSyntax) -> Bool {
        guard case .accessors(let list) = block.accessors else { return false }
        return list.contains {
            [.keyword(.set), .keyword(.willSet), .keyword(.didSet), .keyword(._modify)]
                .contains($0.accessorSpecifier.tokenKind)
        }
    }

    /// The tokens as one text: white space between them kept as one space, a line break
    /// kept with its indentation less the first line's.
    static func join(_ tokens: [TokenSyntax], keepAll: Bool = false) -> String {
        var kept: [TokenSyntax] = []
        var skippingAttribute = false
        var depth = 0
        for (index, token) in tokens.enumerated() {
            if !keepAll {
                if skippingAttribute {
                    if token.tokenKind == .leftParen { depth += 1 }
                    if token.tokenKind == .rightParen { depth -= 1 }
                    let next = index + 1 < tokens.count ? tokens[index + 1] : nil
                    if depth == 0, next?.tokenKind != .leftParen || token.tokenKind == .rightParen {
                        skippingAttribute = false
                    }
                    continue
                }
                if token.tokenKind == .atSign, index + 1 < tokens.count,
                    omittedAttributes.contains(tokens[index + 1].text),
                    token.parent?.is(AttributeSyntax.self) == true
                {
                    skippingAttribute = true
                    depth = 0
                    continue
                }
                if accessKeywords.contains(token.text), token.parent?.is(DeclModifierSyntax.self) == true {
                    // `private(set)` and its parenthesis go with it.
                    if index + 1 < tokens.count, tokens[index + 1].tokenKind == .leftParen {
                        skippingAttribute = true
                        depth = 0
                    }
                    continue
                }
            }
            kept.append(token)
        }
        var text = ""
        var baseIndent: Int? = nil
        for (index, token) in kept.enumerated() {
            if index > 0 {
                let between = kept[index - 1].trailingTrivia.pieces + token.leadingTrivia.pieces
                if let indent = Self.indentAfterLastNewline(between) {
                    if baseIndent == nil { baseIndent = Self.firstIndent(kept[0]) }
                    text += "\n" + String(repeating: " ", count: max(0, indent - (baseIndent ?? 0)))
                } else if between.contains(where: { !$0.isNewline }) {
                    text += " "
                }
            }
            text += token.text
        }
        return text
    }

    /// The indentation after the last line break among trivia, or nil when there is none.
    static func indentAfterLastNewline(_ pieces: [TriviaPiece]) -> Int? {
        var indent: Int? = nil
        for piece in pieces {
            switch piece {
            case .newlines, .carriageReturns, .carriageReturnLineFeeds: indent = 0
            case .spaces(let count): indent = indent.map { $0 + count }
            case .tabs(let count): indent = indent.map { $0 + 4 * count }
            case .lineComment, .docLineComment: indent = indent.map { _ in 0 }
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
