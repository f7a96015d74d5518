import StrataCore

/// Writes the search index as `search-index.js`: a script, not JSON, so a page opened from
/// disk (`file://`, where browsers refuse `fetch`) can load it with a `<script>` tag.
///
/// It holds two things. `docs`: one array per record, `[kind, title, path, context, excerpt]`
/// (a section's path is its `#id`, and its context the number of its page's record;
/// a module adds the modules it uses and is used by, as record numbers or names; a type the
/// types it names and what references it, as names). And
/// `terms`: every term, sorted, each with the records whose title holds it and those whose
/// text holds it, as `term title body|term title body|…`. Record numbers in a list are
/// ascending and written as gaps (the first as itself, each next one as the gap minus one)
/// in a variable-length base-32 code: a digit is `0-9a-v` when it is a number's last and
/// `w-zA-Z` plus `$_` otherwise, most significant first. So the index stays a few percent of
/// the site, and the theme's script reads it without a JSON parser for every term.
struct SearchIndexWriter: Sendable {
    /// Where the index is written in the site.
    static let path = "search-index.js"
    static let formatVersion = 1

    static let digits = Array("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ$_".utf8)

    func write(_ records: [SearchRecord]) -> String {
        var out = "window.strataSearchIndex = {\"version\":\(Self.formatVersion),\"docs\":[\n"
        let moduleRecord = Dictionary(
            records.enumerated().filter { $0.element.kind == .module }.map { ($0.element.title, $0.offset) },
            uniquingKeysWith: { first, _ in first }
        )
        // Each record's entry on every core; they are joined in record order.
        let entries = ParallelMap.map(Array(records.enumerated())) { number, record -> String in
            var entry = number == 0 ? "[" : ",\n["
            entry += "\(record.kind.rawValue),\(JSONString.quote(record.title)),"
            if record.kind == .section, let parent = record.parent, let hash = record.path.lastIndex(of: "#") {
                entry += "\(JSONString.quote(String(record.path[hash...]))),\(parent)"
            } else {
                entry += "\(JSONString.quote(Self.href(record.path))),\(JSONString.quote(record.context))"
            }
            entry += "," + JSONString.quote(record.excerpt)
            if record.kind == .module {
                let names = { (list: [String]) in
                    list.map { moduleRecord[$0].map(String.init) ?? JSONString.quote($0) }.joined(separator: ",")
                }
                entry += ",[\(names(record.uses))],[\(names(record.usedBy))]"
            } else if record.kind == .type {
                let names = { (list: [String]) in list.map(JSONString.quote).joined(separator: ",") }
                entry += ",[\(names(record.uses))],[\(names(record.usedBy))]"
            }
            return entry + "]"
        }
        out += entries.joined()
        out += "\n],\"terms\":\""
        out += encodedTerms(records)
        out += "\"};\n"
        return out
    }

    /// A record's path as a URL: its page's path encoded, and its `#fragment` (a type's
    /// row on its component's page) encoded on its own.
    static func href(_ path: String) -> String {
        guard let hash = path.firstIndex(of: "#") else { return SitePath.urlPath(path) }
        return SitePath.urlPath(String(path[..<hash])) + "#"
            + SitePath.percentEncode(String(path[path.index(after: hash)...]))
    }

    /// `term title body|…`, sorted as JavaScript sorts strings (by UTF-16 code units), so
    /// the script can search it by bisection.
    func encodedTerms(_ records: [SearchRecord]) -> String {
        // Runs of records are read on every core, each into a table of its own; the tables
        // are then joined in record order, a few thousand terms each instead of every
        // term of every record.
        let runLength = max(64, records.count / 32)
        let runs = stride(from: 0, to: records.count, by: runLength).map { $0..<min($0 + runLength, records.count) }
        let tables = ParallelMap.map(runs) { run -> SearchTermTable in
            var table = SearchTermTable()
            for number in run {
                let record = records[number]
                SearchTokenizer.forEachTerm(in: record.title) { table.addTitle($0, record: number) }
                SearchTokenizer.forEachTerm(in: record.text) { table.addBody($0, record: number) }
                SearchTokenizer.forEachTerm(in: record.context) { table.addBody($0, record: number) }
            }
            return table
        }
        // The terms are joined, sorted and written by shard, a shard being the terms of one
        // first byte in script order: every term of a shard sorts before every term of the
        // next, so the shards are made on every core and only put end to end.
        let shards = ParallelMap.map(Array(0..<SearchTermTable.shardCount)) { shard -> [UInt8] in
            var all = SearchTermTable(expectedTerms: tables.reduce(0) { max($0, $1.count(inShard: shard)) })
            for table in tables { all.append(table, shard: shard) }
            // Bytes, not text: the lists run to a million digits on a large site.
            var out: [UInt8] = []
            for number in all.numbersInScriptOrder() {
                out.append(UInt8(ascii: "|"))
                out.append(contentsOf: all.term(number))
                out.append(UInt8(ascii: " "))
                Self.encode(all.titles[number], into: &out)
                out.append(UInt8(ascii: " "))
                Self.encode(all.bodies[number], into: &out)
            }
            return out
        }
        var out: [UInt8] = []
        out.reserveCapacity(shards.reduce(0) { $0 + $1.count })
        for shard in shards { out.append(contentsOf: shard) }
        return String(decoding: out.dropFirst(), as: UTF8.self)
    }

    /// Ascending numbers as gaps in the variable-length code described above.
    static func encode(_ numbers: [Int]) -> String {
        var out: [UInt8] = []
        encode(numbers, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    static func encode(_ numbers: [Int], into out: inout [UInt8]) {
        var previous = -1
        for number in numbers {
            let value = previous < 0 ? number : number - previous - 1
            previous = number
            // Digits most significant first: count them, then fill from the end.
            var length = 1
            var rest = value / 32
            while rest > 0 {
                length += 1
                rest /= 32
            }
            let start = out.count
            out.append(contentsOf: repeatElement(0, count: length))
            var remaining = value
            out[start + length - 1] = digits[remaining % 32]
            remaining /= 32
            var position = start + length - 2
            while remaining > 0 {
                out[position] = digits[32 + remaining % 32]
                remaining /= 32
                position -= 1
            }
        }
    }
}
