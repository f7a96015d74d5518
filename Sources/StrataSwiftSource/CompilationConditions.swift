import Foundation
import StrataCore
import SwiftSyntax

/// Decides `#if` conditions as the compiler for one platform would: `os(…)`, `arch(…)`,
/// `canImport(…)`, `compiler(>=…)`, `swift(>=…)`, `targetEnvironment(…)`, `_endian`,
/// `_pointerBitWidth`, `_runtime` and custom flags. The platform is the one the graph is read
/// for (`TargetPlatform`), never the machine Strata runs on, so every machine reads a
/// project alike; the compiler version is the one Strata was built with.
package struct CompilationConditions: Sendable {
    package var operatingSystem: String
    package var architecture: String
    /// Modules that can be imported on this platform.
    package var importableModules: Set<String>
    /// Modules known not to exist on this platform; `canImport` of anything else is undecidable.
    package var missingModules: Set<String>
    package var compilerVersion: [Int]
    /// Whether Objective-C interoperability is on (`_runtime(_ObjC)`): Apple's platforms.
    package var hasObjectiveCRuntime: Bool
    /// Whether an `iOS` build may be a simulator's (`targetEnvironment(simulator)`), which a
    /// source file's condition cannot be decided for; a manifest is never built for one.
    package var hasSimulator: Bool

    package init(
        operatingSystem: String, architecture: String, importableModules: Set<String>, missingModules: Set<String>,
        compilerVersion: [Int], hasObjectiveCRuntime: Bool = false, hasSimulator: Bool = false
    ) {
        self.operatingSystem = operatingSystem
        self.architecture = architecture
        self.importableModules = importableModules
        self.missingModules = missingModules
        self.compilerVersion = compilerVersion
        self.hasObjectiveCRuntime = hasObjectiveCRuntime
        self.hasSimulator = hasSimulator
    }

    /// The compiler for `platform`, with the version Strata was built with; a manifest can
    /// also import `PackageDescription`.
    package init(platform: TargetPlatform) {
        self.init(
            operatingSystem: platform.name, architecture: platform.architecture,
            importableModules: platform.importableModules.union(["PackageDescription", "CompilerPluginSupport"]),
            missingModules: platform.missingModules, compilerVersion: Self.strataCompilerVersion,
            hasObjectiveCRuntime: platform.isApple,
            hasSimulator: platform.isApple && platform != .macOS
        )
    }

    /// What Strata reads a project for when nothing else says: macOS.
    package static var standard: CompilationConditions { CompilationConditions(platform: .macOS) }

    /// The compiler version Strata was built with (major and minor).
    package static var strataCompilerVersion: [Int] {
        #if compiler(>=6.4)
            [6, 4]
        #elseif compiler(>=6.3)
            [6, 3]
        #elseif compiler(>=6.2)
            [6, 2]
        #elseif compiler(>=6.1)
            [6, 1]
        #else
            [6, 0]
        #endif
    }

    /// The platform of the machine Strata runs on: only for comparing with a SwiftPM run on
    /// it (`make accuracy`), never for what `strata` writes.
    package static var hostPlatform: TargetPlatform {
        #if os(macOS)
            .macOS
        #elseif os(Windows)
            .windows
        #else
            .linux
        #endif
    }

    // MARK: Deciding

    /// How much is known of what the build sets.
    enum Reading {
        /// A manifest: no custom flag is set, and a module outside the platform's lists makes
        /// the condition unreadable.
        case manifest
        /// A source file: custom flags (`DEBUG`) may be set or not; a module outside the
        /// platform's lists, or one of the project's (importable when a target depends on
        /// it), may be there or not; `available` modules are known to be (the target depends
        /// on them), `unavailable` ones known not to be.
        case source(projectModules: Set<String>, available: Set<String>, unavailable: Set<String>)
    }

    /// A condition's value, or why it cannot be known.
    enum Decision: Equatable {
        case known(Bool)
        case unknown(String)

        static func && (left: Decision, right: Decision) -> Decision {
            switch (left, right) {
            case (.known(false), _), (_, .known(false)): .known(false)
            case (.known(true), let other), (let other, .known(true)): other
            case (.unknown(let reason), .unknown): .unknown(reason)
            }
        }

        static func || (left: Decision, right: Decision) -> Decision {
            switch (left, right) {
            case (.known(true), _), (_, .known(true)): .known(true)
            case (.known(false), let other), (let other, .known(false)): other
            case (.unknown(let reason), .unknown): .unknown(reason)
            }
        }

        static prefix func ! (decision: Decision) -> Decision {
            if case .known(let value) = decision { return .known(!value) }
            return decision
        }
    }

    /// A manifest's condition: its value, or `Unresolved` at the condition when the value
    /// cannot be known (the manifest is then reported, never read in part).
    func evaluate(_ condition: ExprSyntax, interpreter: ManifestInterpreter) throws -> Bool {
        switch decide(condition, reading: .manifest) {
        case .known(let value): return value
        case .unknown(let reason): throw Unresolved(reason: reason, location: interpreter.location(of: condition))
        }
    }

    func decide(_ condition: ExprSyntax, reading: Reading) -> Decision {
        if let literal = condition.as(BooleanLiteralExprSyntax.self) {
            return .known(literal.literal.tokenKind == .keyword(.true))
        }
        if let flag = condition.as(DeclReferenceExprSyntax.self) {
            // A custom flag: never set when compiling a manifest.
            if case .manifest = reading { return .known(false) }
            return .unknown("the custom flag `\(flag.baseName.text)`")
        }
        if let tuple = condition.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
            return decide(only.expression, reading: reading)
        }
        if let prefix = condition.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!" {
            return !decide(prefix.expression, reading: reading)
        }
        if let infix = condition.as(InfixOperatorExprSyntax.self),
            let op = infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text
        {
            switch op {
            case "&&":
                return decide(infix.leftOperand, reading: reading) && decide(infix.rightOperand, reading: reading)
            case "||":
                return decide(infix.leftOperand, reading: reading) || decide(infix.rightOperand, reading: reading)
            default: return .unknown("the `#if` operator `\(op)`")
            }
        }
        if let sequence = condition.as(SequenceExprSyntax.self) {
            return .unknown("the `#if` condition `\(sequence.trimmedDescription)`")
        }
        guard let call = condition.as(FunctionCallExprSyntax.self),
            let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
        else {
            return .unknown("the `#if` condition `\(condition.trimmedDescription)`")
        }
        let argument = call.arguments.first?.expression.trimmedDescription ?? ""
        switch name {
        case "os":
            let aliases: [String: String] = ["OSX": "macOS", "xrOS": "visionOS"]
            return .known((aliases[argument] ?? argument) == operatingSystem)
        case "arch":
            return .known(argument == architecture)
        case "canImport":
            return canImport(argument, versioned: call.arguments.count > 1, reading: reading)
        case "compiler", "swift":
            return compare(argument, to: compilerVersion)
        case "targetEnvironment":
            if argument == "simulator", hasSimulator, case .source = reading {
                return .unknown("`targetEnvironment(simulator)`: a build for a device or for its simulator")
            }
            return .known(false)
        case "_endian":
            return .known(argument == "little")
        case "_pointerBitWidth":
            return .known(argument == "_64")
        case "_runtime":
            return .known(argument == (hasObjectiveCRuntime ? "_ObjC" : "_Native"))
        default:
            return .unknown("the `#if` condition `\(name)(…)`")
        }
    }

    /// `canImport(Module)`, `canImport(Module.Submodule)`, `canImport(Module, _version: 2)`.
    func canImport(_ argument: String, versioned: Bool, reading: Reading) -> Decision {
        let module = argument.split(separator: ".").first.map(String.init) ?? argument
        let undecided = Decision.unknown("`canImport(\(module))`, which depends on what is installed")
        if case .source(let projectModules, let available, let unavailable) = reading {
            if unavailable.contains(module) { return .known(false) }
            if available.contains(module), !versioned { return .known(true) }
            // A module of the project is importable when the target depends on it.
            if projectModules.contains(module) { return undecided }
        }
        if missingModules.contains(module) { return .known(false) }
        if versioned { return .unknown("`canImport` with a version") }
        if argument != module { return importableModules.contains(argument) ? .known(true) : undecided }
        return importableModules.contains(module) ? .known(true) : undecided
    }

    /// `>=6.0`, `<5.9.2`: compares with the compiler's version.
    func compare(_ text: String, to version: [Int]) -> Decision {
        let compact = text.replacingOccurrences(of: " ", with: "")
        let isAtLeast = compact.hasPrefix(">=")
        let isBelow = compact.hasPrefix("<")
        guard isAtLeast || isBelow else { return .unknown("the version comparison `\(text)`") }
        let numbers = compact.drop(while: { !$0.isNumber }).split(separator: ".").compactMap { Int($0) }
        guard !numbers.isEmpty else { return .unknown("the version comparison `\(text)`") }
        let width = max(numbers.count, version.count)
        let padded = { (parts: [Int]) in parts + Array(repeating: 0, count: width - parts.count) }
        let atLeast = !padded(version).lexicographicallyPrecedes(padded(numbers))
        return .known(isAtLeast ? atLeast : !atLeast)
    }
}
