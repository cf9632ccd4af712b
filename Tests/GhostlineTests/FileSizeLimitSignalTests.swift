import Glibc
import Testing
import GhostlineTerminal
import GhostlineTestSupport

/// `SIGXFSZ` is held off for a file write on the calling thread only, and that thread's signal
/// mask is put back exactly as it was, with the signal blocked before or not. (What the hold
/// is for, a write beyond the file size limit, is `HistoryFileWriteFailureEndToEndTests`':
/// the limit is the whole process's, and would cut the writes of the tests beside this one.)
@Suite struct FileSizeLimitSignalTests {
    private func currentMask() -> sigset_t {
        var mask = sigset_t()
        pthread_sigmask(SIG_BLOCK, nil, &mask)
        return mask
    }

    private func isBlocked(_ signal: Int32, in mask: sigset_t) -> Bool {
        var mask = mask
        return sigismember(&mask, signal) == 1
    }

    @Test(arguments: [false, true])
    func aFileWritePutsTheThreadsSignalMaskBack(blockedBefore: Bool) throws {
        let directory = try TemporaryDirectory()
        let saved = currentMask()
        defer {
            var saved = saved
            pthread_sigmask(SIG_SETMASK, &saved, nil)
        }
        var fileSizeSignal = sigset_t()
        sigemptyset(&fileSizeSignal)
        sigaddset(&fileSizeSignal, SIGXFSZ)
        pthread_sigmask(blockedBefore ? SIG_BLOCK : SIG_UNBLOCK, &fileSizeSignal, nil)
        let before = currentMask()

        let file = try FileDescriptor.open(directory.path("file"), flags: O_WRONLY | O_CREAT | O_EXCL)
        defer { try? file.close() }
        var inside: sigset_t?
        try withFileSizeLimitSignalHeldOff { () throws(Errno) in
            inside = currentMask()
            try file.writeAllToFile(Array("line\n".utf8))
        }
        try file.writeAllToFile(Array("line\n".utf8))

        #expect(inside.map { isBlocked(SIGXFSZ, in: $0) } == true, "held off during the write")
        let after = currentMask()
        for signal in Int32(1)..<32 {
            #expect(isBlocked(signal, in: after) == isBlocked(signal, in: before), "signal \(signal)")
        }
        #expect(isBlocked(SIGXFSZ, in: after) == blockedBefore)
        #expect(PipedRun.read(directory.path("file")) == Array("line\nline\n".utf8))
    }
}
