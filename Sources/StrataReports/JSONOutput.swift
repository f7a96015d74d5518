/// JSON written as it is produced, in exactly the bytes `StableJSON` (Foundation's
/// `JSONEncoder`, pretty, sorted keys, slashes unescaped) gives, without its reflection and
/// without a tree of values first: the module graph of a large app is written several times
/// faster this way, and graph.json keeps its bytes.
///
/// Keys are written in the order given, which must be `.sortedKeys`' order (by their UTF-8
/// bytes); debug builds check it.
struct JSONOutput {
    private(set) var bytes: [UInt8] = []
    /// For each open array or object, how many items it has so far.
    private var itemCounts: [Int] = []
    /// Whether a key was just written, so the next value is its value, not a new item.
    private var afterKey = false
    #if DEBUG
        /// The last key of each open object, to check the order.
        private var lastKeys: [String?] = []
    #endif

    init(capacity: Int = 4096) {
        bytes.reserveCapacity(capacity)
    }

    /// The document, with a final newline (added and taken off again, so the bytes are
    /// not copied first).
    mutating func text() -> String {
        bytes.append(0x0A)
        defer { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }

    mutating func object(_ body: (inout JSONOutput) -> Void) {
        open(0x7B)
        #if DEBUG
            lastKeys.append(nil)
        #endif
        body(&self)
        #if DEBUG
            lastKeys.removeLast()
        #endif
        close(0x7D)
    }

    mutating func array(_ body: (inout JSONOutput) -> Void) {
        open(0x5B)
        body(&self)
        close(0x5D)
    }

    /// Starts an entry of the open object; the next value written is its value.
    mutating func key(_ key: String) {
        #if DEBUG
            if let last = lastKeys.last, let previous = last {
                assert(
                    previous.utf8.lexicographicallyPrecedes(key.utf8),
                    "JSON keys out of order: '\(key)' after '\(previous)'")
            }
            if !lastKeys.isEmpty { lastKeys[lastKeys.count - 1] = key }
        #endif
        beginItem()
        Self.writeString(key, into: &bytes)
        bytes.append(0x20)
        bytes.append(0x3A)
        bytes.append(0x20)
        afterKey = true
    }

    mutating func string(_ text: String) {
        beginValue()
        Self.writeString(text, into: &bytes)
    }

    mutating func int(_ number: Int) {
        beginValue()
        bytes.append(contentsOf: String(number).utf8)
    }

    mutating func bool(_ flag: Bool) {
        beginValue()
        bytes.append(contentsOf: (flag ? "true" : "false").utf8)
    }

    /// An entry whose value is a string, left out when there is none (as `encodeIfPresent` does).
    mutating func entry(_ key: String, _ text: String?) {
        guard let text else { return }
        self.key(key)
        string(text)
    }

    /// An entry whose value is an array of strings.
    mutating func entry(_ key: String, strings: [String]) {
        self.key(key)
        array { output in
            for text in strings { output.string(text) }
        }
    }

    // MARK: Layout

    private mutating func beginValue() {
        if afterKey {
            afterKey = false
        } else if !itemCounts.isEmpty {
            beginItem()
        }
    }

    /// `,` and a newline after the previous item, then the item's indentation.
    private mutating func beginItem() {
        let last = itemCounts.count - 1
        if itemCounts[last] > 0 {
            bytes.append(0x2C)
            bytes.append(0x0A)
        }
        itemCounts[last] += 1
        pad(2 * itemCounts.count)
    }

    private mutating func open(_ bracket: UInt8) {
        beginValue()
        bytes.append(bracket)
        bytes.append(0x0A)
        itemCounts.append(0)
    }

    private mutating func close(_ bracket: UInt8) {
        itemCounts.removeLast()
        bytes.append(0x0A)
        pad(2 * itemCounts.count)
        bytes.append(bracket)
    }

    private mutating func pad(_ count: Int) {
        for _ in 0..<count { bytes.append(0x20) }
    }

    private static let hex: [UInt8] = Array("0123456789abcdef".utf8)

    private static func writeString(_ text: String, into output: inout [UInt8]) {
        output.append(0x22)
        var text = text
        // Runs of bytes that need no escape (most strings are one run) are copied whole.
        text.withUTF8 { bytes in
            var runStart = 0
            for (index, byte) in bytes.enumerated() where byte < 0x20 || byte == 0x22 || byte == 0x5C {
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                runStart = index + 1
                switch byte {
                case 0x22: output.append(contentsOf: [0x5C, 0x22])
                case 0x5C: output.append(contentsOf: [0x5C, 0x5C])
                case 0x0A: output.append(contentsOf: [0x5C, 0x6E])
                case 0x0D: output.append(contentsOf: [0x5C, 0x72])
                case 0x09: output.append(contentsOf: [0x5C, 0x74])
                case 0x08: output.append(contentsOf: [0x5C, 0x62])
                case 0x0C: output.append(contentsOf: [0x5C, 0x66])
                default: output.append(contentsOf: [0x5C, 0x75, 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]])
                }
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
        }
        output.append(0x22)
    }
}
