import StrataCore
import SwiftOperators
import SwiftParser
import SwiftSyntax

/// Decides the `#if` conditions an import is written inside (`SwiftImport.conditions`, as
/// text) for the platform the graph is read for: an import the compiler for that platform
/// would not see is left out of the graph, one it would see whatever else is set is an
/// ordinary import, and one that depends on what cannot be known (a custom flag such as
/// `DEBUG`, a module of the project or of a package) stays conditional.
package struct ImportConditions {
    package enum Outcome: Equatable, Sendable {
        /// The compiler for the platform compiles what the condition guards.
        case compiled
        /// It does not.
        case leftOut
        /// That depends on what Strata cannot know.
        case undecided
    }

    /// The modules one target is known to be able to import on the platform, or not.
    package struct TargetModules: Sendable {
        /// What it depends on for this platform: `canImport` of one is true.
        package var available: Set<String>
        /// What it depends on only for other platforms: `canImport` of one is false.
        package var unavailable: Set<String>

        package init(available: Set<String> = [], unavailable: Set<String> = []) {
            self.available = available
            self.unavailable = unavailable
        }
    }

    let conditions: CompilationConditions
    let projectModules: Set<String>
    /// Conditions already parsed, by their text: most files repeat a few.
    private var parsed: [String: ExprSyntax?] = [:]

    /// The longest condition read, and the deepest parentheses in it: a condition past them
    /// is left undecided rather than parsed (no real one comes near).
    static let maximumLength = 2_000
    static let maximumDepth = 32

    /// - Parameter projectModules: the modules the project's targets make, which are
    ///   importable where they are depended on whatever the platform's lists say.
    package init(platform: TargetPlatform, projectModules: Set<String>) {
        conditions = CompilationConditions(platform: platform)
        self.projectModules = projectModules
    }

    /// - Parameter target: what the importing target can import on this platform beyond
    ///   the platform's modules (what it depends on), and what it cannot (what it depends on
    ///   only for other platforms, through `.when(platforms:)`).
    package mutating func outcome(of condition: String, target: TargetModules = TargetModules()) -> Outcome {
        guard let expression = expression(condition) else { return .undecided }
        let reading = CompilationConditions.Reading.source(
            projectModules: projectModules, available: target.available, unavailable: target.unavailable)
        switch conditions.decide(expression, reading: reading) {
        case .known(true): return .compiled
        case .known(false): return .leftOut
        case .unknown: return .undecided
        }
    }

    /// What the compiler would see of an import inside these `#if` conditions (one per
    /// enclosing `#if`, as `SwiftImport.conditions` holds them): nil when it would not see
    /// the import, else the conditions left undecided.
    package mutating func remaining(_ conditions: [String], target: TargetModules = TargetModules()) -> [String]? {
        var kept: [String] = []
        for condition in conditions {
            switch outcome(of: condition, target: target) {
            case .leftOut: return nil
            case .compiled: continue
            case .undecided: kept.append(condition)
            }
        }
        return kept
    }

    private mutating func expression(_ text: String) -> ExprSyntax? {
        if let known = parsed[text] { return known }
        let found = Self.parse(text)
        parsed[text] = found
        return found
    }

    static func parse(_ text: String) -> ExprSyntax? {
        guard text.utf8.count <= maximumLength, !text.contains("\n"), !text.contains("\r") else { return nil }
        var depth = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: "(") { depth += 1 } else if byte == UInt8(ascii: ")") { depth -= 1 }
            if depth > maximumDepth { return nil }
        }
        let tree = Parser.parse(source: "#if \(text)\n#endif\n")
        guard !tree.hasError, tree.statements.count == 1, let first = tree.statements.first,
            case .decl(let decl) = first.item, let ifConfig = decl.as(IfConfigDeclSyntax.self),
            ifConfig.clauses.count == 1,
            let condition = ifConfig.clauses.first?.condition
        else { return nil }
        return (try? OperatorTable.standardOperators.foldAll(condition))?.as(ExprSyntax.self)
    }
}
