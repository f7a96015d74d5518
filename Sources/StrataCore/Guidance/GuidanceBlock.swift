/// One guidance block: a check (CHECK with IF/THEN pairs), an anti-pattern (ANTI_PATTERN
/// with its FIX), a rule (`RULE:`, or one rule of a rule set), or a stand-alone reading list
/// (READ_ALSO), with where it was written.
public struct GuidanceBlock: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        case check
        case antiPattern = "anti-pattern"
        case rule
        case readAlso = "read-also"

        /// How pages, callouts and exports name the kind.
        public var label: String {
            switch self {
            case .check: "Check"
            case .antiPattern: "Anti-pattern"
            case .rule: "Rule"
            case .readAlso: "Read also"
            }
        }
    }

    /// One IF and the THEN that answers it.
    public struct Condition: Hashable, Sendable {
        public var condition: String
        public var action: String?

        public init(condition: String, action: String? = nil) {
            self.condition = condition
            self.action = action
        }
    }

    /// A READ_ALSO target as written, with its place.
    public struct Reference: Hashable, Sendable {
        public var target: String
        public var location: SourceLocation

        public init(target: String, location: SourceLocation) {
            self.target = target
            self.location = location
        }
    }

    /// A fenced or indented code block that directly follows the block on its page (or,
    /// with `EXAMPLE: above`, directly precedes it), with its verdict when it has one.
    public struct Example: Hashable, Sendable {
        public var language: String?
        public var code: String
        /// Good, bad or ok, from a label before the code, its first comment line or its
        /// fence's info string; nil when nothing says.
        public var verdict: ExampleVerdict?
        /// The label's words besides the verdict ("Owning a view model").
        public var caption: String?

        public init(language: String?, code: String, verdict: ExampleVerdict? = nil, caption: String? = nil) {
            self.language = language
            self.code = code
            self.verdict = verdict
            self.caption = caption
        }
    }

    public var id: String
    /// Whether `id` was written (`ID:`) rather than derived.
    public var hasExplicitID: Bool
    public var kind: Kind
    /// CHECK's situation, ANTI_PATTERN's text, or the rule's statement.
    public var summary: String
    /// The IF/THEN pairs of a check.
    public var conditions: [Condition]
    /// FIX of an anti-pattern.
    public var fix: String?
    public var readAlso: [Reference]
    /// `APPLIES_TO:` names (layers or modules), as written.
    public var appliesTo: [String]
    /// `ENFORCED_BY:` rule ids of strata.yml, as written.
    public var enforcedBy: [String] = []
    public var examples: [Example]
    /// Where the block starts.
    public var location: SourceLocation
    /// The heading the block sits under, if any (text and anchor id).
    public var heading: Heading?

    public init(
        id: String, hasExplicitID: Bool = false, kind: Kind, summary: String, conditions: [Condition] = [], fix: String? = nil,
        readAlso: [Reference] = [], appliesTo: [String] = [], examples: [Example] = [], location: SourceLocation, heading: Heading? = nil
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
