import Foundation
import StrataCore

/// SARIF 2.1.0, the format GitHub code scanning and other dashboards read. Every rule
/// checked is listed with its explanation, the project's `because:` as help text and its
/// `see:` page as help link; each violation is a result at its first piece of evidence,
/// with the rest as related locations. Compared with `--base`, each result carries SARIF's
/// `baselineState` (`new` or `unchanged`) and only the new ones are written unless the
/// comparison annotates unchanged ones too. Fixed violations are not written as `absent`
/// results: code scanning does not document reading `baselineState` and would show each as
/// an open alert at a place that may be gone. The run's properties name the base and count
/// what was fixed.
package struct SARIFWriter: Sendable {
    package let toolVersion: String
    /// What the report's relative paths are relative to, said in words (`uriBaseId`
    /// `%SRCROOT%`, which GitHub resolves against the checkout); nil when they are absolute.
    package let sourceRoot: String?

    /// The id GitHub code scanning and other SARIF readers resolve relative paths against.
    static let sourceRootID = "%SRCROOT%"

    package init(toolVersion: String, sourceRoot: String? = "the project folder") {
        self.toolVersion = toolVersion
        self.sourceRoot = sourceRoot
    }

    package func write(_ report: CheckReport) -> String {
        let rules = report.rules
        let rulesIndex = Dictionary(rules.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        let descriptors = rules.map { rule -> Rule in
            var help = rule.rationale.because ?? rule.kind.explanation
            if let see = rule.rationale.seeTarget ?? rule.rationale.see { help += " See \(see)." }
            let helpURI = helpURI(rule, report)
            return Rule(
                id: rule.id, name: Self.pascalCase(rule.kind.rawValue),
                shortDescription: Message(text: rule.title), fullDescription: Message(text: rule.kind.explanation),
                help: Message(text: help, markdown: Self.helpMarkdown(rule, link: helpURI)), helpUri: helpURI,
                defaultConfiguration: Configuration(level: Self.level(rule.severity), enabled: rule.severity != .off),
                properties: Properties(tags: ["architecture"])
            )
        }
        let results = report.annotatedViolations.map { violation -> Result in
            let further = violation.furtherEvidence
            return Result(
                ruleId: violation.ruleID, ruleIndex: rulesIndex[violation.ruleID],
                level: violation.severity == .error ? "error" : violation.severity == .warning ? "warning" : "note",
                message: Message(text: violation.message),
                locations: violation.location.map { [Location(id: nil, physicalLocation: physical($0), message: nil)] }
                    ?? [],
                relatedLocations: further.isEmpty
                    ? nil
                    : further.enumerated().map { index, item in
                        Location(
                            id: index + 1, physicalLocation: physical(item.location),
                            message: Message(text: item.summary))
                    },
                partialFingerprints: ["strataViolationKey/v1": violation.ruleID + "|" + violation.key],
                baselineState: report.state(of: violation)?.rawValue
            )
        }
        let log = Log(
            schema: "https://json.schemastore.org/sarif-2.1.0.json", version: "2.1.0",
            runs: [
                Run(
                    tool: Tool(driver: Driver(name: "Strata", semanticVersion: toolVersion, rules: descriptors)),
                    originalUriBaseIds: sourceRoot.map {
                        [
                            Self.sourceRootID: BaseLocation(
                                description: Message(text: "Paths are relative to \($0).", markdown: nil))
                        ]
                    },
                    results: results,
                    properties: report.comparison.map {
                        RunProperties(
                            base: BaseProperties(
                                ref: $0.ref, commit: $0.commit, mergeBase: $0.isMergeBase,
                                projectExisted: $0.projectExisted, fixed: $0.fixed.count))
                    }
                )
            ]
        )
        return StableJSON.text(log)
    }

    private func physical(_ location: SourceLocation) -> PhysicalLocation {
        PhysicalLocation(
            artifactLocation: ArtifactLocation(
                uri: Self.uri(location.path),
                uriBaseId: location.path.hasPrefix("/") ? nil : sourceRoot.map { _ in Self.sourceRootID }),
            region: Region(startLine: location.line, startColumn: location.column)
        )
    }

    /// An absolute link to what the rule means: `see:` as written when it is a URL, else
    /// under the site's absolute base URL, the `see:` page or the rule's section of the
    /// violations page (which lists every rule). Without an absolute base URL there is no
    /// address to give.
    private func helpURI(_ rule: RuleDescriptor, _ report: CheckReport) -> String? {
        if let target = rule.rationale.seeTarget, target.hasPrefix("http://") || target.hasPrefix("https://") {
            return target
        }
        guard let base = report.documentationBaseURL else { return nil }
        let page = rule.rationale.seeTarget ?? ArchitectureSiteMap.violationsPath + "#" + SitePath.urlPath(rule.id)
        return (base.hasSuffix("/") ? base : base + "/") + page
    }

    /// The rule's help as code scanning shows it: what it checks, the project's reason, and
    /// where to read more.
    static func helpMarkdown(_ rule: RuleDescriptor, link: String?) -> String {
        var parts = ["**\(markdownEscaped(rule.title))**", markdownEscaped(rule.kind.explanation)]
        if let because = rule.rationale.because { parts.append("Why, in this project: " + markdownEscaped(because)) }
        if let link {
            // In angle brackets, a destination may hold spaces and parentheses.
            let title = markdownEscaped(rule.rationale.see ?? "the rule on the architecture site")
            parts.append("See [\(title)](<\(link.replacingOccurrences(of: ">", with: "%3E"))>).")
        } else if let see = rule.rationale.seeTarget ?? rule.rationale.see {
            parts.append("See `\(see.replacingOccurrences(of: "`", with: "'"))`.")
        }
        return parts.joined(separator: "\n\n")
    }

    /// Text that Markdown shows as written: its punctuation escaped.
    static func markdownEscaped(_ text: String) -> String {
        var out = ""
        for character in text {
            if "\\`*_{}[]()<>#+-!|~".contains(character) { out.append("\\") }
            out.append(character)
        }
        return out
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
        var originalUriBaseIds: [String: BaseLocation]?
        var results: [Result]
        var properties: RunProperties?
    }

    /// The run's property bag, with a base: what the results' `baselineState` is against.
    struct RunProperties: Encodable {
        var base: BaseProperties

        enum CodingKeys: String, CodingKey {
            case base = "strata/base"
        }
    }

    struct BaseProperties: Encodable {
        var ref: String
        var commit: String
        var mergeBase: Bool
        var projectExisted: Bool
        /// How many of the base's violations are gone (not written as results).
        var fixed: Int
    }

    struct BaseLocation: Encodable {
        var description: Message
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
        var markdown: String?

        init(text: String, markdown: String? = nil) {
            self.text = text
            self.markdown = markdown
        }
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
        /// `new` or `unchanged`, only when compared with a base.
        var baselineState: String?
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
        var uriBaseId: String?
    }

    struct Region: Encodable {
        var startLine: Int
        var startColumn: Int
    }
}
