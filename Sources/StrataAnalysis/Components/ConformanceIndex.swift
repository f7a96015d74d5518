import StrataCore

/// What each declared type conforms to or inherits from, through everything the graph
/// declares: its own list and its extensions', the protocols and classes it names in turn
/// (`protocol Screen: View` makes every `Screen` a `View`; `class Base: UIViewController`
/// makes every subclass of `Base` one), and the parts of type aliases. Names are bare
/// (`View` for `SwiftUI.View`, `Store` for `Store<Item>`), as `conforms_to:` matches them.
struct ConformanceIndex {
    /// Bare type name → the bare names it lists, from every declaration and extension read.
    private let direct: [String: Set<String>]

    init(symbols: [String: SwiftSymbols]) {
        var direct: [String: Set<String>] = [:]
        for file in symbols.values {
            for declaration in file.declarations where !declaration.inherits.isEmpty {
                let name = ComponentChecker.bareConformance(declaration.name)
                direct[name, default: []].formUnion(declaration.inherits.map(ComponentChecker.bareConformance))
            }
        }
        self.direct = direct
    }

    /// Everything a type with these written conformances conforms to, those included.
    func closure(of written: [String], for name: String) -> [String] {
        var found: [String] = []
        var seen: Set<String> = [ComponentChecker.bareConformance(name)]
        var pending = written.map(ComponentChecker.bareConformance) + Array(direct[ComponentChecker.bareConformance(name)] ?? [])
        while let next = pending.popLast() {
            guard seen.insert(next).inserted else { continue }
            found.append(next)
            pending += (direct[next] ?? []).sorted()
        }
        return found.sorted()
    }
}
