import Glibc

/// The process's peak resident set size, as Linux reports it in `/proc/self/status` (`VmHWM`).
enum PeakMemory {
    /// The peak since the process started or since the last ``reset()``, in KiB; nil where the
    /// file is missing or has no such line.
    static func kibibytes() -> Int? {
        let descriptor = open("/proc/self/status", O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var contents: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            contents.append(contentsOf: buffer[0..<count])
        }
        return value(of: "VmHWM:", in: contents)
    }

    /// Lowers the peak to the current resident size (writing `5` to `/proc/self/clear_refs`), so
    /// that each scenario reports its own peak; false where the kernel does not allow it.
    @discardableResult
    static func reset() -> Bool {
        let descriptor = open("/proc/self/clear_refs", O_WRONLY)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        let command: [UInt8] = [UInt8(ascii: "5")]
        return command.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) } == 1
    }

    /// The number after `key` on its line of `status`.
    private static func value(of key: String, in status: [UInt8]) -> Int? {
        let key = Array(key.utf8)
        var lineStart = 0
        while lineStart < status.count {
            let lineEnd = status[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? status.count
            if status[lineStart..<lineEnd].starts(with: key) {
                let digits = status[(lineStart + key.count)..<lineEnd].drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
                var number = 0
                var sawDigit = false
                for byte in digits {
                    guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { break }
                    number = number * 10 + Int(byte - UInt8(ascii: "0"))
                    sawDigit = true
                }
                return sawDigit ? number : nil
            }
            lineStart = lineEnd + 1
        }
        return nil
    }
}
