import Chapter06RealAnswersAndScreens

/// The dogs screen as text: the stand-in for the tutorial's SwiftUI view. Idle shows nothing but the
/// title; loading, a line saying so; loaded, a line per dog; a failed load, an alert with its action.
public enum DogsScreen {
    @MainActor
    public static func render(_ viewModel: DogsViewModel) -> [String] {
        var lines = ["== Dogs =="]
        switch viewModel.status {
        case .idle:
            break
        case .loading:
            lines.append("Loading dogs…")
        case .loaded(let dogs):
            lines +=
                dogs.isEmpty
                ? ["No dogs."] : dogs.map { "• \($0.name)  \($0.url?.absoluteString ?? "(no picture)")" }
        }
        if viewModel.error != nil {
            lines += ["┌ \(viewModel.alertTitle())", "└ [R] RETRY"]
        }
        return lines
    }
}
