import Testing
@testable import GhostlineCore
import GhostlineTestSupport

/// `History`'s byte searches and prefix index against plain scans over `String`s, the way
/// `History` answered before it stored bytes, on random histories of text where clusters are
/// easy to cut wrongly: CJK, combining marks, emoji with modifiers and joiners, flags, CR LF,
/// prepended and Indic conjunct marks; with NUL, DEL and the largest scalar, whose bytes are the
/// ends of the byte order the sorted history keeps.
///
/// Every character has one encoding here (no precomposed "é" beside "e" + U+0301, marks of one
/// combining class only), so a byte match and a `Character` match mean the same thing: the
/// one place the byte search differs on purpose, canonically equal spellings, is left out.
@Suite struct HistoryDifferentialTests {
    private static let pieces = [
        "a", "b", "e", "g", "i", "t", " ", "-", "/", "1",
        "中", "文", "字",
        "\u{301}", "\u{308}", "e\u{301}",
        "👍", "🏽", "\u{200D}", "👩", "👧",
        "🇫", "🇷", "🇩",
        "\r", "\n", "\r\n",
        "\u{600}",
        "क", "\u{94D}", "ष",
        "\u{0}", "\u{7F}", "\u{10FFFF}",
    ]

    private static func randomText(_ generator: inout SplitMix64, maxPieces: Int) -> String {
        let count = Int.random(in: 0...maxPieces, using: &generator)
        return (0..<count).map { _ in pieces.randomElement(using: &generator)! }.joined()
    }

    /// A query cut from an entry at any two scalar boundaries, so it may start or end inside
    /// a cluster, or an unrelated random text.
    private static func randomQuery(_ generator: inout SplitMix64, from entries: [String]) -> String {
        if entries.isEmpty || Int.random(in: 0..<4, using: &generator) == 0 {
            return randomText(&generator, maxPieces: 3)
        }
        let scalars = Array(entries.randomElement(using: &generator)!.unicodeScalars)
        let start = Int.random(in: 0...scalars.count, using: &generator)
        let end = Int.random(in: start...min(scalars.count, start + 6), using: &generator)
        var query = String.UnicodeScalarView()
        query.append(contentsOf: scalars[start..<end])
        return String(query)
    }

    private static func randomHistory(_ generator: inout SplitMix64, count: Int) -> [String] {
        (0..<count).map { _ in
            // Shared beginnings, as in real histories, so the prefix buckets hold many entries.
            // One longer than a word, as the sorting skips shared bytes a word at a time.
            let start = ["git ", "g", "中", "e\u{301}", "", "👍", "git commit -m \"fix "].randomElement(using: &generator)!
            return start + randomText(&generator, maxPieces: 8)
        }
    }

    // MARK: - References: the plain scans History used before

    private static func referenceMatch(_ entries: [String], _ query: String, before index: Int?) -> Int? {
        let end = min(index ?? entries.count, entries.count)
        guard end > 0 else { return nil }
        return entries[..<end].lastIndex { query.isEmpty || $0.contains(query) }
    }

    static func startsWith(_ entry: String, _ prefix: String) -> Bool {
        entry.utf8.starts(with: prefix.utf8) && entry.hasPrefix(prefix)
    }

    private static func referenceSuggestion(_ entries: [String], _ prefix: String, before end: Int) -> Int? {
        guard !prefix.isEmpty else { return nil }
        return entries[..<min(end, entries.count)].lastIndex { $0.utf8.count > prefix.utf8.count && startsWith($0, prefix) }
    }

    /// The newest entry before `index` starting with `prefix`, by a plain scan: the answer the
    /// history's prefix search must give.
    static func referencePrevious(_ entries: [String], _ prefix: String, before index: Int) -> Int? {
        entries[..<max(0, min(index, entries.count))].lastIndex { startsWith($0, prefix) }
    }

    private static func referenceNext(_ entries: [String], _ prefix: String, after index: Int) -> Int? {
        let start = max(0, index + 1)
        guard start < entries.count else { return nil }
        return entries[start...].firstIndex { startsWith($0, prefix) }
    }

