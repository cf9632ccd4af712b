import GhostlineCore

/// The history scenarios: a history file of a million lines, loaded, searched with Ctrl-R,
/// walked with a prefix and typed along, each against the same without history where the
/// target is a ratio.
struct HistoryBench {
    private(set) var measurements: [Measurement] = []
    private(set) var targets: [TargetCheck] = []
    private(set) var failures: [String] = []

    private static let entryCount = 1_000_000
    /// Put in the entry 90 % of the way back; no other entry has "xq7".
    private static let marker = "deploy xq7 --canary"
    private static let ctrlR: [UInt8] = [0x12]
    private static let altP: [UInt8] = [0x1B, UInt8(ascii: "p")]
    private static let altN: [UInt8] = [0x1B, UInt8(ascii: "n")]
    /// Alt-P and Alt-N bound to the prefix search, as zsh binds them (readline, and Ghostline,
    /// bind them to the non-incremental search).
    private static let prefixSearchKeys: KeyMap = {
        var keys = KeyMap.standard
        keys.bind(.alt("p"), to: .historySearchBackward)
        keys.bind(.alt("n"), to: .historySearchForward)
        return keys
    }()
    private static let up = Array("\u{1B}[A".utf8)

    private let lines: [UInt8]
    private let history: History
    /// The same history with its entries sorted by their bytes, as a session leaves it once it
    /// has waited for keys a few hundred milliseconds (see `sort()`).
    private var sortedHistory: History

    init() {
        lines = HistoryLines.make(count: Self.entryCount, markedAt: Self.entryCount / 10, marker: Self.marker)
        history = History(lines: lines)
        sortedHistory = history
    }

    mutating func run() {
        if history.count != Self.entryCount { failures.append("loading \(Self.entryCount) lines kept \(history.count)") }
        load()
        sort()
        search()
        searchForNothing()
        typeAlongSuggestion()
        firstKey()
        recall()
        prefixSearch()
    }

    // MARK: - Scenarios

    private mutating func load() {
        let megabytes = Format.decimal(Double(lines.count) / 1e6, digits: 1)
        PeakMemory.reset()
        var kept = 0
        let row = Measurement(scenario: "H1. Load \(Format.grouped(Self.entryCount)) entries (\(megabytes) MB of lines)",
                              runs: 7, keys: nil, pastedBytes: nil) {
            // A copy made outside the clock, as the file's bytes arrive from `read`.
            let copy = Array(unsafeUninitializedCapacity: lines.count) { buffer, count in
                _ = buffer.initialize(fromContentsOf: lines)
                count = lines.count
            }
            let start = ThreadClock.now()
            let loaded = History(lines: consume copy)
            let elapsed = ThreadClock.now() - start
            kept = loaded.count
            return Sample(nanoseconds: elapsed, bytes: 0, stages: StageTimes())
        }
        var measured = row
        measured.peakResidentKibibytes = PeakMemory.kibibytes()
        measurements.append(measured)
        if kept != Self.entryCount { failures.append("loading kept \(kept) entries") }
        targets.append(TargetCheck(name: "Loading 1,000,000 entries (36.6 MB), ms", measured: Double(measured.median.nanoseconds) / 1e6,
                                   limit: 30, target: "≤ 30 (of the CLI's 60 to the prompt)"))
    }

    /// Sorting the entries by their bytes in the session's steps: the whole of it, and the
    /// longest step, which is what a key typed during the sorting may wait.
    private mutating func sort() {
        var longestStep = 0
        measureRow("H8. Sort \(Format.grouped(Self.entryCount)) entries by their bytes, in steps", keys: nil, runs: 5) { bench in
            var sorting = bench.history
            var elapsed = 0
            while sorting.hasIndexingToDo {
                let start = ThreadClock.now()
                sorting.continueIndexing()
                let step = ThreadClock.now() - start
                elapsed += step
                longestStep = max(longestStep, step)
            }
            bench.expect(sorting.isIndexed, "sorting the history")
            bench.sortedHistory = sorting
            return Sample(nanoseconds: elapsed, bytes: 0, stages: StageTimes())
        }
        targets.append(TargetCheck(name: "Sorting 1,000,000 entries: the longest step, ms", measured: Double(longestStep) / 1e6,
                                   limit: 5, target: "≤ 5 (what a key typed meanwhile waits)"))
    }

