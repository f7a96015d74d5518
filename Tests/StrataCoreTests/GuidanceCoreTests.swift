import StrataTestSupport
import Testing

@testable import StrataCore

/// The pure parts of guidance: dates, the inline markup parts keep, and site-wide ids.
@Suite struct GuidanceCoreTests {
    @Test func calendarDatesParseOnlyRealDaysWrittenYYYYMMDD() {
        #expect(CalendarDate(parsing: "2026-01-31")?.description == "2026-01-31")
        #expect(CalendarDate(parsing: " 2024-02-29 ") != nil, "a leap day")
        for bad in ["2025-02-29", "2026-13-01", "2026-1-31", "31/01/2026", "last week", "", "2026-01-31T10:00"] {
            #expect(CalendarDate(parsing: bad) == nil, "\(bad)")
        }
    }

    @Test func daysBetweenDatesAndFromUnixTime() throws {
        let start = try #require(CalendarDate(parsing: "2026-01-31"))
        let end = try #require(CalendarDate(parsing: "2026-11-21"))
        #expect(start.days(until: end) == 294)
        #expect(end.days(until: start) == -294)
        #expect(
            try #require(CalendarDate(parsing: "2024-02-28")).days(
                until: try #require(CalendarDate(parsing: "2024-03-01"))) == 2)
        #expect(CalendarDate(unixTime: 0).description == "1970-01-01")
        #expect(CalendarDate(unixTime: 1_795_219_200).description == "2026-11-21")
        #expect(CalendarDate(unixTime: 1_795_219_199).description == "2026-11-20")
        #expect(CalendarDate(unixTime: -1).description == "1969-12-31")
        #expect(end.daysSinceEpoch == 20_778)
    }

    func draft(_ id: String, explicit: Bool, line: Int) -> GuidanceAssembler.Draft {
        var draft = GuidanceAssembler.Draft(
            block: GuidanceBlock(
                id: id, hasExplicitID: explicit, kind: .check, summary: "s",
                location: SourceLocation(path: "p.md", line: line, column: 1)
            ))
        if explicit { draft.idLocation = SourceLocation(path: "p.md", line: line + 1, column: 1) }
        return draft
    }

    @Test func writtenIDsWinAndADuplicateIsAnError() {
        var drafts = [
            draft("guides-a", explicit: false, line: 1),
            draft("Rule.One", explicit: true, line: 10),
            draft("guides-a", explicit: true, line: 20),
            draft("rule.one", explicit: true, line: 30),
            draft("has space", explicit: true, line: 40)
        ]
        var registry = GuidanceIDRegistry()
        registry.register(&drafts)
        #expect(drafts.map(\.block.id) == ["guides-a-2", "Rule.One", "guides-a", "rule.one-2", "has-space"])
        #expect(
            registry.diagnostics.map(\.description) == [
                "p.md:31:1: error: ID: 'rule.one' is already the id of the block at p.md:11; block ids must be "
                    + "unique across the site [guidance.duplicate-id]",
                "p.md:41:1: warning: ID: 'has space' can hold only letters, digits, '-', '_' and '.', starting with "
                    + "a letter or digit; the block's id is 'has-space' [guidance.invalid-id]"
            ])
    }

    @Test func derivedIDsUseThePageTheSectionAndTheFirstWords() {
        #expect(
            GuidanceID.derive(
                page: "guides/networking", heading: "Screens",
                opening: "A screen needs `data` from the network, always.")
                == "guides-networking-screens-a-screen-needs-data",
            "an id does not end on the small words of a cut phrase")
        #expect(
            GuidanceID.formerDerive(
                page: "guides/networking", heading: "Screens",
                opening: "A screen needs `data` from the network, always.")
                == "guides-networking-screens-a-screen-needs-data-from-the",
            "the id an earlier Strata gave, which redirects")
        #expect(
            GuidanceID.derive(page: "p", heading: nil, opening: "The the the the the the") == "p-the",
            "one word is always kept")
        #expect(
            GuidanceID.derive(page: "p", heading: nil, opening: "Handling errors in a view model")
                == "p-handling-errors-in-a-view-model")
        #expect(GuidanceID.targetName("../guides/services.md#errors") == "services")
        #expect(GuidanceID.targetName("https://example.com/a/b") == "example.com")
    }
}

