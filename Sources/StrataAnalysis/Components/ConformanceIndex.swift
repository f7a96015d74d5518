import StrataCore

/// What each declared type conforms to or inherits from, through everything the graph
/// declares: its own list and its extensions', the protocols and classes it names in turn
/// (`protocol Screen: View` makes every `Screen` a `View`; `class Base: UIViewController`
/// makes every subclass of `Base` one), and the parts of type aliases. A type's own list is
/// found by its qualified name (`Feed.ViewModel` and `Settings.ViewModel` are two types);
/// what it names is followed by bare name (`View` for `SwiftUI.View`, `Store` for
/// `Store<Item>`), as `conforms_to:` matches them.
struct ConformanceIndex {
    /// Qualified name as declared or extended → the bare names it lists.
    private let own: [String: Set<String>]
    /// Bare name → the bare names any declaration or extension of that name lists.
    private let byBareName: [String: Set<String>]

    init(symbols: [String: SwiftSymbols]) {
        var own: [String: Set<String>] = [:]
        var byBareName: [String: Set<String>] = [:]
        for file in symbols.values {
            for declaration in file.declarations where !declaration.inherits.isEmpty {
                let listed = declaration.inherits.map(ComponentChecker.bareConformance)
                own[Self.qualified(declaration.name), default: []].formUnion(listed)
                byBareName[ComponentChecker.bareConformance(declaration.name), default: []].formUnion(listed)
            }
        }
        self.own = own
        self.byBareName = byBareName
    }

    /// `Feed.ViewModel` of `Feed.ViewModel<T>`: generic arguments written in an extension are dropped.
    static func qualified(_ name: String) -> String {
        name.split(separator: "<").first.map(String.init) ?? name
    }

    /// Everything a type with these written conformances conforms to, those included, and
    /// its extensions' (by its qualified name).
    func closure(of written: [String], for name: String) -> [String] {
        var found: [String] = []
        var seen: Set<String> = [ComponentChecker.bareConformance(name)]
        var pending = written.map(ComponentChecker.bareConformance) + (own[Self.qualified(name)] ?? []).sorted()
        while let next = pending.popLast() {
            guard seen.insert(next).inserted else { continue }
            found.append(next)
            pending += (byBareName[next] ?? []).sorted()
        }
        return found.sorted()
    }
}
