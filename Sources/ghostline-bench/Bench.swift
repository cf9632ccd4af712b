import GhostlineCore

/// The scenarios: each drives a ``Pipeline`` with the bytes a terminal would send, times only
/// the keys it is about, and checks that the entry came out as typed.
struct Bench {
    private(set) var measurements: [Measurement] = []
    private(set) var targets: [TargetCheck] = []
    /// Entries that did not hold what was typed or pasted; any makes the benchmark fail.
    private(set) var failures: [String] = []
    private var generator = SeededGenerator(seed: 0x6768_6F73_746C_696E)

    private static let pasteStart = Array("\u{1B}[200~".utf8)
    private static let pasteEnd = Array("\u{1B}[201~".utf8)
    private static let enter: [UInt8] = [0x0D]
    private static let readSize = 65_536

    mutating func run() {
        typeOnEmptyLine()
        appendToLongLines()
        insertInTheMiddle()
        hidePlaceholder()
        paste()
        editManyLines()
        holdKey()
        typeWithHistory()
        typeAlongSuggestion()
    }

    // MARK: - Scenarios

    private mutating func typeOnEmptyLine() {
        let text = generator.printableText(count: 300)
        let keys = Self.keystrokes(text)
        let row = measure("1. Type 300 keys on an empty line", keys: keys.count, runs: 15) { bench in
            var pipeline = Pipeline()
            return bench.timeTyping(keys, into: &pipeline, expecting: text, "typing 300 keys")
        }
        targets.append(TargetCheck(name: "Typing on an empty line: bytes/key", measured: row.bytesPerKey ?? 0,
                                   limit: 2, target: "≈ 1 (≤ 2)"))
    }

    private mutating func appendToLongLines() {
        let typed = generator.printableText(count: 100)
        let keys = Self.keystrokes(typed)
        let lengths = [50, 500, 5_000, 50_000, 500_000]
        let rows = lengths.map { length in
            let line = generator.printableText(count: length)
            return ComparedRow(scenario: "2. Append 100 keys to a line of \(Format.grouped(length))", keys: keys.count) { bench in
                var pipeline = Pipeline(text: line)
                return bench.timeTyping(keys, into: &pipeline, expecting: line + typed, "appending to a line of \(length)")
            }
        }
        // More runs than elsewhere: the targets take ratios of these rows' fastest runs.
        let measured = measureSideBySide(rows, runs: 41)
        var costs: [Int: Double] = [:]
        for (length, row) in zip(lengths, measured) { costs[length] = row.bestNanosecondsPerKey }
        if let short = costs[50], let long = costs[5_000], let longer = costs[50_000], let longest = costs[500_000] {
            targets.append(TargetCheck(name: "Appending, ns/key: line of 5,000 ÷ line of 50", measured: long / short,
                                       limit: 1.5, target: "≈ 1 (≤ 1.5)"))
            targets.append(TargetCheck(name: "Appending, ns/key: line of 50,000 ÷ line of 50", measured: longer / short,
                                       limit: 1.5, target: "≈ 1 (≤ 1.5)"))
            // Once a line is taller than the screen only the visible rows should cost anything, so
            // these show whether the cost follows the buffer or the screen.
            targets.append(TargetCheck(name: "Appending, ns/key: line of 50,000 ÷ line of 5,000", measured: longer / long,
                                       limit: 1.5, target: "≈ 1 (≤ 1.5)"))
            targets.append(TargetCheck(name: "Appending, ns/key: line of 500,000 ÷ line of 5,000", measured: longest / long,
                                       limit: 1.5, target: "≈ 1 (≤ 1.5)"))
        }
    }

    private mutating func insertInTheMiddle() {
        let line = generator.printableText(count: 2_000)
        let typed = generator.printableText(count: 50)
        let keys = Self.keystrokes(typed)
        let moveToMiddle = [0x01] + Array(repeating: Array("\u{1B}[C".utf8), count: 1_000).joined()
        let expected = String(line.prefix(1_000)) + typed + String(line.dropFirst(1_000))
        let row = measure("3. Insert 50 keys at column 1,000 of a 2,000-character line", keys: keys.count, runs: 15) { bench in
            var pipeline = Pipeline(text: line)
            pipeline.receive(moveToMiddle)
            bench.expect(pipeline.editor.state.cursor.offset == 1_000, "moving to the middle of a line")
            return bench.timeTyping(keys, into: &pipeline, expecting: expected, "inserting in the middle of a line")
        }
        targets.append(TargetCheck(name: "Inserting mid-line: bytes/key", measured: row.bytesPerKey ?? 0,
                                   limit: 100, target: "≤ 100"))
    }

