import Foundation
import StrataBuild
import StrataCore
import StrataSwiftSource

/// Strata's API of a module against the symbol graph `swift symbolgraph-extract` writes for
/// it (the symbols DocC documents): symbols matched by path and kind (each overload
/// counted), then, of the matched, how many have the same doc comment and the same
/// declaration (white space aside).
///
/// Symbols the compiler makes that the source does not write (`::SYNTHESIZED::`: protocol
/// default implementations and inherited members shown on a conforming type) are counted
/// apart: reading the source alone cannot know them.
struct APIAgreement {
    struct Symbol {
        var key: String
        var docComment: String
        var declaration: String
        /// The module a symbol graph's doc comment was written in: another module's for a
        /// comment inherited from the requirement a symbol implements.
        var commentModule: String? = nil
    }

    var matched = 0
    var missed: [String] = []
    var extra: [String] = []
    var synthesized = 0
    var sameComment = 0
    /// Matched symbols with no comment of their own, to which DocC gives the comment of the
    /// requirement they implement (another module's, or their protocol's).
    var inheritedComment = 0
    var sameDeclaration = 0
    var commentDifferences: [String] = []
    var declarationDifferences: [String] = []

    /// The symbol graph's symbols of `module`: its own file and the files of its extensions
    /// to other modules' types (`Module@Other.symbols.json`).
    static func reference(module: String, folder: URL) throws -> (symbols: [Symbol], synthesized: Int) {
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            $0 == "\(module).symbols.json" || ($0.hasPrefix("\(module)@") && $0.hasSuffix(".symbols.json"))
        }
        guard !files.isEmpty else { throw CocoaError(.fileNoSuchFile) }
        var symbols: [Symbol] = []
        var synthesized = 0
        for file in files.sorted() {
            let data = try Data(contentsOf: folder.appendingPathComponent(file))
            guard let graph = try JSONSerialization.jsonObject(with: data) as? [String: Any],
                let list = graph["symbols"] as? [[String: Any]]
            else { continue }
            for symbol in list {
                let precise = (symbol["identifier"] as? [String: Any])?["precise"] as? String ?? ""
                if precise.contains("::SYNTHESIZED::") {
                    synthesized += 1
                    continue
                }
                let kind = ((symbol["kind"] as? [String: Any])?["identifier"] as? String ?? "").replacingOccurrences(
                    of: "swift.", with: "")
                // The symbol graph calls an actor a class; Strata's pages say actor.
                let path = (symbol["pathComponents"] as? [String] ?? []).joined(separator: "/")
                let comment = symbol["docComment"] as? [String: Any]
                let lines = (comment?["lines"] as? [[String: Any]] ?? []).map { $0["text"] as? String ?? "" }
                let fragments = (symbol["declarationFragments"] as? [[String: Any]] ?? []).map {
                    $0["spelling"] as? String ?? ""
                }
                symbols.append(
                    Symbol(
                        key: path + " " + kind, docComment: lines.joined(separator: "\n"),
                        declaration: fragments.joined(), commentModule: comment?["module"] as? String))
            }
        }
        return (symbols, synthesized)
    }

    /// Strata's symbols of `module`, read from its files as `strata build` reads them.
    static func strata(module: String, files: [String], project: ProjectFiles) -> [Symbol] {
        let extractor = APIExtractor()
        let read = files.sorted().compactMap { file -> APIFile? in
            guard let text = try? String(contentsOfFile: project.path(file), encoding: .utf8) else { return nil }
            return extractor.api(in: text, path: file)
        }
        return ModuleAPI(module: module, files: read).symbols.map { symbol in
            Symbol(
                key: symbol.path.joined(separator: "/") + " "
                    + (symbol.kind == .actor ? "class" : symbol.kind.rawValue),
                docComment: symbol.docComment.map { $0.lines.map(\.text).joined(separator: "\n") } ?? "",
                declaration: symbol.declaration)
        }
    }

    init(module: String, reference: [Symbol], synthesized: Int, strata: [Symbol]) {
        self.synthesized = synthesized
        var ours: [String: [Symbol]] = [:]
        for symbol in strata { ours[symbol.key, default: []].append(symbol) }
        for symbol in reference {
            guard var candidates = ours[symbol.key], !candidates.isEmpty else {
                missed.append(symbol.key)
                continue
            }
            // Among overloads, the one with the same declaration if there is one.
            let index =
                candidates.firstIndex { Self.normalized($0.declaration) == Self.normalized(symbol.declaration) } ?? 0
            let found = candidates.remove(at: index)
            ours[symbol.key] = candidates
            matched += 1
            if Self.trimmed(found.docComment) == Self.trimmed(symbol.docComment) {
                sameComment += 1
            } else if found.docComment.isEmpty, symbol.commentModule != nil, symbol.commentModule != module {
                inheritedComment += 1
            } else {
                let ours = Self.trimmed(found.docComment).split(separator: "\n", omittingEmptySubsequences: false)
                let theirs = Self.trimmed(symbol.docComment).split(separator: "\n", omittingEmptySubsequences: false)
                let line =
                    Array(zip(ours, theirs)).firstIndex { $0.0 != $0.1 } ?? min(ours.count, theirs.count)
                let show = { (lines: [Substring]) in line < lines.count ? String(lines[line]) : "(end)" }
                commentDifferences.append(
                    "\(symbol.key), line \(line + 1)\n      DocC:   \(show(theirs))\n      Strata: \(show(ours))")
            }
            if Self.normalized(found.declaration) == Self.normalized(symbol.declaration) {
                sameDeclaration += 1
            } else {
                declarationDifferences.append(
                    "\(symbol.key)\n      DocC:   \(Self.normalized(symbol.declaration))\n      Strata: "
                        + Self.normalized(found.declaration))
            }
        }
        extra = ours.values.flatMap { $0.map(\.key) }.sorted()
    }

    static func normalized(_ text: String) -> String {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).joined(separator: " ")
            .replacingOccurrences(of: "( ", with: "(").replacingOccurrences(of: " )", with: ")")
            .replacingOccurrences(of: "< ", with: "<").replacingOccurrences(of: " >", with: ">")
            .replacingOccurrences(of: "[ ", with: "[").replacingOccurrences(of: " ]", with: "]")
    }

    static func trimmed(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: "\n")
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    var precision: Double { Double(matched) / Double(max(1, matched + extra.count)) }
    var recall: Double { Double(matched) / Double(max(1, matched + missed.count)) }
}
