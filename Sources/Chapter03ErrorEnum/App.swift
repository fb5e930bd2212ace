/// One app of the top-apps feed. Empty for now: chapter 4 gives it a name, a summary and a thumbnail.
public struct App: Sendable {}
