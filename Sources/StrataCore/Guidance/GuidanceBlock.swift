/// One guidance block: a check (CHECK with IF/THEN pairs), an anti-pattern (ANTI_PATTERN
/// with its FIX), a rule (`RULE:`, or one rule of a rule set), or a stand-alone reading list
/// (READ_ALSO), with where it was written.
package struct GuidanceBlock: Hashable, Sendable {
    package enum Kind: String, Hashable, Sendable, CaseIterable {
        case check
        case antiPattern = "anti-pattern"
        case rule
        case readAlso = "read-also"

        /// How pages, callouts and exports name the kind.
        package var label: String {
            switch self {
            case .check: "Check"
            case .antiPattern: "Anti-pattern"
            case .rule: "Rule"
            case .readAlso: "Read also"
            }
        }
    }

    /// One IF and the THEN that answers it.
    package struct Condition: Hashable, Sendable {
        package var condition: String
        package var action: String?

        package init(condition: String, action: String? = nil) {
            self.condition = condition
            self.action = action
        }
    }

    /// A READ_ALSO target as written, with its place.
    package struct Reference: Hashable, Sendable {
        package var target: String
        package var location: SourceLocation

        package init(target: String, location: SourceLocation) {
            self.target = target
            self.location = location
        }
    }

    /// A fenced or indented code block that directly follows the block on its page (or,
    /// with `EXAMPLE: above`, directly precedes it), with its verdict when it has one.
    package struct Example: Hashable, Sendable {
        package var language: String?
        package var code: String
        /// Good, bad or ok, from a label before the code, its first comment line or its
        /// fence's info string; nil when nothing says.
        package var verdict: ExampleVerdict?
        /// The label's words besides the verdict ("Owning a view model").
        package var caption: String?

        package init(language: String?, code: String, verdict: ExampleVerdict? = nil, caption: String? = nil) {
            self.language = language
            self.code = code
            self.verdict = verdict
            self.caption = caption
        }
    }

    package var id: String
    /// Whether `id` was written (`ID:`) rather than derived.
    package var hasExplicitID: Bool
    package var kind: Kind
    /// CHECK's situation, ANTI_PATTERN's text, or the rule's statement.
    package var summary: String
    /// The IF/THEN pairs of a check.
    package var conditions: [Condition]
    /// FIX of an anti-pattern.
    package var fix: String?
    package var readAlso: [Reference]
    /// `APPLIES_TO:` names (layers or modules), as written.
    package var appliesTo: [String]
    /// `ENFORCED_BY:` rule ids of strata.yml, as written.
    package var enforcedBy: [String] = []
    package var examples: [Example]
    /// Where the block starts.
    package var location: SourceLocation
    /// The heading the block sits under, if any (text and anchor id).
    package var heading: Heading?

    package init(
        id: String, hasExplicitID: Bool = false, kind: Kind, summary: String, conditions: [Condition] = [],
        fix: String? = nil,
        readAlso: [Reference] = [], appliesTo: [String] = [], examples: [Example] = [], location: SourceLocation,
        heading: Heading? = nil
    ) {
        self.id = id
        self.hasExplicitID = hasExplicitID
        self.kind = kind
        self.summary = summary
        self.conditions = conditions
        self.fix = fix
        self.readAlso = readAlso
        self.appliesTo = appliesTo
        self.examples = examples
        self.location = location
        self.heading = heading
    }
}
