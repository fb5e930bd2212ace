import Foundation
import Testing

@testable import WorkbookModel
@testable import WorkbookText

/// The plan's days: runs of slots from a track's first chapter or a way in, laid out by the clock.
extension FacilitatorPlanTests {
    @Test(
        "The days are runs of a track's slots from its first, naming their steps and where a quick room goes on"
    )
    func daysAreRunsOfSlots() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        try longChapter(fixture)
        let lines = try FacilitatorPlan.lines(try fixture.load())

        #expect(
            lines.contains(
                "- **Half a day** (slot 1): steps 1.1 to 2.2. A quick room goes on from 2.3."))
        #expect(lines.contains { $0.hasPrefix("- **A day** (slots 1 and 2): steps 1.1 to 2.6.") })
        #expect(!lines.contains { $0.hasPrefix("- **Two days**") })
    }

    @Test("A day is planned by the clock: the opening, each slot with its breaks, lunch, and a closing")
    func aDayByTheClock() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        try longChapter(fixture)
        let lines = try FacilitatorPlan.lines(try fixture.load())
        let day = lines.drop { !$0.hasPrefix("- **A day** (slots 1 and 2)") }.dropFirst().prefix {
            $0.hasPrefix("  - ")
        }

        // Slot 1 is about 95 minutes with one break, slot 2 about 114 with one: each ends rounded up to
        // five minutes (9:50 + 95 + 15 is 11:40; 12:40 + 114 + 15 is 14:49, about 14:50).
        #expect(
            Array(day) == [
                "  - 9:30: the opening: joining the room, `workbook doctor` and `workbook start` (20 minutes)",
                "  - 9:50: steps 1.1 to 2.2, a break of 15 minutes after 1.2, until about 11:40",
                "  - 11:40: lunch (60 minutes)",
                "  - 12:40: steps 2.3 to 2.6, a break of 15 minutes after 2.4, until about 14:50",
                "  - 14:50: the closing: one line each on the day, round the room, and its questions (20 minutes), until about 15:10",
            ], "\(Array(day))")
    }

    @Test("A chapter that starts from a package of its own is a way in, with days of its own from it")
    func aWayInHasDaysOfItsOwn() throws {
        let fixture = try WorkbookFixture()
        defer { fixture.delete() }
        try longChapter(fixture)
        try fixture.write(
            "Chapters/02-more/chapter.md", "---\ntitle: More\nmodule: Chapter02More\n---\nMore.\n")
        try fixture.write("Chapters/02-more/start/Sources/Chapter02More/Start.swift", "//\n")

        let lines = try FacilitatorPlan.lines(try fixture.load())

        #expect(lines.contains { $0.hasPrefix("- **A day from chapter 2**: steps 2.1 to 2.") }, "\(lines)")
        #expect(!lines.contains { $0.hasPrefix("- **A day from chapter 1**") })
    }
}

extension FacilitatorPlanTests {
    @Test("Every day of the workbook's plan has closed by 17:00, and a later day opens in 10 minutes")
    func everyDayEndsByFive() throws {
        let lines = try FacilitatorPlan.lines(try WorkbookLoader.load(root: repositoryRoot))
        let closings = lines.filter { $0.contains(": the closing: ") }
        let ends = closings.compactMap { line -> Int? in
            guard let time = line.split(separator: " ").last?.split(separator: ":"), time.count == 2,
                let hours = Int(time[0]), let minutes = Int(time[1])
            else { return nil }
            return hours * 60 + minutes
        }

        #expect(!closings.isEmpty)
        #expect(ends.count == closings.count)
        #expect(ends.allSatisfy { $0 <= FacilitatorPlan.Day.ends }, "\(closings)")
        #expect(
            lines.contains {
                $0.contains(": the opening: the room back together") && $0.hasSuffix("(10 minutes)")
            })
    }
}
