import Foundation
import StrataCore
import SwiftOperators
import SwiftParser
import SwiftParserDiagnostics
import SwiftSyntax

extension ManifestReader {
    /// The second `let package` (or `var`) at the top level, which Swift rejects as a
    /// redeclaration; nil when there is at most one. (In the clauses of one `#if`, one each
    /// is fine: only one is compiled.)
    static func secondPackageDeclaration(in tree: SourceFileSyntax) -> PatternBindingSyntax? {
        var seen = false
        for item in tree.statements {
            guard case .decl(let decl) = item.item, let variable = decl.as(VariableDeclSyntax.self) else { continue }
            for binding in variable.bindings
            where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "package" {
                if seen { return binding }
                seen = true
            }
        }
        return nil
    }

    /// A syntax error swift-syntax's diagnostics generator would trap on instead of
    /// describing, as Strata's diagnostic. Found by fuzzing: an `=` the lexer flags for
    /// uneven whitespace while both its sides hold a space or tab gets a Fix-It with no
    /// change, and `FixIt.init` traps (swift-syntax 603).
    static func diagnosticThatWouldTrap(in tree: SourceFileSyntax, path: String) -> Diagnostic? {
        for token in tree.tokens(viewMode: .all)
        where token.tokenDiagnostic?.kind == .equalMustHaveConsistentWhitespaceOnBothSides {
            let before = token.previousToken(viewMode: .all)?.trailingTrivia.contains(where: \.isSpaceOrTab) ?? false
            guard before, token.trailingTrivia.contains(where: \.isSpaceOrTab) else { continue }
            let place = SourceLocationConverter(fileName: path, tree: tree).location(
                for: token.positionAfterSkippingLeadingTrivia)
            return .error(
                "manifest.syntax", "'=' must have consistent whitespace on both sides",
                at: SourceLocation(path: path, line: place.line, column: place.column))
        }
        return nil
    }
}

