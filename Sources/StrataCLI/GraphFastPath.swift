import StrataBuild

/// Reads `strata graph`'s options without the argument parser, for the forms scripts and
/// editors run every few seconds (`strata graph --format json -q`). The parser learns a
/// command's options by reflection, which in a binary this size costs about 4 ms per run,
/// more than reading a small package's graph; `graph` is meant to be cheap enough to run
/// on every save. The command then runs on the main thread, not on a thread of the
/// concurrency runtime's pool.
///
/// It accepts only the plain forms: flags, `--option value`, `--option=value` (a value after
/// the `=`) and `-o value`,
/// each option once (`--focus` any number of times). Anything else (help, a positional
/// argument, a value that starts with `-`, a value the option does not take, `--depth`
/// without `--focus`) returns nil, and the argument parser then reads the command line and
/// explains what is wrong. `GraphFastPathTests` checks both readings agree.
enum GraphFastPath {
    /// The options for `arguments` (after `graph`), or nil when the argument parser should read them.
    static func options(from arguments: [String]) -> GraphOptions? {
        var options = GraphOptions()
        var seen: Set<String> = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("-"), argument != "-", argument != "--" else { return nil }
            var name = argument
            var attached: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                attached = String(argument[argument.index(after: equals)...])
                // The parser reads `--option=` as `--option` and takes the next argument.
                guard attached?.isEmpty == false else { return nil }
            }
            guard let long = longName(name) else { return nil }
            guard long == "--focus" || seen.insert(long).inserted else { return nil }
            if let flag = flags[long] {
                guard attached == nil else { return nil }
                flag(&options)
                continue
            }
            let value: String
            if let attached {
                value = attached
            } else {
                guard index < arguments.count else { return nil }
                value = arguments[index]
                index += 1
            }
            guard !value.hasPrefix("-"), let set = valued[long], set(&options, value) else { return nil }
        }
        if options.depth != nil, options.focus.isEmpty { return nil }
        return options
    }

    /// The long name of an option `graph` has (short names as every command spells them).
    private static func longName(_ name: String) -> String? {
        let long = CommandLineCheck.shortNames[name] ?? name
        return flags[long] != nil || valued[long] != nil ? long : nil
    }

    private static let flags: [String: @Sendable (inout GraphOptions) -> Void] = [
        "--quiet": { $0.quiet = true },
        "--hide-tests": { $0.hideTests = true },
        "--hide-external": { $0.hideExternal = true },
        "--hide-sdk": { $0.hideSDK = true },
    ]

    /// Each option that takes a value: it sets it and says whether the value was one it takes.
    private static let valued: [String: @Sendable (inout GraphOptions, String) -> Bool] = [
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
    ]
}
