import Foundation

/// The distinct terms of a run of records, each stored once with the records that hold it
/// in their title and in their text: an open-addressing table over the terms' bytes, so
/// indexing a word costs one hash of its bytes, not a `String`, a `Set` and a `Dictionary`
/// entry for every occurrence.
struct SearchTermTable: Sendable {
    /// Every term's UTF-8, one after another; term `n` is `bytes[starts[n] ..< starts[n + 1]]`.
    private var bytes: [UInt8] = []
    private var starts: [Int] = [0]
    private var hashes: [UInt64] = []
    /// Term numbers by hash, `-1` where empty; a power of two long, at most half full.
    private var slots: [Int32]
    /// The records whose title holds each term, and those whose text does but not the title.
    private(set) var titles: [[Int]] = []
    private(set) var bodies: [[Int]] = []
    /// The last record each term was added for, so a term repeated in a record counts once.
    private var lastTitle: [Int] = []
    private var lastBody: [Int] = []
    /// The numbers of the terms of each shard (see `shard(ofFirstByte:)`).
    private var shardTerms: [[Int32]] = Array(repeating: [], count: shardCount)

    init(expectedTerms: Int = 1024) {
        var capacity = 16
        while capacity < expectedTerms * 2 { capacity *= 2 }
        slots = Array(repeating: -1, count: capacity)
    }

    var count: Int { hashes.count }

    /// The UTF-8 of term `number`.
    func term(_ number: Int) -> ArraySlice<UInt8> { bytes[starts[number]..<starts[number + 1]] }

    /// Notes that record `record` holds `term` in its title. Records are added in ascending order.
    mutating func addTitle(_ term: UnsafeBufferPointer<UInt8>, record: Int) {
        let number = self.number(of: term)
        guard lastTitle[number] != record else { return }
        lastTitle[number] = record
        titles[number].append(record)
    }

    /// Notes that record `record` holds `term` in its text; a term of its title is not repeated.
    mutating func addBody(_ term: UnsafeBufferPointer<UInt8>, record: Int) {
        let number = self.number(of: term)
        guard lastTitle[number] != record, lastBody[number] != record else { return }
        lastBody[number] = record
        bodies[number].append(record)
    }

    /// Adds the postings of `other`'s terms in `shard`, for records after every record
    /// already here.
    mutating func append(_ other: SearchTermTable, shard: Int) {
        for number in other.terms(inShard: shard) { append(other, term: Int(number)) }
    }

    private mutating func append(_ other: SearchTermTable, term number: Int) {
        let own = other.term(number).withUnsafeBufferPointer { self.number(of: $0) }
        titles[own] += other.titles[number]
        bodies[own] += other.bodies[number]
    }

    /// Terms are sharded by their first byte so that every term of a shard sorts, in
    /// script order, before every term of the next: one shard per digit and per letter
    /// (terms are folded to lower case), and one for every term that starts beyond ASCII.
    static let shardCount = 37

    /// The shard of a term starting with `byte`.
    static func shard(ofFirstByte byte: UInt8) -> Int {
        // Terms are folded letters and digits; another ASCII byte joins the shard it sorts
        // next to, and the shard's own sort puts it in its place.
        switch byte {
        case ..<0x30: 0
        case 0x30...0x39: Int(byte - 0x30)
        case 0x3A..<0x61: 9
        case 0x61...0x7A: 10 + Int(byte - 0x61)
        case 0x7B..<0x80: 35
        default: 36
        }
    }

    /// The numbers of the terms in `shard`, in the order they were added.
    func terms(inShard shard: Int) -> [Int32] {
        shardTerms[shard]
    }

    func count(inShard shard: Int) -> Int {
        shardTerms[shard].count
    }

    /// The term's number, added if new.
    private mutating func number(of term: UnsafeBufferPointer<UInt8>) -> Int {
        let hash = Self.hash(term)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let found = Int(slots[slot])
            if found < 0 { break }
            if hashes[found] == hash, sameBytes(found, term) { return found }
            slot = (slot + 1) & mask
        }
        let number = hashes.count
        bytes.append(contentsOf: term)
        starts.append(bytes.count)
        hashes.append(hash)
        titles.append([])
        bodies.append([])
        lastTitle.append(-1)
        lastBody.append(-1)
        shardTerms[Self.shard(ofFirstByte: term.first ?? 0)].append(Int32(number))
        slots[slot] = Int32(number)
        if hashes.count * 2 > slots.count { grow() }
        return number
    }

    /// Whether term `number` is `term`, byte for byte: terms are short, so a loop over
    /// words rather than a call to `memcmp`.
    private func sameBytes(_ number: Int, _ term: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = starts[number]
        let count = starts[number + 1] - start
        guard count == term.count else { return false }
        guard count > 0 else { return true }
        guard let other = term.baseAddress else { return false }
        return bytes.withUnsafeBufferPointer { all in
            guard let base = all.baseAddress else { return false }
            let own = base + start
            var offset = 0
            while offset + 8 <= count {
                guard
                    UnsafeRawPointer(own + offset).loadUnaligned(as: UInt64.self)
                        == UnsafeRawPointer(other + offset).loadUnaligned(as: UInt64.self)
                else { return false }
                offset += 8
            }
            while offset < count {
                guard own[offset] == other[offset] else { return false }
                offset += 1
            }
            return true
        }
    }

    private mutating func grow() {
        slots = Array(repeating: -1, count: slots.count * 2)
        let mask = slots.count - 1
        for (number, hash) in hashes.enumerated() {
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(number)
        }
    }

    /// Eight bytes at a time, each word mixed in with a multiplication, so the low bits,
    /// which pick the slot, depend on every byte.
    @inline(__always)
    static func hash(_ term: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash = UInt64(term.count) &* 0x9E37_79B9_7F4A_7C15
        guard let base = term.baseAddress else { return hash }
        var offset = 0
        while offset + 8 <= term.count {
            hash = (hash ^ UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self)) &* 0xBF58_476D_1CE4_E5B9
            hash ^= hash >> 31
            offset += 8
        }
        if offset < term.count {
            var tail: UInt64 = 0
            for index in offset..<term.count { tail |= UInt64(base[index]) << (8 * UInt64(index - offset)) }
            hash = (hash ^ tail) &* 0xBF58_476D_1CE4_E5B9
        }
        hash ^= hash >> 29
        hash &*= 0x94D0_49BB_1331_11EB
        return hash ^ (hash >> 32)
    }

    /// The term numbers in JavaScript's string order (UTF-16 code units), which the script
    /// bisects. UTF-8's byte order is code point order; UTF-16 differs only in putting
    /// U+E000–U+FFFF (lead bytes EE and EF) after the characters beyond U+FFFF (lead bytes
    /// F0–F4), so those two lead bytes are ranked last.
    func numbersInScriptOrder() -> [Int] {
        bytes.withUnsafeBufferPointer { all in
            (0..<count).sorted { left, right in
                let a = UnsafeBufferPointer(rebasing: all[starts[left]..<starts[left + 1]])
                let b = UnsafeBufferPointer(rebasing: all[starts[right]..<starts[right + 1]])
                for index in 0..<min(a.count, b.count) where a[index] != b[index] {
                    return Self.rank(a[index]) < Self.rank(b[index])
                }
                return a.count < b.count
            }
        }
    }

    private static func rank(_ byte: UInt8) -> UInt16 {
        byte == 0xEE || byte == 0xEF ? UInt16(byte) + 0x10 : UInt16(byte)
    }
}
