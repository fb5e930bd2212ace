import Testing

@testable import WorkbookAuthoring

@Suite("Benchmark's table", .offThePool)
struct BenchmarkTableTests {
    @Test("The table gives each step's seconds and the walk's cost beyond SwiftPM's own, by median and total")
    func tableGivesTheWalksCostBeyondSwiftPM() {
        let rows = [
            Benchmark.Row(
                stepID: "1.1", walkSeconds: 2, naiveSeconds: 20, swiftPMSeconds: 4, sameOutcome: true),
            Benchmark.Row(
                stepID: "1.2", walkSeconds: 3, naiveSeconds: 30, swiftPMSeconds: 2, sameOutcome: true),
            Benchmark.Row(
                stepID: "1.3", walkSeconds: 5, naiveSeconds: 40, swiftPMSeconds: 4, sameOutcome: false),
        ]

        let lines = Benchmark.table(rows).split(separator: "\n").map(String.init)

        #expect(lines.contains("1.3        5.0      40.0        4.0   NO"))
        #expect(lines.contains("ratio (naive / walk): 10.0x by the median step, 9.0x in total"))
        #expect(lines.contains("ratio (walk / SwiftPM's own): 0.75x by the median step, 1.00x in total"))
    }
}
