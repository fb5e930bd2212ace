/// Gives you the App Store's top apps.
///
/// "Ressource", with two s, is the spelling of the tutorial this chapter follows; the workbook keeps
/// it so that you can read both side by side.
public final class AppStoreRessource {
    public init() {}

    /// Calls `completion` once, with the top apps or with the error that stopped them.
    public func getTopApps(completion: ([App], Error?) -> Void) {}
}
