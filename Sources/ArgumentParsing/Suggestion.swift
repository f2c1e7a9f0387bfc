/// "Did you mean" for misspelt words: commands, options, and values a command knows all of (group ids).
package enum Suggestion {
    /// The candidate closest to `word` within two edits (ties: the first), nil when none is that close.
    package static func closest(to word: String, among candidates: some Sequence<String>) -> String? {
        var best: (word: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(word, candidate)
            if distance <= 2, distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        return best?.word
    }

    /// The number of single-character insertions, deletions, substitutions and swaps of neighbours that turn
    /// `a` into `b` (optimal string alignment distance); words over 64 characters count as far from all.
    package static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard a.count <= 64, b.count <= 64 else { return .max }
        var rows = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { rows[i][0] = i }
        for j in 0...b.count { rows[0][j] = j }
        for i in stride(from: 1, through: a.count, by: 1) {
            for j in stride(from: 1, through: b.count, by: 1) {
                rows[i][j] = min(
                    rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    rows[i][j] = min(rows[i][j], rows[i - 2][j - 2] + 1)
                }
            }
        }
        return rows[a.count][b.count]
    }
}