    /// Ctrl-R, then the query one key at a time, as the editor searches on from its last match.
    private mutating func search() {
        let query = "xq7 --can"
        let keys = query.utf8.map { [$0] }
        var slowestKeys: [Int] = []
        let row = measureRow("H2. Ctrl-R: \(keys.count)-key query for an entry 90 % back in 1,000,000", keys: keys.count, runs: 15) { bench in
            var pipeline = Pipeline(history: bench.history)
            pipeline.receive(Self.ctrlR)
            var total = 0, slowest = 0
            for key in keys {
                let start = ThreadClock.now()
                pipeline.receive(key)
                let elapsed = ThreadClock.now() - start
                total += elapsed
                slowest = max(slowest, elapsed)
            }
            slowestKeys.append(slowest)
            bench.expect(pipeline.editor.state.text == Self.marker, "Ctrl-R finding the marked entry")
            return Sample(nanoseconds: total, bytes: pipeline.output.count, stages: pipeline.stageTimes)
        }
        targets.append(TargetCheck(name: "Ctrl-R, entry 90 % back in 1,000,000: whole query, ms", measured: Double(row.median.nanoseconds) / 1e6,
                                   limit: 20, target: "≤ 20"))
        let slowestKey = slowestKeys.sorted()[slowestKeys.count / 2]
        targets.append(TargetCheck(name: "Ctrl-R, entry 90 % back in 1,000,000: slowest key (median run), ms", measured: Double(slowestKey) / 1e6,
                                   limit: 2, target: "≤ 2"))
    }

    /// A key that makes the query match nothing: every entry is searched once.
    private mutating func searchForNothing() {
        let row = measureRow("H3. Ctrl-R: a key matching nothing in 1,000,000", keys: 1, runs: 15) { bench in
            var pipeline = Pipeline(history: bench.history)
            pipeline.receive(Self.ctrlR)
            for key in "zq".utf8 { pipeline.receive([key]) }
            let start = ThreadClock.now()
            pipeline.receive([UInt8(ascii: "j")])
            let elapsed = ThreadClock.now() - start
            bench.expect(pipeline.editor.searchPrompt?.hasPrefix("(failed") == true, "Ctrl-R failing")
            return Sample(nanoseconds: elapsed, bytes: 0, stages: StageTimes())
        }
        targets.append(TargetCheck(name: "Ctrl-R, a key matching nothing in 1,000,000, ms", measured: Double(row.median.nanoseconds) / 1e6,
                                   limit: 10, target: "≤ 10"))
    }

    /// Twenty keys with a suggestion showing (one entry every key still extends), with a million
    /// entries and with none, measured side by side.
    private mutating func typeAlongSuggestion() {
        let typed = "git commit -m \"fix 1"
        let keys = typed.utf8.map { [$0] }
        var withHistory = history
        withHistory.add(typed + "234 in the loader\"")
        let cases = [(History(), "no history"), (History(entries: [withHistory.last!]), "one entry, a suggestion showing"),
                     (withHistory, "1,000,000 entries, a suggestion showing"),
                     (history, "1,000,000 entries, the newest match changing")]
        var samples = [[Sample]](repeating: [], count: cases.count)
        for _ in 0..<21 {
            for (index, (history, _)) in cases.enumerated() {
                var pipeline = Pipeline(history: history)
                let start = ThreadClock.now()
                for key in keys { pipeline.receive(key) }
                let elapsed = ThreadClock.now() - start
                expect(pipeline.editor.state.text == typed, "typing with history")
                samples[index].append(Sample(nanoseconds: elapsed, bytes: pipeline.output.count, stages: pipeline.stageTimes))
            }
        }
        let rows = cases.indices.map { index in
            Measurement(scenario: "H4. Type 20 keys, \(cases[index].1)", keys: keys.count, pastedBytes: nil, samples: samples[index])
        }
        measurements.append(contentsOf: rows)
        if let none = rows[0].nanosecondsPerKey, let one = rows[1].nanosecondsPerKey, let many = rows[2].nanosecondsPerKey {
            // What the history's size costs: the same suggestion drawn, from one entry or a million.
            targets.append(TargetCheck(name: "Typing with a suggestion, ns/key (median): 1,000,000 entries ÷ one entry", measured: many / one,
                                       limit: 1.3, target: "≤ 1.3"))
            // The figure, for the whole process; in process it also counts drawing the
            // suggestion, which the echo of plain typing does not have to.
            targets.append(TargetCheck(name: "Typing with a suggestion, ns/key (median): 1,000,000 entries ÷ no history", measured: many / none,
                                       limit: 1.3, target: "≤ 1.3 (whole process)"))
        }
    }

    private mutating func firstKey() {
        let cases = [(History(), "no history"), (history, "1,000,000 entries")]
        var samples: [[Sample]] = [[], []]
        for _ in 0..<21 {
            for (index, (history, _)) in cases.enumerated() {
                var pipeline = Pipeline(history: history)
                let start = ThreadClock.now()
                pipeline.receive([UInt8(ascii: "g")])
                samples[index].append(Sample(nanoseconds: ThreadClock.now() - start, bytes: pipeline.output.count,
                                             stages: pipeline.stageTimes))
            }
        }
        for index in cases.indices {
            measurements.append(Measurement(scenario: "H5. First key, \(cases[index].1)", keys: 1, pastedBytes: nil, samples: samples[index]))
        }
    }

