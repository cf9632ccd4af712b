import GhostlineTestSupport

/// Key sequences for vi mode made from the vi commands Ghostline has (Docs/KeyBindings.md, "vi
/// mode"): a line typed in insert mode, Escape, then commands with counts and motions, for
/// ViDifferentialTests.
enum ViCaseGenerator {
    static let escape = "\u{1B}"
    static let texts = ["foo bar baz", "one two three four", "a.b c_d (e f) [g]", "echo 'a b' | wc -l",
                        "if (a[1]) { b; }", "hello, world!", "aaa bbb ccc ddd", "x  y   z"]
    static let motions = ["h", "l", " ", "0", "^", "$", "|", "w", "b", "e", "W", "B", "E", "%", ";", ","]
    static let searches = ["f", "F", "t", "T"]
    static let simple = ["x", "X", "p", "P", "~", "D", "Y", "u", "U", "."]
    static let inserting = ["i", "a", "I", "A", "s", "S", "R"]

    /// The keys with Escape shown as `<Esc>`, for failure messages.
    static func shown(_ keys: String) -> String {
        keys.split(separator: "\u{1B}", omittingEmptySubsequences: false).joined(separator: "<Esc>")
    }

    /// A random case: a line, Escape, and one to four commands. The lines are at most 20
    /// characters: readline's `.` after an insert types only its last 20 again (its undo
    /// record of typing holds 20), Ghostline all of it.
    /// Bindings of vi's command keymap to vi functions of each case (a lower-case key bound to
    /// an upper-case default, and the reverse), to functions readline leaves unbound there, to
    /// emacs functions on printable and control keys, and to a macro; one of insert mode's.
    static let boundKeysInitFile = [
        "set keymap vi-command", "\"Q\": vi-prev-word", "\"z\": vi-next-word", "\"g\": vi-delete",
        "\"K\": end-of-line", "\"H\": \"0dw\"", "\"v\": vi-end-word", "\"V\": vi-end-word", "\"Z\": vi-put",
        "\"q\": vi-change-case", "\"\\C-k\": vi-fWord", "\"\\C-xa\": vi-append-eol", "\"\\C-b\": end-of-line",
        "\"o\": vi-bword", "\"O\": vi-eWord",
        "set keymap vi-insert", "\"\\C-o\": vi-movement-mode",
    ]

    /// A case typing the keys of ``boundKeysInitFile`` among vi's own, as commands and as
    /// the motions of operators.
    static func boundKeysCase(using generator: inout SplitMix64) -> String {
        let bound = ["Q", "z", "g", "K", "H", "v", "V", "Z", "q", "\u{0B}", "\u{02}", "o", "O"]
        let own = ["w", "b", "e", "h", "l", "0", "$", "x", "p", "u", "W", "B"]
        let motions = ["Q", "z", "v", "V", "o", "O", "w", "b", "e", "$", "0"]
        var keys = texts.randomElement(using: &generator)! + escape
        for _ in 0..<Int.random(in: 1...5, using: &generator) {
            switch Int.random(in: 0..<10, using: &generator) {
            case 0...4: keys += bound.randomElement(using: &generator)!
            case 5, 6: keys += own.randomElement(using: &generator)!
            case 7: keys += ["d", "y"].randomElement(using: &generator)! + motions.randomElement(using: &generator)!
            case 8: keys += "c" + motions.randomElement(using: &generator)! + typed(using: &generator) + escape
            default:
                // Insert mode's keys are emacs mode's in Ghostline, readline's own in readline:
                // only text is typed there before leaving it.
                keys += ["i", "\u{18}a"].randomElement(using: &generator)! + typed(using: &generator)
                keys += ["\u{0F}", escape].randomElement(using: &generator)!
            }
        }
        return keys
    }

