extension String {
    /// The string without leading and trailing white space (Foundation-free, for Core's users).
    package var trimmingWhitespace: String {
        var text = Substring(self)
        while let first = text.first, first.isWhitespace { text.removeFirst() }
        while let last = text.last, last.isWhitespace { text.removeLast() }
        return String(text)
    }

    /// The string without the given characters at either end.
    package func trimmingCharacters(of set: Set<Character>) -> String {
        var text = Substring(self)
        while let first = text.first, set.contains(first) { text.removeFirst() }
        while let last = text.last, set.contains(last) { text.removeLast() }
        return String(text)
    }
}

extension Substring {
    /// The text without leading and trailing white space, as a string.
    package var trimmingWhitespace: String { String(self).trimmingWhitespace }
}
