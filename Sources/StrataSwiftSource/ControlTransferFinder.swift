import SwiftSyntax

/// Whether a piece of code may leave the construct around it: a `return` or `throw` leaves
/// the function, a `break` or `continue` the loop. A branch Strata cannot decide that holds
/// one makes what follows it uncertain, not only what it assigns. Closures and nested
/// functions return from themselves; a loop's own `break` and `continue` (and a switch's
/// `break`) stay inside it.
final class ControlTransferFinder: SyntaxVisitor {
    private(set) var leavesFunction = false
    private(set) var leavesLoop = false
    private var loops = 0
    private var switches = 0

    static func find(in node: Syntax) -> (leavesFunction: Bool, leavesLoop: Bool) {
        let finder = ControlTransferFinder(viewMode: .sourceAccurate)
        finder.walk(node)
        return (finder.leavesFunction, finder.leavesLoop)
    }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    override func visit(_ node: ReturnStmtSyntax) -> SyntaxVisitorContinueKind {
        leavesFunction = true
        return .skipChildren
    }

    override func visit(_ node: ThrowStmtSyntax) -> SyntaxVisitorContinueKind {
        leavesFunction = true
        return .skipChildren
    }

    override func visit(_ node: BreakStmtSyntax) -> SyntaxVisitorContinueKind {
        // A labelled `break` may leave any loop around it.
        if node.label != nil || loops == 0 && switches == 0 { leavesLoop = true }
        return .skipChildren
    }

    override func visit(_ node: ContinueStmtSyntax) -> SyntaxVisitorContinueKind {
        if node.label != nil || loops == 0 { leavesLoop = true }
        return .skipChildren
    }

    override func visit(_ node: ForStmtSyntax) -> SyntaxVisitorContinueKind {
        loops += 1
        return .visitChildren
    }

    override func visitPost(_ node: ForStmtSyntax) { loops -= 1 }

    override func visit(_ node: WhileStmtSyntax) -> SyntaxVisitorContinueKind {
        loops += 1
        return .visitChildren
    }

    override func visitPost(_ node: WhileStmtSyntax) { loops -= 1 }

    override func visit(_ node: RepeatStmtSyntax) -> SyntaxVisitorContinueKind {
        loops += 1
        return .visitChildren
    }

    override func visitPost(_ node: RepeatStmtSyntax) { loops -= 1 }

    override func visit(_ node: SwitchExprSyntax) -> SyntaxVisitorContinueKind {
        switches += 1
        return .visitChildren
    }

    override func visitPost(_ node: SwitchExprSyntax) { switches -= 1 }
}
