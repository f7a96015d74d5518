import StrataCore
import StrataSwiftSource
import SwiftParser
import SwiftSyntax

/// Finds imports with swift-syntax's full parser. Slower than ``ImportScanner``; it is the
/// reference `make accuracy` and the tests hold the fast scanner to.
package struct SyntaxImportScanner: Sendable {
    package init() {}

    /// Nothing for text nested past what swift-syntax reads safely (see `SwiftNestingCheck`).
    package func imports(in text: String, path: String) -> [SwiftImport] {
        guard SwiftNestingCheck(limits: .source).check(text) == nil else { return [] }
        let tree = Parser.parse(source: text)
        guard SyntaxDepth.excess(in: tree, limit: ReadingLimits.sourceSyntaxDepth) == nil else { return [] }
        let collector = ImportCollector(path: path, converter: SourceLocationConverter(fileName: path, tree: tree))
        collector.walk(tree)
        return collector.found
    }
}

private final class ImportCollector: SyntaxVisitor {
    let path: String
    let converter: SourceLocationConverter
    var found: [SwiftImport] = []
    var conditions: [String] = []

    init(path: String, converter: SourceLocationConverter) {
        self.path = path
        self.converter = converter
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: IfConfigDeclSyntax) -> SyntaxVisitorContinueKind {
        var previous: [String] = []
        for clause in node.clauses {
            let current = clause.condition.map(Self.normalized) ?? ""
            let parts = previous.map { "!(\($0))" } + (current.isEmpty ? [] : [current])
            conditions.append(parts.joined(separator: " && "))
            if let elements = clause.elements { walk(elements) }
            conditions.removeLast()
            if !current.isEmpty { previous.append(current) }
        }
        return .skipChildren
    }

    static func normalized(_ condition: ExprSyntax) -> String {
        condition.trimmedDescription.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
            .joined(separator: " ")
    }

    override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
        let attributes = node.attributes.compactMap { element -> String? in
            guard case .attribute(let attribute) = element else { return nil }
            return attribute.trimmedDescription.filter { !$0.isWhitespace }
        }
        let access = node.modifiers.first.map(\.name.text)
        let components = node.path.map { $0.name.text.trimmingBackticks }
        let place = converter.location(for: node.positionAfterSkippingLeadingTrivia)
        found.append(
            SwiftImport(
                module: components.first ?? "", path: components, declarationKind: node.importKindSpecifier?.text,
                attributes: attributes, accessLevel: access, conditions: conditions.filter { !$0.isEmpty },
                location: SourceLocation(path: path, line: place.line, column: place.column)
            ))
        return .skipChildren
    }
}

extension String {
    fileprivate var trimmingBackticks: String {
        hasPrefix("`") && hasSuffix("`") && count >= 2 ? String(dropFirst().dropLast()) : self
    }
}
