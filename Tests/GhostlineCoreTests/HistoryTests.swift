import Testing
@testable import GhostlineCore

@Test func addSkipsBlankEntriesAndRepeatsOfTheNewest() {
    var history = History()
    let added = ["ls", "", "  \t", "ls", "pwd", "ls"].map { history.add($0) }
    #expect(added == [true, false, false, false, true, true])
    #expect(history.entries == ["ls", "pwd", "ls"])
}

@Test func initialEntriesGoThroughTheSameRules() {
    let history = History(entries: ["a", "a", " ", "b"])
    #expect(history.entries == ["a", "b"])
}

@Test func theOldestEntriesGoWhenFull() {
    var history = History(entries: ["1", "2", "3"], capacity: 3)
    history.add("4")
    #expect(history.entries == ["2", "3", "4"])
    #expect(History(entries: ["1", "2", "3", "4"], capacity: 2).entries == ["3", "4"])
    #expect(History(entries: ["1", "2"], capacity: 0).entries == ["2"])
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
