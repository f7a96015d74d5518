import StrataCore
import SwiftSyntax

/// Evaluates the part of Swift that manifests are written in: constants, arrays, string
/// interpolation, `+`, helper functions and computed variables, `extension … { static … }`
/// shortcuts, `map`/`filter` closures, `if`/`guard`/`for`, `#if` and mutations such as
/// `package.targets.append(…)`. It never compiles or runs the manifest. What it cannot
/// evaluate becomes an unknown value carrying its reason; when a branch or loop cannot be
/// decided, everything it could change becomes unknown too, so an undecidable manifest is
/// reported, never read as a partial graph.
final class ManifestInterpreter {
    enum Flow {
        case normal
        case returned(ManifestValue)
        case breakLoop
        case continueLoop
        /// A construct Strata cannot decide may have left the body here: what follows may
        /// or may not run, and, when it may have left the function, the function's result is
        /// unknown.
        case uncertain(Unresolved, leavesFunction: Bool)
    }

    let path: String
    let converter: SourceLocationConverter
    let conditions: CompilationConditions
    let environment: [String: String]
    let packageDirectory: String
    let sections: ManifestSections
    let globals = ManifestScope(parent: nil)
    var functions: [String: [FunctionDeclSyntax]] = [:]
    var computed: [String: Syntax] = [:]
    var statics: [String: [DeclSyntax]] = [:]
    /// Structs and classes the manifest or its helpers declare: a call of one makes an
    /// object whose properties are its arguments (`Module(name: "Home", path: "Home")`).
    var userTypes: [String: MemberBlockItemListSyntax] = [:]
    /// The static helpers being run, innermost last.
    var running: [SyntaxIdentifier] = []
    /// Mutations of graph-relevant properties on values the interpreter could not identify.
    var lostMutations: [Unresolved] = []
    /// The outermost call of a helper function being evaluated: objects created inside a
    /// helper are reported at the line that calls it.
    var callSite: Syntax?
    /// Helpers and closures called inside one another.
    var callDepth = LimitCounter(ReadingLimits.manifestHelperDepth)
    /// Expressions evaluated inside one another: each is a frame of recursion.
    var depth = LimitCounter(ReadingLimits.manifestEvaluationDepth)
    /// The budget of the whole evaluation: steps, and bytes of every value built.
    var steps = LimitCounter(ReadingLimits.manifestSteps)
    var bytes = LimitCounter(ReadingLimits.manifestValueBytes)
    /// The largest text and list a manifest may build: a string doubled 40 times took
    /// gigabytes in seconds. A manifest past them is refused, not read in part.
    static var maximumTextBytes: Int { ReadingLimits.manifestTextBytes.maximum }
    static var maximumElements: Int { ReadingLimits.manifestElements.maximum }
    /// The first limit passed, as its located error: the manifest is refused, and the
    /// evaluation stops as soon as it can.
    var excess: Diagnostic?
    /// Declarations Swift itself rejects (`let let package = …`), at their place.
    var invalid: [Diagnostic] = []
    /// Capitalised calls that make a description object (`Package(…)`, Tuist's `Project(…)`),
    /// as `.target(…)` does; any other is a call Strata cannot resolve.
    var objectTypes: Set<String> = ["Package"]
    /// Other files whose declarations the manifest sees (Tuist's `ProjectDescriptionHelpers`),
    /// each with its own positions.
    var helperFiles: [(root: SyntaxIdentifier, converter: SourceLocationConverter, path: String)] = []

    init(
        path: String, tree: SourceFileSyntax, hasMarks: Bool = true, conditions: CompilationConditions,
        environment: [String: String], packageDirectory: String
    ) {
        self.path = path
        self.converter = SourceLocationConverter(fileName: path, tree: tree)
        self.conditions = conditions
        self.environment = environment
        self.packageDirectory = packageDirectory
        self.sections = ManifestSections(tree: tree, scan: hasMarks)
    }

