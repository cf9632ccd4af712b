import Testing
@testable import GhostlineCore

/// vim's charwise visual mode (`v`): each case types a line in insert mode, then the keys
/// (`\u{1B}` for Escape), and expects the entry with `|` before the cursor's character. The
/// expectations are what vim 9 leaves (`vim -u NONE`, the same keys).
@Suite struct ViVisualTests {
    static let escape = "\u{1B}"

    @Test(arguments: [
        ("foo bar baz", "0wvlld", "foo | baz"),
        ("foo bar baz", "0wvllx", "foo | baz"),
        ("foo bar baz", "0wvhhd", "fo|ar baz"),
        ("foo bar baz", "0wv$d", "foo| "),
        ("foo bar baz", "0v$hd", "|"),
        ("foo bar baz", "0wvlly", "foo |bar baz"),
        ("foo bar baz", "0wvhhy", "fo|o bar baz"),
        ("foo bar baz", "0wvllyP", "foo ba|rbar baz"),
        ("foo Bar baz", "0wvll~", "foo |bAR baz"),
        ("foo Bar baz", "0wvllU", "foo |BAR baz"),
        ("FOO Bar baz", "0wvllu", "FOO |bar baz"),
        ("foo bar baz", "0wvllrx", "foo |xxx baz"),
        ("日本 語", "0v$rx", "|xxxx"),
        ("foo bar baz", "0wvllc12\(escape)", "foo 1|2 baz"),
        ("foo bar baz", "0wvlls12\(escape)", "foo 1|2 baz"),
    ])
    func operators(text: String, keys: String, after: String) {
        expect(text: text, keys: keys, after: after)
    }

    @Test(arguments: [
        // Counts with motions, `o`, Escape and `v` again.
        ("foo bar baz", "0v2wd", "|az"),
        ("foo bar baz", "0v2ed", "| baz"),
        ("foo bar baz", "$v2bd", "foo| "),
        ("foo bar baz", "0wvbod", "|ar baz"),
        ("foo bar baz", "0wvlo\(escape)", "foo |bar baz"),
        ("foo bar baz", "0wvl\(escape)", "foo b|ar baz"),
        ("foo bar baz", "0wvlvx", "foo b|r baz"),
        ("f(a) [b]", "0f(v%d", "f| [b]"),
        ("foo bar baz", "0vfbd", "|ar baz"),
        ("foo bar baz", "0vtb;d", "|baz"),
        ("foo bar baz", "$v0d", "|"),
    ])
    func motions(text: String, keys: String, after: String) {
        expect(text: text, keys: keys, after: after)
    }

    @Test(arguments: [
        // From one character, the object as under an operator; a larger selection grows.
        ("foo bar baz", "0wviwd", "foo | baz"),
        ("foo bar baz", "0wvawd", "foo |baz"),
        ("foo bar baz", "0wv2iwd", "foo |baz"),
        ("foo bar baz", "0wlviwiwd", "foo |baz"),
        ("foo bar baz", "0wlvlliwd", "foo |b"),
        ("foo bar baz", "0wlvhiwd", "foo|r baz"),
        ("foo bar baz", "0wlvlawd", "foo |b"),
        ("foo bar baz", "0wlvhawd", "|r baz"),
        // More words than the line has: to its last character.
        ("foo bar", "0v4iwd", "|"),
        ("f(a, (b + c)) [x]", "0fbvi(d", "f(a, (|)) [x]"),
        ("f(a, (b + c)) [x]", "0fbvi(i(d", "f(|) [x]"),
        ("f(a, (b + c)) [x]", "0fbvlla(d", "f(a, |) [x]"),
        ("f(a, (b + c)) [x]", "0fbva(a(d", "f| [x]"),
        ("f(a, (b + c)) [x]", "0vli(d", "f(|) [x]"),
        // No object: the selection stays.
        ("f(a, (b + c)) [x]", "0fav2i(d", "f(|, (b + c)) [x]"),
        ("say \"hi there\" ok", "0fhvi\"d", "say \"|\" ok"),
        ("say \"hi there\" ok", "0fhvi\"i\"d", "say | ok"),
    ])
    func textObjects(text: String, keys: String, after: String) {
        expect(text: text, keys: keys, after: after)
    }

