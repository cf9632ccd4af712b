/// vim's text objects within one line of characters (`iw`, `a"`, `2i(`, ...): each takes the
/// cursor's index and a count and gives the characters the object covers, or nil when there is
/// no such object there (the bell, in vim, and the operator does nothing).
enum ViTextObjects {
    /// The characters the object named `object` covers, `around` for `a` (with its white space
    /// or delimiters) rather than `i`.
    static func range(_ object: Character, around: Bool, in line: [Character], at index: Int, count: Int) -> Range<Int>? {
        guard index < line.count else { return nil }
        switch object {
        case "w", "W": return word(line, at: index, count: count, around: around, bigWord: object == "W")
        case "\"", "'", "`": return quoted(line, at: index, quote: object, around: around, count: count)
        case "(", ")", "b": return bracketed(line, at: index, open: "(", close: ")", around: around, count: count)
        case "[", "]": return bracketed(line, at: index, open: "[", close: "]", around: around, count: count)
        case "{", "}", "B": return bracketed(line, at: index, open: "{", close: "}", around: around, count: count)
        case "<", ">": return bracketed(line, at: index, open: "<", close: ">", around: around, count: count)
        default: return nil
        }
    }

    /// `iw`, `aw`, `iW`, `aW`: the line is runs of one class (words, punctuation, blanks); `iw`
    /// takes count runs from the cursor's, `aw` count words each with the blanks after it (or,
    /// from a blank, the blanks and the word after them). When `aw` ends on a word with no blank
    /// after it, the blanks before the first word come too, unless they are the line's indent.
    static func word(_ line: [Character], at index: Int, count: Int, around: Bool, bigWord: Bool) -> Range<Int>? {
        func isBlank(_ position: Int) -> Bool { ViMotions.characterClass(line[position], bigWord: bigWord) == .blank }
        func runEnd(_ position: Int) -> Int {
            let kind = ViMotions.characterClass(line[position], bigWord: bigWord)
            var end = position
            while end < line.count, ViMotions.characterClass(line[end], bigWord: bigWord) == kind { end += 1 }
            return end
        }
        /// The next piece of `aw` from `position`: a word and its blanks, or blanks and a word.
        func aroundPiece(_ position: Int) -> Int? {
            if isBlank(position) {
                let blanksEnd = runEnd(position)
                return blanksEnd < line.count ? runEnd(blanksEnd) : nil
            }
            let wordEnd = runEnd(position)
            return wordEnd < line.count && isBlank(wordEnd) ? runEnd(wordEnd) : wordEnd
        }
        var start = index
        let startKind = ViMotions.characterClass(line[index], bigWord: bigWord)
        while start > 0, ViMotions.characterClass(line[start - 1], bigWord: bigWord) == startKind { start -= 1 }
        guard var end = around ? aroundPiece(start) : runEnd(start) else { return nil }
        for _ in 1..<max(1, count) {
            guard end < line.count, let next = around ? aroundPiece(end) : runEnd(end) else { return nil }
            end = next
        }
        if around && startKind != .blank && !isBlank(end - 1) && start > 0 && isBlank(start - 1) {
            var blanksStart = start - 1
            while blanksStart > 0 && isBlank(blanksStart - 1) { blanksStart -= 1 }
            if blanksStart > 0 { start = blanksStart }
        }
        return start..<end
    }

