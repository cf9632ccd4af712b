/// The text drawn before the prompt to tell the editing mode, as GNU readline draws it with
/// `show-mode-in-prompt`: one text for emacs mode, one for vi insert
/// mode and one for vi command mode (and replace mode, which readline counts as command mode).
///
/// The init file's `emacs-mode-string`, `vi-ins-mode-string` and `vi-cmd-mode-string` set them.
/// readline writes the bytes between `\1` and `\2` to the terminal unseen (colours, a cursor
/// shape); Ghostline draws the prompt in cells with the prompt's style and writes no sequence
/// of the app's or the file's, so those bytes are left out, and control characters elsewhere
/// are shown in caret notation as in any prompt.
public struct ModeStrings: Hashable, Sendable {
    /// Drawn in emacs mode; readline's default is `@`.
    public var emacs: String
    /// Drawn in vi insert mode; readline's default is `(ins)`.
    public var viInsert: String
    /// Drawn in vi command and replace modes; readline's default is `(cmd)`.
    public var viCommand: String

    /// Mode strings; by default readline's.
    public init(emacs: String = "@", viInsert: String = "(ins)", viCommand: String = "(cmd)") {
        self.emacs = emacs
        self.viInsert = viInsert
        self.viCommand = viCommand
    }

    /// The text for `mode`.
    func text(for mode: PromptMode) -> String {
        switch mode {
        case .emacs: emacs
        case .viInsert: viInsert
        case .viCommand: viCommand
        }
    }

    /// A mode string as readline keeps it, without the non-printing bytes between `\1` and `\2`
    /// (an unclosed `\1` hides the rest, as readline counts it).
    package static func visibleText(ofReadlineModeString text: String) -> String {
        var visible: [UInt8] = []
        var isHidden = false
        for byte in text.utf8 {
            switch byte {
            case 0x01: isHidden = true
            case 0x02: isHidden = false
            default: if !isHidden { visible.append(byte) }
            }
        }
        return String(decoding: visible, as: UTF8.self)
    }
}

/// Which of the ``ModeStrings`` the prompt shows.
package enum PromptMode: Equatable, Sendable {
    /// Emacs mode.
    case emacs
    /// vi insert mode.
    case viInsert
    /// vi command and replace modes.
    case viCommand
}