    /// Asks `history` and the references the same random questions.
    private static func compare(_ history: History, _ entries: [String], _ generator: inout SplitMix64, questions: Int,
                                sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(Array(history.entries) == entries, sourceLocation: sourceLocation)
        for _ in 0..<questions {
            let query = randomQuery(&generator, from: entries)
            let before = Int.random(in: -1...(entries.count + 1), using: &generator)
            let end: Int? = Bool.random(using: &generator) ? nil : before
            #expect(history.indexOfMatch(for: query, before: end) == referenceMatch(entries, query, before: end),
                    "Ctrl-R for \(Array(query.unicodeScalars)) before \(String(describing: end))", sourceLocation: sourceLocation)
            // A prefix is the start of an entry cut anywhere, or any query.
            let prefix = Bool.random(using: &generator) ? query : String(randomQuery(&generator, from: entries.map { String($0.unicodeScalars.prefix(6)) }))
            #expect(history.indexOfSuggestion(for: prefix, before: max(0, before)) == referenceSuggestion(entries, prefix, before: max(0, before)),
                    "suggestion for \(Array(prefix.unicodeScalars)) before \(before)", sourceLocation: sourceLocation)
            #expect(history.indexOfEntry(startingWith: prefix, before: before) == referencePrevious(entries, prefix, before: before),
                    "previous with \(Array(prefix.unicodeScalars)) before \(before)", sourceLocation: sourceLocation)
            #expect(history.indexOfEntry(startingWith: prefix, after: before) == referenceNext(entries, prefix, after: before),
                    "next with \(Array(prefix.unicodeScalars)) after \(before)", sourceLocation: sourceLocation)
        }
    }

    private static func prefixOfEntry(_ generator: inout SplitMix64, _ entries: [String]) -> String {
        guard let entry = entries.randomElement(using: &generator) else { return "" }
        let scalars = Array(entry.unicodeScalars)
        var prefix = String.UnicodeScalarView()
        prefix.append(contentsOf: scalars.prefix(Int.random(in: 0...scalars.count, using: &generator)))
        return String(prefix)
    }

    /// Prefix lookups for the start of an entry cut at any scalar, so that most have matches,
    /// many on either side of the index asked about.
    private static func comparePrefixes(_ history: History, _ entries: [String], _ generator: inout SplitMix64, questions: Int,
                                        sourceLocation: SourceLocation = #_sourceLocation) {
        for _ in 0..<questions {
            let prefix = prefixOfEntry(&generator, entries)
            let before = Int.random(in: 0...entries.count, using: &generator)
            #expect(history.indexOfSuggestion(for: prefix, before: before) == referenceSuggestion(entries, prefix, before: before),
                    "suggestion for \(Array(prefix.unicodeScalars)) before \(before)", sourceLocation: sourceLocation)
            #expect(history.indexOfEntry(startingWith: prefix, before: before) == referencePrevious(entries, prefix, before: before),
                    "previous with \(Array(prefix.unicodeScalars)) before \(before)", sourceLocation: sourceLocation)
            #expect(history.indexOfEntry(startingWith: prefix, after: before - 1) == referenceNext(entries, prefix, after: before - 1),
                    "next with \(Array(prefix.unicodeScalars)) after \(before - 1)", sourceLocation: sourceLocation)
        }
    }

    // MARK: - Tests

    /// Before the entries are sorted by their bytes, lookups walk the prefix index; after,
    /// they go through the sorted order (`HistorySortedIndex`); a history of 3,000 entries
    /// has tables of maxima several levels deep.
    @Test(arguments: [(1, false), (2, false), (3, false), (4, false), (5, false), (1, true), (2, true), (3, true), (4, true), (6, true)]
          as [(UInt64, Bool)])
    func searchesAgreeWithPlainScans(seed: UInt64, sorted: Bool) {
        var generator = SplitMix64(seed: seed)
        let entries = Self.randomHistory(&generator, count: seed == 6 ? 3_000 : 300)
        var history = History(entries: entries)
        if sorted {
            #expect(history.hasIndexingToDo)
            history.finishIndexing()
            #expect(history.isIndexed && !history.hasIndexingToDo)
        }
        // The history's own rules drop blank entries and repeats; the reference sees what it kept.
        let kept = Array(history.entries)
        Self.compare(history, kept, &generator, questions: 400)
        Self.comparePrefixes(history, kept, &generator, questions: 400)
    }

    /// Entries added one by one, past the capacity and past the size at which the index is
    /// built again, with and without erasing duplicates, against a list kept the plain way;
    /// with `sortsAsItGoes`, a random step of sorting after each entry, as a session sorts while
    /// it waits, so lookups meet a sorting under way, an order sorted before entries were added
    /// after it, and one that erasing a duplicate took an entry out of.
    @Test(arguments: [(11, History.Options(), false), (12, .eraseDuplicates, false), (13, [.eraseDuplicates, .ignoreSpace], false),
                      (14, .ignoreSpace, false), (15, [], true), (16, .eraseDuplicates, true), (17, [.eraseDuplicates, .ignoreSpace], true)]
          as [(UInt64, History.Options, Bool)])
    func addingKeepsTheSameAnswers(seed: UInt64, options: History.Options, sortsAsItGoes: Bool) {
        var generator = SplitMix64(seed: seed)
        let capacity = 700
        var history = History(entries: Self.randomHistory(&generator, count: 200), capacity: capacity, options: options)
        var model = Array(history.entries)
        // Few distinct entries, so that duplicates are common.
        let pool = Self.randomHistory(&generator, count: 120) + [" hidden", " ", "git status"]
        for step in 0..<2_000 {
            let entry = pool.randomElement(using: &generator)!
            let added = history.add(entry)
            let blank = History.isBlank(entry)
            let hidden = options.contains(.ignoreSpace) && entry.hasPrefix(" ")
            let repeated = model.last.map { Array($0.utf8) == Array(entry.utf8) } ?? false
            let expected = !blank && !hidden && !repeated
            #expect(added == expected)
            if expected {
                if options.contains(.eraseDuplicates) { model.removeAll { Array($0.utf8) == Array(entry.utf8) } }
                model.append(entry)
                if model.count > capacity { model.removeFirst(model.count - capacity) }
            }
            if sortsAsItGoes { history.continueIndexing(budget: Int.random(in: 1...600, using: &generator)) }
            if step % 250 == 0 { Self.compare(history, model, &generator, questions: 60) }
        }
        if sortsAsItGoes { #expect(history.isIndexed) }
        Self.compare(history, model, &generator, questions: 300)
    }

    /// Random operations in a random order against a list kept the plain way: entries added
    /// (often equal to older ones), sorting steps of any size, a sorting finished at once after
    /// steps or none, the capacity lowered and raised, older duplicates erased, erasing them as
    /// entries are added switched on and off. So lookups meet a sorting resumed after entries
    /// were added, after a duplicate was taken out, after the oldest were dropped and after the
    /// slots were renumbered, and orders sorted before any of those.
    @Test(arguments: [31, 32, 33, 34] as [UInt64])
    func randomOperationsKeepTheSameAnswers(seed: UInt64) {
        var generator = SplitMix64(seed: seed)
        var history = History(entries: Self.randomHistory(&generator, count: 500), capacity: 700)
        var model = Array(history.entries)
        let pool = Self.randomHistory(&generator, count: 150)
        for step in 1...1_200 {
            switch Int.random(in: 0..<100, using: &generator) {
            case 0..<70:
                let entry = pool.randomElement(using: &generator)!
                let expected = !History.isBlank(entry) && model.last.map { Array($0.utf8) != Array(entry.utf8) } ?? true
                #expect(history.add(entry) == expected)
                if expected {
                    if history.options.contains(.eraseDuplicates) { model.removeAll { Array($0.utf8) == Array(entry.utf8) } }
                    model.append(entry)
                    model.removeFirst(max(0, model.count - history.capacity))
                }
            case 70..<84:
                history.continueIndexing(budget: Int.random(in: 1...3_000, using: &generator))
            case 84..<89:
                // Often right after a step that stopped inside a group.
                if Bool.random(using: &generator) { history.continueIndexing(budget: Int.random(in: 1...200, using: &generator)) }
                history.finishIndexing()
                #expect(history.isIndexed || !history.hasIndexingToDo)
            case 89..<93:
                history.capacity = Int.random(in: 150...900, using: &generator)
                model.removeFirst(max(0, model.count - history.capacity))
            case 93..<95:
                history.eraseOlderDuplicates()
                var seen = Set<[UInt8]>()
                model = model.reversed().filter { seen.insert(Array($0.utf8)).inserted }.reversed()
            default:
                history.options.formSymmetricDifference(.eraseDuplicates)
            }
            if step % 150 == 0 {
                Self.compare(history, model, &generator, questions: 40)
                Self.comparePrefixes(history, model, &generator, questions: 40)
            }
        }
        history.finishIndexing()
        Self.compare(history, model, &generator, questions: 100)
        Self.comparePrefixes(history, model, &generator, questions: 200)
    }

    /// The same random histories written as a history file's lines and loaded from them.
    @Test(arguments: [21, 22, 23] as [UInt64])
    func loadingLinesKeepsEveryEntry(seed: UInt64) {
        var generator = SplitMix64(seed: seed)
        let entries = Self.randomHistory(&generator, count: 300) + ["back\\slash", "two\nlines", "\\n"]
        var lines: [UInt8] = []
        for entry in entries {
            for byte in entry.utf8 {
                switch byte {
                case 0x5C: lines += [0x5C, 0x5C]
                case 0x0A: lines += [0x5C, 0x6E]
                default: lines.append(byte)
                }
            }
            lines.append(0x0A)
        }
        var loaded = History(lines: lines)
        let expected = History(entries: entries)
        #expect(Array(loaded.entries) == Array(expected.entries))
        Self.compare(loaded, Array(expected.entries), &generator, questions: 200)
        loaded.finishIndexing()
        Self.compare(loaded, Array(expected.entries), &generator, questions: 200)
    }
}
