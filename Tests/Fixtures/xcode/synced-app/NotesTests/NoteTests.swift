import Testing
@testable import Notes

@Test func notesHaveText() {
    #expect(Note(id: .init(), text: "a").text == "a")
}