    private mutating func hidePlaceholder() {
        measure("4. First key, hiding the placeholder", keys: 1, runs: 15) { bench in
            var pipeline = Pipeline()
            let sample = Self.time(&pipeline) {
                $0.receive([UInt8(ascii: "a")])
            }
            bench.expect(pipeline.editor.state.text == "a", "the first key")
            return sample
        }
    }

    private mutating func paste() {
        var times: [Int: Int] = [:]
        let sizes = [(1_024, "1 KiB"), (10_240, "10 KiB"), (102_400, "100 KiB"), (1_048_576, "1 MiB"), (4_194_304, "4 MiB")]
        for (size, label) in sizes {
            let text = generator.printableText(count: size)
            let reads = Self.reads(of: Self.pasteStart + Array(text.utf8) + Self.pasteEnd)
            let row = measure("5. Paste \(label) and submit", runs: size > 1_000_000 ? 7 : 15, pastedBytes: size) { bench in
                var pipeline = Pipeline()
                let sample = Self.time(&pipeline) {
                    $0.receive(reads: reads)
                    $0.receive(Self.enter)
                }
                bench.expect(pipeline.submitted == text, "the submitted \(label) paste")
                return sample
            }
            times[size] = row.best.nanoseconds
        }
        if let one = times[1_048_576], let four = times[4_194_304] {
            targets.append(TargetCheck(name: "Pasting: time for 4 MiB ÷ time for 1 MiB", measured: Double(four) / Double(max(1, one)),
                                       limit: 4.5, target: "≈ 4 (≤ 4.5)"))
        }
    }

    private mutating func editManyLines() {
        let atEnd = generator.printableText(count: 50)
        let atEndKeys = Self.keystrokes(atEnd)
        let withBreaks = (0..<5).map { _ in generator.printableText(count: 10) }
        let withBreaksKeys = withBreaks.flatMap { Self.keystrokes($0) + [Self.enter] }
        var typingCosts: [Int: Double] = [:]
        var breakingCosts: [Int: Double] = [:]
        var worstBytesPerKey = 0.0
        let lineCounts = [10, 100, 1_000, 10_000]
        var rows: [ComparedRow] = []
        for lineCount in lineCounts {
            let text = (0..<lineCount).map { _ in generator.printableText(count: 40) }.joined(separator: "\n")
            let reads = Self.reads(of: Self.pasteStart + Array(text.utf8) + Self.pasteEnd)
            let label = Format.grouped(lineCount)
            rows.append(ComparedRow(scenario: "6. \(label) lines: type 50 keys at the end", keys: atEndKeys.count) { bench in
                var pipeline = Pipeline(isMultiline: true)
                pipeline.receive(reads: reads)
                return bench.timeTyping(atEndKeys, into: &pipeline, expecting: text + atEnd, "typing after \(lineCount) lines")
            })
            rows.append(ComparedRow(scenario: "6. \(label) lines: type 50 keys, Enter after each 10", keys: withBreaksKeys.count) { bench in
                var pipeline = Pipeline(isMultiline: true)
                pipeline.receive(reads: reads)
                let expected = text + withBreaks.map { $0 + "\n" }.joined()
                return bench.timeTyping(withBreaksKeys, into: &pipeline, expecting: expected, "typing lines after \(lineCount) lines")
            })
        }
        let measured = measureSideBySide(rows, runs: 21)
        for (index, lineCount) in lineCounts.enumerated() {
            let typing = measured[2 * index], breaking = measured[2 * index + 1]
            typingCosts[lineCount] = typing.bestNanosecondsPerKey
            breakingCosts[lineCount] = breaking.bestNanosecondsPerKey
            worstBytesPerKey = max(worstBytesPerKey, typing.bytesPerKey ?? 0)
        }
        if let few = typingCosts[10], let many = typingCosts[10_000] {
            targets.append(TargetCheck(name: "Multi-line typing, ns/key: 10,000 lines ÷ 10 lines", measured: many / few,
                                       limit: 1.5, target: "≤ 1.5"))
        }
        // Both fill the screen: whether the cost follows the buffer's size or the visible lines.
        if let screenful = typingCosts[100], let many = typingCosts[10_000] {
            targets.append(TargetCheck(name: "Multi-line typing, ns/key: 10,000 lines ÷ 100 lines", measured: many / screenful,
                                       limit: 1.5, target: "≈ 1 (≤ 1.5)"))
        }
        if let few = breakingCosts[10], let many = breakingCosts[10_000] {
            targets.append(TargetCheck(name: "Multi-line typing with Enter, ns/key: 10,000 lines ÷ 10 lines",
                                       measured: many / few, limit: 1.5, target: "≤ 1.5"))
        }
        targets.append(TargetCheck(name: "Multi-line typing at the end: bytes/key (worst size)", measured: worstBytesPerKey,
                                   limit: 2, target: "≤ 2"))
    }

