/// vi's motions within one line of characters: each takes the cursor's index and a count and
/// gives the index it moves to, or nil when the motion cannot be made (the bell, in vi).
enum ViMotions {
    /// The classes a vi word is made of: a word is a run of one class, blanks separate words.
    enum CharacterClass: Equatable { case blank, keyword, punctuation }

    static func characterClass(_ character: Character, bigWord: Bool) -> CharacterClass {
        if character == " " || character == "\t" { return .blank }
        if bigWord { return .keyword }
        return character.isLetter || character.isNumber || character == "_" ? .keyword : .punctuation
    }

    /// `w` and `W`: the start of the count-th next word, or the line's end.
    static func nextWordStart(_ line: [Character], from index: Int, count: Int, bigWord: Bool) -> Int {
        var position = index
        for _ in 0..<count {
            guard position < line.count else { break }
            let start = characterClass(line[position], bigWord: bigWord)
            if start != .blank {
                while position < line.count, characterClass(line[position], bigWord: bigWord) == start { position += 1 }
            }
            while position < line.count, characterClass(line[position], bigWord: bigWord) == .blank { position += 1 }
        }
        return position
    }

    /// `e` and `E`: the last character of the count-th word ending after the cursor.
    static func wordEnd(_ line: [Character], from index: Int, count: Int, bigWord: Bool) -> Int? {
        var position = index
        for _ in 0..<count {
            guard position + 1 < line.count else { return position == index ? nil : position }
            position += 1
            while position < line.count - 1, characterClass(line[position], bigWord: bigWord) == .blank { position += 1 }
            let kind = characterClass(line[position], bigWord: bigWord)
            while position + 1 < line.count, characterClass(line[position + 1], bigWord: bigWord) == kind { position += 1 }
        }
        return position
    }

    /// `b` and `B`: the start of the count-th word starting before the cursor.
    static func previousWordStart(_ line: [Character], from index: Int, count: Int, bigWord: Bool) -> Int? {
        guard index > 0 else { return nil }
        var position = min(index, line.count)
        for _ in 0..<count {
            guard position > 0 else { break }
            position -= 1
            while position > 0, characterClass(line[position], bigWord: bigWord) == .blank { position -= 1 }
            let kind = characterClass(line[position], bigWord: bigWord)
            while position > 0, characterClass(line[position - 1], bigWord: bigWord) == kind { position -= 1 }
        }
        return position
    }

    /// `^`: the first character that is not blank, or the last character.
    static func firstNonBlank(_ line: [Character]) -> Int {
        let first = line.firstIndex { $0 != " " && $0 != "\t" }
        return first ?? max(0, line.count - 1)
    }

    /// `f`, `F`, `t` and `T`: the count-th `target` after or before the cursor, or the
    /// character next to it for `t` and `T`.
    static func find(_ command: Character, _ target: Character, in line: [Character], from index: Int, count: Int,
                     repeating: Bool = false) -> Int? {
        let forward = command == "f" || command == "t"
        let until = command == "t" || command == "T"
        var position = index
        // Repeated by `;` or `,`, `t` and `T` look past the character they stopped next to.
        if until && repeating { position += forward ? 1 : -1 }
        // With fewer of them than the count, the last one found, as readline goes there.
        var found: Int?
        search: for _ in 0..<count {
            repeat {
                position += forward ? 1 : -1
                guard position >= 0 && position < line.count else { break search }
            } while line[position] != target
            found = position
        }
        return found.map { until ? $0 + (forward ? -1 : 1) : $0 }
    }

    /// `%`: the bracket matching the one under the cursor or the first one after it.
    static func matchingBracket(_ line: [Character], from index: Int) -> Int? {
        let pairs: [Character: (Character, Int)] = ["(": (")", 1), "[": ("]", 1), "{": ("}", 1),
                                                    ")": ("(", -1), "]": ("[", -1), "}": ("{", -1)]
        guard let start = (index..<line.count).first(where: { pairs[line[$0]] != nil }),
              let (partner, step) = pairs[line[start]] else { return nil }
        let opening = line[start]
        var depth = 0
        var position = start
        while position >= 0 && position < line.count {
            if line[position] == opening { depth += 1 } else if line[position] == partner { depth -= 1 }
            if depth == 0 { return position }
            position += step
        }
        return nil
    }
}
