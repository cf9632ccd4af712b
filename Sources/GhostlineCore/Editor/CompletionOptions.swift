/// When Tab lists the candidates below the entry, as readline's `show-all-if-ambiguous` and
/// `show-all-if-unmodified` choose.
public enum CompletionListing: Hashable, Sendable {
    /// At a second Tab, when the first could complete no further: readline's default.
    case onSecondTab
    /// At the first Tab when it can complete no further (`show-all-if-unmodified`).
    case whenNothingCompletes
    /// At the first Tab whenever there is more than one candidate, after completing as far as
    /// they agree (`show-all-if-ambiguous`).
    case always
}

/// How Tab shows candidates when there are several.
public enum CompletionStyle: Hashable, Sendable {
    /// Readline's listing: the candidates printed in columns below the entry, when
    /// ``CompletionListing`` says, until the next key.
    case list
    /// A menu below the entry that the selection moves through, inserting each candidate as it
    /// goes (fish's and zsh's): Tab, Shift-Tab, the arrows, Ctrl-N, Ctrl-P, Page Up and Page
    /// Down move; Enter takes the selection without submitting; Escape and Ctrl-G put back the
    /// word as it was typed; any other key takes the selection and then does what it does.
    case menu
}

/// How Tab completes the word before the cursor.
package struct CompletionOptions: Equatable, Sendable {
    /// Whether candidates are compared with the word without regard to case, so that they
    /// complete it in their own case (readline's `completion-ignore-case`).
    package var ignoresCase = false
    /// When the candidates are listed.
    package var listing = CompletionListing.onSecondTab
    /// Whether several candidates are listed or offered in a menu.
    package var style = CompletionStyle.list
    /// The most rows of candidates a menu shows at once; it scrolls through the rest.
    package var menuRows = 8
    /// Whether the menu opens as a word is typed, without Tab.
    package var completesWhileTyping = false

    /// The default: case counts, and a second Tab lists the candidates.
    package init() {}
}