/// Reads a `Package.swift` from its syntax, without compiling it (which is what makes it
/// fast enough to run on every build and every save).
package struct ManifestReader: Sendable {
    /// What reading a manifest gives.
    package enum Result: Sendable {
        /// The whole manifest was understood.
        case manifest(PackageManifest)
        /// The manifest is valid Swift, but computes its graph in ways Strata cannot follow;
        /// each diagnostic names one such place. SwiftPM can still evaluate it.
        case unresolved([Diagnostic])
        /// The manifest is broken (syntax errors, or a declaration SwiftPM would reject).
        case invalid([Diagnostic])
    }

    /// The platform's compiler, which decides the manifest's `#if`s (macOS unless told).
    package var conditions: CompilationConditions
    /// What `ProcessInfo.processInfo.environment` and `Context.environment` hold for the
    /// manifest: empty unless a caller says otherwise, so a manifest cannot copy a CI
    /// secret into a module's name (and so onto a published site), and the same repository
    /// gives the same graph on every machine. A manifest asking for a variable sees none,
    /// as on a machine that does not set it.
    package var environment: [String: String]

    package init(conditions: CompilationConditions = .standard, environment: [String: String] = [:]) {
        self.conditions = conditions
        self.environment = environment
    }

    /// - Parameters:
    ///   - path: the manifest's path as shown to the user.
    ///   - packageDirectory: the absolute package folder (`Context.packageDirectory`).
    /// The manifest straight from its file's bytes: text that is not UTF-8 is refused, as
    /// the compiler refuses it, at the first byte that is not.
    package func read(bytes: [UInt8], path: String, packageDirectory: String) -> Result {
        if let offset = Self.firstInvalidUTF8(in: bytes) {
            var line = 1
            var lineStart = 0
            for position in 0..<offset where bytes[position] == UInt8(ascii: "\n") {
                line += 1
                lineStart = position + 1
            }
            return .invalid([
                .error(
                    "manifest.encoding",
                    "the manifest is not valid UTF-8 here (byte \(offset + 1)); SwiftPM would not read it either",
                    at: SourceLocation(path: path, line: line, column: offset - lineStart + 1)
                )
            ])
        }
        return read(text: String(decoding: bytes, as: UTF8.self), path: path, packageDirectory: packageDirectory)
    }

    /// Where the first byte that does not belong to valid UTF-8 is, or nil.
    static func firstInvalidUTF8(in bytes: [UInt8]) -> Int? {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var offset = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }

    /// A manifest's syntax tree with its operators folded, or why it cannot be read: too
    /// deep, a syntax error, or operators that cannot be folded.
    enum Parsed {
        case tree(SourceFileSyntax)
        case invalid([Diagnostic])
        case unresolved([Diagnostic])
    }

    /// Parses any Swift manifest (`Package.swift`, Tuist's `Project.swift` and its helpers).
    static func parse(text: String, path: String) -> Parsed {
        if let excess = SwiftNestingCheck(limits: .manifest).check(text) {
            return .invalid([excess.diagnostic(path: path, "Strata does not read a manifest nested this deep")])
        }
        let parsed = Parser.parse(source: text)
        // Before anything walks the tree: every walk recurses once per level.
        if let tooDeep = SyntaxDepth.diagnostic(
            for: parsed, text: text, limit: ReadingLimits.manifestSyntaxDepth, path: path,
            consequence: "Strata does not read a manifest nested this deep"
        ) {
            return .invalid([tooDeep])
        }
        if let second = Self.secondPackageDeclaration(in: parsed) {
            let place = SourceLocationConverter(fileName: path, tree: parsed).location(
                for: second.positionAfterSkippingLeadingTrivia)
            return .invalid([
                .error(
                    "manifest.syntax", "invalid redeclaration of 'package'",
                    at: SourceLocation(path: path, line: place.line, column: place.column)
                )
            ])
        }
        if parsed.hasError, let trap = Self.diagnosticThatWouldTrap(in: parsed, path: path) { return .invalid([trap]) }
        let syntaxErrors = parsed.hasError ? ParseDiagnosticsGenerator.diagnostics(for: parsed) : []
        if !syntaxErrors.isEmpty {
            let converter = SourceLocationConverter(fileName: path, tree: parsed)
            return .invalid(
                syntaxErrors.filter { $0.diagMessage.severity == .error }.prefix(20).map { error in
                    let place = error.location(converter: converter)
                    return Diagnostic.error(
                        "manifest.syntax", error.message,
                        at: SourceLocation(path: path, line: place.line, column: place.column)
                    )
                })
        }
        let folded = (try? OperatorTable.standardOperators.foldAll(parsed)) ?? Syntax(parsed)
        guard let tree = folded.as(SourceFileSyntax.self) else {
            return .unresolved([
                .error("manifest.unresolved", "cannot fold the manifest's operators", at: SourceLocation(path: path))
            ])
        }
        return .tree(tree)
    }

    package func read(text: String, path: String, packageDirectory: String) -> Result {
        let tree: SourceFileSyntax
        switch Self.parse(text: text, path: path) {
        case .tree(let parsed): tree = parsed
        case .invalid(let diagnostics): return .invalid(diagnostics)
        case .unresolved(let diagnostics): return .unresolved(diagnostics)
        }
        let interpreter = ManifestInterpreter(
            path: path, tree: tree, hasMarks: text.contains("MARK:"), conditions: conditions, environment: environment,
            packageDirectory: packageDirectory
        )
        interpreter.run(tree.statements)
        if !interpreter.invalid.isEmpty { return .invalid(interpreter.invalid) }
        if let excess = interpreter.excess { return .invalid([excess]) }
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
            reasons = [
                .error(
                    "manifest.unresolved", "no `Package(…)` is assigned at the top level",
                    at: SourceLocation(path: path))
            ]
        }
        return .unresolved(reasons)
    }
}
