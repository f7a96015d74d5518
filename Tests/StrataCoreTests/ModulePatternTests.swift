import StrataCore
import Testing

@Suite struct ModulePatternTests {
    @Test(arguments: [
        ("Core", "Core", true), ("Core", "CoreKit", false), ("*UI", "SettingsUI", true), ("*UI", "UIKit", false),
        ("Feature*", "FeatureSearch", true), ("Feature*", "Feature", true), ("*Models*", "AppModelsKit", true),
        ("Stor?", "Store", true), ("Stor?", "Stores", false), ("*", "Anything", true), ("a*b*c", "aXXbYYc", true),
        ("a*b*c", "aXXbYY", false), ("core", "Core", false),
        ("*Model", "Model", true), ("*Model", "odel", false), ("*", "", true), ("Feat*", "Fea", false),
        ("*é", "Café", true), ("é*", "école", true), ("é*", "ecole", false)
    ])
    func globs(pattern: String, name: String, matches: Bool) {
        #expect(ModulePattern(pattern).matches(name) == matches)
    }

    /// Names are compared scalar by scalar, with or without wildcards: a composed é and a
    /// decomposed one are two names, as they are two module names to the compiler.
    @Test func namesAreComparedScalarByScalar() {
        let composed = "Caf\u{E9}"
        let decomposed = "Cafe\u{301}"
        #expect(!ModulePattern(composed).matches(decomposed))
        #expect(!ModulePattern(composed + "*").matches(decomposed + "Kit"))
        #expect(!ModulePattern("Caf?").matches(decomposed))
        #expect(!PathPattern(composed + "/**").matches(decomposed + "/A.swift"))
        #expect(!PathPattern(composed + "/A.swift").matches(decomposed + "/A.swift"))
        #expect(PathPattern(composed + "/A.swift").matches(composed + "/A.swift"))
    }
}
