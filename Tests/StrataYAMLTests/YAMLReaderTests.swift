import StrataCore
import StrataYAML
import Testing

@Suite struct YAMLReaderTests {
    @Test func keepsOrderAndLocations() throws {
        let node = try #require(try YAMLReader.read("b: 1\na:\n  - x\n  - 'true'\n", path: "f.yml"))
        let pairs = try #require(node.pairs)
        #expect(pairs.map { $0.key.scalar } == ["b", "a"])
        #expect(pairs[1].key.location == SourceLocation(path: "f.yml", line: 2, column: 1))
        let items = try #require(pairs[1].value.items)
        #expect(items[1].location.line == 4)
        #expect(items[1].isQuoted)
        #expect(!items[0].isQuoted)
    }

    @Test func offsetsLinesForFrontMatter() throws {
        let node = try #require(try YAMLReader.read("title: x\nweight: 2", path: "p.md", firstLine: 2))
        #expect(node.pairs?[1].key.location.line == 3)
    }

    @Test func emptyDocumentIsNil() throws {
        #expect(try YAMLReader.read("", path: "f") == nil)
        #expect(try YAMLReader.read("# only a comment\n", path: "f") == nil)
    }

    @Test func nullValues() throws {
        let node = try #require(try YAMLReader.read("a:\nb: ~\nc: 'null'", path: "f"))
        let values = try #require(node.pairs).map(\.value.value)
        #expect(values == [.null, .null, .scalar("null")])
    }

    @Test func syntaxErrorsPointAtTheirLine() {
        #expect {
            try YAMLReader.read("a: 1\nb: [1, 2\nc: 3\n", path: "strata.yml")
        } throws: { error in
            guard let diagnostic = error as? Diagnostic else { return false }
            return diagnostic.ruleID == "yaml.syntax" && diagnostic.location?.path == "strata.yml"
                && (diagnostic.location?.line ?? 0) >= 2
        }
    }

    @Test func errorLinesIncludeTheFrontMatterOffset() {
        #expect {
            try YAMLReader.read("title: a: b", path: "p.md", firstLine: 2)
        } throws: { error in
            (error as? Diagnostic)?.location?.line == 2
        }
    }

    @Test func duplicateKeysAreErrors() {
        #expect {
            try YAMLReader.read("a: 1\na: 2\n", path: "f")
        } throws: { error in
            (error as? Diagnostic)?.ruleID == "yaml.duplicate-key"
        }
    }

    @Test func aliasesResolveToTheirAnchor() throws {
        let node = try #require(try YAMLReader.read("a: &x 1\nb: *x\n", path: "f"))
        #expect(node.pairs?.map(\.value.scalar) == ["1", "1"])
    }

    /// A kilobyte of aliases of aliases ("billion laughs") expanded to millions of values
    /// and half a gigabyte at seven levels; at nine it grew without bound. Reading stops
    /// at 100,000 values with an error.
    @Test(.timeLimit(.minutes(5))) func aliasesThatExpandWithoutBoundAreAnError() throws {
        var yaml = "a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n"
        let names = ["a", "b", "c", "d", "e", "f", "g", "h", "i"]
        for (previous, name) in zip(names, names.dropFirst()) {
            yaml += "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ",") + "]\n"
        }
        let error = #expect(throws: Diagnostic.self) {
            try YAMLReader.read(yaml, path: "Content/page.md", firstLine: 2)
        }
        #expect(error?.ruleID == "yaml.too-large")
        #expect(error?.location?.path == "Content/page.md")
        // A few aliases are fine.
        #expect(try YAMLReader.read("a: &a [1, 2]\nb: [*a, *a]\n", path: "f")?.pairs?.count == 2)
    }
}
