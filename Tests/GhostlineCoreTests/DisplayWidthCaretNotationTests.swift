import GhostlineCore
import Testing

struct DisplayWidthCaretNotationTests {
    @Test(arguments: [
        ("\u{0}", "^@"), ("\u{1}", "^A"), ("\t", "^I"), ("\n", "^J"), ("\r", "^M"), ("\u{1B}", "^["),
        ("\u{1C}", "^\\"), ("\u{1F}", "^_"), ("\u{7F}", "^?"), ("\r\n", "^M"), ("\u{80}", "~@"),
        ("\u{85}", "~E"), ("\u{9B}", "~["), ("\u{9C}", "~\\"), ("\u{9F}", "~_"),
    ])
    func controlCharacterNotation(text: String, notation: String) throws {
        let character = try #require(text.first)
        #expect(text.count == 1)
        #expect(character.caretNotation == notation)
    }

    /// The layout draws a control as its notation, so the two must agree on the columns it takes.
    @Test func everyControlIsAsWideAsItsNotationAndTheNotationsAreDistinct() throws {
        let controls = Array(UInt32(0)...0x1F) + Array(UInt32(0x7F)...0x9F)
        var notations: Set<String> = []
        for value in controls {
            let character = Character(try #require(Unicode.Scalar(value)))
            let notation = try #require(character.caretNotation)
            #expect(character.displayWidth == notation.count)
            #expect(notation.count == 2)
            #expect(notation.allSatisfy { $0.isASCII && $0.displayWidth == 1 })
            notations.insert(notation)
        }
        #expect(notations.count == controls.count)
    }

    @Test(arguments: ["a", " ", "é", "中", "👍", "\u{A0}", "\u{2028}", "\u{200D}"])
    func printableCharactersHaveNoNotation(text: String) {
        #expect(text.first?.caretNotation == nil)
    }

    @Test(arguments: [
        ("a\u{1B}[2J", "a^[[2J"), ("\u{9B}31m", "~[31m"), ("x\u{85}y\u{7F}", "x~Ey^?"),
        ("line\r\nnext\n", "line^Mnext^J"), ("plain ✓ 中", "plain ✓ 中"),
    ])
    func stringsReplaceEveryControlWithItsNotation(text: String, shown: String) {
        #expect(text.replacingControlCharactersWithCaretNotation() == shown)
    }
}
