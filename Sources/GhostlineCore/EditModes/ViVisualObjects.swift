/// vim's text objects in visual mode, within one line of characters: from a selection of one
/// character they select the object as under an operator; a larger selection grows, as vim's
/// does, by count more words, or to the bracket pair around it.
extension ViTextObjects {
    /// The anchor and the cursor (character indices, both selected) after the object named
    /// `object` in a selection from `anchor` to `cursor`, or nil when there is none and the
    /// selection stays.
    static func selection(_ object: Character, around: Bool, in line: [Character], anchor: Int, cursor: Int,
                          count: Int) -> (anchor: Int, cursor: Int)? {
        let bigWord = object == "W"
        if object == "w" || bigWord {
            if anchor == cursor {
                if let range = word(line, at: cursor, count: count, around: around, bigWord: bigWord) {
                    return (range.lowerBound, range.upperBound - 1)
                }
                // More words than the line has: vim's search for them stops at its last character.
                guard let first = word(line, at: cursor, count: 1, around: around, bigWord: bigWord) else { return nil }
                let end = grownWord(line, from: first.upperBound - 1, backward: false, around: around, bigWord: bigWord,
                                    count: count - 1)
                return (first.lowerBound, end)
            }
            return (anchor, grownWord(line, from: cursor, backward: cursor < anchor, around: around, bigWord: bigWord,
                                      count: count))
        }
        if anchor == cursor {
            guard let range = range(object, around: around, in: line, at: cursor, count: count), !range.isEmpty
            else { return nil }
            return (range.lowerBound, range.upperBound - 1)
        }
        let first = min(anchor, cursor), last = max(anchor, cursor)
        let brackets: [Character: (Character, Character)] = ["(": ("(", ")"), ")": ("(", ")"), "b": ("(", ")"),
                                                              "[": ("[", "]"), "]": ("[", "]"),
                                                              "{": ("{", "}"), "}": ("{", "}"), "B": ("{", "}"),
                                                              "<": ("<", ">"), ">": ("<", ">")]
        if let (open, close) = brackets[object] {
            return grownBracket(line, first: first, last: last, open: open, close: close, around: around, count: count)
        }
        // A quote object: the quotes too when the selection is the inside of a pair, else the
        // object at the cursor when it holds the selection.
        if !around && first > 0 && last + 1 < line.count && line[first - 1] == object && line[last + 1] == object {
            return (first - 1, last + 1)
        }
        guard let range = range(object, around: around, in: line, at: cursor, count: count),
              range.lowerBound <= first && last < range.upperBound else { return nil }
        return (range.lowerBound, range.upperBound - 1)
    }

    /// `iw`, `aw` growing a selection: count more pieces past the cursor, away from the anchor:
    /// for `iw` runs (a word, punctuation, blanks); for `aw` a word with the blanks after it or
    /// blanks with the word after them, and backwards a word with the blanks before it or blanks
    /// with the word before them. Past the line's ends it stops at its first or last character.
    static func grownWord(_ line: [Character], from cursor: Int, backward: Bool, around: Bool, bigWord: Bool,
                          count: Int) -> Int {
        func isBlank(_ position: Int) -> Bool { ViMotions.characterClass(line[position], bigWord: bigWord) == .blank }
        func sameClass(_ one: Int, _ other: Int) -> Bool {
            ViMotions.characterClass(line[one], bigWord: bigWord) == ViMotions.characterClass(line[other], bigWord: bigWord)
        }
        func runStart(_ position: Int) -> Int {
            var start = position
            while start > 0 && sameClass(start - 1, position) { start -= 1 }
            return start
        }
        func runEnd(_ position: Int) -> Int {
            var end = position
            while end + 1 < line.count && sameClass(end + 1, position) { end += 1 }
            return end
        }
        var position = cursor
        for _ in 0..<max(0, count) {
            if backward {
                guard position > 0 else { break }
                let start = runStart(position - 1)
                let takesRunBefore = around && start > 0 && (isBlank(start) || isBlank(start - 1))
                position = takesRunBefore ? runStart(start - 1) : start
            } else {
                guard position + 1 < line.count else { break }
                let end = runEnd(position + 1)
                let takesRunAfter = around && end + 1 < line.count && (isBlank(end) || isBlank(end + 1))
                position = takesRunAfter ? runEnd(end + 1) : end
            }
        }
        return position
    }

    /// `i(`, `a(` and the other brackets growing a selection from `first` to `last`, as vim's do:
    /// the pair around the selection's first character (or ahead of it); for `i`, when its inside
    /// is no larger than the selection, the inside of the pair around that one.
    static func grownBracket(_ line: [Character], first: Int, last: Int, open: Character, close: Character,
                             around: Bool, count: Int) -> (anchor: Int, cursor: Int)? {
        guard var (start, end) = bracketPair(line, from: first, open: open, close: close, count: count) else { return nil }
        if around { return (start, end) }
        if start + 1 >= first && end - 1 <= last && start + 1 != end - 1 {
            guard first > 0, let outer = unmatchedOpening(line, before: first - 1, open: open, close: close),
                  let outerEnd = unpaired(close, after: outer, nesting: open, in: line) else { return nil }
            (start, end) = (outer, outerEnd)
        }
        return start + 1 <= end - 1 ? (start + 1, end - 1) : nil
    }
}
