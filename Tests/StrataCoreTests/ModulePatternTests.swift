import StrataCore
import Testing

@Suite struct ModulePatternTests {
    @Test(arguments: [
        ("Core", "Core", true), ("Core", "CoreKit", false), ("*UI", "SettingsUI", true), ("*UI", "UIKit", false),
        ("Feature*", "FeatureSearch", true), ("Feature*", "Feature", true), ("*Models*", "AppModelsKit", true),
        ("Stor?", "Store", true), ("Stor?", "Stores", false), ("*", "Anything", true), ("a*b*c", "aXXbYYc", true),
        ("a*b*c", "aXXbYY", false), ("core", "Core", false),
        ("*Model", "Model", true), ("*Model", "odel", false), ("*", "", true), ("Feat*", "Fea", false), ("*é", "Café", true), ("é*", "école", true), ("é*", "ecole", false),
    ])
    func globs(pattern: String, name: String, matches: Bool) {
        #expect(ModulePattern(pattern).matches(name) == matches)
    }
}
