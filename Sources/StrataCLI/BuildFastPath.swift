import StrataBuild
import StrataCore

/// Reads `strata build`'s options without the argument parser (`PlainCommandLine`): CI
/// and `make` run it in the same few forms every time, and on a book of 48 pages the
/// parser's reflection is 6% of the build. `BuildFastPathTests` checks both readings agree.
enum BuildFastPath {
    /// The options for `arguments` (after `build`), or nil when the argument parser should read them.
    static func options(from arguments: [String]) -> BuildCommandOptions? {
        reader.read(arguments, into: BuildCommandOptions())
    }

    private typealias Reader = PlainCommandLine<BuildCommandOptions>

    private static let reader = Reader(
        flags: [
            "--strict": { $0.strict = true },
            "--quiet": { $0.quiet = true },
        ],
        valued: [
            "--output": Reader.text(\.output),
            "--base-url": Reader.text(\.baseURL),
            "--manifest": Reader.choice(\.manifest),
            "--as-of": { options, value in
                guard let date = CalendarDate(parsing: value) else { return false }
                options.asOf = date
                return true
            },
            "--config": Reader.text(\.config),
            "--project": Reader.text(\.project),
            "--allow-read": { options, value in
                options.allowRead.append(value)
                return true
            },
        ],
        repeatable: ["--allow-read"]
    )
}
