/// Number formatting for the report, without Foundation.
enum Format {
    /// `value` with `digits` digits after the point.
    static func decimal(_ value: Double, digits: Int) -> String {
        guard value.isFinite else { return "—" }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = Int((abs(value) * scale).rounded())
        let sign = value < 0 && scaled != 0 ? "-" : ""
        let whole = grouped(scaled / Int(scale))
        guard digits > 0 else { return sign + whole }
        let fraction = String(scaled % Int(scale))
        return sign + whole + "." + String(repeating: "0", count: digits - fraction.count) + fraction
    }

    /// An integer with thousands separated by commas.
    static func grouped(_ value: Int) -> String {
        let digits = String(abs(value))
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return (value < 0 ? "-" : "") + result
    }

    /// A duration in the unit that keeps it between 1 and 1,000.
    static func duration(nanoseconds: Int) -> String {
        let value = Double(nanoseconds)
        if value < 1e3 { return "\(nanoseconds) ns" }
        if value < 1e6 { return decimal(value / 1e3, digits: 1) + " µs" }
        if value < 1e9 { return decimal(value / 1e6, digits: 2) + " ms" }
        return decimal(value / 1e9, digits: 2) + " s"
    }

    /// A size given in KiB, in MiB.
    static func mebibytes(kibibytes: Int) -> String {
        decimal(Double(kibibytes) / 1024, digits: 1) + " MiB"
    }
}
