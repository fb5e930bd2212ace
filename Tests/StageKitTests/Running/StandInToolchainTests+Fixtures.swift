/// What Swift 6.3.1 printed for a probe package, which the stand-in's filters are fed.
extension StandInToolchainTests {
    /// What `swift build --build-tests` printed for a probe package (Swift 6.3.1, Linux): errors with
    /// their snippets, a warning with its group tag, notes, a macro's expansion, SwiftPM's own lines.
    static let buildOutput = """
        [0/1] Planning build
        Building for debugging...
        [4/15] Compiling Probe Probe.swift
        /work/ws/Sources/Probe/Probe.swift:5:13: warning: initialization of immutable value 'unused' was never used; consider replacing with assignment to '_' or removing it [#no-usage]
        3 |     public init() {}
        4 |     public func getTopApps() -> [String] {
        5 |         let unused = 3
          |             `- warning: initialization of immutable value 'unused' was never used; consider replacing with assignment to '_' or removing it [#no-usage]
        6 |         return ["a"]
        /work/ws/Tests/ProbeTests/Missing.swift:6:37: error: value of type 'AppStoreRessource' has no member 'getTopAppz'
         6 |         #expect(AppStoreRessource().getTopAppz() == [])
           |                                     `- error: value of type 'AppStoreRessource' has no member 'getTopAppz'
        /work/ws/Tests/ProbeTests/Missing.swift:7:13: error: cannot find 'NetworkFetcher' in scope
        /work/ws/Tests/ProbeTests/Missing.swift:8:22: error: cannot convert value of type 'String' to specified type 'Int'
        /work/ws/Tests/ProbeTests/Missing.swift:9:44: error: argument passed to call that takes no arguments
        /work/ws/Tests/ProbeTests/Missing.swift:10:9: error: type 'RessourceError?' has no member 'decodingKeyNotFound'
        /work/ws/Sources/E/E.swift:6:19: error: sending 'box' risks causing data races [#SendingRisksDataRace]
        6 |     await counter.add(box)
          |                   |- error: sending 'box' risks causing data races [#SendingRisksDataRace]
          |                   `- note: sending 'box' to actor-isolated instance method 'add' risks causing data races
        7 |     box.n += 1
          |     `- note: access can happen concurrently
        macro expansion @Suite:17:26: error: '@const' value should be initialized with a compile-time value
        `- /work/ws/Tests/T/T.swift:43:2: note: expanded code originates here
           | `- note: in expansion of macro 'Suite' on struct 'DogsViewModelTests' here
        /work/ws/Sources/Chapter01/App.swift:3:5: error: 'App' initializer is inaccessible due to 'internal' protection level
        [5/15] Emitting module Probe
        error: emit-module command failed with exit code 1 (use -v to see invocation)
        """

    /// What a test binary printed: Swift Testing's console (coloured, as with TERM set) and a crash.
    static let testOutput = """
        \u{1B}[90m◇\u{1B}[0m Test run started.
        \u{1B}[90m↳ Testing Library Version: 6.3.1 (937120cbc281cf2)\u{1B}[0m
        \u{1B}[90m◇\u{1B}[0m Test failingExpect() started.
        \u{1B}[91m✘\u{1B}[0m Test failingExpect() recorded an issue at ProbeTests.swift:6:5: Expectation failed: (apps.count → 1) == 2
        \u{1B}[91m✘\u{1B}[0m Test confirmationMiss() recorded an issue at ProbeTests.swift:10:23: Confirmation was confirmed 1 time, but expected to be confirmed 2 times
        \u{1B}[90m↳ called twice\u{1B}[0m
        ✘ Test recorded() recorded an issue at ProbeTests.swift:16:17: Issue recorded
        ProbeTests/Crash.swift:3: Fatal error: The 'AppStoreRessource' was never made
        *** Program crashed: Illegal instruction at 0x00007f432fef9361 ***
        """