    static func readlineCase(using generator: inout SplitMix64) -> String {
        let text = texts.randomElement(using: &generator)!
        var keys = text + escape
        var hasMotionCount = false, hasHistory = false, hasChangeToEnd = false
        for _ in 0..<Int.random(in: 1...4, using: &generator) {
            let count = randomCount(using: &generator)
            switch Int.random(in: 0..<10, using: &generator) {
            case 0...2:
                keys += count + motion(in: text, using: &generator)
            case 3...5:
                let operation = ["c", "d", "y"].randomElement(using: &generator)!
                let target = Int.random(in: 0..<8, using: &generator) == 0 ? operation : motion(in: text, using: &generator)
                // readline reads `c3c` as `c`, a count, then `c` as a motion of a change
                // within the change; Ghostline reads it as `3cc`, as vim does.
                // After a count, readline reads `0` as a digit of it, and an operator given no
                // motion then leaves the blank it added for the motion in the line.
                let motionCount = Bool.random(using: &generator) || target == operation || target == "0" ? "" : randomCount(using: &generator)
                hasMotionCount = hasMotionCount || !motionCount.isEmpty
                keys += count + operation + motionCount + target
                if operation == "c" { keys += typed(using: &generator) + escape }
            case 6:
                var command = simple.randomElement(using: &generator)!
                // readline's `.` repeats `d` with the count typed before it only, and after `C`
                // types the text of the insert before; Ghostline repeats what vim repeats
                // (Docs/KeyBindings.md). `u` after a history recall undoes the recall in
                // Ghostline only.
                if command == "." && (hasMotionCount || hasChangeToEnd) { command = "x" }
                if (command == "u" || command == "U") && hasHistory { command = "X" }
                keys += count + command
            case 7:
                let command = inserting.randomElement(using: &generator)!
                keys += (command == "S" || command == "R" ? "" : count) + command + typed(using: &generator) + escape
            case 8:
                keys += count + "r" + String(text.randomElement(using: &generator)!)
                if Bool.random(using: &generator) {
                    keys += "C" + typed(using: &generator) + escape
                    hasChangeToEnd = true
                }
            default:
                hasHistory = true
                keys += (Bool.random(using: &generator) ? "" : count) + ["k", "j", "-", "+", "G"].randomElement(using: &generator)!
            }
        }
        return keys
    }

    /// Every operator with every motion, with no count, a count before it and a count before
    /// the motion, on each line; and every other command with and without a count.
    static func commandsByMotionsAndCounts() -> [String] {
        var cases: [String] = []
        for (index, text) in texts.prefix(3).enumerated() {
            let start = ["0", "0w", "$", "0ww", "02w", "0f("][index % 6]
            var targets = motions + searches.map { $0 + String(text[text.index(text.startIndex, offsetBy: 4)]) } + ["c", "d", "y"]
            targets.append("`a")
            for operation in ["c", "d", "y", ""] {
                for target in targets where operation.isEmpty || target.count > 1 || !["c", "d", "y"].contains(target) || target == operation {
                    for (count, motionCount) in [("", ""), ("2", "3")]
                    where motionCount.isEmpty || !(operation.isEmpty || target == operation || target == "0") {
                        let typedText = operation == "c" ? "Z" + escape : ""
                        cases.append(text + escape + start + "ma" + count + operation + motionCount + target + typedText)
                    }
                }
            }
            for command in simple + ["r_", "rX", "~~", "xp", "ddp", "yyP", "dwP", "3x.", "cwQ\u{1B}w.", "2~u"] {
                for count in ["", "3"] { cases.append(text + escape + start + count + command) }
            }
            for command in inserting {
                for count in ["", "2"] { cases.append(text + escape + start + count + command + "Zy" + escape + "0.") }
            }
        }
        return cases
    }

    /// readline's commands beyond vim's, in batches: `_` with counts, `.`, `u` and the
    /// commands around it, after entries whose words it takes; and `#`, each in a batch of its
    /// own, since the keys that end a case make an entry of their own after `#` submits one.
    static func readlineOnlyCommands() -> [[String]] {
        var yanks: [String] = []
        for (index, text) in texts.prefix(4).enumerated() {
            let start = ["0", "$", "0w", "0f("][index]
            yanks.append(text)
            for command in ["_", "1_", "2_", "3_", "12_", "_Q\(escape)0.", "_\(escape)0.Z", "_\(escape)02.", "_Zy\(escape)u",
                            "x_", "k_", "_\(escape)b.", "_\(escape)k"] {
                yanks.append(text + escape + start + command)
            }
        }
        let comments = ["abc\(escape)#", "abc\(escape)0#", "#abc\(escape)2#", "abc\(escape)h3#", "a b\(escape)w#"]
        // `&` with the same HOME for both; `~root` from the password database.
        let tildes = ["ls ~\(escape)&", "cd ~/src\(escape)0w&x", "cd ~/src\(escape)&", "cd ~/src x\(escape)bb&", "a~b\(escape)h&",
                      "ls ~root/x\(escape)&", "ls ~no-such-user/x\(escape)&", "ls x\(escape)&", "~\(escape)0&y", "ls ~ a\(escape)0w&"]
        return [yanks] + comments.map { [$0] } + [tildes]
    }

