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
