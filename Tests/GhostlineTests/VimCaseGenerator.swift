import GhostlineTestSupport

/// Key sequences for what vi mode takes from vim beyond readline (Docs/KeyBindings.md, "vi mode"):
/// a line typed in insert mode, Escape, a place to start from, then text objects under `d`, `c`
/// and `y` with counts, and the commands that follow one (`.`, `p`, `u`, motions), for
/// VimDifferentialTests. Each line ends in `.`, which each case deletes with `x` first: vim starts
/// on the file with no change or register of its own, where Ghostline's entry has the line typed
/// (what `.` types again, as readline's does) and the last case's register, so both start with
/// the same last change and register.
enum VimCaseGenerator {
    static let escape = "\u{1B}"
    static let texts = ["foo bar baz.", "say \"hi there\" ok.", "f(a, (b + c)) [x].", "if { a[1]; } <T> z.",
                        "it's 'one' `two` x.", "  x = \"a\\\"b\" y.", "日本 語 (です) x.", "a.b c_d (e f) [g].",
                        "(a) (b) x.", "one  two   three."]
    static let starts = ["0", "0w", "0ww", "$", "0f(", "0f\"", "0fa", "0fe", "0f[", "0f'", "02w", "0fo", "0f)", "0f{"]
    static let objects = ["w", "W", "\"", "'", "`", "(", ")", "b", "[", "]", "{", "}", "B", "<", ">"]
    static let motions = ["h", "l", "w", "b", "e", "0", "$", "W", "B"]

    /// A random case: a line, Escape, a start, and one to three commands, the first a text
    /// object under an operator.
    static func randomCase(using generator: inout SplitMix64) -> String {
        let text = texts.randomElement(using: &generator)!
        var keys = text + escape + "x" + starts.randomElement(using: &generator)!
        for index in 0..<Int.random(in: 1...3, using: &generator) {
            switch index == 0 ? 0 : Int.random(in: 0..<6, using: &generator) {
            case 0, 1:
                let operation = ["c", "d", "y"].randomElement(using: &generator)!
                let count = randomCount(using: &generator)
                let object = (Bool.random(using: &generator) ? "i" : "a") + objects.randomElement(using: &generator)!
                keys += Bool.random(using: &generator) ? count + operation + object : operation + count + object
                if operation == "c" { keys += typed(using: &generator) + escape }
            case 2:
                keys += randomCount(using: &generator) + motions.randomElement(using: &generator)!
            case 3: keys += "."
            case 4: keys += ["p", "P"].randomElement(using: &generator)!
            // After `u` the cursor is where readline leaves it (after the text put back), not
            // where vim does (Docs/KeyBindings.md): the line is compared from the line's start.
            default: keys += "u0"
            }
        }
        return keys
    }

    /// Every text object under each operator from each start, on a few lines.
    static func everyObjectFromEveryStart() -> [String] {
        var cases: [String] = []
        for text in [texts[2], texts[3], texts[4]] {
            for start in ["0w", "0f("] {
                for object in objects {
                    for kind in ["i", "a"] {
                        cases.append(text + escape + "x" + start + "d" + kind + object)
                    }
                }
            }
        }
        return cases
    }

    /// The motions of the visual-mode cases; those a count is typed before, and `;` and `,`,
    /// which come only after a find in the same case (Ghostline's entry has the last case's).
    static let visualMotions = ["h", "l", "w", "b", "e", "W", "B", "E", "0", "^", "$", "fa", "Fa", "t ", "T ", "%", "o"]
    static let countedVisualMotions: Set<String> = ["h", "l", "w", "b", "e", "W", "B", "E"]
    /// The operators that end a visual-mode case (`c` and `s` followed by digits and Escape).
    static let visualOperators = ["d", "x", "c", "s", "y", "rx", "~", "U", "u"]

    /// A random visual-mode case: a line, Escape, a start, `v`, up to three motions or text
    /// objects, an operator, and sometimes a motion and `.`, `u` or `p` after it. Left out, where
    /// Ghostline differs from vim on purpose (Docs/KeyBindings.md): a quote object after a motion
    /// (on a selection of more than one character), a count before `f`, `t`, `%` and the other
    /// motions not in `countedVisualMotions`, `.` where the case went to a line's end with `$` or
    /// the line has wide characters, and `u` after `r`, `~`, `U` or `u`.
    static func randomVisualCase(using generator: inout SplitMix64) -> String {
        let text = texts.randomElement(using: &generator)!
        let start = starts.randomElement(using: &generator)!
        var keys = text + escape + "x" + start + "v"
        var hasFound = start.contains("f")
        for index in 0..<Int.random(in: 0...3, using: &generator) {
            let count = Int.random(in: 0..<4, using: &generator) == 0 ? String(Int.random(in: 2...3, using: &generator)) : ""
            if Int.random(in: 0..<3, using: &generator) == 0 {
                let quotes = ["\"", "'", "`"]
                let object = objects.filter { index == 0 || !quotes.contains($0) }.randomElement(using: &generator)!
                keys += count + (Bool.random(using: &generator) ? "i" : "a") + object
            } else {
                let motion = (visualMotions + (hasFound ? [";", ","] : [])).randomElement(using: &generator)!
                keys += (countedVisualMotions.contains(motion) ? count : "") + motion
                hasFound = hasFound || "fFtT".contains(motion.first!)
            }
        }
        let operation = visualOperators.randomElement(using: &generator)!
        keys += operation
        if operation == "c" || operation == "s" { keys += typed(using: &generator) + escape }
        switch Int.random(in: 0..<5, using: &generator) {
        case 0 where !keys.contains("$") && text.utf8.count == text.count:
            keys += motions.filter { $0 != "$" }.randomElement(using: &generator)! + "."
        // After `u` the cursor is where readline leaves it, not vim (Docs/KeyBindings.md).
        case 1 where !["rx", "~", "U", "u"].contains(operation): keys += "u0"
        case 2: keys += ["p", "P"].randomElement(using: &generator)!
        default: break
        }
        return keys
    }

    static func randomCount(using generator: inout SplitMix64) -> String {
        switch Int.random(in: 0..<10, using: &generator) {
        case 0..<6: ""
        case 6..<9: String(Int.random(in: 2...3, using: &generator))
        default: "5"
        }
    }

    /// Text typed after `c`: digits, which where the change found no object are a count that
    /// the Escape after them cancels in both.
    static func typed(using generator: inout SplitMix64) -> String {
        String((0..<Int.random(in: 0...4, using: &generator)).map { _ in "123456789".randomElement(using: &generator)! })
    }
}
