import Foundation
import Testing

@testable import StepJudging
@testable import StepRunning
@testable import WorkbookAuthoring
@testable import WorkbookCommands
@testable import WorkbookModel
@testable import WorkbookText

@Suite("Backups", .offThePool)
struct BackupsTests {
    @Test("A backup's name carries its time in UTC, which reads back as the same second")
    func stampReadsBack() throws {
        let date = Date(timeIntervalSince1970: 1_800_000_000)  // 2027-01-15 08:00:00 UTC

        #expect(Backups.stamp(date) == "20270115-080000")
        #expect(Backups.date(fromStamp: "20270115-080000") == date)
    }

    @Test(
        "A name that is not a time reads as none",
        arguments: [
            "", "2027011-080000", "20270115_080000", "20271315-080000", "20270115-08000x", "٢٠٢٧٠١١٥-080000",
        ])
    func otherNamesAreNoTime(stamp: String) {
        #expect(Backups.date(fromStamp: stamp) == nil)
    }
}
