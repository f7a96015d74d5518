import StrataCore

/// Judges `LAST_VERIFIED` dates: a page verified more than `staleAfterDays` before `asOf` is
/// stale. `asOf` is pinned (strata.yml, `--as-of`, `SOURCE_DATE_EPOCH`) for reproducible
/// builds, else today.
struct StalenessPolicy: Sendable {
    var asOf: CalendarDate
    var staleAfterDays: Int

    static let key = "last_verified"

    /// The day to measure against: the command line's, the configuration's, then
    /// `SOURCE_DATE_EPOCH` (the reproducible-builds convention), then today (UTC).
    static func asOf(option: CalendarDate?, config: GuidanceSettings, environment: [String: String], now: Int64)
        -> CalendarDate
    {
        if let option { return option }
        if let pinned = config.asOf { return pinned }
        if let epoch = environment["SOURCE_DATE_EPOCH"].flatMap({ Int64($0.trimmingWhitespace) }) {
            return CalendarDate(unixTime: epoch)
        }
        return CalendarDate(unixTime: now)
    }

    /// Marks every stale `LAST_VERIFIED` entry of the pages, with a warning at each, and a
    /// warning for a value that is no date.
    func apply(to pages: inout [SourcePage]) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for pageIndex in pages.indices {
            for index in pages[pageIndex].metadata.indices
            where pages[pageIndex].metadata[index].normalizedKey == Self.key {
                let entry = pages[pageIndex].metadata[index]
                guard let date = CalendarDate(parsing: entry.value) else {
                    diagnostics.append(
                        .warning(
                            "metadata.invalid-date",
                            "\(entry.key) must be a date written YYYY-MM-DD, found '\(entry.value)'", at: entry.location
                        ))
                    continue
                }
                let age = date.days(until: asOf)
                if age > staleAfterDays {
                    pages[pageIndex].metadata[index].isStale = true
                    diagnostics.append(
                        .warning(
                            "metadata.stale",
                            "\(entry.key) \(date) is \(age) days before \(asOf); pages are stale after "
                                + "\(staleAfterDays) days (guidance.stale_after); verify the page and update the date",
                            at: entry.location
                        ))
                } else if age < 0 {
                    diagnostics.append(
                        .warning(
                            "metadata.future-date",
                            "\(entry.key) \(date) is after \(asOf), the day this build is measured against",
                            at: entry.location))
                }
            }
        }
        return diagnostics
    }
}
