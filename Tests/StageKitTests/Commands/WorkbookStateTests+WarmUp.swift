import Foundation
import Synchronization
import Testing

@testable import WorkbookCommands
@testable import WorkbookModel

/// The warm-up build that starts with a step, and the lock it takes over.
extension WorkbookStateTests {
    @Test("warm builds the workspace holding its lock as the warm-up, which other commands wait for")
    func warmHoldsTheLockAsTheWarmUp() throws {
        let harness = try LearnerHarness()
        defer { harness.fixture.delete() }
        harness.run("start", "1")

        #expect(harness.run("warm") == 0)
        #expect(harness.runner.warmLocks.count == 1)
        #expect(harness.runner.warmLocks.first?.hasPrefix("\(WorkspaceLock.warmUp) \(getpid())") == true)
    }

    @Test("A warm-up stopped at its limit is told by the next command, once, with what it was doing")
    func stoppedWarmUpIsTold() throws {
        let harness = try LearnerHarness()
        defer { harness.fixture.delete() }
        harness.run("start", "1")
        harness.runner.stopWarmUps(while: "Compiling manifest")

        harness.run("warm")
        harness.printed = []
        harness.run("status")
        let first = harness.printed
        harness.printed = []
        harness.run("status")

        #expect(
            first.first
                == "The build that began in the background with your step ran past 300 s and was stopped, while it"
                + " showed: Compiling manifest. Does your Package.swift or a build plugin wait for something?"
                + " This command builds again.")
        #expect(!harness.printed.contains { $0.contains("ran past") })
    }

    @Test("start hands its lock to the warm-up it starts: no command comes in between to build cold")
    func startHandsItsLockToTheWarmUp() throws {
        let harness = try LearnerHarness()
        defer { harness.fixture.delete() }
        var kept: Int32 = -1
        // The warm-up process's own copy, closed on exec: a process another test starts meanwhile must not
        // inherit it, and hold the lock past the warm-up's end.
        harness.onWarmUp = { _, lock in kept = fcntl(lock, F_DUPFD_CLOEXEC, 0) }

        #expect(harness.run("start", "1") == 0)
        let lockFile = harness.workspace.appendingPathComponent(".workbook/lock").path
        let other = open(lockFile, O_RDWR | O_CLOEXEC)
        defer { close(other) }
        #expect(flock(other, LOCK_EX | LOCK_NB) != 0, "start has ended, and its lock is still held")
        #expect(try String(contentsOfFile: lockFile, encoding: .utf8).hasPrefix(WorkspaceLock.warmUp))
        #expect(harness.warmUps.first?.suffix(2) == ["--lock-descriptor", "3"])

        #expect(harness.run("warm", "--lock-descriptor", "\(kept)") == 0)
        #expect(harness.runner.warmLocks == ["\(WorkspaceLock.warmUp) \(getpid())\n"])
        // As the next command takes it: a program another test's thread was starting at that moment may
        // hold a copy of the descriptor until it runs (WorkspaceLock.lockSoon).
        #expect(WorkspaceLock.lockSoon(other), "the warm-up let go of the lock when it ended")
    }

    @Test("A warm-up marking its lock again never leaves the file unmarked: a command waits, not refuses")
    func markingAgainKeepsTheWarmUpMark() throws {
        let harness = try LearnerHarness()
        defer { harness.fixture.delete() }
        harness.run("start", "1")
        let lockFile = harness.workspace.appendingPathComponent(".workbook/lock")
        let marked = Atomic(false)
        let readerStarted = DispatchSemaphore(value: 0)
        let readerDone = DispatchSemaphore(value: 0)
        let reads = Mutex((all: 0, unmarked: 0))

        try WorkspaceLock.holding(harness.workspace, as: WorkspaceLock.warmUp) { lock throws(StageKitError) in
            // The reader has a thread of its own; this one marks the file again, once the reader reads.
            Thread {
                readerStarted.signal()
                while !marked.load(ordering: .acquiring) {
                    let unmarked = !WorkspaceLock.holder(in: lockFile).hasPrefix(WorkspaceLock.warmUp)
                    reads.withLock { $0 = ($0.all + 1, $0.unmarked + (unmarked ? 1 : 0)) }
                }
                readerDone.signal()
            }.start()
            readerStarted.wait()
            // Marks again until the reader has read a thousand times: as many reads whatever the scheduling.
            while reads.withLock({ $0.all }) < 1_000 { lock.mark(WorkspaceLock.warmUp) }
            marked.store(true, ordering: .releasing)
            readerDone.wait()
        }

        #expect(reads.withLock { $0.unmarked } == 0, "the file was read unmarked while it was marked again")
    }
}
