import StrataCore
import Testing

/// The order the dependency matrix reads in: top layer first, users before what they use,
/// a cycle's modules together.
@Suite struct DependencyOrderTests {
    /// `names[i]` uses `uses[i]` (by name).
    static func order(_ names: [String], levels: [Int], uses: [String: [String]]) -> [String] {
        let index = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) })
        let successors = names.map { (uses[$0] ?? []).compactMap { index[$0] } }
        return DependencyOrder(names: names, level: levels, successors: successors).order.map { names[$0] }
    }

    @Test func theTopLayerComesFirstAndUsersBeforeWhatTheyUse() {
        // One layer: App uses Feature, Feature uses Model; listed in the wrong order and by name.
        #expect(
            Self.order(["Model", "App", "Feature"], levels: [0, 0, 0], uses: ["App": ["Feature"], "Feature": ["Model"]])
                == ["App", "Feature", "Model"])
        // Two layers: the upper first, whatever the names.
        #expect(Self.order(["Zed", "Alpha"], levels: [1, 0], uses: [:]) == ["Zed", "Alpha"])
        #expect(Self.order(["Alpha", "Zed"], levels: [0, 1], uses: [:]) == ["Zed", "Alpha"])
        // Unrelated modules of a layer: by name.
        #expect(Self.order(["B", "C", "A"], levels: [0, 0, 0], uses: [:]) == ["A", "B", "C"])
    }

    @Test func dependenciesOnOtherLayersDoNotLiftAModule() {
        // Low uses nothing in its layer; High uses a module of the layer below only: both are
        // at the foot of their layer, so the upper layer is ordered by name.
        let order = Self.order(["Bottom", "High", "Low"], levels: [0, 1, 1], uses: ["High": ["Bottom"]])
        #expect(order == ["High", "Low", "Bottom"])
    }

    @Test func aCycleStandsTogetherAndIsKnownAsOne() {
        let names = ["A", "B", "C", "D"]
        // A → B → C → B, C → D: B and C are a cycle, between A and D.
        let successors = [[1], [2], [1, 3], []]
        let order = DependencyOrder(names: names, level: [0, 0, 0, 0], successors: successors)
        #expect(order.order.map { names[$0] } == ["A", "B", "C", "D"])
        #expect(order.shareACycle(1, 2))
        #expect(!order.shareACycle(0, 1))
        #expect(!order.shareACycle(3, 3), "a module alone is on no cycle")
    }

    @Test func aLongChainNeedsNoRecursion() {
        // 50,000 modules in one chain: the iterative search keeps the stack flat.
        let count = 50_000
        let names = (0..<count).map { "M\($0)" }
        let successors = (0..<count).map { $0 + 1 < count ? [$0 + 1] : [] }
        let order = DependencyOrder(names: names, level: Array(repeating: 0, count: count), successors: successors)
        #expect(order.order == Array(0..<count))
    }
}
