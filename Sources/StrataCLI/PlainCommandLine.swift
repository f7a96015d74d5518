/// Reads a command's options without the argument parser, for the plain forms scripts and
/// CI run every time (`strata build --quiet`, `strata graph --format json -q`). The parser
/// learns a command's options by reflection, which in a binary this size costs about 4 ms
/// per run: more than reading a small package, and 6% of building a 48-page book.
///
/// Only the plain forms are read: flags, `--option value`, `--option=value` (a value after
/// the `=`) and the short names of `CommandLineCheck.shortNames` followed by a value; each
/// option once, except the repeatable ones. Anything else (help, a positional argument, a
/// value that starts with `-`, a value the option does not take) returns nil, and the
/// argument parser then reads the command line and explains what is wrong. A command's
/// tests check that both readings agree.
struct PlainCommandLine<Options>: Sendable {
    /// Flags, by long name: each sets itself on the options.
    var flags: [String: @Sendable (inout Options) -> Void]
    /// Options that take a value, by long name: each sets the value and says whether it is
    /// one the option takes.
    var valued: [String: @Sendable (inout Options, String) -> Bool]
    /// Options that may be given more than once.
    var repeatable: Set<String> = []

    /// `options` with `arguments` (after the command's name) applied, or nil when the
    /// argument parser should read them.
    func read(_ arguments: [String], into options: Options) -> Options? {
        var options = options
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
            guard repeatable.contains(long) || seen.insert(long).inserted else { return nil }
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
        return options
    }

    /// The long name of an option the command has (short names as every command spells them).
    private func longName(_ name: String) -> String? {
        let long = CommandLineCheck.shortNames[name] ?? name
        return flags[long] != nil || valued[long] != nil ? long : nil
    }
}

extension PlainCommandLine {
    /// An option whose value is any text, set at `keyPath`.
    static func text(_ keyPath: WritableKeyPath<Options, String?> & Sendable) -> @Sendable (inout Options, String) -> Bool {
        { options, value in
            options[keyPath: keyPath] = value
            return true
        }
    }

    /// An option whose value is one of a type's raw values (`--format json`), set at `keyPath`.
    static func choice<Value: RawRepresentable>(_ keyPath: WritableKeyPath<Options, Value> & Sendable) -> @Sendable (inout Options, String) -> Bool
        where Value.RawValue == String {
        { options, value in
            guard let chosen = Value(rawValue: value) else { return false }
            options[keyPath: keyPath] = chosen
            return true
        }
    }
}
