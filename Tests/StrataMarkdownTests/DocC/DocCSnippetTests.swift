import Testing

@testable import StrataMarkdown

/// A snippet as DocC embeds it: the path forms `@Snippet(path:)` takes, and what of the file
/// is shown: no explanation, no hidden part, only the slice asked for, de-indented.
@Suite struct DocCSnippetTests {
    static let file = """
        //! Says hello.
        //!
        //! More about it.

        import Kit

        // snippet.hide
        let secret = 1
        // snippet.show

        // snippet.setup
            let kit = Kit()
        // snippet.use
            kit.run()
            kit.stop()
        // snippet.end

        print("done")
        """

    @Test func everyPathFormNamesTheSameFile() {
        #expect(DocCSnippet.relativePath("example") == "example.swift")
        #expect(DocCSnippet.relativePath("Snippets/example") == "example.swift")
        #expect(DocCSnippet.relativePath("my-package/Snippets/Group/example") == "Group/example.swift")
        #expect(DocCSnippet.relativePath("Group/example") == "Group/example.swift")
    }

    @Test func theWholeSnippetLeavesOutTheExplanationTheHiddenPartAndTheMarkers() {
        #expect(
            DocCSnippet.code(Self.file, slice: nil) == """
                import Kit

                    let kit = Kit()
                    kit.run()
                    kit.stop()

                print("done")

                """)
    }

    @Test func aSliceEndsAtTheNextSliceOrAtItsEndAndIsDeIndented() {
        #expect(DocCSnippet.code(Self.file, slice: "setup") == "let kit = Kit()\n")
        #expect(DocCSnippet.code(Self.file, slice: "use") == "kit.run()\nkit.stop()\n")
    }

    @Test func aSliceTheFileDoesNotMarkIsNil() {
        #expect(DocCSnippet.code(Self.file, slice: "teardown") == nil)
    }
}
