import StrataCore
import StrataTemplates

/// The history page: the architecture's trend over the points `history:` reads (modules,
/// dependencies, violations per rule), and since which commit each current violation has
/// been there.
extension ArchitecturePages {
    func historyPage(_ history: ArchitectureHistory, _ inputs: PageInputs) throws -> Page {
        let path = ArchitectureSiteMap.historyPath
        let points = history.points
        let names = points.map { point in
            ([point.commit.label] + [point.commit.date]).joined(separator: " · ")
        }
        let labels = Dictionary(
            uniqueKeysWithValues: TrendChart.labelledIndices(
                count: points.count, preferred: points.indices.filter { !points[$0].commit.tags.isEmpty }
            ).map { ($0, points[$0].commit.label) })
        let growth = TrendChart(
            title: "Modules and dependencies at each point", pointNames: names, axisLabels: labels,
            series: [
                .init(name: "modules", tone: 0, values: points.map { $0.counts?.modules }),
                .init(name: "dependencies", tone: 4, values: points.map { $0.counts?.dependencies })
            ])
        let rules = history.rulesViolated
        var violationSeries: [TrendChart.Series] = rules.enumerated().map { index, rule in
            TrendChart.Series(
                name: rule, tone: index + 1, values: points.map { $0.counts.map { $0.violationsByRule[rule] ?? 0 } })
        }
        if rules.isEmpty {
            violationSeries.append(.init(name: "violations", tone: 1, values: points.map { $0.counts?.violations }))
        }
        let violations = TrendChart(
            title: "Violations by rule at each point, stacked (the top edge is the total)", pointNames: names,
            axisLabels: labels, series: violationSeries, isStacked: true)
        let charts: [TemplateValue] = [
            chartValue(growth, id: "history-growth"), chartValue(violations, id: "history-violations")
        ]
        let values: TemplateObject = [
            "summary": .text(summary(of: history)),
            "charts": .list(charts),
            "hasCurrent": .bool(!report.violations.isEmpty),
            "current": .list(report.violations.map { .object(introductionValue($0, history, from: path)) }),
            "points": .list(points.reversed().map { .object(pointValue($0, history.settings)) })
        ]
        return Page(
            sourcePath: "", outputPath: path, title: ArchitectureSiteMap.historyTitle,
            description: "How the architecture changed over the last commits: modules, dependencies and violations.",
            weight: 1002,
            headings: [
                Heading(level: 2, text: "Since when", id: "since-when", location: SourceLocation(path: "strata.yml")),
                Heading(level: 2, text: "Points read", id: "points", location: SourceLocation(path: "strata.yml"))
            ],
            contentHTML: try inputs.render(values, template: "history")
        )
    }

    private func summary(of history: ArchitectureHistory) -> String {
        let points = history.points
        guard let first = points.first, let last = points.last else { return "No commit was read." }
        let what =
            switch history.settings.points {
            case .commits: points.count == 1 ? "the last commit" : "the last \(points.count) commits"
            case .tags: points.count == 1 ? "the last tag" : "the last \(points.count) tags"
            }
        let unread = points.filter { $0.counts == nil }.count
        let range =
            points.count == 1
            ? "\(first.commit.label), \(first.commit.date)"
            : "\(first.commit.label), \(first.commit.date), to \(last.commit.label), \(last.commit.date)"
        return "The architecture at \(what) (\(range)), each judged by today's strata.yml, so the lines show "
            + "what the code did rather than what the rules said then."
            + (unread == 0 ? "" : " \(unread) of them had no architecture to read: the table says why.")
    }

    private func chartValue(_ chart: TrendChart, id: String) -> TemplateValue {
        .object([
            "id": .text(id), "title": .text(chart.title), "svg": .text(chart.svg()),
            "legend": .list(
                chart.series.map { series in
                    .object([
                        "name": .text(series.name), "tone": .text("tone-\(series.tone % ArchitectureModel.toneCount)"),
                        "isTotal": .bool(series.isTotal)
                    ])
                })
        ])
    }

    private func commitValue(_ commit: ArchitectureHistory.Commit, _ settings: HistorySettings) -> TemplateObject {
        var values: TemplateObject = [
            "id": .text(commit.id), "shortID": .text(commit.shortID), "date": .text(commit.date),
            "subject": .text(commit.subject), "hasTags": .bool(!commit.tags.isEmpty),
            "tags": .text(commit.tags.joined(separator: ", "))
        ]
        // Set on every commit, linked or not: a missing key would be looked up in the
        // enclosing values (a violation's own link).
        let link = settings.link(to: commit.id)
        values["hasLink"] = .bool(link != nil)
        values["link"] = .text(link ?? "")
        return values
    }

    private func introductionValue(_ violation: Violation, _ history: ArchitectureHistory, from path: String)
        -> TemplateObject
    {
        var values: TemplateObject = [
            "severity": .text(violation.severity.rawValue), "ruleID": .text(violation.ruleID),
            "message": .text(violation.message),
            "href": .text(
                SitePath.relativeURL(from: path, to: ArchitectureSiteMap.violationsPath) + "#" + violation.ruleID)
        ]
        switch history.introduction(of: CheckReport.entry(for: violation)) {
        case .introduced(let commit):
            values["introduced"] = .object(commitValue(commit, history.settings))
        case .atOrBefore(let commit):
            values["older"] = .object(commitValue(commit, history.settings))
        case .uncommitted:
            values["uncommitted"] = .bool(true)
        case nil:
            values["unknown"] = .bool(true)
        }
        return values
    }

    private func pointValue(_ point: ArchitectureHistory.Point, _ settings: HistorySettings) -> TemplateObject {
        var values: TemplateObject = ["commit": .object(commitValue(point.commit, settings))]
        switch point.reading {
        case .read(let counts, _):
            values["counts"] = .object([
                "modules": .number(counts.modules), "dependencies": .number(counts.dependencies),
                "violations": .number(counts.violations)
            ])
        case .missing:
            values["missing"] = .bool(true)
        case .unreadable(let reason):
            values["unreadable"] = .text(reason)
        }
        return values
    }
}
