import StrataCore
import Testing

@testable import StrataXcode

@Suite struct XcodeWorkspaceReaderTests {
    func read(_ text: String, at path: String = "Apps/Shop.xcworkspace") throws -> [String] {
        try XcodeWorkspaceReader(workspacePath: path, rootPath: "/repo").read(Array(text.utf8)).map(\.path)
    }

    @Test func locationsAreResolvedInsideTheirGroups() throws {
        let paths = try read(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <Workspace version = "1.0">
               <FileRef location = "group:Shop/Shop.xcodeproj"></FileRef>
               <Group location = "container:Modules" name = "Modules">
                  <FileRef location = "group:Feed"></FileRef>
                  <Group location = "group:Core">
                     <FileRef location = "group:Kit/Kit.xcodeproj"/>
                  </Group>
                  <FileRef location = "group:../Shared"></FileRef>
               </Group>
               <Group name = "No location">
                  <FileRef location = "container:Tools/Tools.xcodeproj"></FileRef>
               </Group>
               <FileRef location = "absolute:/repo/Vendor/Pay.xcodeproj"></FileRef>
               <FileRef location = "developer:Platforms/Thing.xcodeproj"></FileRef>
               <FileRef location = "group:A &amp; B/App.xcodeproj"></FileRef>
            </Workspace>
            """)
        #expect(
            paths == [
                "Apps/Shop/Shop.xcodeproj", "Apps/Modules/Feed", "Apps/Modules/Core/Kit/Kit.xcodeproj", "Apps/Shared",
                "Apps/Tools/Tools.xcodeproj", "Vendor/Pay.xcodeproj", "Apps/A & B/App.xcodeproj"
            ])
    }

    @Test func eachReferenceKeepsItsLine() throws {
        let references = try XcodeWorkspaceReader(workspacePath: "W.xcworkspace", rootPath: "/").read(
            Array("<Workspace>\n<FileRef\n location = \"group:A.xcodeproj\">\n</FileRef>\n</Workspace>\n".utf8))
        #expect(references.map(\.location) == [SourceLocation(path: "W.xcworkspace/contents.xcworkspacedata", line: 2)])
    }

    @Test func anUnclosedTagIsAnError() throws {
        #expect(throws: Diagnostic.self) { try read("<Workspace>\n<FileRef location = \"group:A\"") }
    }
}
