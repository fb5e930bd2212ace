import Chapter06RealAnswersAndScreens
import Observation

/// Counts the changes of a view model's `status` that Observation announces, as a SwiftUI view hears
/// them. `withObservationTracking` calls its `onChange` once, just before the next change, so the counter
/// tracks again each time it is called.
@MainActor
final class StatusChanges {
    private(set) var count = 0

    init(of viewModel: DogsViewModel) {
        track(viewModel)
    }

    private func track(_ viewModel: DogsViewModel) {
        withObservationTracking {
            _ = viewModel.status
        } onChange: { [weak self] in
            // The view model is main-actor isolated: its changes, and so this call, happen there.
            MainActor.assumeIsolated {
                self?.count += 1
                self?.track(viewModel)
            }
        }
    }
}
