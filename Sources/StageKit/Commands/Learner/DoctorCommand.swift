import WorkbookModel
import WorkbookRoom

/// `workbook doctor`: whether this machine is ready for the workshop, run the day before. One line per
/// check, ✅ or ❌, and each ❌ says the fix: the toolchain, Swift Testing, a small package built and
/// tested the way `workbook check` does it, the tools, the workspace, and the room the learner joined.
struct DoctorCommand: LearnerCommand {
    /// The command's work, over the session it runs in.
    struct Work: SessionWork {
        let session: LearnerSession
    }

    static let declaration = CommandDeclaration(
        "doctor", "whether this machine is ready for a workshop (run it the day before)",
        discussion: """
            Checks the Swift toolchain, Swift Testing, that 'workbook check' can read a build and a test \
            (on a small package of its own, in a temporary folder it removes), the tools, that your \
            workspace can be written, and the room you joined, if you did. Exits 0 when every check \
            passes, 1 when one does not, 2 when something is wrong. A room you joined is told whether your \
            machine is ready.
            """)
    /// It writes nothing of the learner's, and checks that the workspace can be written: taking the
    /// workspace's lock would write there first.
    static var holdsLock: Bool { false }

    static func roomVerdict(_ status: Int32) -> RoomEvent.Kind? {
        status == 0 ? .ready : status == 1 ? .notReady : nil
    }

    init(_ arguments: ParsedArguments) {}

    func run(in session: LearnerSession) throws(StageKitError) -> Int32 {
        session.print("Checking this machine for the workshop…")
        var findings: [DoctorFinding] = []
        func note(_ finding: DoctorFinding) {
            findings.append(finding)
            session.print(finding.line)
        }
        let version = Work(session: session).toolchainFinding()
        note(version.finding)
        if version.usable {
            for finding in Work(session: session).probeFindings() { note(finding) }
        } else {
            note(.failed("Swift Testing: not tried without a Swift 6.2 toolchain: the line above says how."))
            note(.failed("The check: not tried without a Swift 6.2 toolchain: the line above says how."))
        }
        note(Work(session: session).toolsFinding())
        note(Work(session: session).workspaceFinding())
        note(Work(session: session).roomFinding())
        let failures = findings.filter { $0.mark == .failed }.count
        if failures == 0 {
            session.print("Ready for the workshop.")
            return 0
        }
        session.print(
            "Not ready: \(failures == 1 ? "one check fails" : "\(failures) checks fail"); fix each ❌ above,"
                + " then run 'workbook doctor' again.")
        return 1
    }
}

extension StageKitError {
    /// Its sentence without its full stop, to go inside another.
    var clause: String { description.hasSuffix(".") ? String(description.dropLast()) : description }
}

/// One line of `workbook doctor`: a check that passed, failed (with its fix), or did not apply.
struct DoctorFinding: Equatable {
    enum Mark {
        case passed, failed, notApplicable
    }

    var mark: Mark
    var text: String

    static func passed(_ text: String) -> Self { Self(mark: .passed, text: text) }
    static func failed(_ text: String) -> Self { Self(mark: .failed, text: text) }
    static func notApplicable(_ text: String) -> Self { Self(mark: .notApplicable, text: text) }

    var line: String {
        switch mark {
        case .passed: "✅ \(text)"
        case .failed: "❌ \(text)"
        case .notApplicable: "➖ \(text)"
        }
    }
}