    func location(of node: some SyntaxProtocol) -> SourceLocation {
        if !helperFiles.isEmpty {
            let root = Syntax(node).root.id
            if let helper = helperFiles.first(where: { $0.root == root }) {
                let place = helper.converter.location(for: node.positionAfterSkippingLeadingTrivia)
                return SourceLocation(path: helper.path, line: place.line, column: place.column)
            }
        }
        let place = converter.location(for: node.positionAfterSkippingLeadingTrivia)
        return SourceLocation(path: path, line: place.line, column: place.column)
    }

    /// Makes the declarations of another file of the same module visible: its functions,
    /// static members and global constants (which Swift initialises on first use).
    func addHelper(_ tree: SourceFileSyntax, path helperPath: String) {
        helperFiles.append((Syntax(tree).id, SourceLocationConverter(fileName: helperPath, tree: tree), helperPath))
        collectDeclarations(tree.statements)
        for item in tree.statements {
            guard case .decl(let decl) = item.item, let variable = decl.as(VariableDeclSyntax.self) else { continue }
            declare(DeclSyntax(variable), in: globals)
        }
    }

    func unknown(_ reason: String, at node: some SyntaxProtocol) -> ManifestValue {
        .unknown(Unresolved(reason: reason, location: location(of: node)))
    }

    /// The value that stands for one too large to build, remembered as the reason the
    /// manifest is refused.
    func oversized(at node: some SyntaxProtocol, _ limit: ReadingLimit = ReadingLimits.manifestTextBytes)
        -> ManifestValue
    {
        let detail =
            limit == ReadingLimits.manifestElements || limit == ReadingLimits.manifestTextBytes
            ? "this builds a value larger than Strata evaluates (over 1 MiB of text, or 100,000 elements); SwiftPM "
                + "would not finish it either"
            : "this builds more than Strata evaluates"
        return passed(limit, at: node, detail)
    }

    /// Records the first limit passed, and gives the value that stands for the result.
    func passed(_ limit: ReadingLimit, at node: some SyntaxProtocol, _ detail: String) -> ManifestValue {
        let value = unknown(detail, at: node)
        if excess == nil { excess = limit.exceeded(at: location(of: node), detail) }
        return value
    }

    /// Counts `count` bytes of a value about to be built; false (and the manifest refused)
    /// once the budget is spent.
    func spendBytes(_ count: Int, at node: some SyntaxProtocol) -> Bool {
        if bytes.spend(count) { return true }
        _ = passed(ReadingLimits.manifestValueBytes, at: node, "this builds more values than Strata evaluates")
        return false
    }

    /// Bytes a list of `count` elements takes.
    static func listBytes(_ count: Int) -> Int { count * MemoryLayout<ManifestValue>.stride }

    static let relevantProperties: Set<String> = [
        "targets", "products", "dependencies", "name", "path", "exclude", "sources", "resources", "type"
    ]

    // MARK: Declarations gathered before running

    /// Registers functions, computed variables and static members anywhere at the top
    /// level, since Swift lets top-level code call a function declared further down.
    func collectDeclarations(_ items: CodeBlockItemListSyntax) {
        for item in items {
            guard case .decl(let decl) = item.item else { continue }
            if let function = decl.as(FunctionDeclSyntax.self) {
                functions[function.name.text, default: []].append(function)
            } else if let variable = decl.as(VariableDeclSyntax.self) {
                for binding in variable.bindings where binding.accessorBlock != nil {
                    if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text {
                        computed[name] = Syntax(binding)
                    }
                }
            } else if let members = Self.typeMembers(of: decl) {
                if let type = decl.as(StructDeclSyntax.self) { userTypes[type.name.text] = members }
                if let type = decl.as(ClassDeclSyntax.self) { userTypes[type.name.text] = members }
                collectStatics(members)
            } else if let ifConfig = decl.as(IfConfigDeclSyntax.self) {
                if let clause = try? activeClause(of: ifConfig), case .statements(let inner)? = clause.elements {
                    collectDeclarations(inner)
                }
            }
        }
    }

