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
        var html = html
        sections = html.withUTF8 { bytes in
            var scanner = Scanner(bytes: bytes)
            return scanner.run()
        }
    }

    /// What a tag's name means to the scanner.
    private struct Role: OptionSet {
        let rawValue: UInt8
        /// Separates words: a space is written where it opens or closes.
        static let breaking = Role(rawValue: 1)
        /// Never has content or a closing tag.
        static let void = Role(rawValue: 2)
        /// Its content is no text a reader searches for.
        static let skipped = Role(rawValue: 4)
        /// `h2` or `h3`: starts a section.
        static let section = Role(rawValue: 8)
    }

    /// Text with runs of whitespace as one space and none at the ends, collapsed as it is
    /// read rather than afterwards.
    private struct CollapsedText {
        var bytes: [UInt8] = []
        var pendingSpace = false

        mutating func append(_ byte: UInt8) {
            if byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D {
                pendingSpace = !bytes.isEmpty
            } else {
                if pendingSpace { bytes.append(0x20) }
                pendingSpace = false
                bytes.append(byte)
            }
        }

        /// Appends a run of text bytes: each stretch of words with single spaces between
        /// them, most of a paragraph, is copied whole.
        mutating func append(_ run: Slice<UnsafeBufferPointer<UInt8>>) {
            guard let base = run.base.baseAddress else { return }
            var index = run.startIndex
            let end = run.endIndex
            while index < end {
                if Self.isSpace(base[index]) {
                    pendingSpace = !bytes.isEmpty
                    index += 1
                    continue
                }
                var stretchEnd = index + 1
                while stretchEnd < end {
                    // Eight bytes at a time while they hold no control byte, no two spaces
                    // together and no space last (which the next byte would have to follow).
                    if stretchEnd + 8 <= end {
                        let word = UnsafeRawPointer(base + stretchEnd).loadUnaligned(as: UInt64.self)
                        if Self.isPlainStretch(word) {
                            stretchEnd += 8
                            continue
                        }
                    }
                    let byte = base[stretchEnd]
                    if !Self.isSpace(byte) {
                        stretchEnd += 1
                    } else if byte == 0x20, stretchEnd + 1 < end, !Self.isSpace(base[stretchEnd + 1]) {
                        stretchEnd += 2
                    } else {
                        break
                    }
                }
                if pendingSpace { bytes.append(0x20) }
                pendingSpace = false
                bytes.append(contentsOf: UnsafeBufferPointer(start: base + index, count: stretchEnd - index))
                index = stretchEnd
            }
        }

        /// Whether eight bytes of text are copied as they are: none below 0x20 (line breaks,
        /// tabs), no two spaces in a row, and no space as the last. Spaces are found exactly:
        /// a byte of `word ^ 0x20…` is zero only where there is one, and adding 0x7F to its
        /// low seven bits sets the top bit of every other byte, with no carry between bytes.
        @inline(__always)
        static func isPlainStretch(_ word: UInt64) -> Bool {
            let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
            let high: UInt64 = 0x8080_8080_8080_8080
            let controls = ~(((word & low) &+ 0x6060_6060_6060_6060) | word) & high
            let spacesXor = word ^ 0x2020_2020_2020_2020
            let spaces = ~(((spacesXor & low) &+ low) | spacesXor) & high
            return controls == 0 && spaces & (spaces >> 8) == 0 && spaces >> 56 == 0
        }

        private static func isSpace(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
        }

        mutating func take() -> String {
            defer { self = CollapsedText() }
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var position = 0
        var sections: [Section] = [Section(id: nil, heading: "", text: "")]
        var text = CollapsedText()
        var headingLevel: UInt8?
        var headingText = CollapsedText()
        var headingID: String?
        /// Where a search for `>` last failed: none can succeed from there on, so a page of
        /// `<a<a<a…` without one is read once, not once per `<`.
        var noCloseFrom = Int.max

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        /// The names the scanner treats specially, in lower case, by length.
        static let rolesByLength: [[(name: [UInt8], role: Role)]] = {
            var roles: [String: Role] = [:]
            for name in ["svg", "script", "style", "template", "button"] { roles[name, default: []].insert(.skipped) }
            for name in [
                "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"
            ] {
                roles[name, default: []].insert(.void)
            }
            for name in [
                "p", "li", "td", "th", "tr", "pre", "div", "br", "dt", "dd", "blockquote", "h1", "h2", "h3", "h4", "h5",
                "h6",
                "ul", "ol", "dl", "table", "figure", "figcaption", "section", "article", "hr", "details", "summary"
            ] { roles[name, default: []].insert(.breaking) }
            for name in ["h2", "h3"] { roles[name, default: []].insert(.section) }
            let longest = roles.keys.map(\.utf8.count).max() ?? 0
            return (0...longest).map { length in
                roles.filter { $0.key.utf8.count == length }.sorted { $0.key < $1.key }.map {
                    (Array($0.key.utf8), $0.value)
                }
            }
        }()

        /// Parts of the page around the text: a heading's self-link, a guidance callout's
        /// header (its kind and id, which the block's own record holds).
        static let skippedClasses: [[UInt8]] = [
            Array("heading-anchor".utf8), Array("guidance-callout-header".utf8),
            // A DocC page's line above its body: what kind of page it is, not what it says.
            Array("docc-page-info".utf8)
        ]
        static let shortestSkippedClass = skippedClasses.map(\.count).min() ?? 0

        mutating func run() -> [Section] {
            while position < bytes.count {
                let byte = bytes[position]
                if byte == UInt8(ascii: "<") {
                    tag()
                } else if byte == UInt8(ascii: "&") {
                    entity()
                } else {
                    // Text up to the next tag or entity, at once.
                    let end = Self.indexOfMarkup(in: bytes, from: position + 1)
                    if headingLevel != nil {
                        headingText.append(bytes[position..<end])
                    } else {
                        text.append(bytes[position..<end])
                    }
                    position = end
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
            // Highlighted code is most of a page's tags: its spans are passed over at once.
            if let end = Self.endOfHighlightSpanTag(in: bytes, at: position) {
                position = end
                return
            }
            let next = position + 1 < bytes.count ? bytes[position + 1] : 0
            let startsTag =
                Self.isNameByte(next) && next != UInt8(ascii: "-") || next == UInt8(ascii: "/")
                || next == UInt8(ascii: "!") || next == UInt8(ascii: "?")
            guard startsTag, let end = closeIndex(from: position) else {
                // A stray `<` is text.
                append(UInt8(ascii: "<"))
                position += 1
                return
            }
            let inside = bytes[(position + 1)..<end]
            position = end + 1
            guard let first = inside.first else { return }
            if first == UInt8(ascii: "!") || first == UInt8(ascii: "?") { return }
            let closing = first == UInt8(ascii: "/")
            let nameBytes = Self.name(in: inside)
            let role = Self.role(of: nameBytes)
            if role.contains(.breaking) { append(UInt8(ascii: " ")) }
            // An element closed in its own tag (`<svg … />`) or a void one has no content to skip.
            let hasContent = !closing && inside.last != UInt8(ascii: "/") && !role.contains(.void)
            if hasContent, role.contains(.skipped) || hasSkippedClass(inside) {
                skip(to: nameBytes)
                return
            }
            if role.contains(.section) {
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

        static let spanClose = Array("</span>".utf8)
        static let highlightSpanOpen = Array("<span class=\"hl-".utf8)

        /// Where `</span>` or `<span class="hl-name">` (a name of small letters, digits and
        /// hyphens), the tags the highlighter writes, ends when one starts at `start`: they
        /// mean nothing to the scanner (no role, no skipped class), so passing over them is
        /// what reading them would do.
        @inline(__always)
        static func endOfHighlightSpanTag(in bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Int? {
            guard start + 7 <= bytes.count,
                bytes[start + 1] == UInt8(ascii: "/") || bytes[start + 1] == UInt8(ascii: "s")
            else { return nil }
            if bytes[start + 1] == UInt8(ascii: "/") {
                for (offset, byte) in spanClose.enumerated() where bytes[start + offset] != byte { return nil }
                return start + spanClose.count
            }
            guard start + highlightSpanOpen.count < bytes.count else { return nil }
            for (offset, byte) in highlightSpanOpen.enumerated() where bytes[start + offset] != byte { return nil }
            var index = start + highlightSpanOpen.count
            while index < bytes.count,
                bytes[index] &- 0x61 < 26 || bytes[index] &- 0x30 < 10 || bytes[index] == UInt8(ascii: "-")
            { index += 1 }
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\""), bytes[index + 1] == UInt8(ascii: ">")
            else { return nil }
            return index + 2
        }

        /// The first `<` or `&` at or after `start`, or the end: eight bytes at a time. (A
        /// byte of `word ^ pattern` is zero where the byte matches; subtracting one from each
        /// byte sets the top bit of the first zero byte, and possibly of later ones, never of
        /// an earlier one.)
        @inline(__always)
        static func indexOfMarkup(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
            var index = start
            if let base = bytes.baseAddress {
                while index + 8 <= bytes.count {
                    let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                    let tags = word ^ 0x3C3C_3C3C_3C3C_3C3C
                    let entities = word ^ 0x2626_2626_2626_2626
                    let found =
                        ((tags &- 0x0101_0101_0101_0101) & ~tags | (entities &- 0x0101_0101_0101_0101) & ~entities)
                        & 0x8080_8080_8080_8080
                    if found != 0 { return index + found.trailingZeroBitCount / 8 }
                    index += 8
                }
            }
            while index < bytes.count, bytes[index] != UInt8(ascii: "<"), bytes[index] != UInt8(ascii: "&") {
                index += 1
            }
            return index
        }

        /// The tag's name, as written, after the `/` of a closing tag.
        private static func name(in inside: Slice<UnsafeBufferPointer<UInt8>>) -> Slice<UnsafeBufferPointer<UInt8>> {
            let start = inside.first == UInt8(ascii: "/") ? inside.startIndex + 1 : inside.startIndex
            var end = start
            while end < inside.endIndex, isNameByte(inside[end]) { end += 1 }
            return inside[start..<end]
        }

        private static func role(of name: Slice<UnsafeBufferPointer<UInt8>>) -> Role {
            guard name.count < rolesByLength.count else { return [] }
            for known in rolesByLength[name.count] where equalIgnoringCase(name, known.name) { return known.role }
            return []
        }

        /// Whether a tag name is `known`, a name in lower case, ASCII letters compared
        /// without case: a plain loop, as every tag of a page is looked up.
        private static func equalIgnoringCase(_ name: Slice<UnsafeBufferPointer<UInt8>>, _ known: [UInt8]) -> Bool {
            guard name.count == known.count else { return false }
            var index = name.startIndex
            for byte in known {
                guard lower(name[index]) == byte else { return false }
                index += 1
            }
            return true
        }

        private static func lower(_ byte: UInt8) -> UInt8 {
            byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
        }

        /// Whether the tag's `class` names one of `skippedClasses`.
        private func hasSkippedClass(_ inside: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
            guard let value = Self.attributeBytes("class", in: inside) else { return false }
            if value.contains(UInt8(ascii: "&")) {
                // Entities in a value are rare (classes are plain); decode only then.
                guard let decoded = Self.attribute("class", in: inside) else { return false }
                return decoded.split(separator: " ").contains { word in
                    Self.skippedClasses.contains { $0.elementsEqual(word.utf8) }
                }
            }
            // Word by word without splitting: every highlighted token has a class, and an
            // array per tag was a tenth of the index's time.
            var wordStart = value.startIndex
            for index in value.startIndex...value.endIndex
            where index == value.endIndex || value[index] == UInt8(ascii: " ") {
                let word = value[wordStart..<index]
                if word.count >= Self.shortestSkippedClass,
                    Self.skippedClasses.contains(where: { $0.elementsEqual(word) })
                {
                    return true
                }
                wordStart = index + 1
            }
            return false
        }

        /// Moves past the element just opened, nested ones of the same name included.
        private mutating func skip(to name: Slice<UnsafeBufferPointer<UInt8>>) {
            let lowered = name.map(Self.lower)
            var depth = 1
            while depth > 0, let open = index(of: UInt8(ascii: "<"), from: position) {
                guard let end = closeIndex(from: open) else { break }
                let inside = bytes[(open + 1)..<end]
                position = end + 1
                let closing = inside.first == UInt8(ascii: "/")
                guard Self.equalIgnoringCase(Self.name(in: inside), lowered) else { continue }
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
            guard let end = bytes[position..<limit].firstIndex(of: UInt8(ascii: ";")) else {
                append(UInt8(ascii: "&"))
                position += 1
                return
            }
            let name = bytes[(position + 1)..<end]
            if let byte = Self.namedEntity(name) {
                append(byte)
                position = end + 1
            } else if let decoded = Self.numericEntity(String(decoding: name, as: UTF8.self)) {
                append(decoded)
                position = end + 1
            } else {
                append(UInt8(ascii: "&"))
                position += 1
            }
        }

        private static let namedEntities: [(name: [UInt8], byte: UInt8)] = [
            ("amp", "&"), ("lt", "<"), ("gt", ">"), ("quot", "\""), ("apos", "'"), ("nbsp", " ")
        ].map { (Array($0.0.utf8), UInt8(ascii: $0.1)) }

        private static func namedEntity(_ name: Slice<UnsafeBufferPointer<UInt8>>) -> UInt8? {
            namedEntities.first { $0.name.elementsEqual(name) }?.byte
        }

        private static func numericEntity(_ name: String) -> String? {
            guard name.hasPrefix("#") else { return nil }
            let digits = name.dropFirst()
            let value =
                digits.hasPrefix("x") || digits.hasPrefix("X") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
            return value.flatMap(Unicode.Scalar.init).map { String(Character($0)) }
        }

        /// The text read so far belongs to the last section.
        private mutating func flushText() {
            let body = text.take()
            if let last = sections.indices.last { sections[last].text = Self.join(sections[last].text, body) }
        }

        private mutating func closeHeading() {
            sections.append(Section(id: headingID, heading: headingText.take(), text: ""))
            headingLevel = nil
            headingID = nil
        }

        private static func join(_ first: String, _ second: String) -> String {
            first.isEmpty ? second : second.isEmpty ? first : first + " " + second
        }

        private mutating func closeIndex(from start: Int) -> Int? {
            guard start < noCloseFrom else { return nil }
            guard let found = index(of: UInt8(ascii: ">"), from: start) else {
                noCloseFrom = start
                return nil
            }
            return found
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
            (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
                || byte == 0x2D
        }

        /// A double-quoted attribute's value as written (the only quoting Strata writes).
        private static func attributeBytes(_ name: StaticString, in tag: Slice<UnsafeBufferPointer<UInt8>>) -> Slice<
            UnsafeBufferPointer<UInt8>
        >? {
            // ` name="`
            let needleLength = name.utf8CodeUnitCount + 3
            var index = tag.startIndex
            while index + needleLength <= tag.endIndex {
                if tag[index] == 0x20, tag[index + needleLength - 2] == UInt8(ascii: "="),
                    tag[index + needleLength - 1] == UInt8(ascii: "\""),
                    name.withUTF8Buffer({ $0.elementsEqual(tag[(index + 1)..<(index + needleLength - 2)]) })
                {
                    let start = index + needleLength
                    guard let end = tag[start...].firstIndex(of: UInt8(ascii: "\"")) else { return nil }
                    return tag[start..<end]
                }
                index += 1
            }
            return nil
        }

        /// A double-quoted attribute's value, entities decoded.
        private static func attribute(_ name: StaticString, in tag: Slice<UnsafeBufferPointer<UInt8>>) -> String? {
            guard let value = attributeBytes(name, in: tag) else { return nil }
            let raw = String(decoding: value, as: UTF8.self)
            // Entities in a value are rare (ids and classes are plain); decode only then.
            return value.contains(UInt8(ascii: "&")) ? PageText(html: raw).sections.first?.text : raw
        }
    }
}
