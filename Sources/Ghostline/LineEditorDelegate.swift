import GhostlineCore

/// Hears about an edit as it happens, and may veto changes: the analog of a text view's delegate.
///
/// Every method has a default that does nothing (or allows the change), so a delegate implements
/// only what it needs. Methods are called on the thread that called ``LineEditor/readLine(initialText:)``.
public protocol LineEditorDelegate: AnyObject {
    /// The prompt is on screen and editing has begun.
    func lineEditorDidBeginEditing(_ editor: LineEditor)
    /// Asked before every change of text, whatever its source (typing, paste, kill, history);
    /// return false to veto it.
    func lineEditor(_ editor: LineEditor, shouldChangeTextIn range: Range<TextPosition>, replacementText: String) -> Bool
    /// The text changed: called once per key, paste or command that changed it, before the next
    /// frame is drawn. Setting ``LineEditor/text`` from here redraws the entry, placeholder
    /// included, without calling this method again.
    func lineEditorDidChange(_ editor: LineEditor)
    /// Editing ended: submitted, abandoned, or at the end of input.
    func lineEditorDidEndEditing(_ editor: LineEditor)
}

extension LineEditorDelegate {
    /// Does nothing.
    public func lineEditorDidBeginEditing(_ editor: LineEditor) {}
    /// Allows every change.
    public func lineEditor(_ editor: LineEditor, shouldChangeTextIn range: Range<TextPosition>, replacementText: String) -> Bool { true }
    /// Does nothing.
    public func lineEditorDidChange(_ editor: LineEditor) {}
    /// Does nothing.
    public func lineEditorDidEndEditing(_ editor: LineEditor) {}
}
