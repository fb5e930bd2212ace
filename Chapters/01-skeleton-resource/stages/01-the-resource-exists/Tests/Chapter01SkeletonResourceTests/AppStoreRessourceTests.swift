import Chapter01SkeletonResource
import Testing

@Suite("AppStoreRessource", .timeLimit(.minutes(1)))
struct AppStoreRessourceTests {
    @Suite("Milestone 1.1: the resource exists")
    struct Milestone1_1 {
        @Test("A new resource is released as soon as nothing holds it")
        func newResourceIsReleasedWhenNothingHoldsIt() {
            weak var weakResource: AppStoreRessource?
            do {
                let resource = AppStoreRessource()
                weakResource = resource
            }
            #expect(weakResource == nil, "something keeps the resource alive: look for a retain cycle")
        }
    }
}
