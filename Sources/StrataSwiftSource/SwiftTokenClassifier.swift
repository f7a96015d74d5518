@_spi(RawSyntax) import SwiftSyntax
import SwiftIDEUtils

/// swift-syntax's classification of every token and comment (`SyntaxProtocol.classifications`),
/// made the same way but without its cost: swift-syntax decides whether a node's child gets a
/// classification from its context by comparing the child's key path with fourteen others,
/// for every child of every node; this looks the child's place up in a table made once. A
/// test checks that both give the same ranges for every Swift file of Strata's own sources.
struct SwiftTokenClassifier {
    struct ClassifiedRange: Equatable {
        var kind: SyntaxClassification
        var start: Int
        var end: Int
    }

    private(set) var ranges: [ClassifiedRange] = []
    private let end: Int

    /// The classified ranges of `tree`, consecutive and covering its text, neighbours of
    /// the same kind joined, as swift-syntax gives them.
    static func classify(_ tree: some SyntaxProtocol) -> [ClassifiedRange] {
        var classifier = SwiftTokenClassifier(end: tree.endPosition.utf8Offset)
        let start = tree.position.utf8Offset
        withExtendedLifetime(tree) {
            _ = classifier.visit(Syntax(tree).raw, at: start, context: nil, rangeStart: start)
        }
        return classifier.ranges
    }

    private init(end: Int) {
        self.end = end
    }

    /// A classification a node gives its child, and whether it covers the child's whole
    /// text (an attribute's name) rather than only its identifiers.
    private typealias Context = (kind: SyntaxClassification, force: Bool)

    /// The children that get a classification from their place: by the parent's kind, the
    /// child's index in the parent's layout. These are swift-syntax's own (its
    /// `SyntaxClassification.classify(_:)`), found in each layout once.
    private static let contexts: [SyntaxKind: [Int: Context]] = {
        let entries: [(SyntaxKind, SyntaxProtocol.Type, AnyKeyPath, Context)] = [
            (.attribute, AttributeSyntax.self, \AttributeSyntax.attributeName, (.attribute, true)),
            (.platformVersionItem, PlatformVersionItemSyntax.self, \PlatformVersionItemSyntax.platformVersion, (.keyword, false)),
            (.platformVersion, PlatformVersionSyntax.self, \PlatformVersionSyntax.platform, (.keyword, false)),
            (.declModifier, DeclModifierSyntax.self, \DeclModifierSyntax.name, (.attribute, false)),
            (.ifConfigClause, IfConfigClauseSyntax.self, \IfConfigClauseSyntax.poundKeyword, (.ifConfigDirective, false)),
            (.ifConfigClause, IfConfigClauseSyntax.self, \IfConfigClauseSyntax.condition, (.ifConfigDirective, false)),
            (.ifConfigDecl, IfConfigDeclSyntax.self, \IfConfigDeclSyntax.poundEndif, (.ifConfigDirective, false)),
            (.memberType, MemberTypeSyntax.self, \MemberTypeSyntax.name, (.type, false)),
            (.operatorDecl, OperatorDeclSyntax.self, \OperatorDeclSyntax.name, (.operator, false)),
            (.precedenceGroupAssociativity, PrecedenceGroupAssociativitySyntax.self, \PrecedenceGroupAssociativitySyntax.associativityLabel, (.keyword, false)),
            (.precedenceGroupRelation, PrecedenceGroupRelationSyntax.self, \PrecedenceGroupRelationSyntax.higherThanOrLowerThanLabel, (.keyword, false)),
            (.identifierType, IdentifierTypeSyntax.self, \IdentifierTypeSyntax.name, (.type, false)),
            (.functionParameter, FunctionParameterSyntax.self, \FunctionParameterSyntax.firstName, (.argumentLabel, false)),
            (.labeledExpr, LabeledExprSyntax.self, \LabeledExprSyntax.label, (.argumentLabel, false)),
        ]
        var table: [SyntaxKind: [Int: Context]] = [:]
        for (kind, type, keyPath, context) in entries {
            guard case .layout(let layout) = type.structure, let index = layout.firstIndex(where: { $0 == keyPath }) else { continue }
            table[kind, default: [:]][index] = context
        }
        return table
    }()

