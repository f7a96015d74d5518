/// Builds the HTML of generated pages. Every name and message that reaches it is escaped.
struct HTML {
    private(set) var text = ""

    static func escape(_ value: String) -> String {
        var result = ""
        result.reserveCapacity(value.utf8.count)
        for character in value {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
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
