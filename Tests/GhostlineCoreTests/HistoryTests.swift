import Testing
@testable import GhostlineCore

@Test func addSkipsBlankEntriesAndRepeatsOfTheNewest() {
    var history = History()
    let added = ["ls", "", "  \t", "ls", "pwd", "ls"].map { history.add($0) }
    #expect(added == [true, false, false, false, true, true])
    #expect(Array(history.entries) == ["ls", "pwd", "ls"])
}

@Test func initialEntriesGoThroughTheSameRules() {
    let history = History(entries: ["a", "a", " ", "b"])
    #expect(Array(history.entries) == ["a", "b"])
}

@Test func theOldestEntriesGoWhenFull() {
    var history = History(entries: ["1", "2", "3"], capacity: 3)
    history.add("4")
    #expect(Array(history.entries) == ["2", "3", "4"])
    #expect(Array(History(entries: ["1", "2", "3", "4"], capacity: 2).entries) == ["3", "4"])
    #expect(Array(History(entries: ["1", "2"], capacity: 0).entries) == ["2"])
}

@Test(arguments: [
    ("git", "git commit"),
    ("git s", "git status"),
    ("git commit", nil),
    ("", nil),
    ("svn", nil),
    ("GIT", nil),
] as [(String, String?)])
func suggestionIsTheNewestLongerEntryWithThePrefix(prefix: String, expected: String?) {
    let history = History(entries: ["git status", "git commit"])
    #expect(history.suggestion(for: prefix) == expected)
}

@Test(arguments: [
    ("make", nil, 2),
    ("make", 2, 0),
    ("make", 0, nil),
    ("git", nil, 1),
    ("", nil, 3),
    ("", 1, 0),
    ("zzz", nil, nil),
    ("ls", 99, 3),
] as [(String, Int?, Int?)])
func indexOfMatchFindsTheNewestMatchBeforeAnIndex(query: String, before: Int?, expected: Int?) {
    let history = History(entries: ["make test", "git commit", "make all", "ls"])
    #expect(history.indexOfMatch(for: query, before: before) == expected)
}

@Test func suggestionSkipsEntriesThatMatchOnlyCanonically() {
    // The newest entry spells "é" decomposed; the typed "é" is precomposed.
    let history = History(entries: ["\u{E9}t\u{E9}", "e\u{301}cole"])
    #expect(history.suggestion(for: "\u{E9}") == "\u{E9}t\u{E9}")
    #expect(history.suggestion(for: "e") == nil)
}

// MARK: - Capacity

@Test func theDefaultCapacityKeepsAMillionEntries() {
    #expect(History.defaultCapacity >= 100_000)
    #expect(History().capacity == History.defaultCapacity)
    let count = 150_000
    let history = History(entries: (0..<count).map { "entry \($0)" })
    #expect(history.count == count, "nothing is cut below the capacity")
    #expect(history[0] == "entry 0")
    #expect(history.last == "entry \(count - 1)")
}

@Test func anUnlimitedHistoryKeepsEverything() {
    var history = History(capacity: History.unlimited)
    for index in 0..<3_000 { history.add("entry \(index)") }
    #expect(history.count == 3_000)
    #expect(history.capacity == Int.max)
}

@Test func loweringTheCapacityDropsTheOldestAtOnce() {
    var history = History(entries: ["1", "2", "3", "4"])
    history.capacity = 2
    #expect(Array(history.entries) == ["3", "4"])
    #expect(history.indexOfMatch(for: "1", before: nil) == nil)
    #expect(history.suggestion(for: "3") == nil)
    history.add("33")
    #expect(Array(history.entries) == ["4", "33"])
    #expect(history.suggestion(for: "3") == "33")
}

@Test func droppingManyOldEntriesKeepsSearchesRight() {
    // Past half of the buffer dead, the storage moves the live entries down and the index is
    // built again; the answers must not move with them.
    var history = History(capacity: 100)
    for index in 0..<1_000 { history.add("e\(index) \(index % 7 == 0 ? "seven" : "other")") }
    #expect(history.count == 100)
    #expect(history[0] == "e900 other")
    #expect(history.indexOfMatch(for: "seven", before: nil).map { history[$0] } == "e994 seven")
    #expect(history.indexOfEntry(startingWith: "e90", before: 100).map { history[$0] } == "e909 other")
    #expect(history.indexOfEntry(startingWith: "e90", after: -1).map { history[$0] } == "e900 other")
    #expect(history.suggestion(for: "e99") == "e999 other")
}

