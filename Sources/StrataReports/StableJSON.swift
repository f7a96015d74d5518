import Foundation

/// JSON as every file Strata writes it: pretty, keys sorted, slashes unescaped, a final
/// newline, so the same value always gives the same bytes and diffs stay readable.
enum StableJSON {
    static func text<Value: Encodable>(_ value: Value) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
