/// What an app's validator says of an entry the user submits.
public enum Validation: Hashable, Sendable {
    /// The entry is submitted.
    case accepted
    /// The entry is not submitted: `message` (one or more lines) is shown below it until the
    /// next edit, and the cursor goes to `cursor` when one is given, else stays where it is.
    case refused(message: String, cursor: TextPosition? = nil)
}
