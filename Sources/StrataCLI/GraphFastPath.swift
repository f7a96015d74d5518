import StrataBuild

/// Reads `strata graph`'s options without the argument parser (`PlainCommandLine`), for
/// the forms scripts and editors run every few seconds (`strata graph --format json -q`):
/// `graph` is meant to be cheap enough to run on every save. Besides what
/// `PlainCommandLine` leaves to the parser, `--depth` without `--focus` goes to it too.
/// `GraphFastPathTests` checks both readings agree.
enum GraphFastPath {
    /// The options for `arguments` (after `graph`), or nil when the argument parser should read them.
    static func options(from arguments: [String]) -> GraphOptions? {
        guard let options = reader.read(arguments, into: GraphOptions()) else { return nil }
        if options.depth != nil, options.focus.isEmpty { return nil }
        return options
    }

    private typealias Reader = PlainCommandLine<GraphOptions>

    private static let reader = Reader(
        flags: [
            "--quiet": { $0.quiet = true },
            "--hide-tests": { $0.hideTests = true },
            "--hide-external": { $0.hideExternal = true },
            "--hide-sdk": { $0.hideSDK = true },
        ],
        valued: [
            "--format": Reader.choice(\.format),
            "--focus": { options, value in
                options.focus.append(value)
                return true
            },
            "--depth": { options, value in
                guard let depth = Int(value), depth >= 0 else { return false }
                options.depth = depth
                return true
            },
            "--manifest": Reader.choice(\.manifest),
            "--paths": Reader.choice(\.paths),
            "--output": Reader.text(\.output),
            "--config": Reader.text(\.config),
            "--project": Reader.text(\.project),
            "--allow-read": { options, value in
                options.allowRead.append(value)
                return true
            },
        ],
        repeatable: ["--focus", "--allow-read"]
    )
}
