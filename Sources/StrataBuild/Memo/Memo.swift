import Foundation

/// What one item's result depends on. A remembered result is reused only while the
/// fingerprint of the item's inputs matches the one it was computed under.
protocol MemoFingerprint: Sendable {
    /// Whether a result computed under `previous` is the result these inputs give.
    func matches(_ previous: Self) -> Bool
    /// Whether a result computed under this fingerprint may be kept: a file changed too
    /// recently for a later change to be sure to change its stamp is read again next time.
    func isKeepable(settleTime: Int64) -> Bool
}

extension MemoFingerprint {
    func isKeepable(settleTime: Int64) -> Bool { true }
}

/// One stage's per-item results kept from one build to the next in the same process
/// (`strata serve`), by item key, each with the fingerprint it was computed under. An item
/// no build asked for is dropped when the build ends, so the memo never holds removed files.
final class Memo<Fingerprint: MemoFingerprint, Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [String: (fingerprint: Fingerprint, value: Value)] = [:]
    private var seen: Set<String> = []
    private let settleTime: Int64
    /// Items computed (not reused) since the build began.
    private(set) var computedCount = 0

    init(settleTime: Int64) {
        self.settleTime = settleTime
    }

    /// The remembered value when `fingerprint` matches its own, else `compute()`, kept for
    /// next time under `keeping` (by default `fingerprint`; a lookup may leave out what it
    /// knows is unchanged, which the kept fingerprint must then say). A nil fingerprint (the
    /// inputs could not be looked at) always computes.
    func value(
        for key: String, fingerprint: Fingerprint?, keeping: (() -> Fingerprint?)? = nil, compute: () throws -> Value
    ) rethrows -> Value {
        let previous = lock.withLock { () -> Value? in
            seen.insert(key)
            guard let fingerprint, let entry = entries[key], fingerprint.matches(entry.fingerprint) else { return nil }
            return entry.value
        }
        if let previous { return previous }
        let value = try compute()
        let kept = keeping.map { $0() } ?? fingerprint
        lock.withLock {
            computedCount += 1
            if let kept, kept.isKeepable(settleTime: settleTime) {
                entries[key] = (kept, value)
            } else {
                entries.removeValue(forKey: key)
            }
        }
        return value
    }

    func beginBuild() {
        lock.withLock {
            seen = []
            computedCount = 0
        }
    }

    /// Drops the items this build did not ask for.
    func endBuild() {
        lock.withLock { entries = entries.filter { seen.contains($0.key) } }
    }
}

/// How a stage gets each item's result: computed, in a one-off build, or through a memo
/// (`strata serve`). The stage is written once, against this; which one it gets is decided
/// by whoever runs it, so caching wraps the stage from outside.
struct ItemCache<Fingerprint: MemoFingerprint, Value: Sendable>: Sendable {
    private let memo: Memo<Fingerprint, Value>?

    /// Every item computed.
    static var none: ItemCache { ItemCache(memo: nil) }

    init(_ memo: Memo<Fingerprint, Value>) {
        self.memo = memo
    }

    private init(memo: Memo<Fingerprint, Value>?) {
        self.memo = memo
    }

    /// `fingerprint` is only asked for when there is a memo: a one-off build never looks
    /// at what it would not reuse.
    func value(
        for key: String, fingerprint: () -> Fingerprint?, keeping: (() -> Fingerprint?)? = nil,
        compute: () throws -> Value
    ) rethrows -> Value {
        guard let memo else { return try compute() }
        return try memo.value(for: key, fingerprint: fingerprint(), keeping: keeping, compute: compute)
    }
}

/// The value the first caller makes, for every caller after it (on any thread).
final class FirstValue<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var made: Value?

    func value(_ make: () -> Value) -> Value {
        lock.withLock {
            if let made { return made }
            let value = make()
            made = value
            return value
        }
    }
}
