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

    private static let reader = PlainCommandLine<GraphOptions>(
        flags: [
            "--quiet": { $0.quiet = true },
            "--hide-tests": { $0.hideTests = true },
            "--hide-external": { $0.hideExternal = true },
            "--hide-sdk": { $0.hideSDK = true },
        ],
        valued: [
            "--format": { options, value in
                guard let format = GraphOptions.Format(rawValue: value) else { return false }
                options.format = format
                return true
            },
            "--focus": { options, value in
                options.focus.append(value)
                return true
            },
            "--depth": { options, value in
                guard let depth = Int(value), depth >= 0 else { return false }
                options.depth = depth
                return true
            },
            "--manifest": { options, value in
                guard let mode = ManifestMode(rawValue: value) else { return false }
                options.manifest = mode
                return true
            },
            "--paths": { options, value in
                guard let style = PathStyle(rawValue: value) else { return false }
                options.paths = style
                return true
            },
            "--output": { options, value in
                options.output = value
                return true
            },
            "--config": { options, value in
                options.config = value
                return true
            },
            "--project": { options, value in
                options.project = value
                return true
            },
        ],
        repeatable: ["--focus"]
    )
}
