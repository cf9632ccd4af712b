import GhostlineCore

/// The instruction budget's scenarios (`make budget`, Docs/Performance.md "The instruction
/// budget"): `ghostline-bench budget NAME` sets one up, then sends each key under study through
/// ``measuredKey(_:_:)``, the one function whose instructions and allocations `.ci/budget` has
/// callgrind count (`--toggle-collect`), a dump per key. Everything else, the entry's set-up and
/// a few keys that run the code once, is left out of the count.
///
/// The keys go through ``Pipeline``, which runs the core's `EntrySession`, the loop the
/// terminal session runs; `.ci/budget` looks ``measuredKey(_:_:)`` up in the binary by its name.
enum Budget {
    /// A scenario: how to set it up, and the keys whose cost is counted.
    struct Scenario: Sendable {
        let name: String
        /// The keys counted; `.ci/budget` divides the count by their number.
        let keyCount: Int
        let run: @Sendable () -> Bool
    }

    private static let up = Array("\u{1B}[A".utf8)

    static let scenarios: [Scenario] = [
        // A key typed at the end of a short line.
        Scenario(name: "typed-key", keyCount: 100) {
            var generator = SeededGenerator(seed: 0x6275_6467_6574_0001)
            let warmUp = generator.printableText(count: 10), typed = generator.printableText(count: 100)
            var pipeline = Pipeline(timesStages: false)
            for key in warmUp.utf8 { pipeline.receive([key]) }
            measuredRegion(&pipeline, typed.utf8.map { [$0] })
            return pipeline.editor.state.text == warmUp + typed
        },
        // The same keys typed in vi mode's insert mode, which must cost what emacs mode's do.
        Scenario(name: "vi-typed-key", keyCount: 100) {
            var generator = SeededGenerator(seed: 0x6275_6467_6574_0001)
            let warmUp = generator.printableText(count: 10), typed = generator.printableText(count: 100)
            var pipeline = Pipeline(editingMode: .vi, timesStages: false)
            for key in warmUp.utf8 { pipeline.receive([key]) }
            measuredRegion(&pipeline, typed.utf8.map { [$0] })
            return pipeline.editor.state.text == warmUp + typed
        },
        // A key typed at the end of a line of 5,000 characters.
        Scenario(name: "long-line-key", keyCount: 100) {
            var generator = SeededGenerator(seed: 0x6275_6467_6574_0002)
            let line = generator.printableText(count: 5_000)
            let warmUp = generator.printableText(count: 10), typed = generator.printableText(count: 100)
            var pipeline = Pipeline(text: line, timesStages: false)
            for key in warmUp.utf8 { pipeline.receive([key]) }
            measuredRegion(&pipeline, typed.utf8.map { [$0] })
            return pipeline.editor.state.text == line + warmUp + typed
        },
        // Up, recalling each older entry of a history of 1,000 in turn: a frame each.
        Scenario(name: "up", keyCount: 20) {
            let history = History(lines: HistoryLines.make(count: 1_000, markedAt: 100, marker: "deploy xq7 --canary"))
            var pipeline = Pipeline(history: history, timesStages: false)
            pipeline.receive(up)
            measuredRegion(&pipeline, Array(repeating: up, count: 20))
            return pipeline.editor.state.text == history[history.count - 21]
        },
        // The first key of an entry, hiding the placeholder and showing a suggestion from a
        // history of 1,000: each on a fresh entry.
        Scenario(name: "first-key", keyCount: 10) {
            let history = History(lines: HistoryLines.make(count: 1_000, markedAt: 100, marker: "deploy xq7 --canary"))
            var warmUp = Pipeline(history: history, timesStages: false)
            warmUp.receive([UInt8(ascii: "g")])
            var holds = warmUp.editor.state.text == "g"
            for _ in 0..<10 {
                var pipeline = Pipeline(history: history, timesStages: false)
                measuredRegion(&pipeline, [[UInt8(ascii: "g")]])
                holds = holds && pipeline.editor.state.text == "g"
            }
            return holds
        },
        // Tab moving the selection of a menu of 100,000 candidates, down a page and onto the
        // next twice: a frame each.
        Scenario(name: "menu-move", keyCount: 20) {
            let candidates = (0..<100_000).map { CompletionCandidate("candidate\($0)") }
            var pipeline = Pipeline(completions: candidates, timesStages: false)
            pipeline.receive([0x09])
            pipeline.receive([0x09])
            measuredRegion(&pipeline, Array(repeating: [0x09], count: 20))
            return pipeline.editor.state.text == "candidate20"
        },
    ]

    /// Runs the scenario called `name`: false when there is none or its entry did not come out
    /// as typed.
    static func run(_ name: String) -> Bool {
        guard let scenario = scenarios.first(where: { $0.name == name }) else {
            print("no budget scenario \(name); there are \(scenarios.map(\.name).joined(separator: ", "))")
            return false
        }
        guard scenario.run() else {
            print("budget scenario \(name): the entry did not come out as typed")
            return false
        }
        print("\(scenario.name) \(scenario.keyCount)")
        return true
    }

    /// Sends each of `reads` to `pipeline` as a read of its own, each through
    /// ``measuredKey(_:_:)``.
    static func measuredRegion(_ pipeline: inout Pipeline, _ reads: [[UInt8]]) {
        for read in reads { measuredKey(&pipeline, read) }
    }

    /// Sends `read` to `pipeline`: the only code the budget counts, a key at a time.
    @inline(never)
    static func measuredKey(_ pipeline: inout Pipeline, _ read: [UInt8]) {
        pipeline.receive(read)
    }
}