    private mutating func recall() {
        measureRow("H6. Up: the newest of 1,000,000 entries", keys: 1, runs: 21) { bench in
            var pipeline = Pipeline(history: bench.history)
            let start = ThreadClock.now()
            pipeline.receive(Self.up)
            let elapsed = ThreadClock.now() - start
            bench.expect(pipeline.editor.state.text == bench.history.last, "Up recalling the newest entry")
            return Sample(nanoseconds: elapsed, bytes: pipeline.output.count, stages: StageTimes())
        }
        // The first key typed after a recall looks for a suggestion again, for text that no
        // entry extends as a rule: before the entries are sorted, through every entry that
        // shares its first two bytes.
        for (history, label) in [(history, ""), (sortedHistory, ", sorted")] {
            measureRow("H6. A key typed after Up, 1,000,000 entries\(label)", keys: 1, runs: 21) { bench in
                var pipeline = Pipeline(history: history)
                pipeline.receive(Self.up)
                let start = ThreadClock.now()
                pipeline.receive([UInt8(ascii: "x")])
                let elapsed = ThreadClock.now() - start
                bench.expect(pipeline.editor.state.text == (history.last ?? "") + "x", "typing after Up")
                return Sample(nanoseconds: elapsed, bytes: pipeline.output.count, stages: StageTimes())
            }
        }
    }

    /// history-search-backward (Alt-P) five times after "ssh d": entries far apart in a bucket
    /// ("ss") shared by a tenth of the history; then history-search-forward (Alt-N) after three
    /// Alt-P, whose range leaves out every older match.
    private mutating func prefixSearch() {
        let presses = 5
        for (history, label) in [(history, ""), (sortedHistory, ", sorted")] {
            measureRow("H7. Alt-P (history-search-backward) ×\(presses), prefix \"ssh d\", 1,000,000\(label)", keys: presses, runs: 15) { bench in
                var pipeline = Pipeline(text: "ssh d", keyMap: Self.prefixSearchKeys, history: history)
                let start = ThreadClock.now()
                for _ in 0..<presses { pipeline.receive(Self.altP) }
                let elapsed = ThreadClock.now() - start
                bench.expect(pipeline.editor.state.text.hasPrefix("ssh d"), "Alt-P finding an entry with the prefix")
                return Sample(nanoseconds: elapsed, bytes: pipeline.output.count, stages: StageTimes())
            }
        }
        for (history, label) in [(history, ""), (sortedHistory, ", sorted")] {
            measureRow("H7. Alt-N (history-search-forward) after Alt-P ×3, prefix \"ssh d\", 1,000,000\(label)", keys: 1, runs: 15) { bench in
                var pipeline = Pipeline(text: "ssh d", keyMap: Self.prefixSearchKeys, history: history)
                for _ in 0..<3 { pipeline.receive(Self.altP) }
                let start = ThreadClock.now()
                pipeline.receive(Self.altN)
                let elapsed = ThreadClock.now() - start
                bench.expect(pipeline.editor.state.text.hasPrefix("ssh d"), "Alt-N finding an entry with the prefix")
                return Sample(nanoseconds: elapsed, bytes: pipeline.output.count, stages: StageTimes())
            }
        }
    }

    // MARK: - Helpers

    @discardableResult
    private mutating func measureRow(_ scenario: String, keys: Int?, runs: Int, _ run: (inout HistoryBench) -> Sample) -> Measurement {
        PeakMemory.reset()
        var row = Measurement(scenario: scenario, runs: runs, keys: keys, pastedBytes: nil) { run(&self) }
        row.peakResidentKibibytes = PeakMemory.kibibytes()
        measurements.append(row)
        return row
    }

    private mutating func expect(_ condition: Bool, _ what: String) {
        if !condition && !failures.contains(what) { failures.append(what) }
    }
}

/// A history file's bytes made up the same way on every run: a million shell commands of
/// about 38 bytes, with as many repeated beginnings ("git ", "cd ") as real histories have.
enum HistoryLines {
    static func make(count: Int, markedAt marked: Int, marker: String) -> [UInt8] {
        var generator = SeededGenerator(seed: 0x6869_7374_6f72_7931)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count * 40)
        func number(_ limit: UInt64) -> String { String(generator.next() % limit) }
        var previous = ""
        for index in 0..<count {
            var line = previous
            // A repeat of the line before would not be kept: every line is an entry.
            while line == previous {
                switch generator.next() % 10 {
                case 0, 1, 2: line = "git commit -m \"fix \(number(10_000)) in the parser\""
                case 3: line = "git checkout -b feature/topic-\(number(1_000))"
                case 4: line = "cd ~/src/project-\(number(100))/Sources/Module\(number(50))"
                case 5: line = "make test TARGET=module-\(number(100)) JOBS=\(number(16))"
                case 6: line = "ssh deploy@host-\(number(1_000)).example.net"
                case 7: line = "vim Sources/Module\(number(50))/File\(number(10_000)).swift"
                case 8: line = "grep -rn \"symbol\(number(100_000))\" Sources Tests"
                default: line = "docker run --rm -it registry/app:1.\(number(100)).\(number(10))"
                }
            }
            if index == marked { line = marker }
            previous = line
            bytes.append(contentsOf: line.utf8)
            bytes.append(0x0A)
        }
        return bytes
    }
}
