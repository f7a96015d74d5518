/// How much a diagnostic matters. Errors stop a build; warnings fail it only under `--strict`.
package enum Severity: String, Sendable, Hashable, Comparable, Codable {
    case note
    case warning
    case error

    private var rank: Int {
        switch self {
        case .note: 0
        case .warning: 1
        case .error: 2
        }
    }

    package static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}
