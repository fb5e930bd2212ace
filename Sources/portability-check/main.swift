import Foundation
import Portability

// portability-check [ROOT]: reads the workbook's Swift files for the traps that build on Linux and
// fail on a Mac (Chapters/PORTABILITY.md), prints each one found, and exits 1 if there is any.
let arguments = CommandLine.arguments.dropFirst()
if arguments.contains("--help") || arguments.contains("-h") || arguments.count > 1 {
    print("usage: portability-check [ROOT]   (ROOT: the workbook's folder, default the current one)")
    exit(arguments.count > 1 ? 2 : 0)
}
let root = URL(fileURLWithPath: arguments.first ?? FileManager.default.currentDirectoryPath)
guard FileManager.default.fileExists(atPath: root.appendingPathComponent("Chapters").path) else {
    FileHandle.standardError.write(
        Data("portability-check: \(root.path) has no Chapters/ folder: give the workbook's folder.\n".utf8))
    exit(2)
}
do {
    let findings = try PortabilityCheck.check(root: root)
    for finding in findings { print(finding) }
    print(
        findings.isEmpty
            ? "portability-check: no known trap in the workbook's Swift files."
            : "portability-check: \(findings.count) place(s) would not build or behave the same on a Mac (above)."
    )
    exit(findings.isEmpty ? 0 : 1)
} catch {
    FileHandle.standardError.write(
        Data("portability-check: could not read a file: \(error.localizedDescription)\n".utf8))
    exit(2)
}
