/// The top-level module names a Clang module map declares (`module zlibLinux [system] {`,
/// `framework module Kit`, `explicit module …`): the names Swift code imports a
/// system-library target by, which need not be the target's own.
enum ModuleMapNames {
    static func names(in text: String) -> [String] {
        var names: [String] = []
        var depth = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            // Comments end the useful part of a line.
            let line = rawLine.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            if depth == 0 {
                var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "{" || $0 == "[" })[...]
                while let first = words.first, first == "explicit" || first == "framework" || first == "extern" {
                    words = words.dropFirst()
                }
                if words.first == "module", words.count > 1, let name = words.dropFirst().first,
                    name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
                {
                    names.append(String(name))
                }
            }
            for character in line {
                if character == "{" { depth += 1 }
                if character == "}" { depth = max(0, depth - 1) }
            }
        }
        return names
    }
}
