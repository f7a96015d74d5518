import Foundation
import StrataCore
import SwiftSyntax

/// Decides a manifest's `#if` conditions the way the toolchain compiling it would on this
/// machine: `os(…)`, `arch(…)`, `canImport(…)`, `compiler(>=…)`, `swift(>=…)`,
/// `targetEnvironment(…)` and custom flags (never set for manifests, so false).
package struct CompilationConditions: Sendable {
    package var operatingSystem: String
    package var architecture: String
    /// Modules a manifest can import on this platform.
    package var importableModules: Set<String>
    /// Modules known not to exist on this platform; `canImport` of anything else is undecidable.
    package var missingModules: Set<String>
    package var compilerVersion: [Int]

    package init(
        operatingSystem: String, architecture: String, importableModules: Set<String>, missingModules: Set<String>,
        compilerVersion: [Int]
    ) {
        self.operatingSystem = operatingSystem
        self.architecture = architecture
        self.importableModules = importableModules
        self.missingModules = missingModules
        self.compilerVersion = compilerVersion
    }

    /// The machine Strata runs on, with the compiler version Strata was built with.
    package static var host: CompilationConditions {
        #if os(macOS)
            let system = "macOS"
            let importable: Set<String> = [
                "Darwin", "Foundation", "FoundationEssentials", "Dispatch", "PackageDescription", "XCTest", "os",
                "ObjectiveC", "CoreFoundation"
            ]
            let missing: Set<String> = [
                "Glibc", "Musl", "WinSDK", "Android", "Bionic", "WASILibc", "FoundationNetworking", "ucrt", "CRT"
            ]
        #elseif os(Windows)
            let system = "Windows"
            let importable: Set<String> = [
                "WinSDK", "ucrt", "CRT", "Foundation", "FoundationEssentials", "Dispatch", "PackageDescription",
                "XCTest"
            ]
            let missing: Set<String> = ["Darwin", "Glibc", "Musl", "Android", "Bionic", "WASILibc", "os", "ObjectiveC"]
        #else
            let system = "Linux"
            let importable: Set<String> = [
                "Glibc", "Foundation", "FoundationEssentials", "FoundationNetworking", "Dispatch", "PackageDescription",
                "XCTest"
            ]
            let missing: Set<String> = [
                "Darwin", "Musl", "WinSDK", "Android", "Bionic", "WASILibc", "os", "ObjectiveC", "UIKit", "AppKit",
                "ucrt", "CRT"
            ]
        #endif
        #if arch(arm64)
            let architecture = "arm64"
        #else
            let architecture = "x86_64"
        #endif
        #if compiler(>=6.4)
            let compiler = [6, 4]
        #elseif compiler(>=6.3)
            let compiler = [6, 3]
        #elseif compiler(>=6.2)
            let compiler = [6, 2]
        #elseif compiler(>=6.1)
            let compiler = [6, 1]
        #else
            let compiler = [6, 0]
        #endif
        return CompilationConditions(
            operatingSystem: system, architecture: architecture, importableModules: importable,
            missingModules: missing, compilerVersion: compiler
        )
    }

    func evaluate(_ condition: ExprSyntax, interpreter: ManifestInterpreter) throws -> Bool {
        func fail(_ reason: String) -> Unresolved {
            Unresolved(reason: reason, location: interpreter.location(of: condition))
        }
        if let literal = condition.as(BooleanLiteralExprSyntax.self) {
            return literal.literal.tokenKind == .keyword(.true)
        }
        // A custom flag: not set when compiling a manifest.
        if condition.is(DeclReferenceExprSyntax.self) { return false }
        if let tuple = condition.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
            return try evaluate(only.expression, interpreter: interpreter)
        }
        if let prefix = condition.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!" {
            return try !evaluate(prefix.expression, interpreter: interpreter)
        }
        if let infix = condition.as(InfixOperatorExprSyntax.self),
            let op = infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text
        {
            switch op {
            case "&&":
                return try evaluate(infix.leftOperand, interpreter: interpreter)
                    && evaluate(infix.rightOperand, interpreter: interpreter)
            case "||":
                return try evaluate(infix.leftOperand, interpreter: interpreter)
                    || evaluate(infix.rightOperand, interpreter: interpreter)
            default: throw fail("the `#if` operator `\(op)`")
            }
        }
        if let sequence = condition.as(SequenceExprSyntax.self) {
            throw fail("the `#if` condition `\(sequence.trimmedDescription)`")
        }
        guard let call = condition.as(FunctionCallExprSyntax.self),
            let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
        else {
            throw fail("the `#if` condition `\(condition.trimmedDescription)`")
        }
        let argument = call.arguments.first?.expression.trimmedDescription ?? ""
        switch name {
        case "os":
            let aliases: [String: String] = ["OSX": "macOS"]
            return (aliases[argument] ?? argument) == operatingSystem
        case "arch":
            return argument == architecture
        case "canImport":
            let module = argument.split(separator: ".").first.map(String.init) ?? argument
            if call.arguments.count > 1 { throw fail("`canImport` with a version") }
            if importableModules.contains(module) { return true }
            if missingModules.contains(module) { return false }
            throw fail("`canImport(\(module))`, which depends on what is installed")
        case "compiler", "swift":
            return try compare(argument, to: compilerVersion, failing: fail)
        case "targetEnvironment":
            return false
        case "_endian":
            return argument == "little"
        case "_pointerBitWidth":
            return argument == "_64"
        case "_runtime":
            return argument == "_ObjC" && operatingSystem == "macOS"
        default:
            throw fail("the `#if` condition `\(name)(…)`")
        }
    }

    /// `>=6.0`, `<5.9.2`: compares with the compiler's version.
    func compare(_ text: String, to version: [Int], failing fail: (String) -> Unresolved) throws -> Bool {
        let compact = text.replacingOccurrences(of: " ", with: "")
        let isAtLeast = compact.hasPrefix(">=")
        let isBelow = compact.hasPrefix("<")
        guard isAtLeast || isBelow else { throw fail("the version comparison `\(text)`") }
        let numbers = compact.drop(while: { !$0.isNumber }).split(separator: ".").compactMap { Int($0) }
        guard !numbers.isEmpty else { throw fail("the version comparison `\(text)`") }
        let width = max(numbers.count, version.count)
        let padded = { (parts: [Int]) in parts + Array(repeating: 0, count: width - parts.count) }
        let atLeast = !padded(version).lexicographicallyPrecedes(padded(numbers))
        return isAtLeast ? atLeast : !atLeast
    }
}
