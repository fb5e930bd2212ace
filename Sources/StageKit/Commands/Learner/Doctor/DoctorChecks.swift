import Foundation
import StepRunning
import WorkbookModel
import WorkbookRoom

/// The checks of `workbook doctor` besides the small package's build: the toolchain, the tools, the
/// workspace and the room.
extension DoctorCommand.Work {
    /// What a learner without a good toolchain does, in words for both systems.
    static let installSwift =
        "install Xcode 26 or later (on a Mac) or a toolchain of Swift 6.2 or later (swift.org/install)"

    /// The `swift` that `workbook check` uses, and whether it is Swift 6.2 or later.
    func toolchainFinding() -> (finding: DoctorFinding, usable: Bool) {
        let swift: URL
        let printed: String
        do {
            (swift, printed) = try effects.askSwift()
        } catch .toolchainMissing {
            return (.failed("Swift: no 'swift' command on your PATH: \(Self.installSwift)."), false)
        } catch .missingFile(let path, let why) {
            return (.failed("Swift: \(path) does not run (\(why)): \(Self.installSwift)."), false)
        } catch {
            return (.failed("Swift: \(error.clause): \(Self.installSwift)."), false)
        }
        // A toolchain's words are shown as text: nothing in them moves the terminal's cursor.
        let firstLine = PlainText.printable(
            printed.split(whereSeparator: \.isNewline).first.map { $0.trimmingWhitespace() } ?? "")
        let path = PlainText.printable(swift.path)
        guard let version = SwiftVersion(versionOutput: printed) else {
            return (
                .failed(
                    "Swift: '\(path) --version' names no Swift version ('\(firstLine.prefix(80))'):"
                        + " \(Self.installSwift)."), false
            )
        }
        guard version >= SwiftVersion.oldest else {
            return (
                .failed(
                    "Swift: \(path) is Swift \(version), and the workbook needs \(SwiftVersion.oldest)"
                        + " or later: \(Self.installSwift)."), false
            )
        }
        return (.passed("Swift: \(firstLine), at \(path)."), true)
    }

    /// Whether the workbook's own build holds the `workbook` tool, where SwiftPM puts what `swift run`
    /// or `swift build` makes of the workbook, and which of its build systems does it.
    func toolsFinding() -> DoctorFinding {
        let layout: BuildLayout
        do {
            layout = try effects.makeRunner(.doctorProbe).layout(of: workbook.root)
        } catch {
            return .failed(
                "The tools: SwiftPM did not say where it builds the workbook (\(error.clause)):"
                    + " \(Self.installSwift).")
        }
        let built = layout.products.appendingPathComponent("workbook")
        guard FileManager.default.isExecutableFile(atPath: built.path) else {
            return .failed(
                "The tools: \(layout.products.path) holds no built workbook: run 'swift build --product"
                    + " workbook' in the workbook's folder.")
        }
        return .passed("The tools: built by \(layout.buildSystem.name), at \(built.path).")
    }

    /// Whether the workspace can be made and written, found by doing it: a file is written in it and
    /// removed, and the folders made for it too. It removes only what it made: a link to a folder that
    /// is not there (a drive not connected) is said, and left as it is.
    func workspaceFinding() -> DoctorFinding {
        let folder = workspace.folder
        var highestMade: URL?
        var existing = folder
        while !Self.isThere(existing), existing.pathComponents.count > 1 {
            highestMade = existing
            existing = existing.deletingLastPathComponent()
        }
        if !FileManager.default.fileExists(atPath: existing.path),
            let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: existing.path)
        {
            return .failed(
                "Your workspace: \(existing.path) is a link to \(PlainText.printable(destination)), which is not"
                    + " there (a drive not connected?): connect it, or name another folder with --workspace DIR."
            )
        }
        let file = folder.appendingPathComponent(".workbook-doctor-\(UUID().uuidString)")
        defer {
            try? FileManager.default.removeItem(at: file)
            if let highestMade { try? FileManager.default.removeItem(at: highestMade) }
        }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data("workbook doctor\n".utf8).write(to: file)
        } catch {
            return .failed(
                "Your workspace: \(folder.path) cannot be written (\(error.localizedDescription)): make it"
                    + " writable, or name a folder you can write with --workspace DIR.")
        }
        return .passed("Your workspace: \(folder.path) can be written.")
    }

    /// Whether there is anything at `url`, a link to nothing too: the link itself is looked at.
    static func isThere(_ url: URL) -> Bool {
        (try? FileManager.default.attributesOfItem(atPath: url.path)) != nil
    }

    /// Whether the room the learner joined answers; nothing to check when they joined none.
    func roomFinding() -> DoctorFinding {
        switch RoomLink.read(in: workspace) {
        case .none:
            return .notApplicable(
                "Room: none joined (on the day, 'workbook room join' with the line your facilitator gives).")
        case .damaged:
            return .failed(
                "Room: your link to a room, \(workspace.url(RoomLink.file).path), cannot be read: 'workbook"
                    + " room leave' removes it, and 'workbook room join' makes it again.")
        case .link(var link):
            let target = "/hello?code=\(link.code)&learner=\(link.learner)"
            switch RoomPost.send("GET", target, to: link.address, within: .seconds(3)) {
            case .taken:
                return .passed(
                    "Room: the room at \(link.address) answers, and is sent what this check found.")
            case .refused(_, let reason):
                return .failed(
                    "Room: the room at \(link.address) answers, but refused you (\(reason)): show your"
                        + " facilitator this line.")
            case .unreachable, .noAnswer:
                // Said here: the event that says what this check found waits, and is not said again.
                link.toldUnreachable = true
                try? link.write(in: workspace)
                return .failed(
                    "Room: the room at \(link.address) does not answer: check the address with your"
                        + " facilitator, and that you are on the same network.")
            }
        }
    }
}
