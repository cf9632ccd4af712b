@testable import GhostlineCore
import Testing

/// A cluster that would join what the terminal drew before it is shown on a dotted circle; the
/// test is grapheme breaking's own (an Extend, ZWJ or SpacingMark scalar joins a letter before it).
struct DottedBaseTests {
    @Test(arguments: [
        "\u{301}",        // COMBINING ACUTE ACCENT, a nonspacing mark
        "\u{301}\u{302}", // two marks in one cluster
        "\u{200D}",       // ZERO WIDTH JOINER
        "\u{1F3FD}",      // an emoji skin-tone modifier
        "\u{93E}",        // DEVANAGARI VOWEL SIGN AA, a spacing mark
        "\u{E33}",        // THAI CHARACTER SARA AM, a spacing mark for grapheme breaking
        "\u{FE0F}",       // VARIATION SELECTOR-16
    ])
    func aClusterThatWouldJoinTheCellBeforeGetsADottedBase(text: String) throws {
        let character = try #require(text.first)
        #expect(ClusterScanner.withDottedBase(character) == "\u{25CC}" + text)
    }

    @Test(arguments: ["a", " ", "é", "e\u{301}", "…", "•", "中", "😀", "👍🏽", "\u{1F1EF}\u{1F1F5}", "한", "\u{1}"])
    func aClusterThatStandsAloneIsDrawnAsItIs(text: String) throws {
        let character = try #require(text.first)
        #expect(ClusterScanner.withDottedBase(character) == nil)
    }
}
