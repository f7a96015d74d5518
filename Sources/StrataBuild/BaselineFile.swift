import Foundation
import StrataAnalysis
import StrataCore

/// Reads and writes baseline files: JSON with one entry per line, sorted, so a baseline
/// diffs well in review and stale entries can be reported at their line.
package enum BaselineFile {
    package static func read(at url: URL, displayPath: String) throws -> [BaselineEntry] {
        let bytes = try ProjectFiles.readCommandLineFile(at: url, displayPath: displayPath)
        let text = try TextDecoding.decode(bytes, path: displayPath)
        let fileLocation = SourceLocation(path: displayPath)
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) else {
            throw Diagnostic.error(
                "baseline.invalid", "this is not a JSON baseline file; write one with --update-baseline",
                at: fileLocation)
        }
        guard let root = object as? [String: Any], let version = root["version"] as? Int,
            let items = root["violations"] as? [Any]
        else {
            throw Diagnostic.error(
                "baseline.invalid",
                "a baseline needs \"version\" and a \"violations\" list; write one with --update-baseline",
                at: fileLocation)
        }
        guard version == 1 else {
            throw Diagnostic.error(
                "baseline.invalid", "baseline version \(version) is newer than this Strata understands (1)",
                at: fileLocation)
        }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var entries: [BaselineEntry] = []
        for (index, item) in items.enumerated() {
            guard let fields = item as? [String: Any], let rule = fields["rule"] as? String,
                let key = fields["key"] as? String
            else {
                throw Diagnostic.error(
                    "baseline.invalid", "entry \(index + 1) needs \"rule\" and \"key\" strings", at: fileLocation)
            }
            let needle = "\"key\": " + JSONString.quote(key)
            let line =
                lines.firstIndex { $0.contains(needle) && $0.contains(JSONString.quote(rule)) }.map { $0 + 1 } ?? 1
            entries.append(BaselineEntry(rule: rule, key: key, location: SourceLocation(path: displayPath, line: line)))
        }
        return entries
    }

    /// The file for these violations: each recorded once, by rule and key, with its message
    /// for the reader.
    package static func render(_ violations: [Violation]) -> String {
        var seen: Set<BaselineEntry> = []
        var rows: [(BaselineEntry, String)] = []
        for violation in violations {
            let entry = BaselineFilter.entry(for: violation)
            if seen.insert(entry).inserted { rows.append((entry, violation.message)) }
        }
        rows.sort { $0.0 < $1.0 }
        var text = "{\n  \"version\": 1,\n  \"violations\": ["
        text += rows.isEmpty ? "" : "\n"
        text += rows.map { entry, message in
            "    {\"rule\": \(JSONString.quote(entry.rule)), \"key\": \(JSONString.quote(entry.key)), \"message\": "
                + "\(JSONString.quote(message))}"
        }.joined(separator: ",\n")
        text += rows.isEmpty ? "]\n}\n" : "\n  ]\n}\n"
        return text
    }
}
