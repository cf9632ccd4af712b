import Testing
@testable import GhostlineCore

/// A secret's text overwritten where the editor keeps it, as its entry ends (SecretErasure.swift).
@Suite struct SecretErasureTests {
    @Test func everyCopyTheEngineKeepsIsOverwritten() {
        var editor = Editor(history: History(entries: []))
        editor.isSecret = true
        // A long secret (stored, not small), a paste, a kill and a yank, an undo and a redo, a
        // word killed for good: the lines, the undo and redo records and the kill ring all hold it.
        editor.type("wqxjwqxjwqxjwqxj-")
        editor.press(.paste("zzqqzzqqzzqqzzqq"))
        editor.press(.control("w"))
        editor.press(.control("y"))
        editor.press(.control("w"))
        editor.press(.control("_"))
        editor.press(.alt("/"))
        editor.type(" jjjjwwwwqqqqxxxx")
        editor.press(.control("u"))
        var storedBytes = 0
        var secretBytes = 0
        editor.forEachStoredText { text in
            storedBytes += text.utf8.count
            secretBytes += text.utf8.count { $0 != 0 }
        }
        #expect(secretBytes > 60, "the engine keeps several copies: \(secretBytes) bytes")

        editor.overwriteStoredText()
        var left: [String] = []
        storedBytes = 0
        editor.forEachStoredText { text in
            storedBytes += text.utf8.count
            if text.utf8.contains(where: { $0 != 0 }) { left.append(text) }
        }
        #expect(left == [])
        #expect(storedBytes >= secretBytes, "overwritten in place, not dropped")
    }

    @Test func aCopyTheAppHoldsIsLeftAlone() {
        var editor = Editor(history: History(entries: []))
        editor.isSecret = true
        editor.type("wqxjwqxjwqxjwqxjwqxj")
        let submitted = editor.state.text
        editor.overwriteStoredText()
        #expect(submitted == "wqxjwqxjwqxjwqxjwqxj")
        #expect(editor.state.text.utf8.allSatisfy { $0 == 0 })
    }

    @Test(arguments: ["wq", "wqxjwqxjwqxjwqxjwqxjwqxj", "中文中文中文中文中文"])
    func aStringIsNulBytesAfterwardsAndItsSharedStorageUntouched(text: String) {
        var string = text + ""
        let copy = string
        string.overwriteWithZeros()
        #expect(string.utf8.count >= text.utf8.count)
        #expect(string.utf8.allSatisfy { $0 == 0 })
        #expect(copy == text)
    }

    @Test func anArraysRoomAfterItsBytesIsOverwritten() {
        var bytes: [UInt8] = Array("wqxjwqxjwqxj".utf8)
        bytes.removeLast(8)
        bytes.overwriteUnusedCapacity(with: 0)
        #expect(bytes == Array("wqxj".utf8))
        // The room is zeros: appended back without writing, the bytes show what it held.
        let room = bytes.capacity - bytes.count
        bytes.withUnsafeMutableBufferPointer { buffer in
            let after = UnsafeMutableRawPointer(buffer.baseAddress! + buffer.count)
            #expect(UnsafeRawBufferPointer(start: after, count: room).allSatisfy { $0 == 0 })
        }
    }
}