extension GuidanceCoreTests {
    @Test func extremeUnixTimesAreClampedNotCrashes() {
        #expect(CalendarDate(unixTime: .min).description == "0001-01-01")
        #expect(CalendarDate(unixTime: .max).description == "9999-12-31")
    }
}

extension GuidanceCoreTests {
    @Test func numberedIDsNeverTakeAWrittenOneAndIndexIsTheCatalogs() {
        var drafts = [
            draft("foo", explicit: true, line: 1), draft("foo", explicit: true, line: 10),
            draft("foo-2", explicit: true, line: 20), draft("index", explicit: true, line: 30),
            draft("index", explicit: false, line: 40)
        ]
        var registry = GuidanceIDRegistry()
        registry.register(&drafts)
        #expect(drafts.map(\.block.id) == ["foo", "foo-3", "foo-2", "index-2", "index-3"])
        #expect(registry.diagnostics.map(\.ruleID) == ["guidance.duplicate-id", "guidance.duplicate-id"])
        #expect(
            registry.diagnostics.last?.message
                == "ID: 'index' is the name of the catalog page (guidance/index.html); choose another id")
    }

    /// Two blocks on one page with one derived id are `…` and `…-2`; when `…` is taken
    /// elsewhere, they become `…-2` and `…-3`, not `…-2` and `…-2-2`.
    @Test func aPagesNumberedIDsMeetingATakenOneCountOnFromTheirBase() {
        var first = draft("a-s-foo-bar", explicit: false, line: 1)
        var second = draft("a-s-foo-bar-2", explicit: false, line: 5)
        first.derivedBase = "a-s-foo-bar"
        second.derivedBase = "a-s-foo-bar"
        var drafts = [first, second, draft("a-s-foo-bar", explicit: true, line: 30)]
        var registry = GuidanceIDRegistry()
        registry.register(&drafts)
        #expect(drafts.map(\.block.id) == ["a-s-foo-bar-2", "a-s-foo-bar-3", "a-s-foo-bar"])
        #expect(registry.diagnostics.isEmpty)
    }

    @Test func scriptURLsAreRecognisedHoweverTheyAreWritten() {
        for url in [
            "javascript:alert(1)", " JavaScript:x", "java\tscript:x", "java\nscript:x", "\u{1}javascript:x",
            "vbscript:x", "data:text/html,<b>"
        ] {
            #expect(URLSafety.isScript(url), "\(url.debugDescription)")
        }
        for url in ["https://example.com", "guides/x.md", "mailto:a@b.c", "#top", "scripts/javascript:x"] {
            #expect(!URLSafety.isScript(url), "\(url)")
        }
    }

    /// The byte-wise check agrees with the rule written plainly (every scalar but spaces,
    /// controls and DEL, lower-cased, compared by prefix) on destinations built from the
    /// pieces that make the rule hard: case, tabs and line breaks inside the scheme,
    /// non-ASCII letters that look alike, schemes cut short.
    @Test func theScriptCheckAgreesWithThePlainRule() {
        func plain(_ url: String) -> Bool {
            let compact = String(url.unicodeScalars.filter { $0.value > 0x20 && $0.value != 0x7F }.map(Character.init))
                .lowercased()
            return ["javascript:", "vbscript:", "data:"].contains { compact.hasPrefix($0) }
        }
        let pieces = [
            "java", "JAVA", "Script", "script", ":", "\t", "\n", " ", "\u{7F}", "\u{1}", "vb", "VB", "data", "DaTa",
            "x",
            "İ", "ı", "\u{212A}", "\u{A0}", "é", "/", "#", "javascript", "vbscript:", "dat", "a:"
        ]
        var generator = SeededGenerator(seed: 48)
        var checked = 0
        for _ in 0..<20_000 {
            let url = (0..<Int.random(in: 0...5, using: &generator)).map { _ in
                pieces.randomElement(using: &generator) ?? ""
            }
            .joined()
            #expect(URLSafety.isScript(url) == plain(url), "\(url.debugDescription)")
            checked += plain(url) ? 1 : 0
        }
        #expect(checked > 100, "the generated destinations include script ones")
    }
}
