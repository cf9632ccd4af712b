/// The benchmark's results as markdown tables, ready to paste into `Docs/Performance.md`.
enum Report {
    static func measurements(_ rows: [Measurement]) -> String {
        var lines = [
            "| Scenario | Runs | ns/key | Bytes/key | Time (median) | MB/s | Bytes written | Peak RSS |",
            "|---|---:|---:|---:|---:|---:|---:|---:|",
        ]
        for row in rows {
            let cells = [
                row.scenario,
                String(row.runs),
                row.nanosecondsPerKey.map { Format.decimal($0, digits: 0) } ?? "—",
                row.bytesPerKey.map { Format.decimal($0, digits: 2) } ?? "—",
                Format.duration(nanoseconds: row.sample.nanoseconds),
                row.megabytesPerSecond.map { Format.decimal($0, digits: 1) } ?? "—",
                Format.grouped(row.sample.bytes),
                row.peakResidentKibibytes.map { Format.mebibytes(kibibytes: $0) } ?? "—",
            ]
            lines.append("| " + cells.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n")
    }

    static func targets(_ checks: [TargetCheck]) -> String {
        var lines = [
            "| Target | Measured | Bound | Met |",
            "|---|---:|---:|:---:|",
        ]
        for check in checks {
            lines.append("| \(check.name) | \(Format.decimal(check.measured, digits: 2)) | \(check.target) | \(check.isMet ? "yes" : "**no**") |")
        }
        return lines.joined(separator: "\n")
    }
}