    /// `i"`, `a"` and the other quotes: on a quote, the pair it belongs to counting from the
    /// line's start; elsewhere, from the quote before the cursor (or the first after it) to the
    /// next. A backslash escapes the quote after it. `a` takes the blanks after the closing
    /// quote, or when there are none those before the opening one; `2i"` takes the quotes.
    static func quoted(_ line: [Character], at index: Int, quote: Character, around: Bool, count: Int) -> Range<Int>? {
        func nextQuote(from position: Int, escaping: Bool) -> Int? {
            var position = position
            while position < line.count {
                if escaping && line[position] == "\\" {
                    position += 2
                } else if line[position] == quote {
                    return position
                } else {
                    position += 1
                }
            }
            return nil
        }
        var opening: Int, closing: Int
        if line[index] == quote {
            var from = 0
            while true {
                guard let open = nextQuote(from: from, escaping: false), open <= index,
                      let close = nextQuote(from: open + 1, escaping: true) else { return nil }
                if index <= close {
                    (opening, closing) = (open, close)
                    break
                }
                from = close + 1
            }
        } else {
            guard let open = previousQuote(line, before: index, quote: quote) ?? nextQuote(from: 0, escaping: false),
                  let close = nextQuote(from: open + 1, escaping: true) else { return nil }
            (opening, closing) = (open, close)
        }
        guard around else { return count >= 2 ? opening..<(closing + 1) : (opening + 1)..<closing }
        var end = closing + 1
        if end < line.count && isWhite(line[end]) {
            while end < line.count && isWhite(line[end]) { end += 1 }
        } else {
            while opening > 0 && isWhite(line[opening - 1]) { opening -= 1 }
        }
        return opening..<end
    }

    /// The nearest `quote` before `index` that no odd run of backslashes escapes.
    private static func previousQuote(_ line: [Character], before index: Int, quote: Character) -> Int? {
        var position = index
        while position > 0 {
            position -= 1
            var backslashes = 0
            while position - backslashes > 0 && line[position - backslashes - 1] == "\\" { backslashes += 1 }
            if backslashes % 2 == 1 {
                position -= backslashes
            } else if line[position] == quote {
                return position
            }
        }
        return nil
    }

    private static func isWhite(_ character: Character) -> Bool { character == " " || character == "\t" }

    /// `i(`, `a(` and the other brackets: the count-th pair around the cursor (the cursor on an
    /// opening bracket is inside its pair); outside every pair, as vim 9 does, the count-th
    /// opening bracket ahead, each found inside the one before. `i` leaves the brackets out.
    static func bracketed(_ line: [Character], at index: Int, open: Character, close: Character, around: Bool,
                          count: Int) -> Range<Int>? {
        guard let (start, end) = bracketPair(line, from: line[index] == open ? index + 1 : index, open: open,
                                             close: close, count: count) else { return nil }
        return around ? start..<(end + 1) : (start + 1)..<end
    }

    /// The count-th bracket pair around the character at `index` (an opening bracket at `index`
    /// is not around it), or outside every pair the count-th opening bracket ahead, and the
    /// closing bracket of that pair.
    static func bracketPair(_ line: [Character], from index: Int, open: Character, close: Character,
                            count: Int) -> (Int, Int)? {
        let start: Int
        if var enclosing = unmatchedOpening(line, before: index, open: open, close: close) {
            for _ in 1..<max(1, count) {
                guard let outer = unmatchedOpening(line, before: enclosing, open: open, close: close) else { return nil }
                enclosing = outer
            }
            start = enclosing
        } else {
            var position = index
            for _ in 0..<max(1, count) {
                guard let next = unpaired(open, after: position, nesting: close, in: line) else { return nil }
                position = next
            }
            start = position
        }
        guard let end = unpaired(close, after: start, nesting: open, in: line) else { return nil }
        return (start, end)
    }

    /// The nearest opening bracket before `index` that no closing one between them closes.
    static func unmatchedOpening(_ line: [Character], before index: Int, open: Character, close: Character) -> Int? {
        var depth = 0
        var position = index
        while position > 0 {
            position -= 1
            if line[position] == close {
                depth += 1
            } else if line[position] == open {
                if depth == 0 { return position }
                depth -= 1
            }
        }
        return nil
    }

    /// The first `wanted` after `index` that no `nesting` between them pairs with: the closing
    /// bracket that closes the opening one at `index` (wanted the closing, nesting the opening
    /// bracket), or the next opening bracket ahead outside the pairs on the way (the other way round).
    static func unpaired(_ wanted: Character, after index: Int, nesting: Character, in line: [Character]) -> Int? {
        var depth = 0
        var position = index + 1
        while position < line.count {
            if line[position] == nesting {
                depth += 1
            } else if line[position] == wanted {
                if depth == 0 { return position }
                depth -= 1
            }
            position += 1
        }
        return nil
    }
}
