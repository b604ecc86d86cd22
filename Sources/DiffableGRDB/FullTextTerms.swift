#if GRDB
    import Diffable
    import GRDB

    /// What a full-text pattern needs of a row before it can match it: the tokens of its phrases,
    /// made by the table's own tokenizer. The feed asks a commit's changed rows about each of
    /// many searches; a search whose tokens the rows lack is answered here, in a few hash lookups,
    /// where a `MATCH` on the scratch table costs tens of microseconds — a millisecond for every
    /// twenty searches, on every commit.
    ///
    /// Only patterns that are phrases one after the other (FTS5's implicit AND: barewords and
    /// quoted strings, each perhaps a prefix `*`) have terms; any other syntax (`OR`, `NOT`,
    /// `NEAR`, a column filter, `^`, `+`, parentheses) has none, and is matched as before. So are
    /// the patterns of a table whose tokenizer is not `unicode61` or `ascii`, the built-ins that
    /// split a query's strings as they split a document.
    struct FullTextTerms: Sendable, Equatable {
        /// Tokens every matched row holds, in UTF-8, as FTS5 compares them.
        var tokens: [[UInt8]]
        /// Prefixes, each of a token every matched row holds.
        var prefixes: [[UInt8]]

        /// Whether a row whose tokens are among `vocabulary` may match: every token is there, and
        /// a token for each prefix. A `false` is certain; a `true` is for `MATCH` to settle.
        ///
        /// - Complexity: O(t + p log v) for t tokens, p prefixes and v terms.
        func mayMatch(_ vocabulary: Vocabulary) -> Bool {
            tokens.allSatisfy(vocabulary.terms.contains)
                && prefixes.allSatisfy(vocabulary.hasTerm(startingWith:))
        }

        /// The terms of a scratch table's rows.
        struct Vocabulary {
            let terms: Set<[UInt8]>
            /// The same, in byte order, for prefixes.
            let sorted: [[UInt8]]

            init(_ terms: [[UInt8]]) {
                self.terms = Set(terms)
                sorted = self.terms.sorted { $0.lexicographicallyPrecedes($1) }
            }

            /// - Complexity: O(log v) for v terms.
            func hasTerm(startingWith prefix: [UInt8]) -> Bool {
                var low = 0
                var high = sorted.count
                while low < high {
                    let middle = (low + high) / 2
                    if sorted[middle].lexicographicallyPrecedes(prefix) {
                        low = middle + 1
                    } else {
                        high = middle
                    }
                }
                return low < sorted.count && sorted[low].starts(with: prefix)
            }
        }

        /// The phrases of a pattern that is phrases one after the other — each a bareword or a
        /// quoted string (`""` a quote inside), perhaps followed by `*` — or `nil` for any other.
        static func phrases(_ pattern: String) -> [(text: String, isPrefix: Bool)]? {
            var phrases: [(text: String, isPrefix: Bool)] = []
            var scalars = pattern.unicodeScalars[...]
            func isBareword(_ scalar: Unicode.Scalar) -> Bool {
                scalar.value > 127 || scalar.value == 26 || scalar == "_"
                    || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
                    || ("0"..."9").contains(scalar)
            }
            while let first = scalars.first {
                if first.properties.isWhitespace {
                    scalars.removeFirst()
                    continue
                }
                var text = ""
                if first == "\"" {
                    scalars.removeFirst()
                    while true {
                        guard let scalar = scalars.popFirst() else { return nil }  // unterminated
                        if scalar == "\"" {
                            guard scalars.first == "\"" else { break }
                            scalars.removeFirst()
                        }
                        text.unicodeScalars.append(scalar)
                    }
                } else if isBareword(first) {
                    while let scalar = scalars.first, isBareword(scalar) {
                        text.unicodeScalars.append(scalar)
                        scalars.removeFirst()
                    }
                    if ["AND", "OR", "NOT", "NEAR"].contains(text) { return nil }  // operators
                } else {
                    return nil
                }
                let isPrefix = scalars.first == "*"
                if isPrefix { scalars.removeFirst() }
                phrases.append((text, isPrefix))
            }
            return phrases.isEmpty ? nil : phrases
        }

        /// Whether a tokenizer (an FTS5 table's `tokenize` option; `nil` for the default) splits
        /// a query's strings as it splits a document's, so that a pattern's terms can be made as
        /// a document's.
        static func tokenizesQueriesAsDocuments(_ tokenize: String?) -> Bool {
            guard let tokenize else { return true }
            let quotes: Set<Character> = ["'", "\"", "`", "[", "]"]
            let name = tokenize.split(whereSeparator: \.isWhitespace).first.map {
                String($0.filter { !quotes.contains($0) }).lowercased()
            }
            return name == "unicode61" || name == "ascii"
        }

        /// The terms of patterns already made, by tokenizer and pattern, shared by every feed
        /// (the searches of a server change slowly; each commit asks about all of them).
        private static let made = _Lock<[String: [String: FullTextTerms?]]>([:])
        /// Past this many patterns for one tokenizer, the terms are made again as asked for.
        private static let mostKept = 50_000

        /// The terms of each of `patterns`, `nil` for one that has none, made by the tokenizer of
        /// the scratch table `scratch` (`tokenize` its option): those not made before are
        /// tokenized together, in a table of that tokenizer.
        ///
        /// - Complexity: O(p) lookups for p patterns; for those not made before, one insert of
        ///   their phrases and one read of their tokens.
        static func terms(
            of patterns: [String], scratch: String, tokenize: String?, _ db: Database
        ) throws -> [String: FullTextTerms?] {
            guard tokenizesQueriesAsDocuments(tokenize) else { return [:] }
            var terms = made.withLock { $0[scratch] ?? [:] }
            let new = Set(patterns).filter { terms[$0] == nil }
            guard !new.isEmpty else { return terms }
            var parsed: [(pattern: String, phrases: [(text: String, isPrefix: Bool)])] = []
            for pattern in new {
                if let phrases = phrases(pattern) {
                    parsed.append((pattern, phrases))
                } else {
                    terms[pattern] = .some(nil)
                }
            }
            let tokens = try documentTokens(
                parsed.flatMap { $0.phrases.map(\.text) }, scratch: scratch, tokenize, db)
            var next = 0
            for (pattern, phrases) in parsed {
                var made: FullTextTerms? = FullTextTerms(tokens: [], prefixes: [])
                for phrase in phrases {
                    var phraseTokens = tokens[next]
                    next += 1
                    // A phrase of no tokens: what FTS5 makes of it is not ours to guess.
                    guard let last = phraseTokens.popLast() else {
                        made = nil
                        continue
                    }
                    made?.tokens += phraseTokens
                    if phrase.isPrefix { made?.prefixes.append(last) } else { made?.tokens.append(last) }
                }
                terms[pattern] = .some(made)
            }
            made.withLock { kept in
                if kept[scratch, default: [:]].count + new.count > mostKept { kept[scratch] = [:] }
                kept[scratch, default: [:]].merge(terms.filter { new.contains($0.key) }) { $1 }
            }
            return terms
        }

        /// Each text's tokens, in order, as the tokenizer `tokenize` makes them for a document.
        private static func documentTokens(
            _ texts: [String], scratch: String, _ tokenize: String?, _ db: Database
        ) throws -> [[[UInt8]]] {
            let name = scratch + "_terms"
            let table = "temp.\(name.quotedDatabaseIdentifier)"
            let vocabulary = "temp.\((name + "_instances").quotedDatabaseIdentifier)"
            var options = ""
            if let tokenize {
                options = ", tokenize = '\(tokenize.replacingOccurrences(of: "'", with: "''"))'"
            }
            try db.execute(sql: "CREATE VIRTUAL TABLE IF NOT EXISTS \(table) USING fts5(text\(options))")
            try db.execute(
                sql:
                    "CREATE VIRTUAL TABLE IF NOT EXISTS \(vocabulary) USING fts5vocab('temp', \(name.quotedDatabaseIdentifier), 'instance')"
            )
            try db.execute(sql: "DELETE FROM \(table)")
            let insert = try db.cachedStatement(sql: "INSERT INTO \(table)(rowid, text) VALUES (?, ?)")
            for (index, text) in texts.enumerated() { try insert.execute(arguments: [index, text]) }
            var tokens = [[(offset: Int, token: [UInt8])]](repeating: [], count: texts.count)
            let rows = try Row.fetchCursor(db, sql: "SELECT doc, \"offset\", term FROM \(vocabulary)")
            while let row = try rows.next() {
                let term: String = row[2]
                tokens[row[0]].append((row[1], Array(term.utf8)))
            }
            try db.execute(sql: "DELETE FROM \(table)")
            return tokens.map { $0.sorted { $0.offset < $1.offset }.map(\.token) }
        }

        /// The terms of the rows in the scratch table `scratch`.
        static func vocabulary(ofScratch scratch: String, _ db: Database) throws -> Vocabulary {
            let vocabulary = "temp.\((scratch + "_rows").quotedDatabaseIdentifier)"
            try db.execute(
                sql:
                    "CREATE VIRTUAL TABLE IF NOT EXISTS \(vocabulary) USING fts5vocab('temp', \(scratch.quotedDatabaseIdentifier), 'row')"
            )
            return Vocabulary(
                try String.fetchAll(db, sql: "SELECT term FROM \(vocabulary)").map { Array($0.utf8) })
        }
    }
#endif
