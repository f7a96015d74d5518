import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// What an XML report may hold, element by element: the attributes it may and must have,
/// the elements it may hold, and whether text may appear in it. The reading side of a
/// format written down as a table, so a test can say which rule a report breaks.
struct XMLGrammar: Sendable {
    struct Element: Sendable {
        var required: Set<String> = []
        var optional: Set<String> = []
        var children: Set<String> = []
        var text = false
        /// Attribute values that must match: name → check, described for the message.
        var values: [String: (description: String, valid: @Sendable (String) -> Bool)] = [:]
    }

    var root: String
    var elements: [String: Element]

    /// The rules of Jenkins' xunit plugin's `junit-10.xsd` (the schema Jenkins validates
    /// JUnit reports against before it reads them; GitLab and Azure read the same shape).
    /// Notably a `testcase` has only `name`, `classname`, `time` and `group`: no `file`
    /// or `line`.
    static let xunitJUnit10: XMLGrammar = {
        let caseChildren: Set<String> = [
            "skipped", "error", "failure", "rerunFailure", "rerunError", "flakyFailure", "flakyError", "system-out",
            "system-err"
        ]
        let outcome = Element(optional: ["type", "message"], text: true)
        let rerun = Element(
            required: ["type"], optional: ["message"], children: ["stackTrace", "system-out", "system-err"], text: true)
        let time: (description: String, valid: @Sendable (String) -> Bool) = (
            "a decimal number of seconds",
            { $0.range(of: #"^(([0-9]{0,3},)*[0-9]{3}|[0-9]{0,3})*(\.[0-9]*)?$"#, options: .regularExpression) != nil }
        )
        return XMLGrammar(
            root: "testsuites",
            elements: [
                "testsuites": Element(
                    optional: ["name", "time", "tests", "failures", "errors"], children: ["testsuite"],
                    values: ["time": time]),
                "testsuite": Element(
                    required: ["name", "tests", "failures", "errors"],
                    optional: [
                        "group", "time", "skipped", "timestamp", "hostname", "id", "package", "file", "log", "url"
                    ],
                    children: ["testsuite", "properties", "testcase", "system-out", "system-err"],
                    values: ["time": time]
                ),
                "testcase": Element(
                    required: ["name"], optional: ["time", "classname", "group"], children: caseChildren),
                "failure": outcome, "error": outcome, "skipped": outcome,
                "rerunFailure": rerun, "rerunError": rerun, "flakyFailure": rerun, "flakyError": rerun,
                "properties": Element(children: ["property"]),
                "property": Element(required: ["name", "value"]),
                "system-out": Element(text: true), "system-err": Element(text: true), "stackTrace": Element(text: true)
            ])
    }()

    /// Checkstyle's report format (version 4.3), as its readers (Jenkins' Warnings plugin,
    /// reviewdog) take it: files with a name, errors with a line, a column, a severity of
    /// Checkstyle's four, a message and a source.
    static let checkstyle: XMLGrammar = {
        let number: (description: String, valid: @Sendable (String) -> Bool) = (
            "a positive whole number", { Int($0).map { $0 > 0 } ?? false }
        )
        return XMLGrammar(
            root: "checkstyle",
            elements: [
                "checkstyle": Element(optional: ["version"], children: ["file"]),
                "file": Element(required: ["name"], children: ["error"]),
                "error": Element(
                    required: ["line", "severity", "message"], optional: ["column", "source"],
                    values: [
                        "line": number, "column": number,
                        "severity": (
                            "error, warning, info or ignore", { ["error", "warning", "info", "ignore"].contains($0) }
                        )
                    ]
                )
            ])
    }()

    /// Every way `data` breaks the grammar; empty when it keeps to it.
    func problems(in data: Data) -> [String] {
        let checker = Checker(grammar: self)
        let parser = XMLParser(data: data)
        parser.delegate = checker
        if !parser.parse() {
            checker.problems.append("not well-formed XML: \(parser.parserError.map { "\($0)" } ?? "?")")
        }
        if checker.rootName != root {
            checker.problems.append("the root element is \(checker.rootName ?? "missing"), not \(root)")
        }
        return checker.problems
    }

    private final class Checker: NSObject, XMLParserDelegate {
        let grammar: XMLGrammar
        var problems: [String] = []
        var rootName: String?
        var open: [String] = []

        init(grammar: XMLGrammar) { self.grammar = grammar }

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            if rootName == nil { rootName = name }
            let place = (open + [name]).joined(separator: "/")
            if let parent = open.last, let rules = grammar.elements[parent], !rules.children.contains(name) {
                problems.append("\(place): <\(parent)> may not hold <\(name)>")
            }
            open.append(name)
            guard let rules = grammar.elements[name] else {
                problems.append("\(place): no such element")
                return
            }
            for attribute in attributes.keys.sorted()
            where !rules.required.contains(attribute) && !rules.optional.contains(attribute) {
                problems.append("\(place): the attribute '\(attribute)' is not allowed")
            }
            for attribute in rules.required.sorted() where attributes[attribute] == nil {
                problems.append("\(place): the attribute '\(attribute)' is required")
            }
            for (attribute, check) in rules.values.sorted(by: { $0.key < $1.key }) {
                if let value = attributes[attribute], !check.valid(value) {
                    problems.append("\(place): '\(attribute)' must be \(check.description), not '\(value)'")
                }
            }
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            open.removeLast()
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            guard let current = open.last, let rules = grammar.elements[current], !rules.text else { return }
            if !string.allSatisfy(\.isWhitespace) {
                problems.append("\(open.joined(separator: "/")): text is not allowed here")
            }
        }
    }
}

/// GitLab Code Quality's report format, as GitLab's documentation gives it: a JSON array of
/// issues, each with a `description`, a `check_name`, a `fingerprint` unique in the
/// report, a `severity` of `info`, `minor`, `major`, `critical` or `blocker`, and a
/// `location` with a relative `path` and `lines.begin` (a line number from 1).
enum CodeQualityFormat {
    static func problems(in value: JSONValue) -> [String] {
        guard case .array(let issues) = value else { return ["the report is not a JSON array"] }
        var problems: [String] = []
        var fingerprints: Set<String> = []
        for (index, issue) in issues.enumerated() {
            func string(_ key: String) -> String? { if case .string(let text)? = issue[key] { text } else { nil } }
            for key in ["description", "check_name", "fingerprint", "severity"] where string(key)?.isEmpty != false {
                problems.append("issue \(index): '\(key)' must be a non-empty string")
            }
            if let severity = string("severity"), !["info", "minor", "major", "critical", "blocker"].contains(severity)
            {
                problems.append("issue \(index): severity '\(severity)' is not one of GitLab's")
            }
            if let fingerprint = string("fingerprint"), !fingerprints.insert(fingerprint).inserted {
                problems.append("issue \(index): the fingerprint \(fingerprint) is not unique")
            }
            guard case .string(let path)? = issue["location"]?["path"], !path.isEmpty, !path.hasPrefix("/") else {
                problems.append("issue \(index): location.path must be a path relative to the repository")
                continue
            }
            guard case .integer(let line)? = issue["location"]?["lines"]?["begin"], line >= 1 else {
                problems.append("issue \(index): location.lines.begin must be a line number")
                continue
            }
        }
        return problems
    }
}
