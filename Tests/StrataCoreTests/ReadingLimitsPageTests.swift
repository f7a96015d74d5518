import Foundation
import StrataCore
import Testing

/// Every bound Strata keeps is one a user can look up: `Content/reference/limits.md` has a
/// table row naming each limit's diagnostic and figure, and names no limit id that no reader
/// keeps any more.
@Suite struct ReadingLimitsPageTests {
    static let page: String = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return (try? String(contentsOf: root.appendingPathComponent("Content/reference/limits.md"), encoding: .utf8))
            ?? ""
    }()

    static var rows: [Substring] {
        page.split(separator: "\n").filter { $0.hasPrefix("|") }
    }

    /// `1,048,576` or, for bytes, `1 MiB`: the figure as the page writes it.
    static func figures(of limit: ReadingLimit) -> [String] {
        var grouped = ""
        for (index, digit) in String(limit.maximum).reversed().enumerated() {
            if index > 0, index % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        var forms = [String(grouped.reversed())]
        let mebibyte = 1 << 20
        if limit.counts.contains("bytes"), limit.maximum % mebibyte == 0 {
            forms.append("\(limit.maximum / mebibyte) MiB")
        }
        if limit.counts.contains("bytes"), limit.maximum % 1_000_000 == 0 {
            forms.append("\(limit.maximum / 1_000_000) MB")
        }
        return forms
    }

    @Test func everyLimitHasARowWithItsIdAndFigure() {
        #expect(!Self.page.isEmpty, "Content/reference/limits.md was not found")
        for limit in ReadingLimits.all {
            let named = Self.rows.filter { $0.contains("`\(limit.id)`") }
            #expect(
                named.contains { row in Self.figures(of: limit).contains { row.contains($0) } },
                Comment(
                    rawValue:
                        "limits.md has no row with `\(limit.id)` and "
                        + "\(Self.figures(of: limit).joined(separator: " or ")) "
                        + "(\(limit.counts))")
            )
        }
    }

    @Test func everyLimitIdOnThePageIsKeptByAReader() throws {
        let ids = Set(ReadingLimits.all.map(\.id))
        let pattern = try Regex(#"`([a-z]+\.too-(deep|large|slow))`"#)
        for row in Self.rows {
            for match in row.matches(of: pattern) {
                let id = String(row[match.range].dropFirst().dropLast())
                #expect(ids.contains(id), "limits.md names `\(id)`, which no ReadingLimit reports")
            }
        }
    }

    @Test func idsAreWellFormedAndFiguresPositive() {
        for limit in ReadingLimits.all {
            #expect(limit.maximum > 0, "\(limit.id) has no room at all")
            #expect(limit.id.hasSuffix(".\(limit.kind.rawValue)"))
            #expect(!limit.counts.isEmpty)
        }
    }
}
