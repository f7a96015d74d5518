import StrataCore

/// A callout drawn from its block's parts: a header with the kind and the id as a small
/// permalink, the summary as title, IF/THEN (or FIX) rows, applies-to chips, READ_ALSO
/// links and the labelled examples. Used when the block's nodes hold nothing else.
struct CalloutHTML {
    let highlighter: (any CodeHighlighter)?

    func render(_ callout: GuidanceCallout) -> String {
        let block = callout.block
        let kind = block.kind.rawValue
        var html = "<div class=\"guidance-callout guidance-\(kind) guidance-drawn\" id=\"\(escape(callout.anchor))\">\n"
        html +=
            "<p class=\"guidance-callout-header\"><span class=\"guidance-kind "
            + "guidance-kind-\(kind)\">\(block.kind.label)</span>"
        if let permalink = callout.permalink {
            html +=
                "<a class=\"guidance-permalink\" href=\"\(escape(permalink))\" title=\"The page of this "
                + "\(block.kind.label.lowercased()): \(escape(block.id))\">\(escape(block.id))</a>"
        }
        html += "</p>\n"
        if block.kind != .readAlso {
            html += "<p class=\"guidance-callout-title\">\(inline(block.summary, callout))</p>\n"
        }
        var rows: [(String, String, String)] = []
        for condition in block.conditions {
            rows.append(("If", "guidance-if", condition.condition))
            if let action = condition.action { rows.append(("Then", "guidance-then", action)) }
        }
        if let fix = block.fix { rows.append(("Fix", "guidance-fix", fix)) }
        if !rows.isEmpty {
            html += "<dl class=\"guidance-callout-parts\">\n"
            for (keyword, className, text) in rows {
                html +=
                    "<div class=\"guidance-part "
                    + "\(className)\"><dt>\(keyword)</dt><dd>\(inline(text, callout))</dd></div>\n"
            }
            html += "</dl>\n"
        }
        if !callout.links.isEmpty {
            let items = callout.links.map { link in
                guard let href = link.href else {
                    return "<li><span class=\"guidance-link-broken\">\(escape(link.target))</span></li>"
                }
                return "<li><a href=\"\(escape(URLSafety.safe(href)))\">\(escape(link.title))</a></li>"
            }
            let label = block.kind == .readAlso ? "" : "<span class=\"guidance-links-label\">Read also</span>"
            html += "<div class=\"guidance-callout-links\">\(label)<ul>\(items.joined())</ul></div>\n"
        }
        if !callout.scopes.isEmpty {
            let chips = callout.scopes.map { scope in
                scope.href.map { "<li><a class=\"chip\" href=\"\(escape($0))\">\(escape(scope.name))</a></li>" }
                    ?? "<li><span class=\"chip\">\(escape(scope.name))</span></li>"
            }
            html +=
                "<ul class=\"guidance-chips\" aria-label=\"Applies to\"><li class=\"guidance-chips-label\">Applies "
                + "to</li>\(chips.joined())</ul>\n"
        }
        if !callout.enforcement.isEmpty {
            let rules = callout.enforcement.map { rule in
                let status =
                    rule.isOff
                    ? "<span class=\"status status-off\">off</span>"
                    : rule.violations == 0
                        ? "<span class=\"status status-holds\">holds</span>"
                        : "<span class=\"status status-broken\">\(rule.violations) "
                            + "violation\(rule.violations == 1 ? "" : "s")</span>"
                return "<code>\(escape(rule.rule))</code> \(status)"
            }
            let target = callout.permalink.map { " href=\"\(escape($0))#enforced-by\"" } ?? ""
            html +=
                "<p class=\"guidance-callout-enforced\"><a\(target)>Enforced by</a> "
                + "\(rules.joined(separator: ", "))</p>\n"
        }
        for example in block.examples {
            html += ExampleHTML.render(example, highlighter: highlighter)
        }
        return html + "</div>\n"
    }

    /// A part's text: code spans as code, links to where they lead from the page.
    private func inline(_ text: String, _ callout: GuidanceCallout, depth: Int = 0) -> String {
        guard depth < InlineMarkup.maximumLinkNesting else { return escape(text) }
        return InlineMarkup.segments(text).map { segment in
            switch segment {
            case .text(let value):
                escape(value)
            case .code(let value):
                "<code>" + escape(value) + "</code>"
            case .link(let label, let destination):
                "<a href=\"\(escape(URLSafety.safe(callout.textLinks[destination] ?? destination)))\">"
                    + inline(label, callout, depth: depth + 1) + "</a>"
            }
        }.joined()
    }

    private func escape(_ text: String) -> String {
        HTMLEscaping.escape(text)
    }
}
