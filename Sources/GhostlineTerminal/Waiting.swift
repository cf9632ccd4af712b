import Glibc

/// What a caller waits for a descriptor to become.
package enum Readiness: Sendable {
    /// A read would not block: bytes arrived, or the other end hung up (the read then returns
    /// `0` or fails with the reason, which is exactly what the caller needs to learn).
    case readable

    /// A write would not block: there is room in the buffer, or the other end hung up (the
    /// write then fails with the reason).
    case writable

    fileprivate var events: Int16 {
        switch self {
        case .readable: Int16(POLLIN)
        case .writable: Int16(POLLOUT)
        }
    }
}

/// Descriptors watched for readiness, wait after wait: the list the kernel is given is kept,
/// so a loop that waits once per key allocates nothing per wait.
///
/// A hang-up or error condition counts as ready, so a caller waiting on a closed terminal wakes
/// up and learns about it from its next read or write instead of spinning.
///
/// A signal interrupting the wait does not end it early: the wait resumes with the time that is
/// left. Signals meant to wake the caller should therefore come through a watched descriptor,
/// such as `SignalMonitor.fileDescriptor`.
///
/// The corresponding C function is `poll`.
package struct DescriptorWatch {
    private let readiness: Readiness
    private var entries: [pollfd]

    /// Watches `descriptors` for `readiness`.
    package init(_ readiness: Readiness, of descriptors: [FileDescriptor]) {
        self.readiness = readiness
        entries = descriptors.map { pollfd(fd: $0.rawValue, events: readiness.events, revents: 0) }
    }

    /// Waits until any of the descriptors is ready, or the timeout passes; a negative timeout
    /// waits forever.
    ///
    /// - Returns: False when the time ran out with none ready.
    /// - Throws: `Errno.badFileDescriptor` when a descriptor is not open.
    package mutating func wait(timeoutMilliseconds: Int32) throws -> Bool {
        let deadline = timeoutMilliseconds < 0 ? nil : monotonicMilliseconds() + Int64(timeoutMilliseconds)
        var timeout = timeoutMilliseconds
        while true {
            let result = entries.withUnsafeMutableBufferPointer { buffer in
                valueOrErrno(retryOnInterrupt: false) {
                    poll(buffer.baseAddress, nfds_t(buffer.count), timeout)
                }
            }
            switch result {
            case .success(let count):
                if entries.contains(where: { $0.revents & Int16(POLLNVAL) != 0 }) {
                    throw Errno.badFileDescriptor
                }
                return count > 0
            case .failure(.interrupted):
                if let deadline {
                    timeout = Int32(clamping: max(0, deadline - monotonicMilliseconds()))
                }
            case .failure(let error):
                throw error
            }
        }
    }

    /// Whether `descriptor` was ready at the last wait.
    package func isReady(_ descriptor: FileDescriptor) -> Bool {
        let ready = Int16(POLLHUP | POLLERR) | readiness.events
        return entries.contains { $0.fd == descriptor.rawValue && $0.revents & ready != 0 }
    }
}

/// Waits until any of the descriptors is ready, or the timeout passes.
///
/// See ``DescriptorWatch`` for how hang-ups and signals are handled; a loop that waits often
/// keeps one of those instead.
///
/// - Parameters:
///   - readiness: Whether to wait for reading or for writing.
///   - descriptors: The descriptors to watch.
///   - timeoutMilliseconds: How long to wait at most; a negative value waits forever.
/// - Returns: The descriptors that are ready, in the order given; empty when the time ran out.
/// - Throws: `Errno.badFileDescriptor` when a descriptor is not open.
///
/// The corresponding C function is `poll`.
package func waitUntil(
    _ readiness: Readiness,
    anyOf descriptors: [FileDescriptor],
    timeoutMilliseconds: Int32
) throws -> [FileDescriptor] {
    var watch = DescriptorWatch(readiness, of: descriptors)
    guard try watch.wait(timeoutMilliseconds: timeoutMilliseconds) else { return [] }
    return descriptors.filter { watch.isReady($0) }
}

/// Waits until any of the descriptors has input, or the timeout passes.
///
/// This is `waitUntil(.readable, anyOf:timeoutMilliseconds:)`; see there for how hang-ups and
/// signals are handled.
///
/// - Returns: The readable descriptors, in the order given; empty when the time ran out.
///
/// The corresponding C function is `poll`.
package func waitForInput(
    on descriptors: [FileDescriptor],
    timeoutMilliseconds: Int32
) throws -> [FileDescriptor] {
    try waitUntil(.readable, anyOf: descriptors, timeoutMilliseconds: timeoutMilliseconds)
}

/// The number of bytes that can be read from the descriptor right now without blocking.
///
/// The editor reads everything available before it draws, so a paste becomes one frame. A
/// descriptor that cannot answer (not a terminal, pipe or socket) reports `0`.
///
/// The corresponding C function is `ioctl`, with `FIONREAD`.
package func bytesAvailable(on descriptor: FileDescriptor) -> Int {
    var count: Int32 = 0
    guard controlDevice(descriptor.rawValue, FIONREAD, &count) == 0 else {
        return 0
    }
    return Int(max(0, count))
}

/// Milliseconds on a clock that never jumps, for computing what is left of a timeout.
///
/// The corresponding C function is `clock_gettime`, with `CLOCK_MONOTONIC`.
package func monotonicMilliseconds() -> Int64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
}
