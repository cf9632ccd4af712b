/// A numeric argument being typed (Alt-3, Alt-- then digits), as readline reads one: a modal
/// state of its own that sees keys before the key map does, until a key that is not part of the
/// number; that key's command then gets the count.
package struct NumericArgument: Hashable, Sendable {
    /// The digits typed so far, as a number (1 before any).
    package private(set) var magnitude = 1
    /// -1 after a leading `-`.
    package private(set) var sign = 1
    /// Whether a digit was typed (readline's `rl_explicit_arg`); a lone `-` counts as -1.
    package private(set) var hasDigits = false
    /// A `-` was typed before any digit.
    private var sawMinus = false
    /// A digit was typed since the argument started or was last multiplied.
    private var sawDigitsSinceUniversal = false
    /// `universal-argument` after digits closed the number: the next key is the command's.
    private var isClosed = false

    /// The largest argument readline takes; a longer number rings the bell and is dropped.
    package static let largest = 1_000_000

    /// The count the next command gets.
    package var count: Int { sign * magnitude }

    /// Whether the argument was given at all with digits or a sign, which some commands read as
    /// "an explicit argument" (a counted Delete kills, Alt-. takes word N).
    package var isExplicit: Bool { hasDigits || sawMinus }

    /// What a key does to the argument.
    package enum Step: Equatable, Sendable {
        /// The key was part of the number.
        case continues
        /// The number grew too large: the argument is dropped, with the bell.
        case overflowed
        /// The key is not part of the number: it does what it does, with the count.
        case ends
    }

    /// An argument started by a key of `digit-argument`: its digit, or `-`.
    package init(startingWith character: Character?) {
        if let character { _ = take(character) }
    }

    /// An argument started by `universal-argument`: four.
    package static var universal: NumericArgument {
        var argument = NumericArgument(startingWith: nil)
        argument.magnitude = 4
        return argument
    }

    /// Feeds a typed character (a plain one, or the one of an Alt- key bound to
    /// `digit-argument`): a digit adds to the number, a `-` before any digit makes it negative.
    package mutating func take(_ character: Character) -> Step {
        if isClosed { return .ends }
        if let digit = character.wholeNumberValue, character.isASCII {
            magnitude = hasDigits ? magnitude * 10 + digit : digit
            hasDigits = true
            sawDigitsSinceUniversal = true
            return magnitude > Self.largest ? .overflowed : .continues
        }
        if character == "-" && !hasDigits {
            magnitude = 1
            sign = -1
            sawMinus = true
            return .continues
        }
        return .ends
    }

    /// An Alt- key bound to `digit-argument` typed while the argument is pending: as in
    /// readline, a lone `-` before it counts as -1 typed, so Alt-- Alt-5 is -15.
    package mutating func takeAgain(_ character: Character) -> Step {
        if sawMinus && magnitude == 1 && !hasDigits { hasDigits = true }
        sawMinus = false
        return take(character)
    }

    /// `universal-argument` typed while the argument is pending: times four before any digit,
    /// else it closes the number, and the next key, a digit too, is the command's.
    package mutating func multiplyByFour() -> Step {
        guard !sawDigitsSinceUniversal else {
            isClosed = true
            return .continues
        }
        magnitude *= 4
        return magnitude > Self.largest ? .overflowed : .continues
    }
}
