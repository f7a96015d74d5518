import StrataCore
import Testing

@Suite struct DiagnosticTests {
    @Test func printsInTheFormCILogParsersRead() {
        let diagnostic = Diagnostic.error(
            "config.unknown-key", "unknown key 'x'", at: SourceLocation(path: "strata.yml", line: 3, column: 5))
        #expect(diagnostic.description == "strata.yml:3:5: error: unknown key 'x' [config.unknown-key]")
        #expect(Diagnostic.warning("usage", "no file").description == "strata: warning: no file [usage]")
    }

    @Test func sortsByFileThenPosition() {
        let a = Diagnostic.warning("x", "m", at: SourceLocation(path: "b.md", line: 1))
        let b = Diagnostic.error("x", "m", at: SourceLocation(path: "a.md", line: 9))
        let c = Diagnostic.error("x", "m", at: SourceLocation(path: "a.md", line: 10))
        #expect([a, c, b].sorted() == [b, c, a])
    }

    @Test func locationsAreNeverBelowOne() {
        let location = SourceLocation(path: "f", line: 0, column: -3)
        #expect(location.line == 1 && location.column == 1)
    }

    @Test func metadataLabelsAreReadable() {
        let entry = MetadataEntry(
            key: "LAST_VERIFIED", value: "x", location: SourceLocation(path: "p"), origin: .paragraph)
        #expect(entry.label == "Last verified")
        #expect(entry.normalizedKey == "last_verified")
        func label(_ key: String) -> String {
            MetadataEntry(key: key, value: "", location: SourceLocation(path: "p"), origin: .paragraph).label
        }
        #expect(label("GE_STACK_VERSION") == "GE stack version", "acronyms keep their case")
        #expect(label("ALSO_USED_BY") == "Also used by")
        #expect(label("API_OWNER") == "API owner")
        #expect(label("ID") == "ID")
        #expect(label("owner") == "Owner", "front matter keys are words")
        #expect(label("ui_owner") == "Ui owner", "only upper-case keys say what is an acronym")
    }
}
