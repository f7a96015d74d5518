import StrataCore
import SwiftSyntax

/// Why part of a manifest could not be evaluated, and where.
struct Unresolved: Error, Hashable {
    var reason: String
    var location: SourceLocation
}

/// A value the manifest interpreter computes. PackageDescription's types are not modelled
/// one by one: `.target(name: "A", …)`, `Package(…)` or `.product(…)` all become a
/// ``ManifestObject`` holding the function name and its arguments, and only the reader
/// that turns the final `Package` into a ``PackageManifest`` gives them meaning. Anything
/// the interpreter cannot evaluate becomes `.unknown` with its reason, which only matters
/// if it ends up somewhere the module graph depends on.
enum ManifestValue {
    case string(String)
    /// A string literal written directly in a list, with its position: a dependency
    /// written as `"Name"` keeps the line it is on.
    case locatedString(String, SourceLocation)
    case int(Int)
    case bool(Bool)
    case none
    case array([ManifestValue])
    case dictionary([String: ManifestValue])
    case object(ManifestObject)
    /// An enum-like member with no arguments: `.linux`, `.debug`.
    case member(String)
    case closure(ClosureExprSyntax, ManifestScope)
    case unknown(Unresolved)

    var unresolved: Unresolved? {
        if case .unknown(let unresolved) = self { return unresolved }
        return nil
    }

    /// The value with any position dropped, for computing with it.
    var plain: ManifestValue {
        if case .locatedString(let text, _) = self { return .string(text) }
        if case .array(let elements) = self, elements.contains(where: \.isLocatedString) {
            return .array(elements.map(\.plain))
        }
        return self
    }

    var isLocatedString: Bool {
        if case .locatedString = self { return true }
        return false
    }

    var isNone: Bool {
        if case .none = self { return true }
        return false
    }

    /// A plain value's text, for string interpolation.
    var interpolationText: String? {
        switch plain {
        case .string(let text): text
        case .int(let number): String(number)
        case .bool(let flag): String(flag)
        default: nil
        }
    }

    /// Equality where it is decidable; nil when either side is not a plain value.
    func equals(_ other: ManifestValue) -> Bool? {
        switch (plain, other.plain) {
        case (.string(let a), .string(let b)): a == b
        case (.int(let a), .int(let b)): a == b
        case (.bool(let a), .bool(let b)): a == b
        case (.member(let a), .member(let b)): a == b
        case (.none, .none): true
        case (.none, .string), (.none, .int), (.none, .bool), (.none, .array), (.none, .object), (.none, .member),
            (.string, .none), (.int, .none), (.bool, .none), (.array, .none), (.object, .none), (.member, .none):
            false
        case (.array(let a), .array(let b)):
            a.count != b.count
                ? false
                : zip(a, b).reduce(Optional(true)) { result, pair in
                    guard let result, let equal = pair.0.equals(pair.1) else { return nil }
                    return result && equal
                }
        default: nil
        }
    }
}

/// One call of a PackageDescription function, with its arguments in order. It is a class
/// because PackageDescription's `Package` and `Target` are classes: `for target in
/// package.targets { target.dependencies.append(…) }` changes the package.
final class ManifestObject {
    struct Argument {
        var label: String?
        var value: ManifestValue
    }

    /// The function name a tuple is read as: its elements are the arguments.
    static let tupleFunction = "(tuple)"

    let function: String
    var arguments: [Argument]
    let location: SourceLocation
    /// The `// MARK:` section the call is written under.
    let section: String?
    /// The file the call is written in: a helper's, where `location` is the manifest line
    /// that calls the helper (Tuist's `.relativeToCurrentFile` is relative to it).
    let writtenIn: String

    init(function: String, arguments: [Argument], location: SourceLocation, section: String?, writtenIn: String? = nil)
    {
        self.function = function
        self.arguments = arguments
        self.location = location
        self.section = section
        self.writtenIn = writtenIn ?? location.path
    }

    func value(_ label: String) -> ManifestValue? {
        arguments.last(where: { $0.label == label })?.value
    }

    /// The first argument without a label (`.copy("x")`, `.package(url:_:)`'s range).
    var firstUnlabeled: ManifestValue? {
        arguments.first(where: { $0.label == nil })?.value
    }

    func set(_ label: String, _ value: ManifestValue) {
        if let index = arguments.lastIndex(where: { $0.label == label }) {
            arguments[index].value = value
        } else {
            arguments.append(Argument(label: label, value: value))
        }
    }

    /// A property read the way PackageDescription answers it: an argument's value, else
    /// the default for the lists the graph reads.
    func property(_ name: String) -> ManifestValue {
        if let value = value(name) { return value }
        if function == Self.tupleFunction, let position = Int(name), arguments.indices.contains(position) {
            return arguments[position].value
        }
        switch name {
        case "targets", "products", "dependencies", "exclude", "resources", "plugins": return .array([])
        case "type" where TargetKind(manifestFunction: function) != nil:
            return .member(TargetKind(manifestFunction: function)?.rawValue ?? function)
        default: return .none
        }
    }
}

/// Variables of one scope of the manifest being evaluated.
final class ManifestScope {
    private var values: [String: ManifestValue] = [:]
    let parent: ManifestScope?

    init(parent: ManifestScope?) {
        self.parent = parent
    }

    func lookup(_ name: String) -> ManifestValue? {
        values[name] ?? parent?.lookup(name)
    }

    func declare(_ name: String, _ value: ManifestValue) {
        values[name] = value
    }

    /// Assigns to the innermost scope that declares `name`; false if none does.
    @discardableResult
    func assign(_ name: String, _ value: ManifestValue) -> Bool {
        if values[name] != nil {
            values[name] = value
            return true
        }
        return parent?.assign(name, value) ?? false
    }

    var declaredNames: [String] { Array(values.keys) }
}
