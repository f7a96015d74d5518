import StrataCore
import Testing

@Suite struct DiagramCoreTests {
    @Test func sha256MatchesKnownVectors() {
        #expect(SHA256.hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            SHA256.hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(
            SHA256.hex(String(repeating: "a", count: 1000))
                == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    }

    @Test func transitiveReductionKeepsOnlyEdgesNoLongerPathImplies() {
        let edges = [("A", "B"), ("B", "C"), ("A", "C"), ("C", "D"), ("A", "D")]
        #expect(TransitiveReduction.kept(edges: edges.map { (from: $0.0, to: $0.1) }) == [0, 1, 3])
        #expect(TransitiveReduction.kept(edges: edges.map { (from: $0.0, to: $0.1) }, pinned: [2]) == [0, 1, 2, 3])
    }

    @Test func transitiveReductionOfACycleKeepsReachability() {
        let edges = [("A", "B"), ("B", "A"), ("A", "C"), ("B", "C")]
        let kept = TransitiveReduction.kept(edges: edges.map { (from: $0.0, to: $0.1) })
        #expect(kept.contains(0) && kept.contains(1))
        #expect(kept.count == 3, "one of A → C and B → C is implied by the other and the cycle")
    }

    @Test func layersKnowWhatTheyMayUse() {
        let layers = [
            LayerDeclaration(name: "Core", modules: []),
            LayerDeclaration(name: "Data", modules: []),
            LayerDeclaration(name: "UI", modules: [], mayUse: ["Core"])
        ]
        #expect(layers.allowedUses(of: "Data") == ["Core"])
        #expect(layers.allowedUses(of: "UI") == ["Core"])
        #expect(layers.allows("UI", "UI"))
        #expect(!layers.allows("UI", "Data"))
        #expect(!layers.allows("Core", "Data"))
        #expect(layers.allows("Unknown", "Core"))
    }
}
