import ExecutableTesting
import Foundation
import Testing

private let topAppsExecutable = BuiltExecutable.named("top-apps")

@Suite("top-apps, end to end")
struct TopAppsExecutableTests {
    @Test(
        "Run with no argument, it prints the ten bundled apps, offline",
        .enabled(
            if: topAppsExecutable != nil,
            "needs the top-apps executable, which swift build makes beside the tests"))
    func printsTheBundledApps() throws {
        let (termination, output) = try BuiltExecutable.run(try #require(topAppsExecutable), [])

        let lines = output.split(separator: "\n").map(String.init)
        #expect(termination == .exited(0))
        #expect(lines.count == 21)
        #expect(
            lines.first?.hasPrefix("The top 10 paid apps of the French App Store, from the bundled feed")
                == true)
        #expect(lines.dropFirst().first == " 1. Carnet de Randonnée")
        #expect(lines.last?.hasPrefix("    https://") == true)
        #expect(lines.contains("10. Retouche Studio"))
    }

    @Test(
        "Run with a wrong argument, it says so in one sentence and exits with status 2",
        .enabled(
            if: topAppsExecutable != nil,
            "needs the top-apps executable, which swift build makes beside the tests"))
    func rejectsAWrongArgument() throws {
        let (termination, output) = try BuiltExecutable.run(try #require(topAppsExecutable), ["--fast"])

        #expect(termination == .exited(2))
        #expect(
            output
                == "top-apps: top-apps takes --live or nothing, not '--fast' (top-apps --help says more).\n")
    }

    @Test(
        "Run with too few files allowed open, it says so in one sentence instead of trapping or blaming its feed",
        .enabled(
            if: topAppsExecutable != nil,
            "needs the top-apps executable, which swift build makes beside the tests"))
    func saysWhenOutOfFiles() throws {
        let executable = try #require(topAppsExecutable)

        let (termination, output) = try BuiltExecutable.run(
            URL(fileURLWithPath: "/bin/sh"), ["-c", "ulimit -n 20 && exec \"$0\"", executable.path])

        #expect(termination == .exited(1))
        #expect(
            output.hasPrefix("top-apps: too many open files: this process cannot open the files and sockets"))
    }
}
