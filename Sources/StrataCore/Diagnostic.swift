/// The one value every problem Strata finds becomes, from the YAML reader to the report
/// writers. Its text form is `path:line:column: severity: message [rule-id]`, which Xcode,
/// GitHub Actions and most CI log parsers recognise.
package struct Diagnostic: Error, Hashable, Sendable, Comparable, CustomStringConvertible {
    package var location: SourceLocation?
    package var severity: Severity
    /// A stable identifier of the kind of problem (`config.unknown-key`, `link.broken`, …).
    package var ruleID: String
    package var message: String

    package init(_ severity: Severity, _ ruleID: String, _ message: String, at location: SourceLocation? = nil) {
        self.location = location
        self.severity = severity
        self.ruleID = ruleID
        self.message = message
    }

    package static func error(_ ruleID: String, _ message: String, at location: SourceLocation? = nil) -> Diagnostic {
        Diagnostic(.error, ruleID, message, at: location)
    }

    package static func warning(_ ruleID: String, _ message: String, at location: SourceLocation? = nil) -> Diagnostic {
        Diagnostic(.warning, ruleID, message, at: location)
    }

    /// One line, whatever the path or message hold (see `OneLineText`).
    package var description: String {
        let place = location.map { "\($0): " } ?? "strata: "
        return "\(place)\(severity.rawValue): \(OneLineText.escape(message)) [\(OneLineText.escape(ruleID))]"
    }

    /// Diagnostics sort by file, then position, then text, so reports are stable.
    package static func < (lhs: Diagnostic, rhs: Diagnostic) -> Bool {
        switch (lhs.location, rhs.location) {
        case (let l?, let r?) where l != r: return l < r
        case (nil, _?): return true
        case (_?, nil): return false
        default: return (lhs.ruleID, lhs.message, lhs.severity) < (rhs.ruleID, rhs.message, rhs.severity)
        }
    }
}

/// Thrown when a step cannot go on; carries every diagnostic found up to that point.
package struct DiagnosticsError: Error, Sendable {
    package var diagnostics: [Diagnostic]

    package init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }
}
