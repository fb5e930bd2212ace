import Dispatch

/// Returns once everything queued on the main queue before the call has run.
func mainQueueIsDrained() async {
    await withCheckedContinuation { continuation in
        DispatchQueue.main.async { continuation.resume() }
    }
}
