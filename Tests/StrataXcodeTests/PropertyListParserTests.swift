import StrataCore
import Testing

@testable import StrataXcode

@Suite struct PropertyListParserTests {
    func parse(_ text: String) throws -> PropertyList {
        try PropertyListParser(path: "App.xcodeproj/project.pbxproj").parse(Array(text.utf8))
    }

    @Test func readsDictionariesListsAndStringsWithTheirLines() throws {
        let list = try parse(
            """
            // !$*UTF8*$!
            {
            \tarchiveVersion = 1;
            \tobjects = {
            \t\tAB12 /* App */ = {isa = PBXNativeTarget; name = "My App"; };
            \t\tlist = (
            \t\t\tone /* first */,
            \t\t\t"two words",
            \t\t);
            \t};
            }
            """)
        #expect(list["archiveVersion"]?.string == "1")
        let objects = try #require(list["objects"])
        let target = try #require(objects["AB12"])
        #expect(target["isa"]?.string == "PBXNativeTarget")
        #expect(target["name"]?.string == "My App")
        #expect((target.line, target.column) == (5, 20))
        let items = objects["list"]?.array ?? []
        #expect(items.compactMap(\.string) == ["one", "two words"])
        #expect(items.map(\.line) == [7, 8])
    }

    @Test func unescapesQuotedStrings() throws {
        let list = try parse(#"{ a = "line\nnext \"quoted\" back\\slash \U00e9"; b = <0fbd77>; c = ""; }"#)
        #expect(list["a"]?.string == "line\nnext \"quoted\" back\\slash é")
        #expect(list["b"]?.string == "<0fbd77>")
        #expect(list["c"]?.string == "")
    }

    @Test func bareStringsKeepPathCharacters() throws {
        let list = try parse("{ path = Sources/App/File-1.2_x.swift; tree = SOURCE_ROOT; }")
        #expect(list["path"]?.string == "Sources/App/File-1.2_x.swift")
        #expect(list["tree"]?.string == "SOURCE_ROOT")
    }

    @Test(arguments: [
        ("{ a = 1 }", 1, 9, "expected ';' after the value of 'a'"),
        ("{\n a = (1, 2;\n}", 2, 11, "expected ',' or ')' in a list"),
        ("{ a = \"open; }", 1, 7, "a quoted string is never closed"),
        ("{ /* never closed", 1, 3, "a /* comment is never closed"),
        ("{ a = 1; ", 1, 10, "a { is never closed"),
        ("{ a = 1; } extra", 1, 12, "unexpected text after the property list"),
        ("", 1, 1, "the file ends where a value was expected"),
        ("{ a = ; }", 1, 7, "unexpected ';'")
    ])
    func badFilesAreErrorsAtTheirPlace(text: String, line: Int, column: Int, message: String) throws {
        do {
            _ = try parse(text)
            Issue.record("expected an error for \(text)")
        } catch let diagnostic as Diagnostic {
            #expect(diagnostic.ruleID == "xcode.invalid-project")
            #expect(
                diagnostic.location == SourceLocation(path: "App.xcodeproj/project.pbxproj", line: line, column: column)
            )
            #expect(diagnostic.message.hasSuffix(message), "\(diagnostic.message)")
        }
    }

    @Test func deepNestingIsAnErrorNotACrash() throws {
        let text = String(repeating: "(", count: 10_000)
        #expect(throws: Diagnostic.self) { try parse(text) }
    }
}