    private mutating func holdKey() {
        let read = [UInt8](repeating: UInt8(ascii: "x"), count: 1_000)
        measure("7. Hold a key: 1,000 bytes in one read, one frame", runs: 15) { bench in
            var pipeline = Pipeline()
            let sample = Self.time(&pipeline) {
                $0.receive(read)
            }
            bench.expect(pipeline.editor.state.text == String(repeating: "x", count: 1_000), "holding a key")
            return sample
        }
    }

    /// Inline suggestions look for the newest history entry the text extends after every key;
    /// with a long history that must not mean a search through all of it per key.
    private mutating func typeWithHistory() {
        var letters = SeededGenerator(seed: 0x6869_7374)
        let alphabet = Array("ab ".utf8)
        func text(_ count: Int) -> String {
            String(decoding: (0..<count).map { _ in alphabet[Int(letters.next() % 3)] }, as: UTF8.self)
        }
        // Ten entries the typed text runs along for a few keys, then newer ones it never matches:
        // the suggestions shown are the same with 10 entries or 1,000, only the search differs.
        let matching = (0..<10).map { _ in "a" + text(20 + Int(letters.next() % 60)) }
        let others = (0..<990).map { _ in "b" + text(20 + Int(letters.next() % 60)) }
        let typed = "a" + text(99)
        let keys = Self.keystrokes(typed)
        let counts = [10, 1_000]
        let rows = counts.map { count in
            let history = History(entries: matching + others.prefix(count - matching.count))
            let label = "\(Format.grouped(count)) history entries"
            return ComparedRow(scenario: "8. Type 100 keys with \(label)", keys: keys.count) { bench in
                var pipeline = Pipeline(history: history)
                return bench.timeTyping(keys, into: &pipeline, expecting: typed, "typing with \(label)")
            }
        }
        var costs: [Int: Double] = [:]
        for (count, row) in zip(counts, measureSideBySide(rows, runs: 15)) { costs[count] = row.bestNanosecondsPerKey }
        if let few = costs[10], let many = costs[1_000] {
            targets.append(TargetCheck(name: "Typing, ns/key: 1,000 history entries ÷ 10", measured: many / few,
                                       limit: 1.5, target: "≈ 1 (≤ 1.5)"))
        }
    }