    /// The event stream of the same run (backtraces and paths cut short), ending in a line cut short
    /// by the crash.
    static let eventStream = """
        {"kind":"test","payload":{"id":"ProbeTests.failingExpect()\\/ProbeTests.swift:4:2","isParameterized":false,"kind":"function","name":"failingExpect()","sourceLocation":{"_filePath":"\\/work\\/ws\\/Tests\\/ProbeTests\\/ProbeTests.swift","column":2,"fileID":"ProbeTests\\/ProbeTests.swift","line":4}},"version":0}
        {"kind":"test","payload":{"id":"ProbeTests.recorded()\\/ProbeTests.swift:15:2","isParameterized":false,"kind":"function","name":"recorded()","sourceLocation":{"_filePath":"\\/work\\/ws\\/Tests\\/ProbeTests\\/ProbeTests.swift","column":2,"fileID":"ProbeTests\\/ProbeTests.swift","line":15}},"version":0}
        {"kind":"test","payload":{"id":"ProbeTests.confirmationMiss()\\/ProbeTests.swift:9:2","isParameterized":false,"kind":"function","name":"confirmationMiss()","sourceLocation":{"_filePath":"\\/work\\/ws\\/Tests\\/ProbeTests\\/ProbeTests.swift","column":2,"fileID":"ProbeTests\\/ProbeTests.swift","line":9}},"version":0}
        {"kind":"event","payload":{"instant":{"absolute":811.276385924,"since1970":1795587392.1914968},"kind":"runStarted","messages":[{"symbol":"default","text":"Test run started."},{"symbol":"details","text":"Testing Library Version: 6.3.1 (937120cbc281cf2)"}]},"version":0}
        {"kind":"event","payload":{"instant":{"absolute":811.276630121,"since1970":1795587392.191741},"kind":"testStarted","messages":[{"symbol":"default","text":"Test recorded() started."}],"testID":"ProbeTests.recorded()\\/ProbeTests.swift:15:2"},"version":0}
        {"kind":"event","payload":{"_comments":["The feed was empty"],"instant":{"absolute":811.277013476,"since1970":1795587392.1921246},"issue":{"_backtrace":[{"address":140278752558806}],"isKnown":false,"sourceLocation":{"_filePath":"\\/work\\/ws\\/Tests\\/ProbeTests\\/ProbeTests.swift","column":17,"fileID":"ProbeTests\\/ProbeTests.swift","line":16}},"kind":"issueRecorded","messages":[{"symbol":"fail","text":"Issue recorded"},{"symbol":"details","text":"The feed was empty"}],"testID":"ProbeTests.recorded()\\/ProbeTests.swift:15:2"},"version":0}
        {"kind":"event","payload":{"_comments":[],"instant":{"absolute":811.277427538,"since1970":1795587392.1925385},"issue":{"isKnown":false,"sourceLocation":{"column":5,"fileID":"ProbeTests\\/ProbeTests.swift","line":6}},"kind":"issueRecorded","messages":[{"symbol":"fail","text":"Expectation failed: (apps.count → 1) == 2"}],"testID":"ProbeTests.failingExpect()\\/ProbeTests.swift:4:2"},"version":0}
        {"kind":"event","payload":{"_comments":["called twice"],"issue":{"isKnown":false,"sourceLocation":{"column":23,"fileID":"ProbeTests\\/ProbeTests.swift","line":10}},"kind":"issueRecorded","messages":[{"symbol":"fail","text":"Confirmation was confirmed 1 time, but expected to be confirmed 2 times"},{"symbol":"details","text":"called twice"}],"testID":"ProbeTests.confirmationMiss()\\/ProbeTests.swift:9:2"},"version":0}
        {"kind":"event","payload":{"kind":"testEnded","messages":[{"symbol":"fail","text":"Test recorded() failed after 0.001 seconds with 1 issue."}],"testID":"ProbeTests.recorded()\\/ProbeTests.swift:15:2"},"version":0}
        {"kind":"event","payload":{"kind":"testEnded","messages":[{"symbol":"pass","text":"Test passes() passed after 0.001 seconds."}],"testID":"ProbeTests.passes()\\/ProbeTests.swift:19:2"},"version":0}
        {"kind":"event","payload":{"kind":"testStarted","messages":[{"symbol":"def
        """
}
