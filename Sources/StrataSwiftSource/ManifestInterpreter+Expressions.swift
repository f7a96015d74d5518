import Foundation
import StrataCore
import SwiftSyntax

extension ManifestInterpreter {
    func evaluate(_ expression: ExprSyntax, in scope: ManifestScope) -> ManifestValue {
        if let excess { return .unknown(Unresolved(reason: excess.message, location: location(of: expression))) }
        if !steps.spend() {
            return passed(ReadingLimits.manifestSteps, at: expression, "the manifest runs longer than Strata evaluates")
        }
        if !depth.spend() {
            depth.leave()
            return passed(
                ReadingLimits.manifestEvaluationDepth, at: expression,
                "expressions nest deeper than Strata evaluates here"
            )
        }
        defer { depth.leave() }
        return evaluateOnce(expression, in: scope)
    }

    private func evaluateOnce(_ expression: ExprSyntax, in scope: ManifestScope) -> ManifestValue {
        if let literal = expression.as(StringLiteralExprSyntax.self) { return evaluateString(literal, in: scope) }
        if let literal = expression.as(IntegerLiteralExprSyntax.self) {
            return Int(literal.literal.text.replacingOccurrences(of: "_", with: "")).map(ManifestValue.int)
                ?? unknown("an integer literal", at: literal)
        }
        if let literal = expression.as(BooleanLiteralExprSyntax.self) {
            return .bool(literal.literal.tokenKind == .keyword(.true))
        }
        if expression.is(NilLiteralExprSyntax.self) { return .none }
        if let array = expression.as(ArrayExprSyntax.self) {
            guard spendBytes(Self.listBytes(array.elements.count), at: array) else { return .none }
            return .array(
                array.elements.map { element in
                    let value = evaluate(element.expression, in: scope)
                    if case .string(let text) = value, element.expression.is(StringLiteralExprSyntax.self) {
                        return .locatedString(text, location(of: element.expression))
                    }
                    return value
                })
        }
        if let dictionary = expression.as(DictionaryExprSyntax.self) {
            return evaluateDictionary(dictionary, in: scope)
        }
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            return evaluateReference(reference, in: scope)
        }
        if let member = expression.as(MemberAccessExprSyntax.self) { return evaluateMember(member, in: scope) }
        if let call = expression.as(FunctionCallExprSyntax.self) { return evaluateCall(call, in: scope) }
        if let subscriptCall = expression.as(SubscriptCallExprSyntax.self) {
            return evaluateSubscript(subscriptCall, in: scope)
        }
        if let infix = expression.as(InfixOperatorExprSyntax.self) { return evaluateInfix(infix, in: scope) }
        if let prefix = expression.as(PrefixOperatorExprSyntax.self) {
            let operand = evaluate(prefix.expression, in: scope)
            if prefix.operator.text == "!", case .bool(let flag) = operand { return .bool(!flag) }
            if prefix.operator.text == "-", case .int(let number) = operand { return .int(-number) }
            return operand.unresolved.map(ManifestValue.unknown)
                ?? unknown("the operator `\(prefix.operator.text)`", at: prefix)
        }
        if let ternary = expression.as(TernaryExprSyntax.self) {
            switch truth(evaluate(ternary.condition, in: scope)) {
            case true?: return evaluate(ternary.thenExpression, in: scope)
            case false?: return evaluate(ternary.elseExpression, in: scope)
            case nil: return unknown("a condition Strata cannot decide", at: ternary.condition)
            }
        }
        if let tuple = expression.as(TupleExprSyntax.self) {
            if tuple.elements.count == 1, let only = tuple.elements.first {
                return evaluate(only.expression, in: scope)
            }
            // `(name: "SwiftPM", targets: [...])`: read like a call's arguments, by label or position.
            let elements = tuple.elements.map {
                ManifestObject.Argument(label: $0.label?.text, value: evaluate($0.expression, in: scope))
            }
            return .object(
                ManifestObject(
                    function: ManifestObject.tupleFunction, arguments: elements, location: location(of: tuple),
                    section: nil))
        }
        if let chained = expression.as(OptionalChainingExprSyntax.self) {
            return evaluate(chained.expression, in: scope)
        }
        if let forced = expression.as(ForceUnwrapExprSyntax.self) { return evaluate(forced.expression, in: scope) }
        if let cast = expression.as(AsExprSyntax.self) { return evaluate(cast.expression, in: scope) }
        if let closure = expression.as(ClosureExprSyntax.self) { return .closure(closure, scope) }
        if let ifExpression = expression.as(IfExprSyntax.self) { return evaluateIfExpression(ifExpression, in: scope) }
        if let tryExpression = expression.as(TryExprSyntax.self) {
            return evaluate(tryExpression.expression, in: scope)
        }
        if let awaitExpression = expression.as(AwaitExprSyntax.self) {
            return evaluate(awaitExpression.expression, in: scope)
        }
        return unknown("`\(shortText(expression))`, a form Strata does not evaluate", at: expression)
    }

    func shortText(_ node: some SyntaxProtocol) -> String {
        let text = node.trimmedDescription.split(separator: "\n").first.map(String.init) ?? ""
        return text.count > 60 ? String(text.prefix(57)) + "…" : text
    }

    func evaluateString(_ literal: StringLiteralExprSyntax, in scope: ManifestScope) -> ManifestValue {
        var text = ""
        for segment in literal.segments {
            switch segment {
            case .stringSegment(let piece):
                text += unescape(piece.content.text, pounds: literal.openingPounds?.text.count ?? 0)
            case .expressionSegment(let interpolation):
                guard interpolation.expressions.count == 1, let only = interpolation.expressions.first else {
                    return unknown("a string interpolation", at: interpolation)
                }
                let value = evaluate(only.expression, in: scope)
                guard let piece = value.interpolationText else {
                    return value.unresolved.map(ManifestValue.unknown)
                        ?? unknown("a string interpolation", at: interpolation)
                }
                guard text.utf8.count + piece.utf8.count <= Self.maximumTextBytes else {
                    return oversized(at: interpolation)
                }
                text += piece
            }
        }
        guard spendBytes(text.utf8.count, at: literal) else { return .none }
        return .string(text)
    }

    /// A string segment's text with Swift's escapes decoded: `\0 \\ \t \n \r \" \'`,
    /// `\u{…}` and a multi-line string's `\` at a line end; in a raw string (`#"…"#`) only
    /// those written with its number of `#` (`\#n`), the rest kept as written.
    func unescape(_ text: String, pounds: Int = 0) -> String {
        guard text.contains("\\") else { return text }
        let scalars = Array(text.unicodeScalars)
        var result = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            var after = index + 1
            var hashes = 0
            while hashes < pounds, after < scalars.count, scalars[after] == "#" {
                hashes += 1
                after += 1
            }
            guard scalar == "\\", hashes == pounds, after < scalars.count else {
                result.append(scalar)
                index += 1
                continue
            }
            let escaped = scalars[after]
            index = after + 1
            switch escaped {
            case "n": result.append("\n")
            case "t": result.append("\t")
            case "r": result.append("\r")
            case "0": result.append("\0")
            case "\\", "\"", "'": result.append(escaped)
            case "u":
                var end = index
                while end < scalars.count, scalars[end] != "}" { end += 1 }
                let digits = index + 1 < end ? String(String.UnicodeScalarView(scalars[(index + 1)..<end])) : ""
                if index < scalars.count, scalars[index] == "{", end < scalars.count, digits.count <= 8,
                    let value = UInt32(digits, radix: 16), let decoded = Unicode.Scalar(value)
                {
                    result.append(decoded)
                    index = end + 1
                } else {
                    result.append(contentsOf: scalars[(after - hashes - 1)..<index])
                }
            case " ", "\t", "\n", "\r":
                // A line continuation in a multi-line string: the line break is not in the text.
                var next = after
                while next < scalars.count, scalars[next] == " " || scalars[next] == "\t" { next += 1 }
                if next < scalars.count, scalars[next] == "\r" { next += 1 }
                if next < scalars.count, scalars[next] == "\n" {
                    index = next + 1
                } else {
                    result.append(contentsOf: scalars[(after - hashes - 1)..<index])
                }
            default:
                result.append(contentsOf: scalars[(after - hashes - 1)..<index])
            }
        }
        return String(result)
    }

    func evaluateDictionary(_ dictionary: DictionaryExprSyntax, in scope: ManifestScope) -> ManifestValue {
        guard case .elements(let elements) = dictionary.content else { return .dictionary([:]) }
        var result: [String: ManifestValue] = [:]
        for element in elements {
            guard case .string(let key) = evaluate(element.key, in: scope) else {
                return unknown("a dictionary with keys that are not strings", at: element)
            }
            result[key] = evaluate(element.value, in: scope)
        }
        return .dictionary(result)
    }

    func evaluateReference(_ reference: DeclReferenceExprSyntax, in scope: ManifestScope) -> ManifestValue {
        let name = reference.baseName.text
        if let value = scope.lookup(name) { return value }
        if let binding = computed[name]?.as(PatternBindingSyntax.self) {
            return evaluateGetter(binding, in: globals, at: Syntax(reference))
        }
        return unknown("`\(name)`, which Strata cannot resolve", at: reference)
    }

    /// A computed variable's getter: `var x: T { … }` or `var x: T { get { … } }`.
    func evaluateGetter(_ binding: PatternBindingSyntax, in scope: ManifestScope, at site: Syntax) -> ManifestValue {
        guard let accessors = binding.accessorBlock?.accessors else {
            return unknown("a computed property", at: binding)
        }
        let body: CodeBlockItemListSyntax
        switch accessors {
        case .getter(let statements):
            body = statements
        case .accessors(let list):
            guard let getter = list.first(where: { $0.accessorSpecifier.tokenKind == .keyword(.get) })?.body else {
                return unknown("a computed property without a getter", at: binding)
            }
            body = getter.statements
        }
        return callBody(body, scope: ManifestScope(parent: scope), site: site)
    }

    /// Runs a function or closure body; a single expression is its own result.
    func callBody(_ body: CodeBlockItemListSyntax, scope: ManifestScope, site: Syntax) -> ManifestValue {
        guard callDepth.spend() else {
            callDepth.leave()
            return passed(
                ReadingLimits.manifestHelperDepth, at: site, "helpers call each other deeper than Strata evaluates here"
            )
        }
        let outerSite = callSite
        if callSite == nil { callSite = site }
        defer {
            callDepth.leave()
            callSite = outerSite
        }
        if body.count == 1, let only = body.first, case .expr(let expression) = only.item,
            !expression.is(IfExprSyntax.self) || isValueIf(expression), !expression.is(SwitchExprSyntax.self)
        {
            return evaluate(expression, in: scope)
        }
        switch execute(body, in: scope) {
        case .returned(let value): return value
        case .uncertain(let unresolved, leavesFunction: true): return .unknown(unresolved)
        default: return .none
        }
    }

    /// An `if` used as a value (every branch a single expression).
    func isValueIf(_ expression: ExprSyntax) -> Bool {
        guard let ifExpression = expression.as(IfExprSyntax.self) else { return false }
        guard ifExpression.body.statements.count == 1, case .expr? = ifExpression.body.statements.first?.item else {
            return false
        }
        switch ifExpression.elseBody {
        case .ifExpr(let next)?: return isValueIf(ExprSyntax(next))
        case .codeBlock(let block)?: return block.statements.count == 1
        case nil: return false
        }
    }

    func evaluateIfExpression(_ ifExpression: IfExprSyntax, in scope: ManifestScope) -> ManifestValue {
        let branchScope = ManifestScope(parent: scope)
        switch evaluateConditions(ifExpression.conditions, in: branchScope) {
        case true?:
            return callBodyValue(ifExpression.body.statements, in: branchScope)
        case false?:
            switch ifExpression.elseBody {
            case .ifExpr(let next)?: return evaluateIfExpression(next, in: scope)
            case .codeBlock(let block)?: return callBodyValue(block.statements, in: ManifestScope(parent: scope))
            case nil: return .none
            }
        case nil:
            return unknown("an `if` condition Strata cannot decide", at: ifExpression)
        }
    }

    func callBodyValue(_ statements: CodeBlockItemListSyntax, in scope: ManifestScope) -> ManifestValue {
        if statements.count == 1, case .expr(let expression)? = statements.first?.item {
            return evaluate(expression, in: scope)
        }
        return unknown("a multi-statement `if` expression", at: statements)
    }

    // MARK: Members

    /// A chain of capitalised names that are not variables (`Target.Dependency`,
    /// `PackageDescription.Product`): a type, whose static members are looked up like
    /// implicit members (`.product(…)`).
    func isTypeReference(_ expression: ExprSyntax, in scope: ManifestScope) -> Bool {
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            return name.first?.isUppercase == true && scope.lookup(name) == nil && computed[name] == nil
                || name == "Self"
        }
        if let member = expression.as(MemberAccessExprSyntax.self) {
            let name = member.declName.baseName.text
            // `.Project.Service`: an implicit member naming a nested type, whose statics follow.
            guard let base = member.base else { return name.first?.isUppercase == true && statics[name] == nil }
            return name.first?.isUppercase == true && isTypeReference(base, in: scope)
        }
        if let generic = expression.as(GenericSpecializationExprSyntax.self) {
            return isTypeReference(generic.expression, in: scope)
        }
        return false
    }

    func evaluateMember(_ member: MemberAccessExprSyntax, in scope: ManifestScope) -> ManifestValue {
        let name = member.declName.baseName.text
        guard let base = member.base else { return implicitMember(name, at: Syntax(member), in: scope) }
        let baseText = base.trimmedDescription
        if name == "environment", baseText == "Context" || baseText == "ProcessInfo.processInfo" {
            return .dictionary(environment.mapValues(ManifestValue.string))
        }
        if name == "packageDirectory", baseText == "Context" { return .string(packageDirectory) }
        if isTypeReference(base, in: scope) {
            if name == "allCases", statics[name] == nil {
                return unknown("`\(baseText).allCases`, the cases of an enum, which Strata does not list", at: member)
            }
            return implicitMember(name, at: Syntax(member), in: scope)
        }
        let value = evaluate(base, in: scope)
        return property(name, of: value, at: Syntax(member))
    }

    func implicitMember(_ name: String, at node: Syntax, in scope: ManifestScope) -> ManifestValue {
        if let declarations = statics[name] {
            for decl in declarations {
                guard let variable = decl.as(VariableDeclSyntax.self) else { continue }
                for binding in variable.bindings
                where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                    if binding.accessorBlock != nil { return evaluateGetter(binding, in: globals, at: node) }
                    if let initializer = binding.initializer { return evaluateInHelper(initializer.value, at: node) }
                }
            }
        }
        return .member(name)
    }

    func evaluateInHelper(_ expression: ExprSyntax, at site: Syntax) -> ManifestValue {
        let outerSite = callSite
        if callSite == nil { callSite = site }
        defer { callSite = outerSite }
        return evaluate(expression, in: globals)
    }

    func property(_ name: String, of value: ManifestValue, at node: Syntax) -> ManifestValue {
        switch value.plain {
        case .object(let object):
            // A computed property of a type the manifest declares, with its stored ones in scope.
            if object.value(name) == nil, let members = userTypes[object.function] {
                for case let variable? in members.map({ $0.decl.as(VariableDeclSyntax.self) })
                where !isStatic(variable.modifiers) {
                    for binding in variable.bindings
                    where binding.accessorBlock != nil
                        && binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
                    {
                        let scope = ManifestScope(parent: globals)
                        for case (let label?, let stored) in object.arguments.map({ ($0.label, $0.value) }) {
                            scope.declare(label, stored)
                        }
                        scope.declare("self", .object(object))
                        return evaluateGetter(binding, in: scope, at: node)
                    }
                }
            }
            return object.property(name)
        case .array(let elements):
            switch name {
            case "count": return .int(elements.count)
            case "isEmpty": return .bool(elements.isEmpty)
            case "first": return elements.first ?? .none
            case "last": return elements.last ?? .none
            default: break
            }
        case .string(let text):
            switch name {
            case "isEmpty": return .bool(text.isEmpty)
            case "count": return .int(text.count)
            default: break
            }
        case .dictionary(let entries):
            switch name {
            case "isEmpty": return .bool(entries.isEmpty)
            case "keys": return .array(entries.keys.sorted().map(ManifestValue.string))
            default: break
            }
        case .unknown:
            return value
        case .none:
            return .none
        default:
            break
        }
        return unknown("the property `\(name)`", at: node)
    }

    // MARK: Calls

    func evaluateArguments(_ call: FunctionCallExprSyntax, in scope: ManifestScope) -> [ManifestObject.Argument] {
        var arguments = call.arguments.map {
            ManifestObject.Argument(label: $0.label?.text, value: evaluate($0.expression, in: scope))
        }
        if let closure = call.trailingClosure {
            arguments.append(ManifestObject.Argument(label: nil, value: .closure(closure, scope)))
        }
        return arguments
    }

    func evaluateCall(_ call: FunctionCallExprSyntax, in scope: ManifestScope) -> ManifestValue {
        let callee = call.calledExpression
        if let member = callee.as(MemberAccessExprSyntax.self) {
            let name = member.declName.baseName.text
            guard let base = member.base, !isTypeReference(base, in: scope) else {
                return staticCall(name, call, in: scope, type: member.base.map { Self.lastName($0.trimmedDescription) })
            }
            if name == "fileExists", base.trimmedDescription == "FileManager.default" {
                return fileExists(call, in: scope)
            }
            let receiver = evaluate(base, in: scope)
            if Self.mutatingMethods.contains(name) {
                mutate(base, method: name, call: call, in: scope)
                return .none
            }
            return method(name, on: receiver, call: call, in: scope)
        }
        if let reference = callee.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            if let candidates = functions[name] {
                let arguments = evaluateArguments(call, in: scope)
                if let function = candidates.first(where: {
                    accepts($0.signature.parameterClause.parameters, arguments)
                }) {
                    return invoke(function, arguments: arguments, site: Syntax(call))
                }
            }
            // Inside a type, its static functions are called without the type's name.
            if functions[name] == nil, scope !== globals, let declarations = statics[name] {
                let arguments = evaluateArguments(call, in: scope)
                for case let function? in declarations.map({ $0.as(FunctionDeclSyntax.self) })
                where accepts(function.signature.parameterClause.parameters, arguments) {
                    return invoke(function, arguments: arguments, site: Syntax(call))
                }
            }
            if objectTypes.contains(name) { return makeObject(name, call, in: scope) }
            if let members = userTypes[name] { return makeUserObject(name, members: members, call, in: scope) }
            switch name {
            case "Array", "Set":
                let arguments = evaluateArguments(call, in: scope)
                if arguments.isEmpty { return .array([]) }
                if arguments.count == 1, let only = arguments.first, only.label == nil {
                    if case .array = only.value { return only.value }
                    if only.value.unresolved != nil { return only.value }
                }
                return unknown("`\(name)(…)`", at: call)
            default:
                break
            }
            if let value = scope.lookup(name), case .closure(let closure, let captured) = value {
                return callClosure(
                    closure, captured: captured, arguments: evaluateArguments(call, in: scope).map(\.value),
                    site: Syntax(call))
            }
            return unknown("a call of `\(name)`, which Strata cannot resolve", at: call)
        }
        if let generic = callee.as(GenericSpecializationExprSyntax.self),
            let reference = generic.expression.as(DeclReferenceExprSyntax.self),
            ["Array", "Set"].contains(reference.baseName.text)
        {
            let arguments = evaluateArguments(call, in: scope)
            if arguments.isEmpty { return .array([]) }
            if arguments.count == 1, case .array = arguments[0].value { return arguments[0].value }
        }
        return unknown("`\(shortText(call))`, a call Strata cannot resolve", at: call)
    }

    /// `FileManager.default.fileExists(atPath:)` for a path inside the package, written
    /// relative to it (SwiftPM evaluates a manifest in its package's folder): whether the
    /// entry is there, link or not, without following it. Any other path stays unknown, so a
    /// manifest cannot learn what lies outside the project.
    func fileExists(_ call: FunctionCallExprSyntax, in scope: ManifestScope) -> ManifestValue {
        let arguments = evaluateArguments(call, in: scope)
        guard arguments.count == 1, arguments[0].label == "atPath", case .string(let path) = arguments[0].value else {
            return unknown("`\(shortText(call))`, a file check Strata cannot follow", at: call)
        }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard !path.hasPrefix("/"), !path.isEmpty, !parts.contains(".."), !parts.contains(where: { $0.hasPrefix("~") })
        else {
            return unknown(
                "`fileExists(atPath: \"\(path)\")`: a path outside the package, which Strata does not look at", at: call
            )
        }
        var info = stat()
        return .bool(lstat(packageDirectory + "/" + path, &info) == 0)
    }

    /// `.target(…)`, `Product.library(…)` and the like, or a user-defined static function:
    /// of the type written (`Project.framework(…)` is Project's), else, for an implicit
    /// member, not the function being run (a helper `Project.framework` making
    /// `.framework(…)` targets means Target's), else the first that takes the arguments.
    func staticCall(_ name: String, _ call: FunctionCallExprSyntax, in scope: ManifestScope, type: String? = nil)
        -> ManifestValue
    {
        // `Project.init(…)`, or `.init(…)` returned from a function declared to return a `Project`.
        if name == "init", var made = type ?? Self.returnType(around: Syntax(call)) {
            if made == "Self", let declaring = Self.declaringType(of: Syntax(call)) { made = declaring }
            if objectTypes.contains(made) { return makeObject(made, call, in: scope) }
            if let members = userTypes[made] { return makeUserObject(made, members: members, call, in: scope) }
        }
        if let declarations = statics[name] {
            let arguments = evaluateArguments(call, in: scope)
            let candidates = declarations.compactMap { $0.as(FunctionDeclSyntax.self) }.filter {
                accepts($0.signature.parameterClause.parameters, arguments)
            }
            let chosen: FunctionDeclSyntax?
            if let type {
                chosen =
                    candidates.first { Self.declaringType(of: Syntax($0)) == type } ?? candidates.first {
                        Self.declaringType(of: Syntax($0)) == nil
                    }
                    ?? (candidates.contains { Self.declaringType(of: Syntax($0)) != nil } ? nil : candidates.first)
            } else {
                chosen = candidates.first { !running.contains(Syntax($0).id) } ?? candidates.first
            }
            if let chosen {
                running.append(Syntax(chosen).id)
                defer { running.removeLast() }
                return invoke(chosen, arguments: arguments, site: Syntax(call))
            }
        }
        return makeObject(name, call, in: scope)
    }

    /// The return type of the function a node is in (its last name), if it is written.
    static func returnType(around node: Syntax) -> String? {
        var current = node.parent
        while let next = current {
            if let function = next.as(FunctionDeclSyntax.self) {
                return function.signature.returnClause.map { lastName($0.type.trimmedDescription) }
            }
            current = next.parent
        }
        return nil
    }

    /// `Dependency` for `Target.Dependency`.
    static func lastName(_ type: String) -> String {
        type.split(separator: ".").last.map(String.init) ?? type
    }

    /// The type a member is declared in: the struct, enum or class around it, or the type an
    /// extension extends (its last name); nil at the top level.
    static func declaringType(of node: Syntax) -> String? {
        var current = node.parent
        while let next = current {
            if let ext = next.as(ExtensionDeclSyntax.self) { return lastName(ext.extendedType.trimmedDescription) }
            if let type = next.as(StructDeclSyntax.self) { return type.name.text }
            if let type = next.as(EnumDeclSyntax.self) { return type.name.text }
            if let type = next.as(ClassDeclSyntax.self) { return type.name.text }
            current = next.parent
        }
        return nil
    }

    /// A value of a struct or class the manifest declares: its arguments, and the defaults of
    /// the initializer it matches (or of the stored properties, for the memberwise one) for
    /// those left out. Properties are read by the initializer's labels.
    func makeUserObject(
        _ name: String, members: MemberBlockItemListSyntax, _ call: FunctionCallExprSyntax, in scope: ManifestScope
    ) -> ManifestValue {
        var arguments = evaluateArguments(call, in: scope)
        let given = Set(arguments.compactMap(\.label))
        let initializers = members.compactMap { $0.decl.as(InitializerDeclSyntax.self) }
        if let matched = initializers.first(where: { accepts($0.signature.parameterClause.parameters, arguments) }) {
            for parameter in matched.signature.parameterClause.parameters {
                let label = (parameter.secondName ?? parameter.firstName).text
                if let value = parameter.defaultValue?.value, !given.contains(parameter.firstName.text) {
                    arguments.append(.init(label: label, value: evaluateInHelper(value, at: Syntax(call))))
                }
            }
        } else if initializers.isEmpty {
            for case let variable? in members.map({ $0.decl.as(VariableDeclSyntax.self) })
            where !isStatic(variable.modifiers) {
                for binding in variable.bindings where binding.accessorBlock == nil {
                    guard let property = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                        !given.contains(property),
                        let value = binding.initializer?.value
                    else { continue }
                    arguments.append(.init(label: property, value: evaluateInHelper(value, at: Syntax(call))))
                }
            }
        } else {
            return unknown("`\(shortText(call))`, which no initializer of `\(name)` takes", at: call)
        }
        let anchor = callSite ?? Syntax(call)
        return .object(
            ManifestObject(
                function: name, arguments: arguments, location: location(of: anchor),
                section: sections.section(for: anchor), writtenIn: location(of: call).path
            ))
    }

    func makeObject(_ function: String, _ call: FunctionCallExprSyntax, in scope: ManifestScope) -> ManifestValue {
        let arguments = evaluateArguments(call, in: scope)
        let anchor = callSite ?? Syntax(call)
        return .object(
            ManifestObject(
                function: function, arguments: arguments, location: location(of: anchor),
                section: sections.section(for: anchor),
                writtenIn: callSite == nil ? nil : location(of: call).path
            ))
    }

    /// Whether a parameter list can take these arguments (labels in order, defaults skipped).
    func accepts(_ parameters: FunctionParameterListSyntax, _ arguments: [ManifestObject.Argument]) -> Bool {
        var remaining = arguments[...]
        for parameter in parameters {
            let label = parameter.firstName.tokenKind == .wildcard ? nil : parameter.firstName.text
            if let next = remaining.first, next.label == label {
                remaining = remaining.dropFirst()
                if parameter.ellipsis != nil {
                    while let more = remaining.first, more.label == nil { remaining = remaining.dropFirst() }
                }
            } else if parameter.defaultValue == nil {
                return false
            }
        }
        return remaining.isEmpty
    }

    /// - Parameter receiver: for a method of a type the manifest declares, the value it is
    ///   called on: its properties (and `self`) are in scope.
    func invoke(
        _ function: FunctionDeclSyntax, arguments: [ManifestObject.Argument], site: Syntax,
        receiver: ManifestObject? = nil
    ) -> ManifestValue {
        guard let body = function.body else { return unknown("a function without a body", at: function) }
        let scope = ManifestScope(parent: globals)
        if let receiver {
            for case (let label?, let value) in receiver.arguments.map({ ($0.label, $0.value) }) {
                scope.declare(label, value)
            }
            scope.declare("self", .object(receiver))
            // Its computed properties, by their bare names too.
            for case let variable? in (userTypes[receiver.function] ?? []).map({ $0.decl.as(VariableDeclSyntax.self) })
            where !isStatic(variable.modifiers) {
                for binding in variable.bindings where binding.accessorBlock != nil {
                    guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                    scope.declare(name, property(name, of: .object(receiver), at: site))
                }
            }
        }
        var remaining = arguments[...]
        for parameter in function.signature.parameterClause.parameters {
            let label = parameter.firstName.tokenKind == .wildcard ? nil : parameter.firstName.text
            let name = (parameter.secondName ?? parameter.firstName).text
            if let next = remaining.first, next.label == label {
                remaining = remaining.dropFirst()
                if parameter.ellipsis != nil {
                    var values = [next.value]
                    while let more = remaining.first, more.label == nil {
                        values.append(more.value)
                        remaining = remaining.dropFirst()
                    }
                    scope.declare(name, .array(values))
                } else {
                    scope.declare(name, next.value)
                }
            } else if let defaultValue = parameter.defaultValue {
                scope.declare(name, evaluate(defaultValue.value, in: globals))
            }
        }
        return callBody(body.statements, scope: scope, site: site)
    }

    func callClosure(_ closure: ClosureExprSyntax, captured: ManifestScope, arguments: [ManifestValue], site: Syntax)
        -> ManifestValue
    {
        let scope = ManifestScope(parent: captured)
        for (index, value) in arguments.enumerated() { scope.declare("$\(index)", value) }
        if let parameters = closure.signature?.parameterClause {
            switch parameters {
            case .simpleInput(let names):
                for (index, parameter) in names.enumerated() where index < arguments.count {
                    scope.declare(parameter.name.text, arguments[index])
                }
            case .parameterClause(let clause):
                for (index, parameter) in clause.parameters.enumerated() where index < arguments.count {
                    scope.declare((parameter.secondName ?? parameter.firstName).text, arguments[index])
                }
            }
        }
        let outerSite = callSite
        defer { callSite = outerSite }
        return callBody(closure.statements, scope: scope, site: callSite ?? site)
    }

    func method(_ name: String, on receiver: ManifestValue, call: FunctionCallExprSyntax, in scope: ManifestScope)
        -> ManifestValue
    {
        if let unresolved = receiver.unresolved { return .unknown(unresolved) }
        let arguments = evaluateArguments(call, in: scope).map {
            ManifestObject.Argument(label: $0.label, value: $0.value.plain)
        }
        let site = Syntax(call)
        func closureArgument() -> (ClosureExprSyntax, ManifestScope)? {
            if case .closure(let closure, let captured)? = arguments.last?.value { return (closure, captured) }
            return nil
        }
        if case .object(let object) = receiver.plain, let members = userTypes[object.function] {
            for case let function? in members.map({ $0.decl.as(FunctionDeclSyntax.self) })
            where function.name.text == name && !isStatic(function.modifiers)
                && accepts(function.signature.parameterClause.parameters, arguments)
            {
                return invoke(function, arguments: arguments, site: site, receiver: object)
            }
        }
        switch (receiver.plain, name) {
        case (.array(let elements), "map"), (.array(let elements), "compactMap"), (.array(let elements), "flatMap"),
            (.array(let elements), "filter"):
            guard let (closure, captured) = closureArgument() else {
                return unknown("`\(name)` without a closure", at: call)
            }
            var result: [ManifestValue] = []
            for element in elements {
                let value = callClosure(closure, captured: captured, arguments: [element], site: site)
                if let unresolved = value.unresolved { return .unknown(unresolved) }
                switch name {
                case "map":
                    guard spendBytes(MemoryLayout<ManifestValue>.stride, at: call) else { return .none }
                    result.append(value)
                case "compactMap": if !value.isNone { result.append(value) }
                case "flatMap":
                    guard case .array(let inner) = value else {
                        return unknown("`flatMap` to something that is not a list", at: call)
                    }
                    guard result.count + inner.count <= Self.maximumElements else {
                        return oversized(at: call, ReadingLimits.manifestElements)
                    }
                    guard spendBytes(Self.listBytes(inner.count), at: call) else { return .none }
                    result += inner
                default:
                    guard let keep = truth(value) else { return unknown("a `filter` Strata cannot decide", at: call) }
                    if keep { result.append(element) }
                }
            }
            return .array(result)
        case (.array(let elements), "contains"):
            guard let wanted = arguments.first?.value else { return unknown("`contains`", at: call) }
            if case .closure(let closure, let captured) = wanted {
                for element in elements {
                    guard let hit = truth(callClosure(closure, captured: captured, arguments: [element], site: site))
                    else {
                        return unknown("a `contains(where:)` Strata cannot decide", at: call)
                    }
                    if hit { return .bool(true) }
                }
                return .bool(false)
            }
            var undecided = false
            for element in elements {
                switch element.equals(wanted) {
                case true?: return .bool(true)
                case nil: undecided = true
                default: break
                }
            }
            return undecided ? unknown("a `contains` Strata cannot decide", at: call) : .bool(false)
        case (.array(let elements), "first"), (.array(let elements), "last"):
            // `first(where:)` / `last(where:)`: a target found by name, often to change it.
            let ordered = name == "first" ? Array(elements) : elements.reversed()
            guard let (closure, captured) = closureArgument() else {
                return unknown("`\(name)` without `where:`", at: call)
            }
            for element in ordered {
                guard let hit = truth(callClosure(closure, captured: captured, arguments: [element], site: site)) else {
                    return unknown("a `\(name)(where:)` Strata cannot decide", at: call)
                }
                if hit { return element }
            }
            return .none
        case (.array(let elements), "reversed"):
            return spendBytes(Self.listBytes(elements.count), at: call) ? .array(elements.reversed()) : .none
        case (.array(let elements), "joined"):
            let separator: String
            switch arguments.first(where: { $0.label == "separator" })?.value {
            case .string(let text)?: separator = text
            case nil: separator = ""
            default: return unknown("`joined`", at: call)
            }
            var parts: [String] = []
            var bytes = 0
            for element in elements {
                guard case .string(let text) = element else {
                    return unknown("`joined` of values that are not strings", at: call)
                }
                bytes += text.utf8.count + separator.utf8.count
                guard bytes <= Self.maximumTextBytes else { return oversized(at: call) }
                guard spendBytes(text.utf8.count + separator.utf8.count, at: call) else { return .none }
                parts.append(text)
            }
            return .string(parts.joined(separator: separator))
        case (.string(let text), "lowercased"):
            return spendBytes(text.utf8.count, at: call) ? .string(text.lowercased()) : .none
        case (.string(let text), "uppercased"):
            return spendBytes(text.utf8.count, at: call) ? .string(text.uppercased()) : .none
        case (.string(let text), "hasPrefix"):
            if case .string(let prefix)? = arguments.first?.value { return .bool(text.hasPrefix(prefix)) }
        case (.string(let text), "hasSuffix"):
            if case .string(let suffix)? = arguments.first?.value { return .bool(text.hasSuffix(suffix)) }
        case (.string(let text), "appending"):
            if case .string(let more)? = arguments.first?.value {
                guard text.utf8.count + more.utf8.count <= Self.maximumTextBytes else { return oversized(at: call) }
                guard spendBytes(text.utf8.count + more.utf8.count, at: call) else { return .none }
                return .string(text + more)
            }
        case (.none, _):
            return .none  // optional chaining on nil
        default:
            break
        }
        return unknown("the method `\(name)`", at: call)
    }

    func evaluateSubscript(_ subscriptCall: SubscriptCallExprSyntax, in scope: ManifestScope) -> ManifestValue {
        let base = evaluate(subscriptCall.calledExpression, in: scope)
        guard subscriptCall.arguments.count == 1, let argument = subscriptCall.arguments.first else {
            return unknown("a subscript", at: subscriptCall)
        }
        let key = evaluate(argument.expression, in: scope).plain
        switch (base.plain, key) {
        case (.dictionary(let entries), .string(let name)): return entries[name] ?? .none
        case (.array(let elements), .int(let position)):
            return elements.indices.contains(position)
                ? elements[position] : unknown("an index out of range", at: subscriptCall)
        case (.unknown, _): return base
        case (_, .unknown): return key
        default: return unknown("a subscript", at: subscriptCall)
        }
    }

    // MARK: Operators

    func evaluateInfix(_ infix: InfixOperatorExprSyntax, in scope: ManifestScope) -> ManifestValue {
        if let compound = assignmentOperator(infix.operator) {
            assign(infix, compound: compound, in: scope)
            return .none
        }
        if infix.operator.is(IsExprSyntax.self) || infix.operator.is(UnresolvedAsExprSyntax.self) {
            return evaluate(infix.leftOperand, in: scope)
        }
        guard let binaryOperator = infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text else {
            return unknown("`\(shortText(infix))`", at: infix)
        }
        let left = evaluate(infix.leftOperand, in: scope)
        switch binaryOperator {
        case "&&":
            if case .bool(false) = left { return .bool(false) }
        case "||":
            if case .bool(true) = left { return .bool(true) }
        case "??":
            if left.unresolved != nil { return left }
            return left.isNone ? evaluate(infix.rightOperand, in: scope) : left
        default:
            break
        }
        let right = evaluate(infix.rightOperand, in: scope)
        return binary(binaryOperator, left, right, at: Syntax(infix))
    }

    func binary(_ name: String, _ left: ManifestValue, _ right: ManifestValue, at node: Syntax) -> ManifestValue {
        switch (name, left.plain, right.plain) {
        case ("+", .string(let a), .string(let b)):
            guard a.utf8.count + b.utf8.count <= Self.maximumTextBytes else { return oversized(at: node) }
            guard spendBytes(a.utf8.count + b.utf8.count, at: node) else { return .none }
            return .string(a + b)
        case ("+", .array(let a), .array(let b)):
            guard a.count + b.count <= Self.maximumElements else {
                return oversized(at: node, ReadingLimits.manifestElements)
            }
            guard spendBytes(Self.listBytes(a.count + b.count), at: node) else { return .none }
            return .array(a + b)
        case ("+", .int(let a), .int(let b)):
            let (sum, overflow) = a.addingReportingOverflow(b)
            return overflow ? unknown("an integer overflow", at: node) : .int(sum)
        case ("-", .int(let a), .int(let b)):
            let (difference, overflow) = a.subtractingReportingOverflow(b)
            return overflow ? unknown("an integer overflow", at: node) : .int(difference)
        case ("&&", .bool(let a), .bool(let b)): return .bool(a && b)
        case ("&&", _, .bool(false)): return .bool(false)
        case ("||", _, .bool(true)): return .bool(true)
        case ("||", .bool(let a), .bool(let b)): return .bool(a || b)
        case ("<", .int(let a), .int(let b)): return .bool(a < b)
        case (">", .int(let a), .int(let b)): return .bool(a > b)
        case ("<=", .int(let a), .int(let b)): return .bool(a <= b)
        case (">=", .int(let a), .int(let b)): return .bool(a >= b)
        case ("...", .int(let a), .int(let b)), ("..<", .int(let a), .int(let b)):
            guard a <= b else { break }
            let closed = name == "..."
            let (span, overflow) = b.subtractingReportingOverflow(a)
            let count = closed ? span &+ 1 : span
            guard !overflow, count >= 0, ReadingLimits.manifestRange.allows(count) else {
                return passed(ReadingLimits.manifestRange, at: node, "this range is longer than Strata evaluates")
            }
            guard spendBytes(Self.listBytes(count), at: node) else { return .none }
            return .array(closed ? (a...b).map(ManifestValue.int) : (a..<b).map(ManifestValue.int))
        case ("==", _, _), ("!=", _, _):
            guard let equal = left.equals(right) else { break }
            return .bool(name == "==" ? equal : !equal)
        default:
            break
        }
        if let unresolved = left.unresolved ?? right.unresolved { return .unknown(unresolved) }
        return unknown("the operator `\(name)` on these values", at: node)
    }
}