    /// Keys that follow the inline suggestion only turn its cells into text: typing along it
    /// must cost what typing does, at any line length, not a frame per key.
    private mutating func typeAlongSuggestion() {
        let lengths = [50, 5_000]
        let typed = generator.printableText(count: 100)
        let rows = lengths.map { length in
            let start = generator.printableText(count: length)
            let entry = start + typed + generator.printableText(count: 50)
            let keys = Self.keystrokes(typed)
            return ComparedRow(scenario: "9. Type 100 keys along a suggestion, line of \(Format.grouped(length))",
                               keys: keys.count) { bench in
                var pipeline = Pipeline(text: start, history: History(entries: [entry]))
                return bench.timeTyping(keys, into: &pipeline, expecting: start + typed,
                                        "typing along a suggestion on a line of \(length)")
            }
        }
        let measured = measureSideBySide(rows, runs: 21)
        if let short = measured.first?.bestNanosecondsPerKey, let long = measured.last?.bestNanosecondsPerKey {
            targets.append(TargetCheck(name: "Typing along a suggestion, ns/key: line of 5,000 ÷ line of 50",
                                       measured: long / short, limit: 1.5, target: "≈ 1 (≤ 1.5)"))
        }
        // On the line of 5,000 the screen is full: each time the cursor reaches the next row, that
        // row of the suggestion scrolls into view and is drawn, about a byte per key more.
        if let short = measured.first {
            targets.append(TargetCheck(name: "Typing along a suggestion: bytes/key (line of 50)",
                                       measured: short.bytesPerKey ?? 0, limit: 2, target: "≈ 1 (≤ 2)"))
        }
    }

    // MARK: - Helpers

    /// Runs a scenario `runs` times, records its median and best runs and the peak memory it reached.
    @discardableResult
    private mutating func measure(_ scenario: String, keys: Int? = nil, runs: Int, pastedBytes: Int? = nil,
                                  _ run: (inout Bench) -> Sample) -> Measurement {
        PeakMemory.reset()
        var row = Measurement(scenario: scenario, runs: runs, keys: keys, pastedBytes: pastedBytes) { run(&self) }
        row.peakResidentKibibytes = PeakMemory.kibibytes()
        measurements.append(row)
        return row
    }

    /// A row of a comparison: its scenario and one timed run of it.
    private struct ComparedRow {
        var scenario: String
        var keys: Int?
        var run: (inout Bench) -> Sample
    }

    /// Measures rows whose ratios are targets side by side: run 1 of every row, then run 2 of
    /// every row, and so on. A stretch of time when the shared machine is slower then slows
    /// every row alike instead of one row, whose ratio to the others it would skew. Each row is
    /// first run once alone, for its peak memory and to warm the caches.
    private mutating func measureSideBySide(_ rows: [ComparedRow], runs: Int) -> [Measurement] {
        var peaks: [Int?] = []
        for row in rows {
            PeakMemory.reset()
            _ = row.run(&self)
            peaks.append(PeakMemory.kibibytes())
        }
        var samples = [[Sample]](repeating: [], count: rows.count)
        for _ in 0..<runs {
            for (index, row) in rows.enumerated() { samples[index].append(row.run(&self)) }
        }
        let measured = rows.indices.map { index in
            var row = Measurement(scenario: rows[index].scenario, keys: rows[index].keys, pastedBytes: nil,
                                  samples: samples[index])
            row.peakResidentKibibytes = peaks[index]
            return row
        }
        measurements.append(contentsOf: measured)
        return measured
    }

    private mutating func expect(_ condition: Bool, _ what: String) {
        if !condition && !failures.contains(what) { failures.append(what) }
    }

    /// Times `keys` typed into `pipeline`, one read each, and checks that the entry then holds
    /// `expected`.
    private mutating func timeTyping(_ keys: [[UInt8]], into pipeline: inout Pipeline, expecting expected: String,
                                     _ what: String) -> Sample {
        let sample = Self.time(&pipeline) {
            for key in keys { $0.receive(key) }
        }
        expect(pipeline.editor.state.text == expected, what)
        return sample
    }

    /// Times `body` alone: the bytes its frames wrote and the time each stage took.
    private static func time(_ pipeline: inout Pipeline, _ body: (inout Pipeline) -> Void) -> Sample {
        pipeline.clearOutput()
        let stagesBefore = pipeline.stageTimes
        let start = ThreadClock.now()
        body(&pipeline)
        let elapsed = ThreadClock.now() - start
        return Sample(nanoseconds: elapsed, bytes: pipeline.output.count, stages: pipeline.stageTimes - stagesBefore)
    }

    /// One read per character, as a terminal delivers typing.
    private static func keystrokes(_ text: String) -> [[UInt8]] {
        text.utf8.map { [$0] }
    }

    /// The bytes cut into reads of the size the session reads.
    private static func reads(of bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        stride(from: 0, to: bytes.count, by: readSize).map { bytes[$0..<min($0 + readSize, bytes.count)] }
    }
}