    /// Whether `contexts` has an entry for `kind`: a switch, so that the nodes that give
    /// none (nearly all) are not hashed.
    private static func mayGiveContext(_ kind: SyntaxKind) -> Bool {
        switch kind {
        case .attribute, .platformVersionItem, .platformVersion, .declModifier, .ifConfigClause, .ifConfigDecl, .memberType,
             .operatorDecl, .precedenceGroupAssociativity, .precedenceGroupRelation, .identifierType, .functionParameter, .labeledExpr:
            return true
        default:
            return false
        }
    }

    private mutating func report(_ kind: SyntaxClassification, _ start: Int, _ end: Int) {
        if kind == .none, start == end { return }
        if let last = ranges.last, last.kind == kind, last.end == start {
            ranges[ranges.count - 1].end = end
            return
        }
        ranges.append(ClassifiedRange(kind: kind, start: start, end: end))
    }

    /// Reports trivia pieces from `offset`; returns the bytes they took.
    private mutating func trivia(_ pieces: [RawTriviaPiece], at offset: Int) -> Int {
        var length = 0
        for piece in pieces {
            let kind: SyntaxClassification = switch piece {
            case .lineComment: .lineComment
            case .blockComment: .blockComment
            case .docLineComment: .docLineComment
            case .docBlockComment: .docBlockComment
            default: .none
            }
            report(kind, offset + length, offset + length + piece.byteLength)
            length += piece.byteLength
        }
        return length
    }

    /// Visits `node` at `offset`; false when the walk has passed the end and stops.
    private mutating func visit(_ node: RawSyntax, at offset: Int, context: Context?, rangeStart: Int) -> Bool {
        guard offset < end else { return false }
        guard offset + node.byteLength > rangeStart, SyntaxTreeViewMode.sourceAccurate.shouldTraverse(node: node) else { return true }
        if let token = node.tokenView {
            var position = offset + trivia(token.leadingRawTriviaPieces, at: offset)
            let text = token.rawText
            report(Self.classification(of: token.rawKind, text: text, context: context), position, position + text.count)
            position += text.count
            _ = trivia(token.trailingRawTriviaPieces, at: position)
            return true
        }
        guard let layout = node.layoutView else { return true }
        let table = Self.mayGiveContext(node.kind) ? Self.contexts[node.kind] : nil
        var position = offset
        for (index, child) in layout.children.enumerated() {
            guard let child else { continue }
            let childContext = table?[index]
            if let childContext, childContext.force {
                if let pieces = child.leadingTriviaPieces { position += trivia(pieces, at: position) }
                let length = child.byteLength - child.leadingTriviaByteLength - child.trailingTriviaByteLength
                report(childContext.kind, position, position + length)
                position += length
                if let pieces = child.trailingTriviaPieces { position += trivia(pieces, at: position) }
                continue
            }
            guard visit(child, at: position, context: childContext ?? context, rangeStart: rangeStart) else { return false }
            position += child.byteLength
        }
        return true
    }

    private static func classification(of kind: RawTokenKind, text: SyntaxText, context: Context?) -> SyntaxClassification {
        if let context, kind == .identifier || context.force { return context.kind }
        if kind == .unknown, text.hasPrefix("\"") { return .stringLiteral }
        if kind == .identifier, text.hasPrefix("<#"), text.hasSuffix("#>") { return .editorPlaceholder }
        switch kind {
        case .atSign: return .attribute
        case .binaryOperator, .colonColon, .postfixOperator, .prefixOperator: return .operator
        case .dollarIdentifier: return .dollarIdentifier
        case .floatLiteral: return .floatLiteral
        case .identifier: return .identifier
        case .integerLiteral: return .integerLiteral
        case .keyword, .poundSourceLocation: return .keyword
        case .multilineStringQuote, .singleQuote, .stringQuote, .stringSegment: return .stringLiteral
        case .poundElse, .poundElseif, .poundEndif, .poundIf: return .ifConfigDirective
        case .regexLiteralPattern, .regexPoundDelimiter, .regexSlash: return .regexLiteral
        default: return .none
        }
    }
}
