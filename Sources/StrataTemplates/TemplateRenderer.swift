/// Renders compiled templates into bytes. Names are looked up through the stack of
/// enclosing section values, innermost first, as Mustache specifies; a dotted name finds its
/// first part that way and the rest inside it.
///
/// One render is bounded (`TemplateBounds`): partials inside one another, partials included
/// in all, and bytes written, so no theme can make a page take minutes or gigabytes.
package struct TemplateRenderer {
    /// A template that could not be rendered, and the tag where it went wrong.
    package struct Failure: Error, Equatable {
        package let message: String
        package let position: TemplatePosition
        /// The bound it passed, when that is why it failed.
        package var bound: TemplateBounds.Bound? = nil
    }

    let templates: [String: [TemplateNode]]
    private(set) var output: [UInt8] = []
    private(set) var failure: Failure?
    private var stack: [TemplateValue]
    let bounds: TemplateBounds
    private var depth = 0
    private var includes = 0
    /// The last tag rendered: where a render that grows too large is reported.
    var position: TemplatePosition?
    /// Prefix of every line, inside a partial that stood alone on an indented line.
    private var indentation = ""
    private var atLineStart = true

    init(
        templates: [String: [TemplateNode]], context: TemplateValue, bounds: TemplateBounds = .standard,
        capacity: Int = 0
    ) {
        self.templates = templates
        self.bounds = bounds
        stack = [context]
        output.reserveCapacity(capacity)
    }

    mutating func render(_ nodes: [TemplateNode], overrides: [String: [TemplateNode]] = [:]) {
        for node in nodes {
            guard failure == nil else { return }
            switch node {
            case .text(let text):
                write(text)
            case .variable(let name, let escaped, let at):
                position = at
                guard let text = resolve(name)?.interpolated, !text.isEmpty else { continue }
                if !indentation.isEmpty, atLineStart { append(indentation) }
                if escaped { appendEscaped(text) } else { append(text) }
                atLineStart = false
            case .section(let name, let inverted, let body):
                let value = resolve(name)
                if inverted {
                    if !value.isTruthy { render(body, overrides: overrides) }
                    continue
                }
                switch value {
                case nil, .bool(false)?:
                    break
                case .bool(true)?:
                    render(body, overrides: overrides)
                case .list(let items)?:
                    for item in items {
                        stack.append(item)
                        render(body, overrides: overrides)
                        stack.removeLast()
                    }
                case let value?:
                    stack.append(value)
                    render(body, overrides: overrides)
                    stack.removeLast()
                }
            case .partial(let name, let extra, let position):
                include(name, indentation: extra, overrides: overrides, at: position)
            case .parent(let name, let extra, let blocks, let position):
                // The outermost template's blocks win: they were set before these.
                include(
                    name, indentation: extra, overrides: overrides.merging(blocks) { outer, _ in outer }, at: position)
            case .block(let name, let defaultNodes):
                if let replacement = overrides[name] {
                    // Inside its own replacement, a block is its default: a replacement that
                    // holds the same block would otherwise expand without end.
                    var inner = overrides
                    inner[name] = nil
                    render(replacement, overrides: inner)
                } else {
                    render(defaultNodes, overrides: overrides)
                }
            }
        }
    }

    private mutating func include(
        _ name: String, indentation extra: String, overrides: [String: [TemplateNode]], at position: TemplatePosition
    ) {
        guard let nodes = templates[name] else {
            failure = Failure(message: "there is no template '\(name)' in the theme", position: position)
            return
        }
        self.position = position
        guard depth < bounds.partialDepth else {
            let message =
                "templates include each other more than \(bounds.partialDepth) deep here; does '\(name)' include "
                + "itself with no section to stop it?"
            failure = Failure(message: message, position: position, bound: .partialDepth)
            return
        }
        depth += 1
        defer { depth -= 1 }
        includes += 1
        guard includes <= bounds.partialIncludes else {
            let message =
                "this render includes more than \(bounds.partialIncludes) partials (partials that each include the "
                + "next more than once multiply)"
            failure = Failure(message: message, position: position, bound: .partialIncludes)
            return
        }
        let outer = indentation
        indentation += extra
        // A standalone tag's line was removed, so the partial starts a line.
        if !extra.isEmpty { atLineStart = true }
        render(nodes, overrides: overrides)
        indentation = outer
    }

    /// Stops the render once it has written more than a render may.
    private mutating func checkSize() {
        guard output.count > bounds.outputBytes, failure == nil else { return }
        let message =
            "this template writes more than \(bounds.outputBytes) bytes (a value written many times, or partials "
            + "that repeat)"
        failure = Failure(
            message: message, position: position ?? TemplatePosition(template: "", line: 1, column: 1),
            bound: .outputBytes)
        output = []
    }

    private func resolve(_ name: TemplateName) -> TemplateValue? {
        guard let first = name.parts.first else { return stack.last }
        var found: TemplateValue?
        for frame in stack.reversed() {
            if case .object(let object) = frame, let value = object[first] {
                found = value
                break
            }
        }
        for part in name.parts.dropFirst() {
            guard case .object(let object)? = found else { return nil }
            found = object[part]
        }
        return found
    }

    /// Template text, with the partial's indentation at the start of each of its lines.
    private mutating func write(_ text: String) {
        guard !indentation.isEmpty else {
            append(text)
            return
        }
        // Bytes, not characters: "\r\n" is one character, which is not "\n".
        let bytes = text.utf8
        var start = bytes.startIndex
        while start < bytes.endIndex {
            if atLineStart { append(indentation) }
            if let newline = bytes[start...].firstIndex(of: 0x0A) {
                let next = bytes.index(after: newline)
                output.append(contentsOf: bytes[start..<next])
                start = next
                atLineStart = true
            } else {
                output.append(contentsOf: bytes[start...])
                atLineStart = false
                start = bytes.endIndex
            }
        }
        checkSize()
    }

    private mutating func append(_ text: String) {
        output.append(contentsOf: text.utf8)
        checkSize()
    }

    /// Text with `& < > " '` written as entities, so it is safe in elements and attributes.
    private mutating func appendEscaped(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            var start = 0
            for index in bytes.indices {
                let entity: StaticString
                switch bytes[index] {
                case UInt8(ascii: "&"): entity = "&amp;"
                case UInt8(ascii: "<"): entity = "&lt;"
                case UInt8(ascii: ">"): entity = "&gt;"
                case UInt8(ascii: "\""): entity = "&quot;"
                case UInt8(ascii: "'"): entity = "&#39;"
                default: continue
                }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
                entity.withUTF8Buffer { output.append(contentsOf: $0) }
                start = index + 1
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
        }
        checkSize()
    }
}

extension TemplateValue? {
    /// Whether a section renders: anything but nothing, false and an empty list.
    var isTruthy: Bool {
        switch self {
        case nil, .bool(false)?: false
        case .list(let items)?: !items.isEmpty
        default: true
        }
    }
}
