/// An `@available` attribute as a reader wants it: `iOS 15+, macOS 12+`, or
/// `Deprecated: use run(_:)` (DocC shows the same as badges).
package enum APIAvailability {
    package static func describe(_ attribute: String) -> String {
        guard let open = attribute.firstIndex(of: "("), let close = attribute.lastIndex(of: ")"), open < close else {
            return attribute
        }
        let arguments = splitArguments(String(attribute[attribute.index(after: open)..<close]))
        guard let first = arguments.first else { return attribute }
        var labelled: [(label: String, value: String)] = []
        for argument in arguments.dropFirst() {
            if let colon = argument.firstIndex(of: ":") {
                labelled.append(
                    (argument[..<colon].trimmingWhitespace, unquoted(argument[argument.index(after: colon)...])))
            } else {
                labelled.append((argument, ""))
            }
        }
        // The short form: platforms and versions (`iOS 15, macOS 12, *`).
        if labelled.allSatisfy({ $0.value.isEmpty && ($0.label == "*" || $0.label.contains(" ")) }),
            first.contains(" ")
        {
            return ([first] + labelled.map(\.label)).filter { $0 != "*" }.map { $0 + "+" }.joined(separator: ", ")
        }
        let platform = first == "*" ? "" : first + " "
        var parts: [String] = []
        for (label, value) in labelled {
            switch label {
            case "introduced": parts.append("\(platform)\(value)+")
            case "deprecated":
                parts.append(value.isEmpty ? "\(platform)Deprecated" : "\(platform)Deprecated in \(value)")
            case "obsoleted": parts.append("\(platform)Obsoleted in \(value)")
            case "unavailable": parts.append("\(platform)Unavailable")
            case "message": parts.append(value)
            case "renamed": parts.append("Renamed: \(value)")
            case "noasync": parts.append("Not available from asynchronous code")
            default: break
            }
        }
        return parts.isEmpty ? attribute : parts.joined(separator: "; ")
    }

    /// Splits at commas outside quotes.
    static func splitArguments(_ text: String) -> [String] {
        var parts: [String] = []
        var current = ""
        var quoted = false
        var escaped = false
        for character in text {
            if escaped {
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "\"" {
                quoted.toggle()
            } else if character == ",", !quoted {
                parts.append(current.trimmingWhitespace)
                current = ""
                continue
            }
            current.append(character)
        }
        if !current.trimmingWhitespace.isEmpty { parts.append(current.trimmingWhitespace) }
        return parts
    }

    static func unquoted(_ text: Substring) -> String {
        var value = text.trimmingWhitespace
        if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
            value = String(value.dropFirst().dropLast())
        }
        return value
    }
}
