@testable import StrataCLI

/// Command lines made from a fast path's accepted forms, for comparing its reading with the
/// argument parser's.
enum CommandLineForms {
    /// The long name of an option as written (`-o`, `--output=x` → `--output`).
    static func longName(_ argument: String) -> String {
        let name = String(argument.prefix { $0 != "=" })
        return CommandLineCheck.shortNames[name] ?? name
    }

    /// Every two of the single-option `forms` together, both ways round, each option once
    /// (a `repeatable` one may meet itself).
    static func pairs(of forms: [[String]], repeatable: Set<String> = []) -> [[String]] {
        let single = forms.filter { $0.filter { $0.hasPrefix("-") }.count == 1 }
        var pairs: [[String]] = []
        for first in single {
            for second in single {
                let names = Set((first + second).filter { $0.hasPrefix("-") }.map(longName))
                guard names.count == 2 || first == second && names.isSubset(of: repeatable) else { continue }
                pairs.append(first + second)
            }
        }
        return pairs
    }
}