    /// The members of an extension or of a struct, enum or class declaration.
    static func typeMembers(of decl: DeclSyntax) -> MemberBlockItemListSyntax? {
        if let ext = decl.as(ExtensionDeclSyntax.self) { return ext.memberBlock.members }
        if let type = decl.as(StructDeclSyntax.self) { return type.memberBlock.members }
        if let type = decl.as(EnumDeclSyntax.self) { return type.memberBlock.members }
        if let type = decl.as(ClassDeclSyntax.self) { return type.memberBlock.members }
        return nil
    }

    /// Static functions and properties, by name, in a type and the types nested in it
    /// (`BuildSetting.App.base` is found as `base`).
    func collectStatics(_ members: MemberBlockItemListSyntax) {
        for member in members {
            let memberDecl = member.decl
            if let function = memberDecl.as(FunctionDeclSyntax.self), isStatic(function.modifiers) {
                statics[function.name.text, default: []].append(memberDecl)
            } else if let variable = memberDecl.as(VariableDeclSyntax.self), isStatic(variable.modifiers) {
                for binding in variable.bindings {
                    if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text {
                        statics[name, default: []].append(memberDecl)
                    }
                }
            } else if let nested = Self.typeMembers(of: memberDecl) {
                collectStatics(nested)
            }
        }
    }

    func isStatic(_ modifiers: DeclModifierListSyntax) -> Bool {
        modifiers.contains { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }
    }

    // MARK: Statements

    func run(_ items: CodeBlockItemListSyntax) {
        collectDeclarations(items)
        _ = execute(items, in: globals)
    }

    func execute(_ items: CodeBlockItemListSyntax, in scope: ManifestScope) -> Flow {
        for (offset, item) in items.enumerated() {
            guard excess == nil else { return .normal }
            if !steps.spend() {
                _ = passed(ReadingLimits.manifestSteps, at: item, "the manifest runs longer than Strata evaluates")
                return .normal
            }
            let flow = execute(item, in: scope)
            if case .normal = flow { continue }
            if case .uncertain(let unresolved, _) = flow {
                // What follows may or may not run: all it could change is unknown.
                for later in items.dropFirst(offset + 1) {
                    taint(Syntax(later), in: scope, reason: unresolved.reason)
                }
            }
            return flow
        }
        return .normal
    }

    /// A construct Strata cannot decide: what it could change is unknown, and so is what
    /// follows it when it may leave the body it is in (`guard … else { return [] }`).
    func undecided(_ node: Syntax, in scope: ManifestScope, reason: String) -> Flow {
        taint(node, in: scope, reason: reason)
        let leaves = ControlTransferFinder.find(in: node)
        guard leaves.leavesFunction || leaves.leavesLoop else { return .normal }
        let early = leaves.leavesFunction ? "may return early" : "may leave its loop early"
        return .uncertain(
            Unresolved(reason: reason + ", where the code " + early, location: location(of: node)),
            leavesFunction: leaves.leavesFunction)
    }

    func execute(_ item: CodeBlockItemSyntax, in scope: ManifestScope) -> Flow {
        switch item.item {
        case .decl(let decl):
            if let ifConfig = decl.as(IfConfigDeclSyntax.self) { return executeIfConfig(ifConfig, in: scope) }
            declare(decl, in: scope)
            return .normal
        case .stmt(let statement):
            return execute(statement: statement, in: scope)
        case .expr(let expression):
            return executeExpression(expression, in: scope)
        }
    }

    func declare(_ decl: DeclSyntax, in scope: ManifestScope) {
        if let variable = decl.as(VariableDeclSyntax.self) {
            for binding in variable.bindings {
                guard binding.accessorBlock == nil else { continue }
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else {
                    if let nested = binding.pattern.as(ValueBindingPatternSyntax.self) {
                        invalid.append(
                            .error(
                                "manifest.syntax",
                                "'\(nested.bindingSpecifier.text)' cannot appear nested inside another 'var' or "
                                    + "'let' pattern",
                                at: location(of: nested)
                            ))
                    }
                    taint(Syntax(binding), in: scope, reason: "a destructuring declaration")
                    continue
                }
                if let initializer = binding.initializer {
                    scope.declare(name, evaluate(initializer.value, in: scope))
                } else {
                    scope.declare(name, unknown("`\(name)` is declared without a value", at: binding))
                }
            }
        } else if let function = decl.as(FunctionDeclSyntax.self), scope !== globals {
            functions[function.name.text, default: []].append(function)
        }
        // Imports, types and extensions have no run-time effect here.
    }

