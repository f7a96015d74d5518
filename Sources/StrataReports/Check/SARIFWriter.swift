import Foundation
import StrataCore

/// SARIF 2.1.0, the format GitHub code scanning and other dashboards read. Every rule
/// checked is listed with its explanation, the project's `because:` as help text and its
/// `see:` page as help link; each violation is a result at its first piece of evidence,
/// with the rest as related locations.
public struct SARIFWriter: Sendable {
    public let toolVersion: String

    public init(toolVersion: String) {
        self.toolVersion = toolVersion
    }

    public func write(_ report: CheckReport) -> String {
        let rules = report.rules
        let rulesIndex = Dictionary(rules.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        let descriptors = rules.map { rule -> Rule in
            var help = rule.rationale.because ?? rule.kind.explanation
            if let see = rule.rationale.seeTarget ?? rule.rationale.see { help += " See \(see)." }
            return Rule(
                id: rule.id, name: Self.pascalCase(rule.kind.rawValue),
                shortDescription: Message(text: rule.title), fullDescription: Message(text: rule.kind.explanation),
                help: Message(text: help), helpUri: helpURI(rule.rationale, report),
                defaultConfiguration: Configuration(level: Self.level(rule.severity), enabled: rule.severity != .off),
                properties: Properties(tags: ["architecture"])
            )
        }
        let results = report.violations.map { violation -> Result in
            let further = violation.furtherEvidence
            return Result(
                ruleId: violation.ruleID, ruleIndex: rulesIndex[violation.ruleID],
                level: violation.severity == .error ? "error" : violation.severity == .warning ? "warning" : "note",
                message: Message(text: violation.message),
                locations: violation.location.map { [Location(id: nil, physicalLocation: physical($0), message: nil)] } ?? [],
                relatedLocations: further.isEmpty ? nil : further.enumerated().map { index, item in
                    Location(id: index + 1, physicalLocation: physical(item.location), message: Message(text: item.summary))
                },
                partialFingerprints: ["strataViolationKey/v1": violation.ruleID + "|" + violation.key]
            )
        }
        let log = Log(
            schema: "https://json.schemastore.org/sarif-2.1.0.json", version: "2.1.0",
            runs: [Run(
                tool: Tool(driver: Driver(name: "Strata", semanticVersion: toolVersion, rules: descriptors)),
                results: results
            )]
        )
        return StableJSON.text(log)
    }

    private func physical(_ location: SourceLocation) -> PhysicalLocation {
        PhysicalLocation(
            artifactLocation: ArtifactLocation(uri: Self.uri(location.path)),
            region: Region(startLine: location.line, startColumn: location.column)
        )
    }

    /// An absolute link for `see:`: a URL as written, or the page under an absolute base URL.
    private func helpURI(_ rationale: RuleRationale, _ report: CheckReport) -> String? {
        guard let target = rationale.seeTarget else { return nil }
        if target.hasPrefix("http://") || target.hasPrefix("https://") { return target }
        guard let base = report.documentationBaseURL else { return nil }
        return (base.hasSuffix("/") ? base : base + "/") + target
    }

    /// A relative path as a URI reference: forward slashes, unsafe characters escaped.
    static func uri(_ path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: ":")
        let relative = path.hasPrefix("./") ? String(path.dropFirst(2)) : path
        let escaped = relative.addingPercentEncoding(withAllowedCharacters: allowed) ?? relative
        return path.hasPrefix("/") ? "file://" + escaped : escaped
    }

    static func level(_ severity: RuleSeverity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .off: "none"
        }
    }

    static func pascalCase(_ id: String) -> String {
        id.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    // The SARIF object model, as much of it as Strata writes.
    struct Log: Encodable {
        var schema: String
        var version: String
        var runs: [Run]

        enum CodingKeys: String, CodingKey {
            case schema = "$schema"
            case version, runs
        }
    }

    struct Run: Encodable {
        var tool: Tool
        var results: [Result]
    }

    struct Tool: Encodable {
        var driver: Driver
    }

    struct Driver: Encodable {
        var name: String
        var semanticVersion: String
        var rules: [Rule]
    }

    struct Message: Encodable {
        var text: String
    }

    struct Rule: Encodable {
        var id: String
        var name: String
        var shortDescription: Message
        var fullDescription: Message
        var help: Message
        var helpUri: String?
        var defaultConfiguration: Configuration
        var properties: Properties
    }

    struct Configuration: Encodable {
        var level: String
        var enabled: Bool
    }

    struct Properties: Encodable {
        var tags: [String]
    }

    struct Result: Encodable {
        var ruleId: String
        var ruleIndex: Int?
        var level: String
        var message: Message
        var locations: [Location]
        var relatedLocations: [Location]?
        var partialFingerprints: [String: String]
    }

    struct Location: Encodable {
        var id: Int?
        var physicalLocation: PhysicalLocation
        var message: Message?
    }

    struct PhysicalLocation: Encodable {
        var artifactLocation: ArtifactLocation
        var region: Region
    }

    struct ArtifactLocation: Encodable {
        var uri: String
    }

    struct Region: Encodable {
        var startLine: Int
        var startColumn: Int
    }
}
