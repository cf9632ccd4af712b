import GhostlineTerminal

/// Reads the bytes of input that is not a terminal (or of a dumb terminal) for ``PipedInput``,
/// so that an entry takes its own bytes and none after it: what reads the input next (another
/// editor, Swift's `readLine()`, the next command of a script) finds the rest where it was.
///
/// Each kind of input is read the fastest way that does not take more than a line:
/// - a seekable file in blocks, the bytes read past the entry given back with `lseek`;
/// - a pipe by copying what waits in it into a private pipe with `tee`, which takes nothing,
///   finding the line break in the copy, and then reading just as much from the pipe itself
///   (a byte at a time, as bash's `read` does, where the kernel refuses `tee`);
/// - a stream socket by peeking with `recv(MSG_PEEK)`, then reading up to the line break;
/// - a terminal in blocks while it is canonical: each read returns at most one line;
/// - anything else a byte at a time.
///
/// When the caller reads all of the input through it (``LineEditor/ownsInput``, or an entry
/// that is all of the input), every kind is read in blocks of 64 KiB.
struct PipedInputReader {
    private enum Method {
        case seekingBack
        case duplicatingPipe(PrivatePipe?)
        case peeking
        case terminal
        case byteByByte
    }

    /// The pipe that `tee` copies input into, made with the first read; closed with the reader.
    final class PrivatePipe {
        let readEnd: FileDescriptor
        let writeEnd: FileDescriptor

        init() throws {
            (readEnd, writeEnd) = try FileDescriptor.openPipe(nonBlocking: false)
        }

        deinit {
            try? readEnd.close()
            try? writeEnd.close()
        }
    }

    private static let blockSize = 65_536
    /// The first read of a seekable file for an entry; it doubles while no line break is found,
    /// so that each of many short entries copies little more than itself.
    private static let firstSeekableReadSize = 512

    let descriptor: FileDescriptor
    private var method: Method
    private var scratch: [UInt8]
    private var seekableReadSize = firstSeekableReadSize

    init(descriptor: FileDescriptor) {
        self.descriptor = descriptor
        switch descriptor.inputKind {
        case .seekable: method = .seekingBack
        case .pipe: method = .duplicatingPipe(nil)
        case .streamSocket: method = .peeking
        case .terminal: method = .terminal
        case .other: method = .byteByByte
        }
        scratch = []
    }

    /// Appends the next bytes of input to `buffer`.
    ///
    /// - Parameters:
    ///   - stoppingAtLineBreak: Whether bytes after the next line break must stay unread (a
    ///     seekable file reads past it, and ``giveBack(_:)`` returns them).
    ///   - mayWaitAgain: Whether, a byte at a time, more than one read may wait for input; false
    ///     while a cancellation is watched, which waits before each call instead.
    /// - Returns: False at the end of input, with nothing appended.
    mutating func read(appendingTo buffer: inout [UInt8], stoppingAtLineBreak: Bool, mayWaitAgain: Bool) throws -> Bool {
        guard stoppingAtLineBreak else { return try readBlock(appendingTo: &buffer, count: Self.blockSize) }
        let descriptor = descriptor
        switch method {
        case .seekingBack:
            defer { seekableReadSize = min(seekableReadSize * 2, Self.blockSize) }
            return try readBlock(appendingTo: &buffer, count: seekableReadSize)
        case .duplicatingPipe(let privatePipe):
            guard let pipe = privatePipe ?? (try? PrivatePipe()) else { return try fallBackToBytes(appendingTo: &buffer, mayWaitAgain: mayWaitAgain) }
            method = .duplicatingPipe(pipe)
            var isRefused = false
            let read = try readLookingAhead(appendingTo: &buffer) { scratch in
                guard let count = try Self.retryingWhenNotReady(on: descriptor, {
                    try descriptor.duplicatePipeContent(to: pipe.writeEnd, maximumCount: scratch.count)
                }) else {
                    isRefused = true
                    return 0
                }
                return try pipe.readEnd.readAll(into: UnsafeMutableRawBufferPointer(rebasing: scratch[0..<count]))
            }
            return isRefused ? try fallBackToBytes(appendingTo: &buffer, mayWaitAgain: mayWaitAgain) : read
        case .peeking:
            return try readLookingAhead(appendingTo: &buffer) { scratch in
                try Self.retryingWhenNotReady(on: descriptor) { try descriptor.peek(into: scratch) }
            }
        case .terminal:
            let isCanonical = (try? TerminalAttributes.read(from: descriptor))?.isCanonical ?? false
            if isCanonical { return try readBlock(appendingTo: &buffer, count: Self.blockSize) }
            return try readBytes(appendingTo: &buffer, mayWaitAgain: mayWaitAgain)
        case .byteByByte:
            return try readBytes(appendingTo: &buffer, mayWaitAgain: mayWaitAgain)
        }
    }

