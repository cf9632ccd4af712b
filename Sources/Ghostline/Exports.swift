import GhostlineCore
import GhostlineTerminal

// The value types of `LineEditor`'s API, named here so that `import Ghostline` is all an app
// writes. They are declared once, in the core or the terminal layer, where they are used;
// everything else in those modules is `package`, outside every app's API (see
// Docs/Architecture.md, "The public API").

/// How text is drawn: a foreground color and a few attributes.
public typealias Style = GhostlineCore.Style
/// A terminal foreground color.
public typealias Color = GhostlineCore.Color
/// Which command each key performs.
public typealias KeyMap = GhostlineCore.KeyMap
/// What a key does: an editing command, or one of the app's own.
public typealias Command = GhostlineCore.Command
/// One key press or paste, as decoded from the terminal's bytes.
public typealias KeyEvent = GhostlineCore.KeyEvent
/// A key other than text.
public typealias Key = GhostlineCore.Key
/// The modifier keys held with a key.
public typealias Modifiers = GhostlineCore.Modifiers
/// A position in the text: a logical line and a UTF-8 offset in it.
public typealias TextPosition = GhostlineCore.TextPosition
/// Earlier entries, for Up, Down, Ctrl-R and suggestions.
public typealias History = GhostlineCore.History
/// What a completion function is given: the line up to the cursor and the word being completed.
public typealias CompletionContext = GhostlineCore.CompletionContext
/// What a suggestion function is given: the text typed so far and the editor's history.
public typealias SuggestionContext = GhostlineCore.SuggestionContext
/// Tells how the parts of a text are drawn: the seam for syntax highlighting.
public typealias Highlighter = GhostlineCore.Highlighter
/// A run of text drawn in one style, as a ``Highlighter`` marks it.
public typealias StyleSpan = GhostlineCore.StyleSpan
/// How a secret entry is shown: every grapheme cluster as one mask character, or nothing at all.
public typealias TextMask = GhostlineCore.TextMask
/// An open file descriptor: what ``LineEditor`` reads keys from and draws on.
public typealias FileDescriptor = GhostlineTerminal.FileDescriptor
/// An error number from a failed system call, as ``LineEditorError`` and ``HistoryFileError`` carry it.
public typealias Errno = GhostlineTerminal.Errno
/// The text drawn at the start of the prompt to tell the editing mode (readline's `show-mode-in-prompt`).
public typealias ModeStrings = GhostlineCore.ModeStrings
/// When Tab lists the completion candidates below the entry.
public typealias CompletionListing = GhostlineCore.CompletionListing
/// Whether Tab lists several candidates or offers them in a menu.
public typealias CompletionStyle = GhostlineCore.CompletionStyle
/// One completion: its text, how the menu shows it, its description and what it replaces.
public typealias CompletionCandidate = GhostlineCore.CompletionCandidate
/// What a validator says of an entry the user submits: accepted, or refused with a message.
public typealias Validation = GhostlineCore.Validation