    /// The entries each batch of ``searchCases(batches:casesPerBatch:using:)`` types first, and
    /// the patterns its searches look for: words of them, `^` anchored ones, one found nowhere
    /// and the `|` the driver leaves in every entry. No `*`, `?`, `[` or `\`, which readline's vi
    /// search reads as a glob pattern and Ghostline as themselves.
    static let searchedEntries = ["echo one two", "ls -la foo", "git commit -m fix", "echo three", "make all"]
    static let patterns = ["echo", "o", "ls", "git", "make", "foo", "t", "-", "^e", "^m", "^g", "zz", "|"]

    /// vi's non-incremental search in batches: entries to search for, then random cases of `/`
    /// and `?` (found, not found, an empty pattern searching again, cancelled with Backspace or
    /// Ctrl-G, a pattern edited with Ctrl-W), `n` and `N`, with counts, among `k`, `j`, motions
    /// and edits. No Escape and no Ctrl-C on the search line: readline 8.2 types Escape into
    /// the pattern (Ghostline cancels), and its Ctrl-C is the terminal's signal.
    static func searchCases(batches: Int, casesPerBatch: Int, using generator: inout SplitMix64) -> [[String]] {
        (0..<batches).map { _ in
            searchedEntries + (0..<casesPerBatch).map { _ in searchCase(using: &generator) }
        }
    }

    static func searchCase(using generator: inout SplitMix64) -> String {
        let text = texts.randomElement(using: &generator)!
        var keys = text + escape
        // An empty pattern only after one in the same case: with none yet, readline leaves the
        // line empty and keeps the entry for a walk through history, which Ghostline does not.
        var searched = false
        // No `k` or `j` after an edit: readline keeps the edits made to an entry recalled from
        // history when the walk leaves it, and Ghostline does not.
        var edited = false
        for _ in 0..<Int.random(in: 1...4, using: &generator) {
            let count = randomCount(using: &generator)
            switch Int.random(in: 0..<10, using: &generator) {
            case 0...3:
                let key = Bool.random(using: &generator) ? "/" : "?"
                let pattern = patterns.randomElement(using: &generator)!
                switch Int.random(in: 0..<8, using: &generator) {
                case 0: keys += key + pattern + String(repeating: "\u{7F}", count: pattern.count + 1)
                case 1: keys += key + pattern + "\u{7}"
                case 2 where searched: keys += key + "\r"
                case 3: keys += key + pattern + "\u{17}" + patterns.randomElement(using: &generator)! + "\r"
                default:
                    keys += count + key + pattern + "\r"
                    searched = true
                }
            case 4...5: keys += count + (Bool.random(using: &generator) ? "n" : "N")
            case 6...7 where !edited: keys += count + (Bool.random(using: &generator) ? "k" : "j")
            case 8: keys += count + motion(in: text, using: &generator)
            default:
                keys += ["x", "i" + typed(using: &generator) + escape, "A" + typed(using: &generator) + escape, "dw"]
                    .randomElement(using: &generator)!
                edited = true
            }
        }
        return keys
    }

    static func randomCount(using generator: inout SplitMix64) -> String {
        switch Int.random(in: 0..<20, using: &generator) {
        case 0..<12: ""
        case 12..<19: String(Int.random(in: 1...3, using: &generator))
        default: String(Int.random(in: 10...12, using: &generator))
        }
    }

    static func motion(in text: String, using generator: inout SplitMix64) -> String {
        if Int.random(in: 0..<4, using: &generator) == 0 {
            return searches.randomElement(using: &generator)! + String(text.randomElement(using: &generator)!)
        }
        return motions.randomElement(using: &generator)!
    }

    static func typed(using generator: inout SplitMix64) -> String {
        String((0..<Int.random(in: 0...5, using: &generator)).map { _ in "xyz Q".randomElement(using: &generator)! })
    }
}
