import Testing

@testable import StrataBuild

/// Every command runs the same stages in the same one order, cut where it has what it needs.
@Suite struct BuildStepTests {
    @Test func everyCompositionKeepsTheOneOrder() {
        let order = BuildStep.allCases
        for (name, steps) in [
            ("build", BuildStep.build), ("preview", BuildStep.preview), ("guidance", BuildStep.guidance),
            ("check", BuildStep.check)
        ] {
            let positions = steps.compactMap { order.firstIndex(of: $0) }
            #expect(positions == positions.sorted() && Set(positions).count == positions.count, "\(name): \(steps)")
        }
        #expect(BuildStep.build == order)
        #expect(BuildStep.preview.last == .judge, "a preview is judged as a build is, and not written")
        #expect(!BuildStep.check.contains(.render) && !BuildStep.guidance.contains(.render))
    }
}
