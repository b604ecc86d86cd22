#if GRDB
    @testable import DiffableGRDB
    import DiffableTesting
    import Foundation
    import GRDB
    import TestTraits
    import Testing

    /// The terms of a full-text pattern (what a row must hold for the pattern to match it), which
    /// answer most of a commit's searches without a `MATCH`: checked against FTS5 itself.
    @Suite("Full-text pattern terms", .computeBound)
    struct FullTextTermsTests {
        @Test func phrasesOneAfterTheOtherAreParsedAndOtherSyntaxIsNot() throws {
            let parsed = try #require(
                FullTextTerms.phrases(#" "smoky"* "chicken"*  curry "say ""hi"""  é_1* "#))
            #expect(parsed.map(\.text) == ["smoky", "chicken", "curry", #"say "hi""#, "é_1"])
            #expect(parsed.map(\.isPrefix) == [true, true, false, false, true])
            for pattern in [
                "", "  ", "a OR b", "a AND b", "NOT a", "NEAR(a b)", "title: a", "{title}: a", "^a", "a + b",
                "a - b", "(a)", "\"open", "a.b",
            ] {
                #expect(FullTextTerms.phrases(pattern) == nil, "\(pattern)")
            }
            #expect(FullTextTerms.tokenizesQueriesAsDocuments(nil))
            #expect(FullTextTerms.tokenizesQueriesAsDocuments("unicode61 remove_diacritics 2"))
            #expect(FullTextTerms.tokenizesQueriesAsDocuments("'ascii'"))
            #expect(!FullTextTerms.tokenizesQueriesAsDocuments("porter unicode61"))
            #expect(!FullTextTerms.tokenizesQueriesAsDocuments("trigram"))
        }

        /// Random rows and patterns (words with case, diacritics and punctuation; quoted and bare
        /// phrases; prefixes; operators now and then), under several tokenizers: whenever the terms
        /// say a pattern cannot match the rows, FTS5's `MATCH` on them finds nothing.
        @Test(arguments: [nil, "unicode61 remove_diacritics 2", "unicode61", "ascii", "porter unicode61"])
        func termsNeverRuleOutAPatternThatMatches(tokenize: String?) throws {
            let seed = SeededRandom.baseSeed()
            var rng = SeededRandom(seed: seed)
            let words = [
                "Crème", "creme", "brûlée", "Brulee", "chicken", "chick", "chickpea", "smoky", "ÉCLAIR",
                "éclair",
                "naïve", "o'brien", "x_y", "tofu2", "straße", "ΣΊΣΥΦΟΣ", "σίσυφος", "日本", "a", "I",
            ]
            let separators = [" ", "-", ", ", "'", " / ", "_"]
            let queue = try DatabaseQueue()
            let option = tokenize.map { ", tokenize='\($0)'" } ?? ""
            try queue.write { db in
                try db.execute(
                    sql: """
                        CREATE TABLE dish(id INTEGER PRIMARY KEY, title TEXT NOT NULL);
                        CREATE VIRTUAL TABLE dishSearch USING fts5(title, content='dish', content_rowid='id'\(option));
                        """)
            }
            var ruledOut = 0
            var matched = 0
            // Twenty patterns a step: a sixth of them at least ruled out (where queries tokenize as
            // documents do), one in sixty at least matched.
            let steps = SeededRandom.caseCount(300)
            for step in 0..<steps {
                let rows = (0..<Int.random(in: 1...3, using: &rng)).map { _ in
                    (0..<Int.random(in: 1...5, using: &rng)).map { _ in words.randomElement(using: &rng)! }
                        .joined(separator: separators.randomElement(using: &rng)!)
                }
                var patterns: [String] = []
                for _ in 0..<20 {
                    var phrases: [String] = []
                    for _ in 0..<Int.random(in: 1...3, using: &rng) {
                        var phrase = (0..<Int.random(in: 1...2, using: &rng)).map { _ in
                            words.randomElement(using: &rng)!
                        }
                        .joined(separator: separators.randomElement(using: &rng)!)
                        if Bool.random(using: &rng) {
                            phrase = String(phrase.prefix(Int.random(in: 1...phrase.count, using: &rng)))
                        }
                        let isBare = phrase.unicodeScalars.allSatisfy {
                            $0.value > 127 || $0 == "_" || $0.properties.isAlphabetic
                                || ("0"..."9").contains($0)
                        }
                        var written =
                            isBare && Bool.random(using: &rng)
                            ? phrase : "\"" + phrase.replacingOccurrences(of: "\"", with: "\"\"") + "\""
                        if Bool.random(using: &rng) { written += "*" }
                        phrases.append(written)
                    }
                    if Int.random(in: 0..<8, using: &rng) == 0 {
                        phrases.insert(["OR", "NOT", "AND"].randomElement(using: &rng)!, at: 1)
                    }
                    patterns.append(phrases.joined(separator: " "))
                }
                try queue.inDatabase { db in
                    try db.execute(sql: "DELETE FROM dish")
                    for (index, title) in rows.enumerated() {
                        try db.execute(sql: "INSERT INTO dish VALUES (?, ?)", arguments: [index + 1, title])
                    }
                    let (scratch, scratchTokenize) = try FullTextScratch.fill(
                        for: "dishSearch", own: "dish", rowIDs: Array(1...Int64(rows.count)), db)
                    #expect(scratchTokenize == tokenize)
                    let vocabulary = try FullTextTerms.vocabulary(ofScratch: scratch, db)
                    let terms = try FullTextTerms.terms(
                        of: patterns, scratch: scratch, tokenize: tokenize, db)
                    if !FullTextTerms.tokenizesQueriesAsDocuments(tokenize) { #expect(terms.isEmpty) }
                    for pattern in patterns {
                        let found = FullTextScratch.matches(pattern, in: scratch, db)
                        if let found, !found.isEmpty { matched += 1 }
                        guard case let made?? = terms[pattern], !made.mayMatch(vocabulary) else { continue }
                        ruledOut += 1
                        #expect(
                            found == [],
                            "seed \(seed) step \(step): \(pattern) ruled out of \(rows), but FTS5 finds \(String(describing: found))"
                        )
                    }
                }
            }
            if FullTextTerms.tokenizesQueriesAsDocuments(tokenize) {
                #expect(ruledOut > steps * 20 / 6, "seed \(seed): the terms ruled out \(ruledOut) patterns")
            }
            #expect(matched > steps / 3, "seed \(seed): FTS5 matched \(matched) patterns")
        }
    }
#endif
