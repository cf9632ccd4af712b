import GhostlineCore

/// Reading a readline init file of 500 lines (bindings, settings, comments, conditions) and
/// applying its bindings to the standard key map: what a user's `~/.inputrc` adds to start-up.
struct InitFileBench {
    private(set) var measurements: [Measurement] = []
    private(set) var targets: [TargetCheck] = []
    private(set) var failures: [String] = []

    /// The file: a fifth each of `\C-x` bindings, `set` lines, comments, `Meta-` macros and
    /// `$if`…`$endif` pairs, as `InitFileTests` reads it.
    static let text: [UInt8] = {
        let lines = (0..<500).map { index -> String in
            let letter = Character(Unicode.Scalar(UInt8(97 + index % 26)))
            switch index % 5 {
            case 0: return "\"\\C-x\\C-\(letter)\": kill-line"
            case 1: return "set completion-query-items \(index)"
            case 2: return "# comment \(index)"
            case 3: return "Meta-\(letter): \"macro \(index)\""
            default: return "$if mode=emacs\n$endif"
            }
        }
        return Array(lines.joined(separator: "\n").utf8)
    }()

    mutating func run() {
        var bound = true
        let row = Measurement(scenario: "I1. Read and apply a 500-line ~/.inputrc", runs: 21, keys: nil, pastedBytes: nil) {
            let start = ThreadClock.now()
            var keys = KeyMap.standard
            keys.apply(InitFile(text: Self.text, name: "inputrc", environment: .init(applicationName: "ghostline")).emacsBindings)
            let elapsed = ThreadClock.now() - start
            bound = bound && keys.command(for: [.alt("a")]) != nil
            return Sample(nanoseconds: elapsed, bytes: 0, stages: StageTimes())
        }
        measurements.append(row)
        if !bound { failures.append("the init file's Meta-a macro was not bound") }
        targets.append(TargetCheck(name: "A 500-line ~/.inputrc read and applied, ms", measured: Double(row.median.nanoseconds) / 1e6,
                                   limit: 1, target: "≤ 1 added to start-up"))
    }
}
