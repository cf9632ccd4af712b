import Testing
@testable import GhostlineCore

/// A style is kept as one word; what goes in comes out, and styles are equal when what they say is.
@Suite struct StyleTests {
    private static let colors: [Color?] = [
        nil, .basic(0), .basic(8), .basic(15), .palette(0), .palette(200), .palette(255),
        .rgb(red: 0, green: 0, blue: 0), .rgb(red: 255, green: 1, blue: 128), .rgb(red: 1, green: 2, blue: 3),
    ]

    @Test func everyColorAndAttributeReadsBackAsGiven() {
        for color in Self.colors {
            for attributes in 0..<32 {
                let style = Style(foreground: color, isDim: attributes & 1 != 0, isBold: attributes & 2 != 0,
                                  isItalic: attributes & 4 != 0, isUnderlined: attributes & 8 != 0,
                                  isInverse: attributes & 16 != 0)
                #expect(style.foreground == color)
                #expect(style.isDim == (attributes & 1 != 0))
                #expect(style.isBold == (attributes & 2 != 0))
                #expect(style.isItalic == (attributes & 4 != 0))
                #expect(style.isUnderlined == (attributes & 8 != 0))
                #expect(style.isInverse == (attributes & 16 != 0))
            }
        }
    }

    @Test func settingOnePropertyLeavesTheOthers() {
        var style = Style(foreground: .rgb(red: 9, green: 8, blue: 7), isBold: true, isInverse: true)
        style.foreground = .basic(3)
        #expect(style == Style(foreground: .basic(3), isBold: true, isInverse: true))
        style.isBold = false
        style.isDim = true
        #expect(style == Style(foreground: .basic(3), isDim: true, isInverse: true))
        style.foreground = nil
        #expect(style == Style(isDim: true, isInverse: true))
        #expect(style.withoutColor == style)
    }

    @Test func stylesAreEqualExactlyWhenTheySayTheSame() {
        var styles: [Style] = []
        for color in Self.colors {
            for attributes in [0, 1, 2, 31] {
                styles.append(Style(foreground: color, isDim: attributes & 1 != 0, isBold: attributes & 2 != 0,
                                    isItalic: attributes & 4 != 0, isUnderlined: attributes & 8 != 0,
                                    isInverse: attributes & 16 != 0))
            }
        }
        for (first, a) in styles.enumerated() {
            for (second, b) in styles.enumerated() {
                #expect((a == b) == (first == second))
                if a == b { #expect(a.hashValue == b.hashValue) }
            }
        }
    }
}
