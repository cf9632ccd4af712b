import Testing
@testable import GhostlineCore

private func completingEditor(_ marked: String, candidates: [String]) -> Editor {
    var editor = Editor(marked: marked)
    editor.completion = { context in candidates.filter { $0.hasPrefix(context.word) }.map { CompletionCandidate($0) } }
    return editor
}

@Test func aUniqueCandidateIsInsertedWithASpace() {
    var editor = completingEditor("git sta|", candidates: ["status", "commit"])
    editor.press(.key(.tab))
    #expect(editor.marked == "git status |")
}

@Test func severalCandidatesInsertTheirLongestCommonPrefix() {
    var editor = completingEditor("ls fo|", candidates: ["foobar", "foobaz", "other"])
    editor.press(.key(.tab))
    #expect(editor.marked == "ls fooba|")
    #expect(editor.completionListing.isEmpty)
}

@Test func aSecondTabWithNothingToAddListsTheCandidates() {
    var editor = completingEditor("ls fo|", candidates: ["foobar", "foobaz"])
    editor.press(.key(.tab), .key(.tab))
    #expect(editor.marked == "ls fooba|")
    #expect(editor.completionListing == ["foobar", "foobaz"])
    editor.press(.text("r"))
    #expect(editor.completionListing.isEmpty)
    #expect(editor.marked == "ls foobar|")
}

@Test func aFirstTabWithNothingToAddListsNothing() {
    var editor = completingEditor("ls fooba|", candidates: ["foobar", "foobaz"])
    editor.press(.key(.tab))
    #expect(editor.completionListing.isEmpty)
    editor.press(.key(.tab))
    #expect(editor.completionListing == ["foobar", "foobaz"])
}

@Test func theContextHoldsTheLineBeforeTheCursorAndTheLastWord() {
    var seen: [CompletionContext] = []
    var editor = Editor(marked: "first\ngit che|ckout", isMultiline: true)
    editor.completion = { context in
        seen.append(context)
        return []
    }
    editor.press(.key(.tab))
    #expect(seen == [CompletionContext(textBeforeCursor: "git che", word: "che")])
}

@Test func afterASpaceTheWordIsEmptyAndCompletionAppends() {
    var editor = completingEditor("git |", candidates: ["status"])
    var words: [String] = []
    let complete = editor.completion
    editor.completion = { context in
        words.append(context.word)
        return complete?(context) ?? []
    }
    editor.press(.key(.tab))
    #expect(words == [""])
    #expect(editor.marked == "git status |")
}

@Test func noCandidatesChangeNothing() {
    var editor = completingEditor("xyz|", candidates: ["status"])
    editor.press(.key(.tab), .key(.tab))
    #expect(editor.marked == "xyz|")
    #expect(editor.completionListing.isEmpty)
    #expect(editor.pendingChanges.isEmpty)
}

@Test func possibleCompletionsListsTheCandidatesAndChangesNothing() {
    for key in ["?", "="] {
        var editor = completingEditor("ls fo|", candidates: ["foobar", "foobaz", "other"])
        editor.press(.alt(Character(key)))
        #expect(editor.marked == "ls fo|")
        #expect(editor.completionListing == ["foobar", "foobaz"])
    }
}

@Test func insertCompletionsPutsEveryCandidateInPlaceOfTheWord() {
    var editor = completingEditor("ls fo|", candidates: ["foobar", "foobaz", "other"])
    editor.press(.alt("*"))
    #expect(editor.marked == "ls foobar foobaz |")
    editor.press(.control("_"))
    #expect(editor.marked == "ls fo|", "one undo step")
}

/// vi's `*`, `=` and `\` (readline's `vi-complete`): past the end of the WORD under the cursor,
/// then insert every candidate, list them, or complete as Tab does.
@Test(arguments: [("ls fo\u{1B}*", "ls foobar foobaz |", ViMode.insert), ("ls fo\u{1B}h\\", "ls fooba|", .insert),
                  ("ls fo\u{1B}=", "ls f|o", .command), ("ls foob\u{1B}0w*X", "ls foobar foobaz X|", .insert)])
func viCompletesAsReadlineDoes(keys: String, expected: String, mode: ViMode) {
    var editor = Editor.vi()
    editor.completion = { context in ["foobar", "foobaz", "other"].filter { $0.hasPrefix(context.word) }.map { CompletionCandidate($0) } }
    editor.vi(keys)
    #expect(editor.marked == expected)
    #expect(editor.vi.mode == mode)
    if keys.hasSuffix("=") { #expect(editor.completionListing == ["foobar", "foobaz"]) }
}

/// Alt-& (readline's `tilde-expand`): the `~` or `~user` that starts the word around the cursor
/// becomes the home directory, the cursor after it.
@Test(arguments: [("ls ~|", "ls /home/me|"), ("cd ~/src|", "cd /home/me/src|"), ("cd ~/s|rc x", "cd /home/me/src| x"),
                  ("ls ~root/x|", "ls /root/x|"), ("ls ~nobody/x|", "ls ~nobody/x|"), ("ls ~nob|ody/x", "ls ~nobody/x|"), ("ls x|", "ls x|"),
                  ("a~|b", "a~b|"), ("|~ x", "/home/me| x")])
func tildeExpansionPutsTheHomeDirectory(marked: String, expected: String) {
    var editor = Editor(marked: marked)
    editor.homeDirectory = { user in ["": "/home/me", "root": "/root"][user] }
    editor.press(.alt("&"))
    #expect(editor.marked == expected)
}
