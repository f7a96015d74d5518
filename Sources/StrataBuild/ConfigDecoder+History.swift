import StrataCore

/// `history:` of `strata.yml`.
extension ConfigDecoder {
    /// `history:`: `commits: N` or `tags: N`, and `commit_url:`.
    mutating func decodeHistory(_ node: DataNode, at location: SourceLocation?) -> HistorySettings? {
        guard let pairs = mapping(node, "history") else { return nil }
        var points: [(HistorySettings.Points, SourceLocation?)] = []
        var commitURL: String?
        // A count written but refused has its own error: "needs commits or tags" would be noise.
        var countWritten = false
        for (key, pair) in named(pairs, in: "history") {
            switch key {
            case "commits", "tags":
                countWritten = true
                guard let text = string(pair.value, "history.\(key)") else { continue }
                guard let count = Int(text), (1...HistorySettings.maximumPoints).contains(count) else {
                    diagnostics.append(
                        .error(
                            "config.invalid-value",
                            "history.\(key) must be a whole number from 1 to \(HistorySettings.maximumPoints), "
                                + "found '\(text)'",
                            at: pair.value.location))
                    continue
                }
                points.append((key == "commits" ? .commits(count) : .tags(count), pair.key.location))
            case "commit_url", "commit-url":
                guard let text = string(pair.value, "history.commit_url") else { continue }
                guard text.contains("{commit}"), text.hasPrefix("https://") || text.hasPrefix("http://") else {
                    diagnostics.append(
                        .error(
                            "config.invalid-value",
                            "history.commit_url must be a web address with {commit} where a commit's id goes, "
                                + "such as https://github.com/acme/app/commit/{commit}",
                            at: pair.value.location))
                    continue
                }
                commitURL = text
            default: unknownKey(pair.key, known: ["commits", "tags", "commit_url"], in: "history")
            }
        }
        guard points.count <= 1 else {
            diagnostics.append(
                .error(
                    "config.invalid-value", "history: reads either the last commits or the last tags, not both",
                    at: points[1].1))
            return nil
        }
        guard let chosen = points.first else {
            if countWritten { return nil }
            diagnostics.append(
                .error(
                    "config.invalid-value",
                    "history: needs 'commits: N' (the last N commits of the branch) or 'tags: N' (the last N tags)",
                    at: location))
            return nil
        }
        return HistorySettings(points: chosen.0, commitURL: commitURL, location: location)
    }
}
