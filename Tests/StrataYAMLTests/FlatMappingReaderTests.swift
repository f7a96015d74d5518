import StrataCore
import Testing

@testable import StrataYAML

/// Front matter read without the parser must read exactly as Yams reads it, locations and
/// quoting included; anything the fast reader does not take is left to Yams.
@Suite struct FlatMappingReaderTests {
    static let values = [
        "Install", "\"Install: the guide\"", "'single # quoted'", "\"\"", "''", "3", "-3", "0x1F", "1.5", "true", "yes",
        "No",
        "null", "Null", "NULL", "~", "", " ", "2024-05-01", "a b  c", "Page 139: Module build", "path/to/page.md",
        "#comment", "x # comment", "[a, b]", "{a: 1}", "\"unclosed", "\"a\\\"b\"", "'it''s'", "caf\u{E9}",
        "\"caf\u{E9}\"",
        "\"tab\there\"", "value   ", "- item", "*alias", "&anchor x", "!tag x", "|", ">", "@at", "`tick`",
        "1,000 (approx.) +/-",
        "_under", "a:b", "a: b", "\"#not a comment\""
    ]

    static let keys = [
        "title", "weight", "my-key", "_private", "1", "null", "Title", "a b", "key ", " indented", "\"quoted\"", "x-"
    ]

    @Test func everyFormReadsAsYamsReadsIt() throws {
        var taken = 0
        var documents: [String] = []
        for key in Self.keys {
            for value in Self.values {
                documents.append("\(key): \(value)")
                documents.append("\(key):\(value)")
                documents.append("first: 1\n\(key): \(value)\n")
                documents.append("\n\n\(key): \(value)\nlast: \"x\"\n\n")
            }
        }
        documents += [
            "a: 1\na: 2", "a: 1\nb:\n  c: 2", "a: 1\n  continued", "a: 1\r\nb: 2", "---\na: 1", "a: 1\n...",
            "a: 1\n# note\nb: 2",
            "", "\n\n", "a:", "a:\nb:", "title: \"One\"\nweight: 2\ndescription: 'Three'\ndraft: false\n"
        ]
        // libyaml takes a key of at most 1024 characters without an explicit `? `.
        for length in [1023, 1024, 1025, 1026, 2000] {
            documents += [
                String(repeating: "k", count: length) + ": v", "a: 1\n" + String(repeating: "k", count: length) + ":"
            ]
        }
        for (index, document) in documents.enumerated() {
            let yams = Result { try YAMLReader.readWithParser(document, path: "p.md", firstLine: 2) }
            guard let flat = FlatMappingReader.read(document, path: "p.md", lineOffset: 1) else { continue }
            taken += 1
            #expect(try yams.get() == flat, "document \(index): \(document.debugDescription)")
        }
        #expect(taken > 300, "the common forms are read without the parser")
    }

    @Test func theFormsOfFrontMatterAreReadWithoutTheParser() {
        for document in [
            "title: \"Install\"\nweight: 3\n", "title: Install\ndescription: 'How to: install'\n", "draft:\n"
        ] {
            #expect(FlatMappingReader.read(document, path: "p", lineOffset: 0) != nil, "\(document.debugDescription)")
        }
        for document in [
            "title: Install # note", "tags: [a, b]", "a: 1\na: 2", "null: x", "a:\n  b: 1", "title: \"caf\u{E9}\""
        ] {
            #expect(FlatMappingReader.read(document, path: "p", lineOffset: 0) == nil, "\(document.debugDescription)")
        }
    }
}
