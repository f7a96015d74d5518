/// A compiled piece of a template: what the renderer walks, with every tag already parsed,
/// every name already split at its dots and every standalone line already removed.
indirect enum TemplateNode: Sendable, Equatable {
    case text(String)
    /// `{{name}}` (escaped) or `{{{name}}}` / `{{&name}}`.
    case variable(TemplateName, escaped: Bool, at: TemplatePosition)
    /// `{{#name}}…{{/name}}`, or `{{^name}}…{{/name}}` when inverted.
    case section(TemplateName, inverted: Bool, [TemplateNode])
    /// `{{>name}}`; `indentation` is the whitespace before a standalone tag, which every
    /// line of the partial gets.
    case partial(String, indentation: String, at: TemplatePosition)
    /// `{{<name}}…{{/name}}`: the template `name` rendered with these blocks replaced.
    case parent(String, indentation: String, blocks: [String: [TemplateNode]], at: TemplatePosition)
    /// `{{$name}}default{{/name}}`: replaced by a template that names this one as parent.
    case block(String, [TemplateNode])
}

/// A name as a template writes it, split at its dots: `page.title` is `["page", "title"]`;
/// `.` (the current item) is empty.
struct TemplateName: Sendable, Equatable {
    let parts: [String]
}

/// Where a tag is, for errors found while rendering (a partial that includes itself).
package struct TemplatePosition: Sendable, Equatable {
    package let template: String
    package let line: Int
    package let column: Int
}

/// Why a template could not be compiled, and where (1-based line and column).
struct TemplateSyntaxError: Error, Equatable {
    let message: String
    let line: Int
    let column: Int
    /// The bound it passed, or nil for a plain syntax error.
    var bound: TemplateBounds.Bound? = nil
}
