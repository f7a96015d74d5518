import StrataCore
import Testing

@testable import StrataBuild

@Suite struct TextDecodingTests {
    @Test func dropsTheByteOrderMarkAndNormalisesLineEnds() throws {
        #expect(try TextDecoding.decode([0xEF, 0xBB, 0xBF] + Array("a\r\nb".utf8), path: "p") == "a\nb")
    }

    @Test func reportsTheFirstInvalidByte() {
        #expect {
            try TextDecoding.decode(Array("ok\nab".utf8) + [0xFF] + Array("c".utf8), path: "p.md")
        } throws: { error in
            (error as? Diagnostic)?.description
                == "p.md:2:3: error: this file is not valid UTF-8 (byte 0xFF here); save it as UTF-8 [content.encoding]"
        }
        #expect {
            try TextDecoding.decode(Array("é".utf8).dropLast() + Array("x".utf8), path: "p.md")
        } throws: { error in
            (error as? Diagnostic)?.location == SourceLocation(path: "p.md", line: 1, column: 1)
        }
    }

    @Test func binaryFilesAreRecognised() {
        #expect {
            try TextDecoding.decode([0x89, 0x50, 0x4E, 0x47, 0x00, 0x01], path: "logo.md")
        } throws: { error in
            (error as? Diagnostic)?.ruleID == "content.binary"
        }
    }
}
