import Foundation
import WorkbookModel

/// The chapters as a DocC tutorial catalog: a table of contents with one chapter of the book per
/// track (the chapters that continue each other), one `@Tutorial` per chapter, and, in a resources
/// folder, every file each step writes next to the same file one step earlier, so that DocC
/// highlights what the step changed. It is made from the steps each time and kept out of git.
package struct TutorialCatalog {
    /// The files of the catalog, by path inside its `.docc` folder.
    package var files: [String: Data] = [:]

    /// `measured`: the minutes rooms measured, which a chapter measured in every step shows.
    package init(_ workbook: Workbook, measured: MeasuredMinutes? = nil) {
        let guide = TutorialGuide.article(workbook)
        add("Workbook.tutorial", Self.tableOfContents(workbook, withGuide: guide != nil))
        for (index, track) in Self.tracks(of: workbook).enumerated() {
            // The track's picture of its stack, or a plain banner where it has none.
            let picture = track.chapters.first.flatMap(workbook.stackDiagramChapter)?.stackDiagram
            files["Resources/track-\(index + 1).svg"] =
                picture ?? Data(Self.trackImage(number: index + 1).utf8)
        }
        if let guide {
            add("\(TutorialGuide.name).tutorial", guide)
            files["Resources/guide.svg"] = Data(Self.banner(title: "Guide", color: "#2a6f4e").utf8)
        }
        for chapter in workbook.chapters {
            let tutorial = TutorialChapter(chapter: chapter, workbook: workbook, measured: measured)
            add("\(chapter.module).tutorial", tutorial.text)
            for (name, data) in tutorial.resources { files["Resources/\(name)"] = data }
        }
    }

    private mutating func add(_ path: String, _ text: String) {
        files[path] = Data(text.utf8)
    }

    /// The chapters in tracks, in order: the chapters that name the same `track`, or, for a chapter
    /// that names none, the chapters that continue each other.
    static func tracks(of workbook: Workbook) -> [(name: String, chapters: [Chapter])] {
        var tracks: [(name: String, chapters: [Chapter])] = []
        for chapter in workbook.chapters {
            let index = tracks.firstIndex { track in
                chapter.track.map { $0 == track.name }
                    ?? (chapter.continues != nil && chapter.continues == track.chapters.last?.number)
            }
            if let index {
                tracks[index].chapters.append(chapter)
            } else {
                tracks.append((chapter.track ?? chapter.title, [chapter]))
            }
        }
        return tracks
    }

    static func tableOfContents(_ workbook: Workbook, withGuide: Bool) -> String {
        var lines = [
            "@Tutorials(name: \"Test-driving networking code in Swift\") {",
            "    @Intro(title: \"Test-driving networking code in Swift\") {",
            "        One step at a time: write a failing test, see it fail for the reason the step says,"
                + " write the least code that passes, tidy up. Each step shows the file it changes, with"
                + " the change highlighted, and what `workbook check` says.",
            "    }",
        ]
        for (index, track) in tracks(of: workbook).enumerated() {
            let letter = String(UnicodeScalar(UInt8(65 + index % 26)))
            let numbers = track.chapters.map(\.number)
            let span = numbers.count == 1 ? "\(numbers[0])" : "\(numbers[0]) to \(numbers[numbers.count - 1])"
            lines += [
                "    @Chapter(name: \"Track \(letter): \(TutorialChapter.argument(track.name))\") {",
                "        Chapters \(span): "
                    + track.chapters.map { "\($0.number). \($0.title)" }.joined(separator: "; ") + ".",
                "        @Image(source: \"track-\(index + 1).svg\", alt: \"Track \(letter): what calls what, and where"
                    + " the tests' doubles plug in\")",
            ]
            lines += track.chapters.map { "        @TutorialReference(tutorial: \"doc:\($0.module)\")" }
            lines.append("    }")
        }
        if withGuide { lines += TutorialGuide.tableOfContentsChapter }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// A plain banner for a track's chapter card: DocC asks each chapter of the book for an image.
    static func trackImage(number: Int) -> String {
        banner(title: "Track " + String(UnicodeScalar(UInt8(65 + (number - 1) % 26))), color: "#1d3557")
    }

    /// A card's banner: `title` on a plain ground.
    static func banner(title: String, color: String) -> String {
        """
        <svg xmlns="http://www.w3.org/2000/svg" width="480" height="270" viewBox="0 0 480 270">
        <rect width="480" height="270" fill="\(color)"/>
        <text x="240" y="160" font-family="sans-serif" font-size="64" fill="#f1faee" text-anchor="middle">\(title)</text>
        </svg>

        """
    }
}
