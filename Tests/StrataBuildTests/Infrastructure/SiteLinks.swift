import Foundation

/// Follows every relative `href` of a built site's pages: each must lead to a file of the
/// site and, with a `#fragment`, to an element with that id. Pages are scanned as bytes:
/// Foundation's `range(of:)` on a String with non-ASCII text measured 1–2 s of CPU per
/// test run in an unoptimised build.
enum SiteLinks {
    static func broken(in files: [String: Data], pages: [String]? = nil) -> [String] {
        var problems: [String] = []
        var identifiers: [String: Set<String>] = [:]
        let checked = pages ?? files.keys.filter { $0.hasSuffix(".html") && $0 != "404.html" }.sorted()
        for page in checked {
            let folder = (page as NSString).deletingLastPathComponent
            for href in attributeValues(Array(files[page] ?? Data()), named: "href") {
                let href = href.replacingOccurrences(of: "&amp;", with: "&")
                // Site-absolute URLs (the canonical link) depend on where the site is published.
                guard !href.isEmpty, !href.contains("://"), !href.hasPrefix("mailto:"), !href.hasPrefix("/") else {
                    continue
                }
                let parts = href.components(separatedBy: "#")
                var resolved = page
                if !parts[0].isEmpty {
                    let target = URL(fileURLWithPath: "/" + folder).appendingPathComponent(
                        parts[0].removingPercentEncoding ?? parts[0]
                    ).standardizedFileURL.path.dropFirst()
                    resolved = target.hasSuffix("/") || target.isEmpty ? target + "index.html" : String(target)
                    if parts[0].hasSuffix("/") { resolved = String(target) + "/index.html" }
                }
                guard let data = files[resolved] else {
                    problems.append("\(page): \(href) leads nowhere")
                    continue
                }
                if parts.count > 1, !parts[1].isEmpty {
                    let ids = identifiers[resolved] ?? Set(attributeValues(Array(data), named: "id"))
                    identifiers[resolved] = ids
                    if !ids.contains(parts[1]) { problems.append("\(page): \(href) names no element of \(resolved)") }
                }
            }
        }
        return problems
    }

    /// The values of every ` name="…"` in `html` (preceded by a space, tab or newline), in
    /// order, as written (entities not decoded).
    static func attributeValues(_ html: [UInt8], named name: String) -> [String] {
        let pattern = Array((name + "=\"").utf8)
        var values: [String] = []
        var index = 1
        while index + pattern.count <= html.count {
            let before = html[index - 1]
            guard html[index] == pattern[0], before == 0x20 || before == 0x09 || before == 0x0A,
                html[index..<index + pattern.count].elementsEqual(pattern)
            else {
                index += 1
                continue
            }
            let start = index + pattern.count
            guard let end = html[start...].firstIndex(of: UInt8(ascii: "\"")) else { break }
            values.append(String(decoding: html[start..<end], as: UTF8.self))
            index = end + 1
        }
        return values
    }
}