// MARK: - Options

@Test func ignoreSpaceSkipsEntriesStartingWithASpace() {
    var history = History(options: .ignoreSpace)
    let secretKept = history.add(" secret --token x")
    #expect(secretKept == false)
    let tabKept = history.add("\tls")
    #expect(tabKept == true, "only a space hides an entry, as in bash")
    let plainKept = history.add("ls -l")
    #expect(plainKept == true)
    #expect(Array(history.entries) == ["\tls", "ls -l"])
    #expect(!history.isKept(" secret"), "what a history file appends asks the same")
    #expect(history.isKept("ls"))
    var plain = History()
    #expect(plain.isKept(" kept"))
    let keptWithoutTheOption = plain.add(" kept")
    #expect(keptWithoutTheOption == true)
}

@Test func eraseDuplicatesKeepsOnlyTheNewestCopy() {
    var history = History(entries: ["make", "ls", "make", "git status", "ls"], options: .eraseDuplicates)
    #expect(Array(history.entries) == ["make", "ls", "make", "git status", "ls"], "entries given at creation stay as they are")
    let makeAdded = history.add("make")
    #expect(makeAdded)
    #expect(Array(history.entries) == ["ls", "git status", "ls", "make"])
    let lsAdded = history.add("ls")
    #expect(lsAdded)
    #expect(Array(history.entries) == ["git status", "make", "ls"])
    let repeatAdded = history.add("ls")
    #expect(repeatAdded == false, "a repeat of the newest is not added")
    #expect(history.indexOfMatch(for: "ma", before: nil) == 1)
    #expect(history.suggestion(for: "m") == "make")
    // Byte for byte: a differently encoded but canonically equal entry is another entry.
    let precomposedAdded = history.add("\u{E9}")
    #expect(precomposedAdded)
    let decomposedAdded = history.add("e\u{301}")
    #expect(decomposedAdded)
    #expect(history.count == 5)
}

// MARK: - Prefix search

@Test func prefixSearchFindsEntriesAroundAnIndex() {
    let history = History(entries: ["git status", "ls", "git commit", "git", "make", "gitk"])
    #expect(history.indexOfEntry(startingWith: "git", before: 6) == 5)
    #expect(history.indexOfEntry(startingWith: "git", before: 5) == 3, "an entry equal to the prefix counts")
    #expect(history.indexOfEntry(startingWith: "git ", before: 3) == 2)
    #expect(history.indexOfEntry(startingWith: "git ", before: 2) == 0)
    #expect(history.indexOfEntry(startingWith: "git ", before: 0) == nil)
    #expect(history.indexOfEntry(startingWith: "git ", after: 0) == 2)
    #expect(history.indexOfEntry(startingWith: "git ", after: 2) == nil)
    #expect(history.indexOfEntry(startingWith: "", before: 2) == 1)
    #expect(history.indexOfEntry(startingWith: "", after: 4) == 5)
    #expect(history.indexOfEntry(startingWith: "", after: 5) == nil)
    #expect(history.indexOfEntry(startingWith: "g", after: -1) == 0)
}

@Test func aPrefixEndingInsideACharacterMatchesNothing() {
    let history = History(entries: ["e\u{301}cole caf\u{E9}", "🇫🇷 paris", "👍🏽 ok", "cafe\u{301}"])
    #expect(history.indexOfEntry(startingWith: "e", before: 4) == nil)
    #expect(history.indexOfEntry(startingWith: "🇫", before: 4) == nil)
    #expect(history.indexOfEntry(startingWith: "👍", before: 4) == nil)
    #expect(history.indexOfEntry(startingWith: "👍🏽", before: 4) == 2)
    #expect(history.indexOfMatch(for: "cafe", before: nil) == nil)
    #expect(history.indexOfMatch(for: "\u{301}", before: nil) == nil)
    #expect(history.indexOfMatch(for: "🇷", before: nil) == nil)
    #expect(history.indexOfMatch(for: "caf", before: nil) == 3)
    #expect(history.indexOfMatch(for: "caf\u{E9}", before: nil) == 0, "bytes, not canonical equivalence")
}