    /// Reads a byte at a time from now on: the way bash reads a pipe, for a kernel or a sandbox
    /// that refuses `tee` for this one.
    private mutating func fallBackToBytes(appendingTo buffer: inout [UInt8], mayWaitAgain: Bool) throws -> Bool {
        method = .byteByByte
        return try readBytes(appendingTo: &buffer, mayWaitAgain: mayWaitAgain)
    }

    /// Gives back the last `count` bytes read, which follow the entry, where input can be read
    /// again from a point of the reader's choosing.
    ///
    /// - Returns: Whether they were given back; if not, they stay the reader's.
    mutating func giveBack(_ count: Int) -> Bool {
        seekableReadSize = Self.firstSeekableReadSize
        guard count > 0 else { return true }
        guard case .seekingBack = method else { return false }
        return (try? descriptor.moveOffset(by: -count)) != nil
    }

    /// Reads up to `count` bytes, as many as one read returns.
    private mutating func readBlock(appendingTo buffer: inout [UInt8], count: Int) throws -> Bool {
        let descriptor = descriptor
        return try withScratch(count) { scratch in
            let read = try Self.retryingWhenNotReady(on: descriptor) { try descriptor.read(into: scratch) }
            buffer.append(contentsOf: scratch[0..<read])
            return read > 0
        }
    }

    /// Looks at the bytes waiting with `lookAhead` (which copies some into the scratch buffer
    /// without taking them and returns how many), then takes those up to the first line break.
    private mutating func readLookingAhead(
        appendingTo buffer: inout [UInt8],
        _ lookAhead: (UnsafeMutableRawBufferPointer) throws -> Int
    ) throws -> Bool {
        let descriptor = descriptor
        return try withScratch(Self.blockSize) { scratch in
            let waiting = try lookAhead(scratch)
            guard waiting > 0 else { return false }
            let count = scratch[0..<waiting].firstIndex(of: 0x0A).map { $0 + 1 } ?? waiting
            let start = buffer.count
            buffer.append(contentsOf: repeatElement(0, count: count))
            let taken = try buffer.withUnsafeMutableBytes { bytes in
                try descriptor.readAll(into: UnsafeMutableRawBufferPointer(rebasing: bytes[start...]))
            }
            buffer.removeLast(count - taken)
            return true
        }
    }

    /// Reads a byte at a time up to a line break, 64 KiB or, unless `mayWaitAgain`, one byte.
    private func readBytes(appendingTo buffer: inout [UInt8], mayWaitAgain: Bool) throws -> Bool {
        let descriptor = descriptor
        var byte: UInt8 = 0
        var appended = 0
        while appended < Self.blockSize {
            let read = try withUnsafeMutableBytes(of: &byte) { raw in
                try Self.retryingWhenNotReady(on: descriptor) { try descriptor.read(into: raw) }
            }
            guard read == 1 else { break }
            buffer.append(byte)
            appended += 1
            if byte == 0x0A || !mayWaitAgain { break }
        }
        return appended > 0
    }

    /// Runs `body` on the first `count` bytes of the scratch buffer, allocated once.
    private mutating func withScratch<Result>(
        _ count: Int, _ body: (UnsafeMutableRawBufferPointer) throws -> Result
    ) throws -> Result {
        if scratch.isEmpty { scratch = [UInt8](repeating: 0, count: Self.blockSize) }
        return try scratch.withUnsafeMutableBytes { bytes in
            try body(UnsafeMutableRawBufferPointer(rebasing: bytes[0..<count]))
        }
    }

    /// Runs `call`, waiting for input and running it again while a non-blocking descriptor has
    /// none yet.
    private static func retryingWhenNotReady<Value>(on descriptor: FileDescriptor, _ call: () throws -> Value) throws -> Value {
        while true {
            do {
                return try call()
            } catch let error as Errno where error == .wouldBlock {
                _ = try waitForInput(on: [descriptor], timeoutMilliseconds: -1)
            }
        }
    }
}

extension FileDescriptor {
    /// Reads until `buffer` is full or input ends.
    ///
    /// - Returns: How many bytes were read: fewer than `buffer.count` only at the end of input.
    fileprivate func readAll(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        var count = 0
        while count < buffer.count {
            let read = try self.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[count...]))
            if read == 0 { break }
            count += read
        }
        return count
    }
}