    func executeIfConfig(_ ifConfig: IfConfigDeclSyntax, in scope: ManifestScope) -> Flow {
        do {
            guard let clause = try activeClause(of: ifConfig) else { return .normal }
            if case .statements(let inner)? = clause.elements {
                if scope === globals { collectDeclarations(inner) }
                return execute(inner, in: scope)
            }
        } catch let unresolved as Unresolved {
            return undecided(Syntax(ifConfig), in: scope, reason: unresolved.reason)
        } catch {}
        return .normal
    }

    /// The clause of an `#if` that is compiled, or nil if none is.
    func activeClause(of ifConfig: IfConfigDeclSyntax) throws -> IfConfigClauseSyntax? {
        for clause in ifConfig.clauses {
            guard let condition = clause.condition else { return clause }
            if try conditions.evaluate(condition, interpreter: self) { return clause }
        }
        return nil
    }

    func execute(statement: StmtSyntax, in scope: ManifestScope) -> Flow {
        if let expression = statement.as(ExpressionStmtSyntax.self) {
            return executeExpression(expression.expression, in: scope)
        }
        if let returned = statement.as(ReturnStmtSyntax.self) {
            return .returned(returned.expression.map { evaluate($0, in: scope) } ?? .none)
        }
        if let loop = statement.as(ForStmtSyntax.self) {
            return executeFor(loop, in: scope)
        }
        if let guardStatement = statement.as(GuardStmtSyntax.self) {
            let branchScope = scope
            switch evaluateConditions(guardStatement.conditions, in: branchScope) {
            case true?: return .normal
            case false?: return execute(guardStatement.body.statements, in: ManifestScope(parent: scope))
            case nil:
                return undecided(Syntax(guardStatement), in: scope, reason: "a `guard` condition Strata cannot decide")
            }
        }
        if statement.is(BreakStmtSyntax.self) { return .breakLoop }
        if statement.is(ContinueStmtSyntax.self) { return .continueLoop }
        return undecided(Syntax(statement), in: scope, reason: "a statement Strata does not evaluate")
    }

    func executeFor(_ loop: ForStmtSyntax, in scope: ManifestScope) -> Flow {
        let sequence = evaluate(loop.sequence, in: scope)
        guard case .array(let elements) = sequence,
            let name = loop.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
                ?? (loop.pattern.is(WildcardPatternSyntax.self) ? "_" : nil)
        else {
            let reason = sequence.unresolved?.reason ?? "a `for` loop over something Strata cannot list"
            return undecided(Syntax(loop), in: scope, reason: reason)
        }
        for element in elements {
            let body = ManifestScope(parent: scope)
            body.declare(name, element)
            if let whereClause = loop.whereClause {
                switch truth(evaluate(whereClause.condition, in: body)) {
                case false?: continue
                case true?: break
                case nil:
                    return undecided(Syntax(loop), in: scope, reason: "a `where` clause Strata cannot decide")
                }
            }
            switch execute(loop.body.statements, in: body) {
            case .breakLoop: return .normal
            case .returned(let value): return .returned(value)
            case .uncertain(let unresolved, let leavesFunction):
                // The iterations from here on may or may not run.
                taint(Syntax(loop), in: scope, reason: unresolved.reason)
                return leavesFunction ? .uncertain(unresolved, leavesFunction: true) : .normal
            case .normal, .continueLoop: continue
            }
        }
        return .normal
    }

