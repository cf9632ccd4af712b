/// One thing the user did at the keyboard, decoded from the bytes a terminal sends.
///
/// Printable text arrives as ``text(_:)`` (several characters when they were read together),
/// keys that are not text as ``key(_:_:)``, and a bracketed paste as one ``paste(_:)`` event
/// whatever its length, so a paste is one edit and never submits by itself.
public enum KeyEvent: Hashable, Sendable {
    /// Printable text typed by the user, without control characters.
    case text(String)
    /// A key that is not plain text, with the modifiers held while it was pressed.
    case key(Key, Modifiers)
    /// Text delivered by the terminal's bracketed paste, exactly as pasted.
    case paste(String)

    /// A key pressed with no modifier.
    public static func key(_ key: Key) -> KeyEvent { .key(key, []) }

    /// A letter or symbol pressed with Control, such as `.control("a")` for Ctrl-A.
    public static func control(_ character: Character) -> KeyEvent { .key(.character(character), .control) }

    /// A letter or symbol pressed with Alt (or sent with an Escape prefix), such as `.alt("b")`.
    public static func alt(_ character: Character) -> KeyEvent { .key(.character(character), .alt) }
}

/// A key on the keyboard that a terminal reports as something other than plain text.
public enum Key: Hashable, Sendable {
    /// A character key pressed together with a modifier (Ctrl-A, Alt-B); letters are lowercase.
    case character(Character)
    /// Return or Enter.
    case enter
    /// Tab.
    case tab
    /// Shift-Tab, which terminals send as its own sequence.
    case backTab
    /// Backspace (DEL or Ctrl-H on the wire).
    case backspace
    /// Delete, the key that removes the character under the cursor.
    case delete
    /// Escape on its own, recognised after the decoder's timeout.
    case escape
    /// Arrow up.
    case up
    /// Arrow down.
    case down
    /// Arrow left.
    case left
    /// Arrow right.
    case right
    /// Home.
    case home
    /// End.
    case end
    /// Page Up.
    case pageUp
    /// Page Down.
    case pageDown
    /// Insert.
    case insert
    /// A function key, F1 to F20.
    case function(Int)
}

/// The modifier keys held while a key was pressed.
public struct Modifiers: OptionSet, Hashable, Sendable {
    /// The bit set of modifiers.
    public let rawValue: UInt8

    /// Creates a set of modifiers from its bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Shift.
    public static let shift = Modifiers(rawValue: 1 << 0)
    /// Alt, or Meta; terminals send it as an Escape prefix.
    public static let alt = Modifiers(rawValue: 1 << 1)
    /// Control.
    public static let control = Modifiers(rawValue: 1 << 2)
    /// Super (the Windows or Command key), which only the kitty keyboard protocol reports.
    public static let `super` = Modifiers(rawValue: 1 << 3)
    /// Hyper, which only the kitty keyboard protocol reports.
    public static let hyper = Modifiers(rawValue: 1 << 4)
    /// Meta as a key of its own, which only the kitty keyboard protocol tells apart from Alt.
    public static let meta = Modifiers(rawValue: 1 << 5)
    /// Caps Lock on. The decoder leaves the lock states out of the keys it makes, so that a
    /// binding matches whatever the locks are; they are here for keys an app makes itself.
    public static let capsLock = Modifiers(rawValue: 1 << 6)
    /// Num Lock on; left out of decoded keys as ``capsLock`` is.
    public static let numLock = Modifiers(rawValue: 1 << 7)
}
