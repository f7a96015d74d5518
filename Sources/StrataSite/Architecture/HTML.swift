import StrataCore

/// Builds the HTML of generated pages. Every name and message that reaches it is escaped.
struct HTML {
    private(set) var text = ""

    static func escape(_ value: String) -> String {
        HTMLEscaping.escape(value)
    }

    /// Appends markup written by Strata itself.
    mutating func raw(_ markup: String) {
        text += markup
    }

    /// Appends text, escaped.
    mutating func text(_ value: String) {
        text += Self.escape(value)
    }

    mutating func link(_ label: String, href: String, className: String? = nil) {
        let classAttribute = className.map { " class=\"\($0)\"" } ?? ""
        text += "<a href=\"\(Self.escape(href))\"\(classAttribute)>\(Self.escape(label))</a>"
    }

    mutating func heading(_ level: Int, _ title: String, id: String) {
        text += "<h\(level) id=\"\(Self.escape(id))\">\(Self.escape(title))</h\(level)>\n"
    }
}
