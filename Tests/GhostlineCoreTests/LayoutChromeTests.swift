import Testing
@testable import GhostlineCore
import GhostlineTesting
import GhostlineTestSupport

/// The chrome as layout and the renderer draw it on a virtual screen: the right prompt on the
/// first row, the regions' rows below the entry, cut at the edge, within the screen.
@Suite struct LayoutChromeTests {
    private static func presentation(_ text: String, chrome: Chrome, suggestion: StyledText? = nil) -> Presentation {
        Presentation(state: EditorState(text: text), prompt: "> ", continuationPrompt: "… ", suggestion: suggestion,
                     chrome: chrome)
    }

    private static let toolbar = Region(.areaBottom, text: "toolbar one\ntoolbar two", style: Style(isInverse: true))
    private static let message = Region(.belowEntry, text: "a message", style: Style(foreground: .basic(1)))

    @Test func regionsBelowTheEntryComeBeforeThoseAtTheAreasBottomWhateverTheirOrder() {
        var harness = ScreenHarness(width: 20, height: 6)
        harness.draw(Self.presentation("abc", chrome: Chrome(regions: [Self.toolbar, Self.message])))
        #expect(harness.screen.lines.prefix(4) == ["> abc", "a message", "toolbar one", "toolbar two"])
        #expect(harness.screen[2, 0].attributes.isInverse && harness.screen[1, 0].attributes.foreground == .basic(1))
        #expect(harness.screen.cursorRow == 0 && harness.screen.cursorColumn == 5)
    }

    @Test func onAShortScreenTheAreasBottomKeepsItsRowsFirstAndTheTextKeepsOne() {
        var harness = ScreenHarness(width: 20, height: 3)
        harness.draw(Self.presentation("abc", chrome: Chrome(regions: [Self.message, Self.toolbar])))
        #expect(harness.screen.lines == ["> abc", "toolbar one", "toolbar two"])
        var tiny = ScreenHarness(width: 20, height: 2)
        tiny.draw(Self.presentation("abc", chrome: Chrome(regions: [Self.message, Self.toolbar])))
        #expect(tiny.screen.lines == ["> abc", "toolbar one"])
    }

    @Test func aRowWiderThanTheScreenIsCutWithAnEllipsisAWideCharacterWhole() {
        var harness = ScreenHarness(width: 8, height: 4)
        let region = Region(.belowEntry, rows: [RegionRow([StyledText("ab"), StyledText("中文字幕")]),
                                                RegionRow([StyledText("12345678")]), RegionRow([StyledText("123456789")])])
        harness.draw(Self.presentation("", chrome: Chrome(regions: [region])))
        #expect(harness.screen.lines == [">", "ab中文…", "12345678", "1234567…"])
    }

    @Test func theRightPromptNeedsABlankColumnBeforeItAndKeepsItsMargin() {
        var harness = ScreenHarness(width: 12, height: 3)
        let chrome = Chrome(rightPrompt: StyledText("RP", style: Style(foreground: .basic(3))))
        // Columns 9 and 10, the last one left free.
        harness.draw(Self.presentation("abcde", chrome: chrome))
        #expect(harness.screen.line(0) == "> abcde  RP")
        #expect(harness.screen[0, 9].attributes.foreground == .basic(3) && harness.screen[0, 8].attributes == .plain)
        harness.draw(Self.presentation("abcdef", chrome: chrome))
        #expect(harness.screen.line(0) == "> abcdef RP")
        harness.draw(Self.presentation("abcdefg", chrome: chrome))
        #expect(harness.screen.line(0) == "> abcdefg", "no blank column left: hidden")
        harness.draw(Self.presentation("ab", chrome: Chrome(rightPrompt: "RP", rightPromptMargin: 0)))
        #expect(harness.screen.line(0) == "> ab      RP")
        // A suggestion counts as the text does.
        harness.draw(Self.presentation("ab", chrome: chrome, suggestion: StyledText("cdefgh", style: .placeholder)))
        #expect(harness.screen.line(0) == "> abcdefgh")
        #expect(harness.screen.cursorColumn == 4)
    }

    @Test func theRightPromptIsNotDrawnWhileTheFirstRowIsScrolledAway() {
        var harness = ScreenHarness(width: 10, height: 2)
        var state = EditorState(text: "one\ntwo\nthree")
        state.cursor = state.endPosition
        harness.draw(Presentation(state: state, prompt: "> ", continuationPrompt: "… ", chrome: Chrome(rightPrompt: "RP")))
        #expect(harness.screen.lines == ["… two", "… three"])
    }
}
