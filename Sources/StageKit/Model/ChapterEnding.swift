/// How a chapter ends, after its recap (`ending.md`): the key points to remember, questions with one
/// right answer among wrong ones and why, and a challenge to try alone, without steps.
package struct ChapterEnding: Equatable, Sendable {
    package struct Choice: Equatable, Sendable {
        package var text: String
        package var isRight: Bool
    }

    package struct Question: Equatable, Sendable {
        package var text: String
        /// The answers in the order the file gives them.
        package var choices: [Choice]
        /// Why the right answer is right.
        package var why: String

        package var rightAnswer: String { choices.first { $0.isRight }?.text ?? "" }
    }

    package var keyPoints: [String]
    package var questions: [Question]
    package var challenge: String
}

/// Reads a chapter's `ending.md`: `key-point:` lines; then per question a `question:` line, its
/// `right:` and `wrong:` answers in the order they are shown, and a `why:` line; the challenge below.
enum ChapterEndingLoader {
    static func parse(_ text: String, path: String) throws(StageKitError) -> ChapterEnding {
        let document = try FrontMatter.parse(text, path: path)
        _ = try FieldReader(document, path: path, known: ["key-point", "question", "right", "wrong", "why"])
        var questions: [ChapterEnding.Question] = []
        var open: (question: ChapterEnding.Question, line: Int)?
        func close() throws(StageKitError) {
            guard let (question, line) = open else { return }
            guard question.choices.filter(\.isRight).count == 1, question.choices.count >= 2,
                !question.why.isEmpty
            else {
                throw .malformed(
                    path: path, line: line,
                    problem: "a question has one 'right:' answer, at least one 'wrong:' one, and a 'why:'")
            }
            questions.append(question)
            open = nil
        }
        for field in document.fields {
            switch field.key {
            case "question":
                try close()
                open = (ChapterEnding.Question(text: field.value, choices: [], why: ""), field.line)
            case "right", "wrong", "why":
                guard open != nil else {
                    throw .malformed(
                        path: path, line: field.line,
                        problem: "'\(field.key)' belongs to a 'question:' above it")
                }
                if field.key == "why" {
                    open?.question.why = field.value
                } else {
                    open?.question.choices.append(.init(text: field.value, isRight: field.key == "right"))
                }
            default:
                continue
            }
        }
        try close()
        let keyPoints = document.fields.filter { $0.key == "key-point" }.map(\.value)
        guard !keyPoints.isEmpty, !questions.isEmpty, !document.body.isEmpty else {
            throw .malformed(
                path: path, line: nil,
                problem:
                    "an ending has key-point: lines, at least one question, and a challenge below its header")
        }
        return ChapterEnding(keyPoints: keyPoints, questions: questions, challenge: document.body)
    }
}
