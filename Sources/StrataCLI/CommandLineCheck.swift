import Foundation
import StrataCore

/// Two mistakes the argument parser lets through or answers without a hint: a misspelt
/// command (`strata chek`), and an option given twice, of which the parser silently keeps
/// the last (`--output a --output b`). Options meant to be repeated accumulate instead.
enum CommandLineCheck {
    /// Options that take several values, one per use: those whose help says "Repeatable"
    /// (a test holds the two together).
    static let repeatable: Set<String> = ["--report", "--focus", "--allow-read"]

    /// Short options and the long option each stands for.
    static let shortNames = [
        "-o": "--output", "-C": "--project", "-q": "--quiet", "-f": "--format", "-p": "--port", "-h": "--help"
    ]

    /// The usage error for `arguments` (without the program name), or nil.
    /// `hidden` commands run but are not suggested.
    static func problem(in arguments: [String], commands: [String], hidden: [String] = []) -> String? {
        if let first = arguments.first, !first.hasPrefix("-"), !commands.contains(first), !hidden.contains(first),
            first != "help"
        {
            let hint = Suggestion.closest(to: first, in: commands).map { "; did you mean '\($0)'?" } ?? ""
            return "unknown command '\(first)'\(hint) (commands: \(commands.joined(separator: ", ")))"
        }
        var seen: [String: String] = [:]
        for argument in arguments {
            if argument == "--" { break }
            guard argument.hasPrefix("-"), argument.count > 1, !(argument.dropFirst().first?.isNumber ?? false) else {
                continue
            }
            let name = String(argument.prefix { $0 != "=" })
            let long = shortNames[name] ?? name
            guard !repeatable.contains(long) else { continue }
            if let first = seen[long] {
                let also = first == name ? "" : " (as \(first) and \(name))"
                return "\(long) is given twice\(also); give it once, since only one can count"
            }
            seen[long] = name
        }
        return nil
    }
}