    @Test(arguments: [
        // `.` does the operator again on as many characters from the cursor; `u` undoes it.
        ("foo bar baz", "0wvlld.", "foo |z"),
        ("foo bar baz", "0wvllc12\(escape)0.", "1|2 12 baz"),
        ("foo bar baz", "0wvll~w.", "foo BAR |BAZ"),
        // `u` leaves the cursor after the text it puts back, as readline's does (vim: at its start).
        ("foo bar baz", "0wvlldu", "foo bar| baz"),
        ("foo bar baz", "0wvllrxu", "foo bar| baz"),
        ("foo bar baz", "0wvllUu", "foo bar| baz"),
        ("foo bar baz", "0wvllc12\(escape)u", "foo bar| baz"),
    ])
    func repeatAndUndo(text: String, keys: String, after: String) {
        expect(text: text, keys: keys, after: after)
    }

    @Test func modesAndTheRegister() {
        var editor = Editor.vi()
        editor.vi("foo bar" + Self.escape + "0v")
        #expect(editor.vi.mode == .visual)
        editor.vi("lc")
        #expect(editor.vi.mode == .insert)
        editor.vi(Self.escape + "0wvlly")
        #expect(editor.vi.mode == .command)
        #expect(editor.vi.register == "bar")
        editor.vi("0vld")
        #expect(editor.vi.register == "o ")
    }

    @Test func selectionsAcrossLinesTakeTheLineBreaks() {
        var editor = Editor.vi(isMultiline: true)
        editor.vi("ab" + Self.escape + "ocd" + Self.escape + "oef" + Self.escape + "kk0lvjd")
        #expect(editor.marked == "|a\nef")
        var joining = Editor.vi(isMultiline: true)
        joining.vi("ab" + Self.escape + "ocd" + Self.escape + "k0v$d")
        #expect(joining.marked == "|cd")
        var single = Editor.vi()
        single.vi("ab" + Self.escape + "0vjd")
        #expect(single.marked == "|b", "j in a single-line entry walks no history")
    }

    @Test func thePresentationCarriesTheSelectionInReverseVideo() {
        var editor = Editor.vi()
        editor.vi("foo bar" + Self.escape + "0wvh")
        let selected = Style(isInverse: true)
        var highlights = presentation(editor).highlights
        #expect(highlights?.spans(ofLine: 0) == [StyleSpan(3..<5, style: selected)])
        editor.vi("o")
        #expect(presentation(editor).highlights == highlights, "o keeps the selection")
        editor.vi(Self.escape)
        #expect(presentation(editor).highlights == nil)
        var lines = Editor.vi(isMultiline: true)
        lines.vi("ab" + Self.escape + "ocd" + Self.escape + "k0lvj")
        highlights = presentation(lines).highlights
        #expect(highlights?.spans(ofLine: 0) == [StyleSpan(1..<2, style: selected)])
        #expect(highlights?.spans(ofLine: 1) == [StyleSpan(0..<2, style: selected)])
    }

    @Test func theSelectionIsDrawnOverTheHighlightersSpans() {
        var highlights = TextHighlights([StyleSpan(0..<7, style: Style(isBold: true))], in: "foo bar")
        highlights = highlights.overlaid(with: Style(isInverse: true), on: [(line: 0, range: 2..<5)])
        #expect(highlights.spans(ofLine: 0) == [StyleSpan(0..<2, style: Style(isBold: true)),
                                                StyleSpan(2..<5, style: Style(isInverse: true)),
                                                StyleSpan(5..<7, style: Style(isBold: true))])
    }

    @Test func theCursorIsABlockInVisualMode() {
        var editor = Editor()
        editor.editingMode = .vi
        var session = EntrySession(editor: editor, appearance: EntryAppearance(prompt: "> "), width: 40, height: 5)
        _ = session.startEntry(text: "", drawsEntry: true, width: 40, height: 5)
        session.receive(keys: [.text("ab"), .key(.escape), .text("v")])
        while session.handleNextKey() != nil {}
        #expect(session.editor.vi.mode == .visual)
        #expect(String(decoding: session.frame(), as: UTF8.self).hasSuffix(ViCursorShapeTests.block))
        #expect(session.terminalModes.cursorShape == .block)
    }

    private func presentation(_ editor: Editor) -> Presentation {
        editor.presentation(prompt: "> ", continuationPrompt: "", placeholder: nil)
    }

    private func expect(text: String, keys: String, after: String) {
        var editor = Editor.vi()
        editor.vi(text + Self.escape + keys)
        #expect(editor.marked == after, "\(keys)")
    }
}
