/// The readable text of a rendered page body, cut into sections at its `h2`/`h3` headings,
/// for the search index. It reads the HTML Strata itself wrote (or a project allowed as raw
/// HTML), so a small scanner is enough: markup, diagrams, scripts and heading self-links are
/// dropped, entities decoded, whitespace collapsed.
struct PageText: Equatable, Sendable {
    struct Section: Equatable, Sendable {
        /// The heading's anchor; nil for the text before the first heading.
        var id: String?
        var heading: String
        var text: String
    }

    /// In page order; the first one (id nil) holds the text before any heading, possibly empty.
    var sections: [Section]

    init(html: String) {
        var scanner = Scanner(bytes: Array(html.utf8))
        sections = scanner.run()
    }

    private struct Scanner {
        let bytes: [UInt8]
        var position = 0
        var sections: [Section] = [Section(id: nil, heading: "", text: "")]
        var text: [UInt8] = []
        var headingLevel: UInt8?
        var headingText: [UInt8] = []
        var headingID: String?

        init(bytes: [UInt8]) { self.bytes = bytes }

        /// Elements whose content is no text a reader searches for.
        static let skipped: Set<String> = ["svg", "script", "style", "template", "button"]
        /// Elements that never have content or a closing tag.
        static let void: Set<String> = ["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]
        /// Parts of the page around the text: a heading's self-link, a guidance callout's
        /// header (its kind and id, which the block's own record holds).
        static let skippedClasses: Set<Substring> = ["heading-anchor", "guidance-callout-header"]
        /// Elements that separate words (a space is written where they open or close).
        static let breaking: Set<String> = [
            "p", "li", "td", "th", "tr", "pre", "div", "br", "dt", "dd", "blockquote", "h1", "h2", "h3", "h4", "h5", "h6",
            "ul", "ol", "dl", "table", "figure", "figcaption", "section", "article", "hr", "details", "summary",
        ]

        mutating func run() -> [Section] {
            while position < bytes.count {
                let byte = bytes[position]
                if byte == UInt8(ascii: "<") {
                    tag()
                } else if byte == UInt8(ascii: "&") {
                    entity()
                } else {
                    append(byte)
                    position += 1
                }
            }
            flushText()
            if headingLevel != nil { closeHeading() }
            return sections
        }

        private mutating func append(_ byte: UInt8) {
            if headingLevel != nil { headingText.append(byte) } else { text.append(byte) }
        }

        private mutating func append(_ string: String) {
            for byte in string.utf8 { append(byte) }
        }

        private mutating func tag() {
            let next = position + 1 < bytes.count ? bytes[position + 1] : 0
            let startsTag = Self.isNameByte(next) && next != UInt8(ascii: "-") || next == UInt8(ascii: "/") || next == UInt8(ascii: "!") || next == UInt8(ascii: "?")
            guard startsTag, let end = index(of: UInt8(ascii: ">"), from: position) else {
                // A stray `<` is text.
                append(UInt8(ascii: "<"))
                position += 1
                return
            }
            let inside = bytes[(position + 1) ..< end]
            position = end + 1
            guard let first = inside.first else { return }
            if first == UInt8(ascii: "!") || first == UInt8(ascii: "?") { return }
            let closing = first == UInt8(ascii: "/")
            let nameBytes = inside.dropFirst(closing ? 1 : 0).prefix { Self.isNameByte($0) }
            let name = String(decoding: nameBytes, as: UTF8.self).lowercased()
            if Self.breaking.contains(name) { append(UInt8(ascii: " ")) }
            // An element closed in its own tag (`<svg … />`) or a void one has no content to skip.
            let hasContent = !closing && inside.last != UInt8(ascii: "/") && !Self.void.contains(name)
            if hasContent, Self.skipped.contains(name) {
                skip(to: name)
                return
            }
            if hasContent, let classes = Self.attribute("class", in: inside)?.split(separator: " "), classes.contains(where: Self.skippedClasses.contains) {
                skip(to: name)
                return
            }
            if name == "h2" || name == "h3" {
                let level = nameBytes.last ?? 0
                if !closing, headingLevel == nil, let id = Self.attribute("id", in: inside) {
                    flushText()
                    headingLevel = level
                    headingID = id
                } else if closing, headingLevel == level {
                    closeHeading()
                }
            }
        }

        /// Moves past the element just opened, nested ones of the same name included.
        private mutating func skip(to name: String) {
            var depth = 1
            while depth > 0, let open = index(of: UInt8(ascii: "<"), from: position) {
                guard let end = index(of: UInt8(ascii: ">"), from: open) else { break }
                let inside = bytes[(open + 1) ..< end]
                position = end + 1
                let closing = inside.first == UInt8(ascii: "/")
                let tagName = String(decoding: inside.dropFirst(closing ? 1 : 0).prefix { Self.isNameByte($0) }, as: UTF8.self).lowercased()
                guard tagName == name else { continue }
                if closing {
                    depth -= 1
                } else if inside.last != UInt8(ascii: "/") {
                    depth += 1
                }
            }
            if depth > 0 { position = bytes.count }
        }

        private mutating func entity() {
            // Entities are short: look no further than that for the `;`.
            let limit = min(bytes.count, position + 12)
            guard let end = bytes[position ..< limit].firstIndex(of: UInt8(ascii: ";")) else {
                append(UInt8(ascii: "&"))
                position += 1
                return
            }
            let name = String(decoding: bytes[(position + 1) ..< end], as: UTF8.self)
            if let decoded = Self.decode(entity: name) {
                append(decoded)
                position = end + 1
            } else {
                append(UInt8(ascii: "&"))
                position += 1
            }
        }

        private static func decode(entity name: String) -> String? {
            switch name {
            case "amp": return "&"
            case "lt": return "<"
            case "gt": return ">"
            case "quot": return "\""
            case "apos": return "'"
            case "nbsp": return " "
            default:
                guard name.hasPrefix("#") else { return nil }
                let digits = name.dropFirst()
                let value = digits.hasPrefix("x") || digits.hasPrefix("X") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
                return value.flatMap(Unicode.Scalar.init).map { String(Character($0)) }
            }
        }

        /// The text read so far belongs to the last section.
        private mutating func flushText() {
            let body = Self.collapse(text)
            text = []
            if let last = sections.indices.last { sections[last].text = Self.join(sections[last].text, body) }
        }

        private mutating func closeHeading() {
            sections.append(Section(id: headingID, heading: Self.collapse(headingText), text: ""))
            headingLevel = nil
            headingID = nil
            headingText = []
        }

        private static func join(_ first: String, _ second: String) -> String {
            first.isEmpty ? second : second.isEmpty ? first : first + " " + second
        }

        /// Runs of whitespace become one space; none at the ends.
        private static func collapse(_ bytes: [UInt8]) -> String {
            var result: [UInt8] = []
            result.reserveCapacity(bytes.count)
            var pendingSpace = false
            for byte in bytes {
                if byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D {
                    pendingSpace = !result.isEmpty
                } else {
                    if pendingSpace { result.append(0x20) }
                    pendingSpace = false
                    result.append(byte)
                }
            }
            return String(decoding: result, as: UTF8.self)
        }

        private func index(of byte: UInt8, from start: Int) -> Int? {
            var index = start
            while index < bytes.count {
                if bytes[index] == byte { return index }
                index += 1
            }
            return nil
        }

        private static func isNameByte(_ byte: UInt8) -> Bool {
            (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D
        }

        /// A double-quoted attribute's value (the only quoting Strata writes).
        private static func attribute(_ name: String, in tag: ArraySlice<UInt8>) -> String? {
            let needle = Array((" " + name + "=\"").utf8)
            var index = tag.startIndex
            while index + needle.count <= tag.endIndex {
                if tag[index ..< index + needle.count].elementsEqual(needle) {
                    let start = index + needle.count
                    guard let end = tag[start...].firstIndex(of: UInt8(ascii: "\"")) else { return nil }
                    let value = tag[start ..< end]
                    let raw = String(decoding: value, as: UTF8.self)
                    // Entities in a value are rare (ids and classes are plain); decode only then.
                    return value.contains(UInt8(ascii: "&")) ? PageText(html: raw).sections.first?.text : raw
                }
                index += 1
            }
            return nil
        }
    }
}
