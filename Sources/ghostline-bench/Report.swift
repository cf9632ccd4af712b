/// The benchmark's results as markdown tables, ready to paste into `Docs/Performance.md`.
enum Report {
    static func measurements(_ rows: [Measurement]) -> String {
        var lines = [
            "| Scenario | Runs | ns/key (median) | ns/key (best) | Bytes/key | Time (median) | Time (best) | MB/s (median) | Bytes written | Peak RSS |",
            "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
        ]
        for row in rows {
            let cells = [
                row.scenario,
                String(row.runs),
                row.nanosecondsPerKey.map { Format.decimal($0, digits: 0) } ?? "—",
                row.bestNanosecondsPerKey.map { Format.decimal($0, digits: 0) } ?? "—",
                row.bytesPerKey.map { Format.decimal($0, digits: 2) } ?? "—",
                Format.duration(nanoseconds: row.median.nanoseconds),
                Format.duration(nanoseconds: row.best.nanoseconds),
                row.megabytesPerSecond.map { Format.decimal($0, digits: 1) } ?? "—",
                Format.grouped(row.median.bytes),
                row.peakResidentKibibytes.map { Format.mebibytes(kibibytes: $0) } ?? "—",
            ]
            lines.append("| " + cells.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n")
    }

    /// Where each scenario's time went: per key where the scenario counts keys, else per run.
    static func stages(_ rows: [Measurement]) -> String {
        var lines = [
            "| Scenario | Per | Decode | Edit | Present and draw |",
            "|---|---|---:|---:|---:|",
        ]
        for row in rows {
            let divisor = Double(max(1, row.keys ?? 1))
            let stages = row.median.stages
            let figures = [stages.decoding, stages.editing, stages.drawing]
                .map { Format.decimal(Double($0) / divisor, digits: 0) + " ns" }
            lines.append("| " + ([row.scenario, row.keys == nil ? "run" : "key"] + figures).joined(separator: " | ") + " |")
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
