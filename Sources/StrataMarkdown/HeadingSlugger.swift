/// Makes GitHub-style heading ids ("Getting started!" → `getting-started`) and keeps them
/// unique within a page by appending `-1`, `-2`, … as GitHub does.
struct HeadingSlugger {
    private var used: Set<String> = []
    /// For each base, the last counter tried: 20,000 headings alike tried 1, 2, 3… each time
    /// (65 s); now each number is tried once.
    private var lastCounter: [String: Int] = [:]

    static func slug(_ text: String) -> String {
        var slug = ""
        for scalar in text.lowercased().unicodeScalars {
            let properties = scalar.properties
            if properties.isAlphabetic || properties.numericType != nil || scalar == "_" || scalar == "-"
                || properties.generalCategory == .nonspacingMark || properties.generalCategory == .spacingMark
            {
                slug.unicodeScalars.append(scalar)
            } else if scalar == " " {
                slug += "-"
            }
        }
        return slug
    }

    /// Reserves an id that is not written as a heading (so headings avoid it).
    mutating func reserve(_ id: String) {
        used.insert(id)
    }

    mutating func uniqueSlug(for text: String) -> String {
        var base = Self.slug(text)
        if base.isEmpty { base = "section" }
        var candidate = base
        var counter = lastCounter[base] ?? 0
        while used.contains(candidate) {
            counter += 1
            candidate = "\(base)-\(counter)"
        }
        if counter > 0 { lastCounter[base] = counter }
        used.insert(candidate)
        return candidate
    }
}