    func executeExpression(_ expression: ExprSyntax, in scope: ManifestScope) -> Flow {
        if let ifExpression = expression.as(IfExprSyntax.self) {
            return executeIf(ifExpression, in: scope)
        }
        if expression.is(SwitchExprSyntax.self) {
            return undecided(Syntax(expression), in: scope, reason: "a `switch` statement")
        }
        if let infix = expression.as(InfixOperatorExprSyntax.self), let compound = assignmentOperator(infix.operator) {
            assign(infix, compound: compound, in: scope)
            return .normal
        }
        if let call = expression.as(FunctionCallExprSyntax.self),
            let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            let base = member.base, Self.mutatingMethods.contains(member.declName.baseName.text)
        {
            mutate(base, method: member.declName.baseName.text, call: call, in: scope)
            return .normal
        }
        _ = evaluate(expression, in: scope)
        return .normal
    }

    func executeIf(_ ifExpression: IfExprSyntax, in scope: ManifestScope) -> Flow {
        let branchScope = ManifestScope(parent: scope)
        switch evaluateConditions(ifExpression.conditions, in: branchScope) {
        case true?:
            return execute(ifExpression.body.statements, in: branchScope)
        case false?:
            switch ifExpression.elseBody {
            case .ifExpr(let next)?: return executeIf(next, in: scope)
            case .codeBlock(let block)?: return execute(block.statements, in: ManifestScope(parent: scope))
            case nil: return .normal
            }
        case nil:
            return undecided(Syntax(ifExpression), in: scope, reason: "an `if` condition Strata cannot decide")
        }
    }

    /// true, false, or nil when undecidable. Optional bindings declare into `scope`.
    func evaluateConditions(_ list: ConditionElementListSyntax, in scope: ManifestScope) -> Bool? {
        for element in list {
            switch element.condition {
            case .expression(let expression):
                guard let value = truth(evaluate(expression, in: scope)) else { return nil }
                if !value { return false }
            case .optionalBinding(let binding):
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { return nil }
                let value = binding.initializer.map { evaluate($0.value, in: scope) } ?? scope.lookup(name) ?? .none
                if value.unresolved != nil { return nil }
                if value.isNone { return false }
                scope.declare(name, value)
            default:
                return nil
            }
        }
        return true
    }

    func truth(_ value: ManifestValue) -> Bool? {
        if case .bool(let flag) = value { return flag }
        return nil
    }

    // MARK: Assignment and mutation

    static let mutatingMethods: Set<String> = [
        "append", "insert", "remove", "removeAll", "removeFirst", "removeLast", "removeSubrange"
    ]

    /// `=`, or the operator of a compound assignment (`+=` gives `+`); nil otherwise.
    func assignmentOperator(_ node: ExprSyntax) -> String? {
        if node.is(AssignmentExprSyntax.self) { return "" }
        if let binary = node.as(BinaryOperatorExprSyntax.self) {
            let text = binary.operator.text
            if text.hasSuffix("="), !["==", "!=", "<=", ">=", "===", "!=="].contains(text) {
                return String(text.dropLast())
            }
        }
        return nil
    }

    func assign(_ infix: InfixOperatorExprSyntax, compound: String, in scope: ManifestScope) {
        var value = evaluate(infix.rightOperand, in: scope)
        if !compound.isEmpty {
            let current = evaluate(infix.leftOperand, in: scope)
            value = binary(compound, current, value, at: Syntax(infix))
        }
        store(value, into: infix.leftOperand, in: scope)
    }