@Test func searchingSeesEntriesAddedAfterTheIndexWasBuilt() {
    var history = History(entries: (0..<500).map { "old \($0)" })
    for index in 0..<(HistoryPrefixIndex.largestTail + 10) { history.add("new \(index)") }
    #expect(history.suggestion(for: "new 26") == "new 265")
    #expect(history.suggestion(for: "old 49") == "old 499")
    #expect(history.indexOfEntry(startingWith: "new", after: 499) == 500)
    #expect(history.indexOfEntry(startingWith: "old 0", after: -1) == 0)
}

// MARK: - Loading a history file's lines

@Test func linesAreUnescapedAndBlankOrRepeatedLinesSkipped() {
    let file = "ls\n\n   \nls\ntwo\\nlines\nback\\\\slash\nlast without a line break"
    let history = History(lines: Array(file.utf8))
    #expect(Array(history.entries) == ["ls", "two\nlines", "back\\slash", "last without a line break"])
    #expect(history.longestEntryByteCount == "last without a line break".utf8.count)
    #expect(History(lines: []).count == 0)
    #expect(History(lines: Array("\n\n".utf8)).count == 0)
}

@Test func invalidUTF8InALineBecomesAReplacementCharacter() {
    // Each invalid byte grows to three: the lines after it no longer fit in place.
    var file: [UInt8] = [0xFF, 0xFE, 0x0A]
    for index in 0..<50 { file += Array("entry \(index) é\n".utf8) }
    file += [0x61, 0xC3, 0x0A, 0xE4, 0xB8, 0xAD, 0x0A]
    let history = History(lines: file)
    #expect(history.count == 53)
    #expect(history[0] == "\u{FFFD}\u{FFFD}")
    #expect(history[1] == "entry 0 é")
    #expect(history[50] == "entry 49 é")
    #expect(history[51] == "a\u{FFFD}")
    #expect(history[52] == "中")
    #expect(history.indexOfMatch(for: "49 é", before: nil) == 50)
}

@Test func loadingLinesWithEraseDuplicatesKeepsOnlyTheNewestCopyOfEach() {
    let file = "make\nls\nmake\ngit status\nls\nm\u{E9}\nme\u{301}\nmake\n"
    let history = History(lines: Array(file.utf8), options: .eraseDuplicates)
    #expect(Array(history.entries) == ["git status", "ls", "m\u{E9}", "me\u{301}", "make"],
            "equal byte for byte, not canonically")
    #expect(history.indexOfEntry(startingWith: "m", before: 4) == 3, "the index sees the entries that are left")
    #expect(history.suggestion(for: "l") == "ls")
    #expect(history.suggestion(for: "gi") == "git status")
    #expect(history.indexOfMatch(for: "ls", before: nil) == 1)
    let capped = History(lines: Array(file.utf8), capacity: 3, options: .eraseDuplicates)
    #expect(Array(capped.entries) == ["m\u{E9}", "me\u{301}", "make"], "the capacity counts what is left")
    #expect(Array(History(lines: Array(file.utf8)).entries).count == 8, "without the option every line stays")
}

@Test func loadingLinesKeepsTheNewestCapacityEntries() {
    let file = (0..<10).map { "line \($0)\n" }.joined()
    let history = History(lines: Array(file.utf8), capacity: 4)
    #expect(Array(history.entries) == ["line 6", "line 7", "line 8", "line 9"])
    #expect(history.indexOfMatch(for: "line", before: 1) == 0)
    #expect(history.indexOfEntry(startingWith: "line 5", before: 4) == nil)
}

@Test func linesAfterASkippedLineMoveDownWhole() {
    // Lines of every length across the sixteen-byte steps of the scan, each kept line after a
    // skipped one (a repeat, an empty or blank line) moved down in the buffer.
    var expected: [String] = []
    var file = ""
    for length in 1...40 {
        let line = String(repeating: Character(UnicodeScalar(UInt8(0x61 + length % 26))), count: length) + "|"
        expected.append(line)
        file += line + "\n" + (length % 3 == 0 ? line + "\n" : "") + (length % 4 == 0 ? "\n \n" : "")
    }
    file += "tail"
    expected.append("tail")
    let history = History(lines: Array(file.utf8))
    #expect(Array(history.entries) == expected)
    #expect(history.longestEntryByteCount == 41)
    #expect(history.indexOfEntry(startingWith: "bb", before: history.count).map { history[$0] } == "bbbbbbbbbbbbbbbbbbbbbbbbbbb|")
}
