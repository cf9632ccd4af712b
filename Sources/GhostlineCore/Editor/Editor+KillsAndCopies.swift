/// readline's kills of a line, a region or a path component, and its copies to the kill ring
/// that leave the text as it is.
extension Editor {
    /// Performs one of the kills and copies of this file, `count` times where the command reads a
    /// count (a negative count turns a word copy round, as in readline).
    mutating func killOrCopy(_ command: Command, count: Int) {
        let cursor = state.cursor
        switch command {
        case .killWholeLine:
            // The line, wherever the cursor is; the mark at its start, as readline leaves it.
            state.cursor = state.lineStart
            killRange(state.lineStart..<state.lineEnd, deleting: true, backward: false)
            emacs.mark = state.lineStart
        case .killPathComponentBackward:
            // At the line's start readline only rings the bell: no kill, and the mark stays.
            guard cursor.offset > 0 else {
                killedNothing = true
                return
            }
            killAndMark(pathComponentStart(before: cursor, count: count)..<cursor, backward: true)
        case .killRegion, .copyRegion:
            let mark = min(emacs.mark, state.endPosition)
            killRange(min(cursor, mark)..<max(cursor, mark), deleting: command == .killRegion, backward: mark < cursor)
            if command == .killRegion { state.cursor = min(cursor, mark) }
        case .copyWordBackward, .copyWordForward:
            let forward = (command == .copyWordForward) == (count > 0)
            let times = Swift.min(abs(count), NumericArgument.largest)
            var far = cursor
            for _ in 0..<times {
                far = forward ? state.wordEnd(after: far, kind: .alphanumeric) : state.wordStart(before: far, kind: .alphanumeric)
            }
            // As readline finds the words: to the far end and back as many words from there, so a
            // copy from inside a word takes the whole of it.
            var near = far
            for _ in 0..<times {
                near = forward ? state.wordStart(before: near, kind: .alphanumeric) : state.wordEnd(after: near, kind: .alphanumeric)
            }
            killRange(min(near, far)..<max(near, far), deleting: false, backward: !forward)
        default:
            break
        }
    }

    /// Puts the text of `range` in the kill ring, joining the newest kill after a kill, and takes
    /// it out of the text when `deleting`. It counts as a kill even when the range is empty, as
    /// readline's region commands count.
    private mutating func killRange(_ range: Range<TextPosition>, deleting: Bool, backward: Bool) {
        guard !range.isEmpty else { return }
        let text = state.text(in: range)
        if deleting && replace(range, with: "", kind: .other) == nil { return }
        activeKillRing.kill(text, joiningPrevious: lastCommand == .kill, backward: backward)
    }

    /// Where `count` path components before `position` start, as readline's
    /// `unix-filename-rubout` finds them: back over whitespace, then slashes, then the rest of
    /// the name; a run of slashes that starts the word is a component of its own.
    private func pathComponentStart(before position: TextPosition, count: Int) -> TextPosition {
        var line = state.line(position.line)
        let offset = line.withUTF8 { bytes in
            func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
            let slash = UInt8(ascii: "/")
            var point = position.offset
            for _ in 0..<Swift.max(1, count) {
                guard point > 0 else { break }
                while point > 0 && isSpace(bytes[point - 1]) { point -= 1 }
                if point > 0 && bytes[point - 1] == slash {
                    var start = point - 1
                    while start > 0 && bytes[start - 1] == slash { start -= 1 }
                    if start == 0 || isSpace(bytes[start - 1]) {
                        point = start
                        continue
                    }
                }
                while point > 0 && (isSpace(bytes[point - 1]) || bytes[point - 1] == slash) { point -= 1 }
                while point > 0 && !isSpace(bytes[point - 1]) && bytes[point - 1] != slash { point -= 1 }
            }
            return point
        }
        return TextPosition(line: position.line, offset: offset)
    }
}
