import StrataCore

/// A DocC block directive as written in a catalog's Markdown: `@Image(source: "a.png")`,
/// or `@Row { … }` with Markdown (and more directives) inside its braces.
package struct DocCDirective: Hashable, Sendable {
    /// One argument: `source: "a.png"` has the label `source`; `@DisplayName("Name")` has
    /// an argument without one.
    package struct Argument: Hashable, Sendable {
        package var label: String?
        package var value: String
    }

    package var name: String
    package var arguments: [Argument]
    /// Where its `@` stands.
    package var location: SourceLocation
    /// Whether it has braces, so Markdown inside.
    package var hasBody: Bool
    /// The directive whose braces hold it, as a number in the page's list.
    package var parent: Int?
    /// The line as written, for showing a directive Strata does not know.
    package var source: String

    /// The value of the argument labelled `label`.
    package func argument(_ label: String) -> String? {
        arguments.first { $0.label == label }?.value
    }

    /// The first argument without a label (`@DisplayName("Name")`, `@PageKind(article)`).
    package var unlabeled: String? {
        arguments.first { $0.label == nil }?.value
    }
}
