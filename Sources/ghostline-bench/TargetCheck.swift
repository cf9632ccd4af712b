/// A figure compared with the bound the design promises for it (the cost model in DESIGN.md).
struct TargetCheck {
    var name: String
    var measured: Double
    /// The largest value that still meets the target.
    var limit: Double
    /// How `limit` reads in the report, such as "≤ 1.5" or "≈ 4 (≤ 5)".
    var target: String

    var isMet: Bool { measured <= limit }
}