    func mutate(_ base: ExprSyntax, method: String, call: FunctionCallExprSyntax, in scope: ManifestScope) {
        let current = evaluate(base, in: scope)
        let arguments = evaluateArguments(call, in: scope)
        let updated: ManifestValue
        switch (current, method) {
        case (.array(let elements), "append"):
            if let contents = arguments.first(where: { $0.label == "contentsOf" })?.value {
                if case .array(let more) = contents {
                    updated =
                        elements.count + more.count > Self.maximumElements
                        ? oversized(at: call, ReadingLimits.manifestElements)
                        : spendBytes(Self.listBytes(elements.count + more.count), at: call)
                            ? .array(elements + more) : .none
                } else {
                    updated =
                        contents.unresolved.map(ManifestValue.unknown)
                        ?? unknown("`append(contentsOf:)` of something that is not a list", at: call)
                }
            } else if let element = arguments.first?.value {
                updated =
                    elements.count >= Self.maximumElements
                    ? oversized(at: call, ReadingLimits.manifestElements)
                    : spendBytes(Self.listBytes(elements.count + 1), at: call) ? .array(elements + [element]) : .none
            } else {
                updated = unknown("`append` without an argument", at: call)
            }
        case (.array(let elements), "insert"):
            if let element = arguments.first?.value,
                case .int(let at)? = arguments.first(where: { $0.label == "at" })?.value,
                at >= 0, at <= elements.count
            {
                var copy = elements
                copy.insert(element, at: at)
                updated = .array(copy)
            } else if let element = arguments.first?.value, case .array(let more) = element,
                arguments.first?.label == "contentsOf",
                case .int(let at)? = arguments.first(where: { $0.label == "at" })?.value, at >= 0, at <= elements.count
            {
                var copy = elements
                copy.insert(contentsOf: more, at: at)
                updated = .array(copy)
            } else {
                updated = unknown("an `insert` Strata cannot evaluate", at: call)
            }
        case (.array(let elements), "removeAll") where arguments.isEmpty:
            _ = elements
            updated = .array([])
        case (.unknown(let unresolved), _):
            updated = .unknown(unresolved)
        default:
            updated = unknown("`\(method)` on this value", at: call)
        }
        store(updated, into: base, in: scope)
    }

    /// Writes `value` where `target` (a variable or a property path) refers to.
    func store(_ value: ManifestValue, into target: ExprSyntax, in scope: ManifestScope) {
        let target = unwrapOptional(target)
        if let reference = target.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            if !scope.assign(name, value) {
                lost(name, at: target, reason: "an assignment to `\(name)`, which Strata does not know")
            }
            return
        }
        if let member = target.as(MemberAccessExprSyntax.self), let base = member.base {
            let property = member.declName.baseName.text
            switch evaluate(base, in: scope) {
            case .object(let object):
                object.set(property, value)
            case .unknown(let unresolved):
                lost(property, at: target, reason: unresolved.reason)
            default:
                lost(property, at: target, reason: "an assignment to `\(target.trimmedDescription)`")
            }
            return
        }
        if let subscriptCall = target.as(SubscriptCallExprSyntax.self) {
            store(unknown("an element assignment", at: target), into: subscriptCall.calledExpression, in: scope)
            return
        }
        lost("", at: target, reason: "an assignment to `\(target.trimmedDescription)`")
    }

    func unwrapOptional(_ expression: ExprSyntax) -> ExprSyntax {
        if let chained = expression.as(OptionalChainingExprSyntax.self) { return unwrapOptional(chained.expression) }
        if let forced = expression.as(ForceUnwrapExprSyntax.self) { return unwrapOptional(forced.expression) }
        if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
            return unwrapOptional(only.expression)
        }
        return expression
    }

    /// A change the interpreter cannot apply: harmless for settings, fatal to the graph
    /// when it touches targets, products, dependencies or paths.
    func lost(_ property: String, at node: some SyntaxProtocol, reason: String) {
        if property.isEmpty || Self.relevantProperties.contains(property) {
            lostMutations.append(Unresolved(reason: reason, location: location(of: node)))
        }
    }

    /// Makes everything `node` could change unknown, for a branch or loop that cannot be
    /// decided: the variables and properties it assigns or mutates.
    func taint(_ node: Syntax, in scope: ManifestScope, reason: String) {
        let location = location(of: node)
        let marker = ManifestValue.unknown(Unresolved(reason: reason, location: location))
        for target in MutationFinder.targets(in: node) {
            let target = unwrapOptional(target)
            if let reference = target.as(DeclReferenceExprSyntax.self) {
                // Variables declared inside the construct itself are not visible outside.
                scope.assign(reference.baseName.text, marker)
            } else if let member = target.as(MemberAccessExprSyntax.self), let base = member.base {
                let property = member.declName.baseName.text
                if case .object(let object) = evaluate(base, in: scope) {
                    object.set(property, marker)
                } else if Self.relevantProperties.contains(property) {
                    lostMutations.append(Unresolved(reason: reason, location: location))
                }
            }
        }
    }
}
