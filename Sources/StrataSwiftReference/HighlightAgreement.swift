import StrataSwiftSource

/// How far two highlightings of the same code agree: of the characters that are not white
/// space, how many get the same colour (or none in both). What `make accuracy` and the
/// tests report for ``SwiftHighlighter`` against ``SyntaxHighlighter``.
package struct HighlightAgreement: Sendable {
    package private(set) var compared = 0
    package private(set) var agreed = 0
    /// The differences found, by the two colours: how many characters, and the first lines.
    package private(set) var differences: [String: (count: Int, lines: [String])] = [:]
    package var samplesPerDifference = 4
    /// One difference (`"plain vs type"`) to count file by file, to find where it comes from.
    package var focus: String?
    package private(set) var focusFiles: [String: Int] = [:]

    /// The differences, most frequent first, each with its first lines.
    package var report: [String] {
        differences.sorted { ($0.value.count, $1.key) > ($1.value.count, $0.key) }.flatMap { key, value in
            ["\(key): \(value.count) characters"] + value.lines.map { "    " + $0 }
        }
    }

    package init() {}

    package var fraction: Double { compared == 0 ? 1 : Double(agreed) / Double(compared) }

    package mutating func add(code: String, name: String, runs: [HighlightRun], reference: [HighlightRun]) {
        let bytes = Array(code.utf8)
        let mine = Self.kinds(runs, count: bytes.count)
        let theirs = Self.kinds(reference, count: bytes.count)
        var sampledLines = Set<Int>()
        var line = 1
        var lineStart = 0
        for index in bytes.indices {
            let byte = bytes[index]
            if byte == 0x0A {
                line += 1
                lineStart = index + 1
                continue
            }
            // White space and a character's continuation bytes are not counted.
            if byte == 0x20 || byte == 0x09 || byte == 0x0D || (byte & 0xC0) == 0x80 { continue }
            compared += 1
            if mine[index] == theirs[index] {
                agreed += 1
            } else {
                let key = "\(Self.name(mine[index])) vs \(Self.name(theirs[index]))"
                differences[key, default: (0, [])].count += 1
                if key == focus { focusFiles[name, default: 0] += 1 }
                guard differences[key]?.lines.count ?? 0 < samplesPerDifference, sampledLines.insert(line).inserted
                else { continue }
                var lineEnd = index
                while lineEnd < bytes.count, bytes[lineEnd] != 0x0A { lineEnd += 1 }
                let text = String(decoding: bytes[lineStart..<lineEnd], as: UTF8.self)
                differences[key]?.lines.append("\(name):\(line):\(index - lineStart + 1): \(text.prefix(160))")
            }
        }
    }

    private static func kinds(_ runs: [HighlightRun], count: Int) -> [HighlightKind?] {
        var kinds = [HighlightKind?](repeating: nil, count: count)
        for run in runs where run.start >= 0 && run.end <= count {
            for index in run.start..<run.end { kinds[index] = run.kind }
        }
        return kinds
    }

    private static func name(_ kind: HighlightKind?) -> String { kind?.className ?? "plain" }
}
