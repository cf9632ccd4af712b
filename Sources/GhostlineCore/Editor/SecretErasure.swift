// Overwriting a secret's text where the editor stores it, when the entry ends.
//
// Strings and arrays are values whose storage is shared copy on write, and Swift offers no way to
// clear memory it frees. So the bytes are overwritten where they are, through the storage's own
// pointer, and only in storage that the editor's value holds alone: each value is first made
// unique (`reserveCapacity`, which copies storage that is shared, small or not native). Storage
// another value shares (the entry returned to the app, a copy the app read) is left as it is and
// a fresh copy is overwritten instead, so no other value changes. The room after the bytes, where
// shorter text leaves old bytes behind, is overwritten by appending NUL bytes one at a time until
// the storage moves: the old storage is then NUL bytes to its end when it is freed.

extension String {
    /// Overwrites the bytes this string stores with NUL bytes, up to the end of its storage;
    /// afterwards the string is NUL bytes only. See the comment at the top of the file.
    package mutating func overwriteWithZeros() {
        guard !utf8.isEmpty else { return }
        // Small strings (up to 15 bytes) live in the value itself; 16 makes any string stored.
        reserveCapacity(Swift.max(utf8.count, 16))
        let start = withUTF8 { bytes -> UnsafePointer<UInt8>? in
            if let base = bytes.baseAddress {
                UnsafeMutablePointer(mutating: base).update(repeating: 0, count: bytes.count)
            }
            return bytes.baseAddress
        }
        while withUTF8({ $0.baseAddress }) == start {
            unicodeScalars.append("\0")
        }
    }
}

extension Array {
    /// Overwrites the room after the elements, where removed elements leave their bytes, with
    /// `filler`; the elements stay as they are. Storage shared with another array is copied first
    /// and the copy's room overwritten.
    package mutating func overwriteUnusedCapacity(with filler: Element) {
        let count = self.count
        append(contentsOf: repeatElement(filler, count: capacity - count))
        removeLast(self.count - count)
    }
}

extension Editor {
    /// Overwrites every copy of the text the engine keeps for itself (see `forEachStoredText`)
    /// with NUL bytes, where it is stored; the caller then starts a new entry. Called as a
    /// secret entry ends.
    package mutating func overwriteStoredText() {
        forEachStoredText { $0.overwriteWithZeros() }
    }

    /// Calls `body` with each string the engine holds that may be text of the entry: its lines,
    /// the undo and redo records, the secret's kill ring, the draft kept while walking history,
    /// and the changes not yet reported. Package access, so that a test can check what
    /// `overwriteStoredText()` reaches.
    package mutating func forEachStoredText(_ body: (inout String) -> Void) {
        state.forEachLineText(body)
        undoHistory.forEachText(body)
        secretKillRing.forEachEntry(body)
        if draft != nil { body(&draft!) }
        for index in pendingChanges.indices { body(&pendingChanges[index].replacement) }
    }
}
