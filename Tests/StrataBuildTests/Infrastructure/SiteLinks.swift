import Foundation

/// Follows every relative `href` of a built site's pages: each must lead to a file of the
/// site and, with a `#fragment`, to an element with that id.
enum SiteLinks {
    static func broken(in files: [String: Data], pages: [String]? = nil) -> [String] {
        var problems: [String] = []
        let checked = pages ?? files.keys.filter { $0.hasSuffix(".html") && $0 != "404.html" }.sorted()
        for page in checked {
            let html = String(decoding: files[page] ?? Data(), as: UTF8.self)
            let folder = (page as NSString).deletingLastPathComponent
            var rest = html[...]
            while let range = rest.range(of: "href=\"") {
                rest = rest[range.upperBound...]
                guard let end = rest.firstIndex(of: "\"") else { break }
                let href = String(rest[..<end]).replacingOccurrences(of: "&amp;", with: "&")
                rest = rest[end...]
                // Site-absolute URLs (the canonical link) depend on where the site is published.
                guard !href.isEmpty, !href.contains("://"), !href.hasPrefix("mailto:"), !href.hasPrefix("/") else { continue }
                let parts = href.components(separatedBy: "#")
                var resolved = page
                if !parts[0].isEmpty {
                    let target = URL(fileURLWithPath: "/" + folder).appendingPathComponent(parts[0].removingPercentEncoding ?? parts[0]).standardizedFileURL.path.dropFirst()
                    resolved = target.hasSuffix("/") || target.isEmpty ? target + "index.html" : String(target)
                    if parts[0].hasSuffix("/") { resolved = String(target) + "/index.html" }
                }
                guard let data = files[resolved] else {
                    problems.append("\(page): \(href) leads nowhere")
                    continue
                }
                if parts.count > 1, !parts[1].isEmpty {
                    let targetHTML = String(decoding: data, as: UTF8.self)
                    if !targetHTML.contains("id=\"\(parts[1])\"") { problems.append("\(page): \(href) names no element of \(resolved)") }
                }
            }
        }
        return problems
    }
}
