import SwiftSyntax

/// Whether a piece of code may leave the construct around it: a `return` or `throw` leaves
/// the function, a `break` or `continue` the loop. A branch Strata cannot decide that holds
/// one makes what follows it uncertain, not only what it assigns. Closures and nested
/// functions return from themselves; a loop's own `break` and `continue` (and a switch's
/// `break`) stay inside it.
final class ControlTransferFinder: SyntaxAnyVisitor {
    private(set) var leavesFunction = false
    private(set) var leavesLoop = false
    private var loops = 0
    private var switches = 0

    static func find(in node: Syntax) -> (leavesFunction: Bool, leavesLoop: Bool) {
        let finder = ControlTransferFinder(viewMode: .sourceAccurate)
        finder.walk(node)
        return (finder.leavesFunction, finder.leavesLoop)
    }

    override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
        switch node.kind {
        case .closureExpr, .functionDecl, .accessorBlock:
            return .skipChildren
        case .returnStmt, .throwStmt:
            leavesFunction = true
        case .breakStmt:
            // A labelled `break` may leave any loop around it.
            if node.as(BreakStmtSyntax.self)?.label != nil || loops == 0 && switches == 0 { leavesLoop = true }
        case .continueStmt:
            if node.as(ContinueStmtSyntax.self)?.label != nil || loops == 0 { leavesLoop = true }
        case .forStmt, .whileStmt, .repeatStmt:
            loops += 1
        case .switchExpr:
            switches += 1
        default:
            break
        }
        return .visitChildren
    }

    override func visitAnyPost(_ node: Syntax) {
        switch node.kind {
        case .forStmt, .whileStmt, .repeatStmt: loops -= 1
        case .switchExpr: switches -= 1
        default: break
        }
    }
}
