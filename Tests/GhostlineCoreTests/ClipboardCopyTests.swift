import Testing
@testable import GhostlineCore

@Suite struct ClipboardCopyTests {
    @Test(arguments: [("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="),
                      ("fooba", "Zm9vYmE="), ("foobar", "Zm9vYmFy"), ("日本", "5pel5pys")])
    func encodesBase64AsRFC4648Does(text: String, encoded: String) {
        #expect(ClipboardCopy.base64(Array(text.utf8)) == Array(encoded.utf8))
    }

    @Test func wrapsTheTextInOSC52() {
        #expect(ClipboardCopy.bytes(copying: "hi") == Array("\u{1B}]52;c;aGk=\u{1B}\\".utf8))
    }

    @Test func sendsNothingEmptyNorTooLong() {
        #expect(ClipboardCopy.bytes(copying: "").isEmpty)
        #expect(!ClipboardCopy.bytes(copying: String(repeating: "a", count: ClipboardCopy.longestText)).isEmpty)
        #expect(ClipboardCopy.bytes(copying: String(repeating: "a", count: ClipboardCopy.longestText + 1)).isEmpty)
    }
}
