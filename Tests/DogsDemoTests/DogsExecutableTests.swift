import Foundation
import Testing

@testable import DogsDemo

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `dogs` executable SwiftPM built beside this test binary, if it is there.
private let dogsExecutable: URL? = {
    var folder = Bundle.main.executableURL?.deletingLastPathComponent()
    for _ in 0..<4 {
        guard let current = folder else { break }
        let candidate = current.appendingPathComponent("dogs")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        folder = current.deletingLastPathComponent()
    }
    return nil
}()

@Suite("dogs, end to end")
struct DogsExecutableTests {
    @Test("The command line reads as the bundled API, failing first, the live API or help")
    func commandLineIsRead() throws {
        #expect(try DogsDemo.parse([]) == .run(live: false, failFirst: false))
        #expect(try DogsDemo.parse(["--fail-first"]) == .run(live: false, failFirst: true))
        #expect(try DogsDemo.parse(["--live"]) == .run(live: true, failFirst: false))
        #expect(try DogsDemo.parse(["--help"]) == .help)
        #expect(throws: DogsDemoError.usage("dogs takes --fail-first, --live or nothing, not '--fast'")) {
            try DogsDemo.parse(["--fast"])
        }
    }

    @Test(
        "Run with no argument, it shows the three bundled dogs, offline",
        .enabled(
            if: dogsExecutable != nil, "needs the dogs executable, which swift build makes beside the tests"))
    func showsTheBundledDogs() throws {
        let (status, output) = try run(try #require(dogsExecutable), [], input: "")

        #expect(status == 0)
        #expect(output.contains("• Setter English  https://images.dog.ceo/breeds/setter-english/"))
        #expect(output.contains("• Bulldog Boston  "))
        #expect(!output.contains("RETRY"))
    }

    @Test(
        "When the server fails first, it shows the alert, and r then Return retries to the dogs",
        .enabled(
            if: dogsExecutable != nil, "needs the dogs executable, which swift build makes beside the tests"))
    func retriesFromTheKeyboard() throws {
        let (status, output) = try run(try #require(dogsExecutable), ["--fail-first"], input: "r\n")

        #expect(status == 0)
        let alert = try #require(output.range(of: "┌ Error loading dogs\n└ [R] RETRY"))
        let dogs = try #require(output.range(of: "• Setter English"))
        #expect(alert.upperBound < dogs.lowerBound)
    }

    @Test(
        "When the server fails and the user quits, it exits with status 1",
        .enabled(
            if: dogsExecutable != nil, "needs the dogs executable, which swift build makes beside the tests"))
    func quittingAtTheAlertExitsWithOne() throws {
        let (status, output) = try run(try #require(dogsExecutable), ["--fail-first"], input: "q\n")

        #expect(status == 1)
        #expect(output.contains("┌ Error loading dogs"))
    }
}

/// Runs the executable with `input` on its standard input, to its end; returns its status and output.
private func run(_ executable: URL, _ arguments: [String], input: String) throws -> (Int32, String) {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    let output = Pipe()
    let keyboard = Pipe()
    process.standardOutput = output
    process.standardError = output
    process.standardInput = keyboard
    let exited = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in exited.signal() }
    try process.run()
    keyboard.fileHandleForWriting.write(Data(input.utf8))
    try keyboard.fileHandleForWriting.close()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    if exited.wait(timeout: .now() + 60) == .timedOut {
        kill(process.processIdentifier, SIGKILL)
        exited.wait()
    }
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}
