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

/// How Tab completes the word before the cursor.
package struct CompletionOptions: Equatable, Sendable {
    /// Whether candidates are compared with the word without regard to case, so that they
    /// complete it in their own case (readline's `completion-ignore-case`).
    package var ignoresCase = false
    /// When the candidates are listed.
    package var listing = CompletionListing.onSecondTab

    /// The default: case counts, and a second Tab lists.
    package init() {}
}
