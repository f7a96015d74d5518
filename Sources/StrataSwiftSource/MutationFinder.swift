import SwiftSyntax

/// Finds what a piece of code assigns or mutates (`x = …`, `x += …`, `a.b.append(…)`), so
/// a branch Strata cannot decide makes exactly those things unknown.
final class MutationFinder: SyntaxVisitor {
    private(set) var found: [ExprSyntax] = []

    static func targets(in node: Syntax) -> [ExprSyntax] {
        let finder = MutationFinder(viewMode: .sourceAccurate)
        finder.walk(node)
        return finder.found
    }

    override func visit(_ node: InfixOperatorExprSyntax) -> SyntaxVisitorContinueKind {
        if node.operator.is(AssignmentExprSyntax.self) {
            found.append(node.leftOperand)
        } else if let binary = node.operator.as(BinaryOperatorExprSyntax.self) {
            let text = binary.operator.text
            if text.hasSuffix("="), !["==", "!=", "<=", ">=", "===", "!=="].contains(text) {
                found.append(node.leftOperand)
            }
        }
        return .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let member = node.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
            ManifestInterpreter.mutatingMethods.contains(member.declName.baseName.text)
        {
            found.append(base)
        }
        return .visitChildren
    }
}
