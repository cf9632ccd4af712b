import Testing
@testable import GhostlineCore
import GhostlineTestSupport

/// Texts that make clusters grow and merge when typed next to each other: halves of flags,
/// combining marks and Hangul jamo, plus whole clusters, spaces and punctuation for word motions.
private let fuzzTexts: [String] = sampleClusters + [
    "a", "b", "Z", "7", " ", "-", "_", "\u{301}", "🇫", "🇷", "\u{1100}", "\u{1161}", "\u{11A8}",
    "\u{200D}", "👨", "\u{FE0F}", "word", "foo bar",
]

private let fuzzKeys: [KeyEvent] = [
    .key(.left), .key(.right), .key(.up), .key(.down), .key(.home), .key(.end),
    .key(.backspace), .key(.delete), .key(.enter), .key(.enter, .alt), .key(.tab),
    .key(.left, .control), .key(.right, .control), .key(.backspace, .alt), .key(.escape),
    .control("a"), .control("e"), .control("b"), .control("f"), .control("d"), .control("k"),
    .control("u"), .control("w"), .control("y"), .control("t"), .control("_"), .control("r"),
    .control("g"), .control("x"), .control("p"), .control("n"),
    .alt("b"), .alt("f"), .alt("d"), .alt("y"), .alt("u"), .alt("l"), .alt("c"), .alt("/"),
    .alt("<"), .alt(">"),
]

private func randomEvent(using generator: inout SplitMix64) -> KeyEvent {
    switch Int.random(in: 0..<10, using: &generator) {
    case 0..<4:
        return .text(fuzzTexts.randomElement(using: &generator) ?? "a")
    case 4:
        let pieces = (0..<Int.random(in: 1...4, using: &generator)).map { _ in
            Bool.random(using: &generator) ? "\n" : fuzzTexts.randomElement(using: &generator) ?? "a"
        }
        return .paste(pieces.joined())
    default:
        return fuzzKeys.randomElement(using: &generator) ?? .key(.left)
    }
}

private func expectInvariants(_ editor: Editor, seed: UInt64, step: Int, after event: KeyEvent) {
    let state = editor.state
    let context = Comment(rawValue: "seed \(seed), step \(step), after \(event): \(editor.marked.debugDescription)")
    #expect(state.lineCount >= 1, context)
    for index in 0..<state.lineCount {
        #expect(!state.line(index).utf8.contains(0x0A), context)
    }
    #expect(isCharacterBoundary(state.cursor, in: state), context)
    #expect(state.text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).count == state.lineCount, context)
}

/// The cursor's place as a UTF-8 offset in the whole text.
private func globalOffset(of position: TextPosition, in state: EditorState) -> Int {
    (0..<position.line).reduce(position.offset) { $0 + state.line($1).utf8.count + 1 }
}

@Test(arguments: [false, true], Array(UInt64(1)...UInt64(12)))
func randomEditingKeepsTheCursorOnACharacterBoundary(isMultiline: Bool, seed: UInt64) {
    var generator = SplitMix64(seed: seed)
    var editor = Editor(history: History(entries: ["git status", "🇫🇷 e\u{301}", "foo bar\nbaz"]))
    editor.isMultiline = isMultiline
    editor.geometry = TextGeometry(width: 7, firstLineStart: 2, otherLinesStart: 2)
    editor.completion = { context in [CompletionCandidate("\(context.word)🇫🇷"), CompletionCandidate("\(context.word)🇫🇷x")] }
    for step in 0..<250 {
        let event = randomEvent(using: &generator)
        let before = editor.state
        let insertsPlainly = !editor.isSearching && editor.pendingKeys.isEmpty
        _ = editor.handle(event)
        expectInvariants(editor, seed: seed, step: step, after: event)

        // One key at a time; keys read together are typed one after the other, each at the
        // cursor the previous one left (which a mark joining the next cluster moves).
        if case .text(let typed) = event, insertsPlainly, typed.count == 1 {
            let bytes = Array(before.text.utf8)
            let split = globalOffset(of: before.cursor, in: before)
            let expected = String(decoding: bytes[..<split], as: UTF8.self) + typed
                + String(decoding: bytes[split...], as: UTF8.self)
            #expect(editor.state.text == expected, "seed \(seed), step \(step): typing \(typed.debugDescription)")
        }

        if step % 17 == 16 {
            let text = editor.state.text
            _ = editor.perform(.undo)
            expectInvariants(editor, seed: seed, step: step, after: .control("_"))
            _ = editor.perform(.redo)
            expectInvariants(editor, seed: seed, step: step, after: .alt("/"))
            #expect(editor.state.text == text, "seed \(seed), step \(step): undo then redo changed the text")
        }
    }
}
