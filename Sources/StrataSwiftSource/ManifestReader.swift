import Foundation
import StrataCore
import SwiftOperators
import SwiftParser
import SwiftParserDiagnostics
import SwiftSyntax

extension ManifestReader {
    /// A syntax error swift-syntax's diagnostics generator would trap on instead of
    /// describing, as Strata's diagnostic. Found by fuzzing: an `=` the lexer flags for
    /// uneven whitespace while both its sides hold a space or tab gets a Fix-It with no
    /// change, and `FixIt.init` traps (swift-syntax 603).
    static func diagnosticThatWouldTrap(in tree: SourceFileSyntax, path: String) -> Diagnostic? {
        for token in tree.tokens(viewMode: .all) where token.tokenDiagnostic?.kind == .equalMustHaveConsistentWhitespaceOnBothSides {
            let before = token.previousToken(viewMode: .all)?.trailingTrivia.contains(where: \.isSpaceOrTab) ?? false
            guard before, token.trailingTrivia.contains(where: \.isSpaceOrTab) else { continue }
            let place = SourceLocationConverter(fileName: path, tree: tree).location(for: token.positionAfterSkippingLeadingTrivia)
            return .error("manifest.syntax", "'=' must have consistent whitespace on both sides", at: SourceLocation(path: path, line: place.line, column: place.column))
        }
        return nil
    }
}

/// Reads a `Package.swift` from its syntax, without compiling it (which is what makes it
/// fast enough to run on every build and every save).
public struct ManifestReader: Sendable {
    /// What reading a manifest gives.
    public enum Result: Sendable {
        /// The whole manifest was understood.
        case manifest(PackageManifest)
        /// The manifest is valid Swift, but computes its graph in ways Strata cannot follow;
        /// each diagnostic names one such place. SwiftPM can still evaluate it.
        case unresolved([Diagnostic])
        /// The manifest is broken (syntax errors, or a declaration SwiftPM would reject).
        case invalid([Diagnostic])
    }

    public var conditions: CompilationConditions
    public var environment: [String: String]

    public init(conditions: CompilationConditions = .host, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.conditions = conditions
        self.environment = environment
    }

    /// - Parameters:
    ///   - path: the manifest's path as shown to the user.
    ///   - packageDirectory: the absolute package folder (`Context.packageDirectory`).
    public func read(text: String, path: String, packageDirectory: String) -> Result {
        if let excess = SwiftNestingCheck().check(text) {
            return .invalid([.error(
                "manifest.too-deep", "\(excess.reason); Strata does not read a manifest nested this deep",
                at: SourceLocation(path: path, line: excess.line, column: excess.column)
            )])
        }
        let parsed = Parser.parse(source: text)
        if parsed.hasError, let trap = Self.diagnosticThatWouldTrap(in: parsed, path: path) { return .invalid([trap]) }
        let syntaxErrors = parsed.hasError ? ParseDiagnosticsGenerator.diagnostics(for: parsed) : []
        if !syntaxErrors.isEmpty {
            let converter = SourceLocationConverter(fileName: path, tree: parsed)
            return .invalid(syntaxErrors.filter { $0.diagMessage.severity == .error }.prefix(20).map { error in
                let place = error.location(converter: converter)
                return Diagnostic.error(
                    "manifest.syntax", error.message, at: SourceLocation(path: path, line: place.line, column: place.column)
                )
            })
        }
        let folded = (try? OperatorTable.standardOperators.foldAll(parsed)) ?? Syntax(parsed)
        guard let tree = folded.as(SourceFileSyntax.self) else {
            return .unresolved([.error("manifest.unresolved", "cannot fold the manifest's operators", at: SourceLocation(path: path))])
        }
        let interpreter = ManifestInterpreter(
            path: path, tree: tree, hasMarks: text.contains("MARK:"), conditions: conditions, environment: environment, packageDirectory: packageDirectory
        )
        interpreter.run(tree.statements)
        if !interpreter.invalid.isEmpty { return .invalid(interpreter.invalid) }
        if let oversize = interpreter.oversize {
            return .invalid([.error(
                "manifest.too-large", "this builds \(oversize.reason); SwiftPM would not finish it either", at: oversize.location
            )])
        }
        var converter = ManifestConverter(path: path)
        let manifest = converter.manifest(from: interpreter)
        if !converter.invalid.isEmpty { return .invalid(converter.invalid) }
        let unresolved = converter.unresolved + interpreter.lostMutations.map(converter.diagnostic)
        if var manifest, unresolved.isEmpty {
            manifest.toolsVersion = PackageManifest.declaredToolsVersion(in: text[...])
            return .manifest(manifest)
        }
        var reasons = Array(Set(unresolved)).sorted()
        if reasons.isEmpty {
            reasons = [.error("manifest.unresolved", "no `Package(…)` is assigned at the top level", at: SourceLocation(path: path))]
        }
        return .unresolved(reasons)
    }
}
