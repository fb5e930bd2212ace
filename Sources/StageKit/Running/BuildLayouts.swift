import Foundation
import Synchronization
import WorkbookModel

/// Each package's build layout, asked of SwiftPM once and then kept: in memory for every runner that
/// shares this, and in the package's `.build` (`workbook-layout.json`) for the next process, since a
/// learner's every check is a process of its own and asking costs a third of a check. What is kept
/// holds for the toolchain that answered: the `swift` run (its path, what it resolves to, its date),
/// what points a Mac's `/usr/bin/swift` at a toolchain (the `xcode-select` link, `DEVELOPER_DIR`,
/// `TOOLCHAINS`) and the builds' flags. Another toolchain asks again; so does a runner that finds no
/// test product where the kept layout says.
final class BuildLayouts: Sendable {
    private let known = Mutex([String: BuildLayout]())

    private struct Record: Codable {
        var toolchain: String
        var products: String
    }

    static func recordLocation(in folder: URL) -> URL {
        folder.appendingPathComponent(".build/workbook-layout.json")
    }

    func layout(of folder: URL, swift: URL, flags: [String], askingAgain: Bool = false)
        throws(StageKitError) -> BuildLayout
    {
        let toolchain = Self.toolchain(swift: swift, flags: flags)
        let record = Self.recordLocation(in: folder)
        if !askingAgain {
            if let layout = known.withLock({ $0[folder.path] }) { return layout }
            if let kept = try? JSONDecoder().decode(Record.self, from: Data(contentsOf: record)),
                kept.toolchain == toolchain
            {
                let layout = BuildLayout(products: URL(fileURLWithPath: kept.products, isDirectory: true))
                known.withLock { $0[folder.path] = layout }
                return layout
            }
        }
        let layout = try BuildLayout.asked(swift: swift, folder: folder, flags: flags)
        known.withLock { $0[folder.path] = layout }
        if let data = try? JSONEncoder().encode(Record(toolchain: toolchain, products: layout.products.path))
        {
            try? FileManager.default.createDirectory(
                at: record.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? data.write(to: record, options: .atomic)
        }
        return layout
    }

    /// What chooses the toolchain that answers for `swift`, in one line.
    static func toolchain(swift: URL, flags: [String]) -> String {
        let resolved = swift.resolvingSymlinksInPath().path
        let date =
            (try? FileManager.default.attributesOfItem(atPath: resolved)[.modificationDate] as? Date)
            .map { String($0.timeIntervalSince1970) } ?? ""
        let selected =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/var/db/xcode_select_link")) ?? ""
        let environment = ProcessInfo.processInfo.environment
        return [
            swift.path, resolved, date, selected, environment["DEVELOPER_DIR"] ?? "",
            environment["TOOLCHAINS"] ?? "",
        ].joined(separator: "|") + "|" + flags.joined(separator: " ")
    }
}
