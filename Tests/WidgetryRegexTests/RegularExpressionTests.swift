import Testing
@testable import WidgetryRegex

@Suite("Regular expressions for MATCHES")
struct RegularExpressionTests {
    private func matches(_ pattern: String, _ subject: String, options: RegularExpression.Options = []) throws -> Bool {
        try RegularExpression.validate(pattern, options: options)
        return try RegularExpression(pattern, options: options).matchesWhole(subject)
    }

    private func syntaxError(_ pattern: String) -> RegexSyntaxError? {
        do {
            _ = try RegularExpression(pattern)
            return nil
        } catch {
            return error
        }
    }

    private func validationError(_ pattern: String) -> RegexSyntaxError? {
        do {
            try RegularExpression.validate(pattern)
            return nil
        } catch {
            return error
        }
    }

    // MARK: Matching

    @Test(arguments: [
        ("abc", "abc", true), ("abc", "abcd", false), ("abc", "ab", false), ("", "", true), ("", "a", false),
        ("cat|dog", "dog", true), ("cat|dog", "catdog", false), ("(cat|dog)+", "catdog", true), ("a|", "", true),
        ("Ж..", "Жук", true), ("日本", "日本", true),
    ])
    func literalsAndAlternation(pattern: String, subject: String, expected: Bool) throws {
        #expect(try matches(pattern, subject) == expected)
    }

    @Test(arguments: [
        (".", "a", true), (".", "\n", false), (".", "\r", false), (".", "\u{2028}", false), (".", "\u{85}", false),
        ("(?s).", "\n", true), (".", "é", true), (".", "😀", true), ("..", "👍🏽", true), ("line1.line2", "line1\nline2", false),
    ])
    func dot(pattern: String, subject: String, expected: Bool) throws {
        #expect(try matches(pattern, subject) == expected)
    }

    @Test(arguments: [
        ("a*", "", true), ("a*", "aaa", true), ("a+", "", false), ("a+", "aa", true), ("colou?r", "color", true),
        ("colou?r", "colour", true), ("a{3}", "aaa", true), ("a{3}", "aa", false), ("a{2,}", "aaaaa", true),
        ("a{3,}", "aa", false), ("a{2,4}", "aaaa", true), ("a{2,3}", "aaaa", false), ("a{0,2}", "", true),
        ("(ab)+", "ababab", true), ("(ab)+", "ababa", false), ("a*?b", "aaab", true), ("a+?", "aaa", true),
        ("a{2,3}?", "aaa", true), ("(a*?)*?", "a", true), ("(x*|[^a])*?", "b", true), ("^*a$?", "a", true), ("(a|b){0,3}c", "ababc", false), ("(a|b){0,3}c", "abc", true), ("a{1000}", String(repeating: "a", count: 1000), true),
    ])
    func quantifiers(pattern: String, subject: String, expected: Bool) throws {
        #expect(try matches(pattern, subject) == expected)
    }

    @Test(arguments: [
        ("^abc$", "abc", true), ("abc$", "abc\n", false), ("abc$\\n", "abc\n", true), ("a$\\r\\n", "a\r\n", true),
        ("a\\r$\\n", "a\r\n", false), ("a\\n$\\n", "a\n\n", true), ("a$\\n\\n", "a\n\n", false), ("a$\\x{2028}", "a\u{2028}", true),
        ("abc\\Z\\n", "abc\n", true), ("abc\\z\\n", "abc\n", false), ("abc\\z", "abc", true), ("abc\\z.*", "abcd", false),
        ("\\Aabc\\z", "abc", true), ("a\\Ab", "ab", false), ("a^b", "ab", false), ("a$b", "ab", false),
        ("(?m)a$\\nb", "a\nb", true), ("a$\\nb", "a\nb", false), ("(?m)^a\\n^b$", "a\nb", true), ("^a\\n^b", "a\nb", false),
        ("(?m)a\\n^", "a\n", false), ("(?m)a\\r$\\n", "a\r\n", false), ("(?m)a$\\r\\n", "a\r\n", true), ("(?m)a\\r^\\n", "a\r\n", true),
    ])
    func anchors(pattern: String, subject: String, expected: Bool) throws {
        #expect(try matches(pattern, subject) == expected)
    }

    @Test(arguments: [
        (".*\\bcat\\b.*", "the cat sat", true), (".*\\bcat\\b.*", "concatenate", false), ("foo\\b.*", "foobar", false),
        ("foo\\B.*", "foobar", true), ("\\bfoo\\b", "foo", true), ("\\w+\\b", "café", true), ("é\\b", "é", true),
        ("e\\b\\x{301}", "e\u{301}", false), ("e\\B\\x{301}", "e\u{301}", true), ("\\b", "", false), ("\\B", "", true),
        ("a\\b-", "a-", true), ("a\\B-", "a-", false),
    ])
    func wordBoundaries(pattern: String, subject: String, expected: Bool) throws {
        #expect(try matches(pattern, subject) == expected)
    }

    @Test(arguments: [
        ("[abc]+", "abcabc", true), ("[^abc]", "d", true), ("[^abc]", "a", false), ("[a-z0-9_]+", "hello_42", true),
        ("[a-z]+[0-9]+", "abc123", true), ("[^0-9]+", "ab1", false), ("[a-]", "-", true), ("[-a]", "-", true),
        ("[]a]", "]", true), ("[^]a]", "b", true), ("[\\]]", "]", true), ("[\\d]+", "123", true), ("[^\\d\\s]", "x", true),
        ("[^\\d\\s]", " ", false), ("[[:alpha:]]+", "héllo", true), ("[[:upper:]]+", "ABC", true), ("[[:^digit:]]", "5", false),
        ("[:digit:]+", "42", true), ("[a[bc]]", "c", true), ("[a[^b]]", "x", true), ("[a[^b]]", "b", false),
        ("[\\x{1F600}-\\x{1F64F}]", "😀", true), ("[.]", "a", false), ("[$^]", "^", true), ("[\\p{Lu}\\d]+", "A1B2", true),
        ("[A-Z0-9a-z._%+-]+@[A-Za-z0-9.-]+\\.[A-Za-z]{2,}", "ann.lee@example.com", true), ("@[a-z_0-9]+", "@ann_42", true),
    ])
    func bracketClasses(pattern: String, subject: String, expected: Bool) throws {
        #expect(try matches(pattern, subject) == expected)
    }

    @Test(arguments: [
        ("\\t\\n\\r\\f\\a\\e", "\t\n\r\u{0C}\u{07}\u{1B}", true), ("\\x41", "A", true), ("\\x{1F600}", "😀", true),
        ("\\u00e9", "é", true), ("\\U0001F600", "😀", true), ("\\0101", "A", true), ("\\0400", " 0", true), ("\\x4", "\u{4}", true), ("\\}\\{", "}{", true), ("\\cA", "\u{01}", true),
        ("\\.\\*\\+\\?\\(\\)\\[\\]\\{\\}\\|\\\\\\^\\$", ".*+?()[]{}|\\^$", true), ("a\\.b", "axb", false),
        ("\\Qa.b*c\\E", "a.b*c", true), ("\\Qa.b\\E", "axb", false), ("\\Qab\\E+", "abbb", true), ("\\Qa|b", "a|b", true),
        ("\\-\\#\\ ", "-# ", true), ("\\é", "é", true),
    ])
    func escapes(pattern: String, subject: String, expected: Bool) throws {
        #expect(try matches(pattern, subject) == expected)
    }

    @Test(arguments: [
        ("\\d{4}-\\d{2}-\\d{2}", "2024-01-15", true), ("\\d+", "١٢٣", true), ("\\d", "²", false), ("\\D", "a", true),
        ("\\w+", "naïve_日本", true), ("\\w+", "two words", false), ("\\w", "\u{200D}", true), ("\\W", "-", true),
        ("\\s+", " \t\u{A0}\u{2003}\n", true), ("\\S", " ", false), ("\\p{L}+", "Ωmega", true), ("\\p{Lu}", "a", false),
        ("\\p{Lu}", "É", true), ("\\P{Lu}", "a", true), ("\\p{Nd}", "٣", true), ("\\p{Letter}+", "abc", true),
        ("\\p{gc=Lu}", "A", true), ("\\p{Sc}", "€", true), ("\\p{Ll}", "ß", true), ("\\p{Any}", "\n", true), ("\\p{word}", "_", true),
        ("\\h", "\u{A0}", true), ("\\h", "\n", false), ("\\v", "\u{2028}", true), ("\\R", "\r\n", true), ("\\R", "\r", true),
        ("\\R\\n", "\r\n", false), ("\\R", "\u{85}", true),
    ])
    func unicodeClasses(pattern: String, subject: String, expected: Bool) throws {
        #expect(try matches(pattern, subject) == expected)
    }

    @Test(arguments: [
        ("(?:ab)+", "abab", true), ("(?<year>\\d{4})-(?<month>\\d\\d)", "2024-05", true), ("(?i)abc", "ABC", true),
        ("(?i:a)b", "Ab", true), ("(?i:a)b", "AB", false), ("a(?i)b", "aB", true), ("a(?i)b", "AB", false),
        ("(?i)a(?-i)b", "Ab", true), ("(?i)a(?-i)b", "AB", false), ("(a(?i)b)c", "aBc", true), ("(a(?i)b)c", "aBC", false),
        ("a(?i)b|c", "C", true), ("(?x) a b c # a comment", "abc", true), ("(?x)a\\ b", "a b", true), ("(?x)[a b]", " ", false),
        ("(?x)a # one\n b # two", "ab", true), ("(?s:.)", "\n", true), ("(?#comment)abc", "abc", true), ("a(?#comment)*", "aa", true), ("(?x)a{2 }", "aa", true), ("(?x)[a - c]", "b", true), ("(?m)^b", "b", true),
        ("(?ims-x:A.$)", "a\n", true),
    ])
    func groupsAndInlineFlags(pattern: String, subject: String, expected: Bool) throws {
        #expect(try matches(pattern, subject) == expected)
    }

    @Test(arguments: [
        ("abc", "ABC", true), ("hel+o", "HELLO", true), ("j.*N", "John", true), ("é", "É", true), ("É", "é", true),
        ("[à-ÿ]+", "ÀÉÎ", true), ("[a-z]+", "HeLLo", true), ("k", "\u{212A}", true), ("[a-z]", "\u{212A}", true),
        ("σ", "ς", true), ("Σ", "ς", true), ("ß", "ẞ", true), ("ß", "ss", false), ("i", "ı", false), ("i", "I", true),
        ("[^a]", "A", false), ("[^a]", "b", true), ("\\p{Lu}", "a", true), ("\\P{Lu}", "a", false), ("ǆ", "ǅ", true),
        ("Straße", "STRAẞE", true),
    ])
    func caseInsensitive(pattern: String, subject: String, expected: Bool) throws {
        #expect(try matches(pattern, subject, options: .caseInsensitive) == expected)
    }

    @Test func caseSensitiveByDefault() throws {
        #expect(try !matches("hello", "HELLO"))
        #expect(try !matches("é", "É"))
    }

    @Test(arguments: [
        (RegularExpression.Options.dotMatchesLineSeparators, "a.b", "a\nb", true),
        (.anchorsMatchLines, "a$\\n^b", "a\nb", true),
        (.allowCommentsAndWhitespace, "a b  # comment", "ab", true),
        (.caseInsensitive, "(?-i)a", "A", false),
    ])
    func options(options: RegularExpression.Options, pattern: String, subject: String, expected: Bool) throws {
        #expect(try matches(pattern, subject, options: options) == expected)
    }

    // MARK: Linear time

    @Test(arguments: [
        ("(a*)*b", String(repeating: "a", count: 5_000), false),
        ("(a*)*b", String(repeating: "a", count: 5_000) + "b", true),
        ("(a|aa)*c", String(repeating: "a", count: 5_000), false),
        ("(x+x+)+y", String(repeating: "x", count: 5_000), false),
        ("(x+x+)+y", String(repeating: "x", count: 5_000) + "y", true),
        ("(.*a){20}", String(repeating: "a", count: 5_000), true),
        ("(a?){30}a{30}", String(repeating: "a", count: 30), true),
        ("(\\w+\\s?)*$", String(repeating: "word ", count: 1_000) + "!", false),
        ("(é|ée)*x", String(repeating: "é", count: 5_000), false),
    ])
    func pathologicalPatternsFinish(pattern: String, subject: String, expected: Bool) throws {
        #expect(try matches(pattern, subject) == expected)
    }

    /// `(a|b)*a(a|b){12}` needs thousands of DFA states, more than are explored up front, so the
    /// matcher keeps handing over to the Pike VM; both `.`-prefixed forms check the non-ASCII path.
    @Test func manyStatePatternAgreesWithDirectCheck() throws {
        let regex = try RegularExpression("(a|b)*a(a|b){12}")
        let prefixed = try RegularExpression(".(a|b)*a(a|b){12}")
        var seed: UInt32 = 12_345
        for length in [0, 5, 13, 14, 40, 200] {
            for _ in 0..<20 {
                var subject = ""
                for _ in 0..<length {
                    seed = seed &* 1_103_515_245 &+ 12_345
                    subject.append(seed >> 16 & 1 == 0 ? "a" : "b")
                }
                let expected = subject.count >= 13 && subject.dropLast(12).last == "a"
                #expect(try regex.matchesWhole(subject) == expected, "\(subject)")
                #expect(try prefixed.matchesWhole("é" + subject) == expected, "é\(subject)")
                #expect(try prefixed.matchesWhole("x" + subject) == expected, "x\(subject)")
            }
        }
    }

    @Test func nonASCIITextAfterAnASCIIPrefixStillMatches() throws {
        let regex = try RegularExpression(".*number [0-9]+ about.*")
        #expect(try regex.matchesWhole("Post number 1234 about swift concurrency"))
        #expect(try regex.matchesWhole("Post number 1234 about Zürich"))
        #expect(try regex.matchesWhole("Pöst number 1234 about swift"))
        #expect(try !regex.matchesWhole("Pöst number about swift"))
        #expect(try !regex.matchesWhole("Post number 1234 about\nswift"))
    }

    @Test func expressionsAreSendableValues() async throws {
        let regex = try RegularExpression("[a-z]+\\d")
        let results = await withTaskGroup(of: Bool.self) { group in
            for subject in ["abc1", "abc", "x9", "Z9"] { group.addTask { (try? regex.matchesWhole(subject)) ?? false } }
            return await group.reduce(into: 0) { count, matched in count += matched ? 1 : 0 }
        }
        #expect(results == 2)
        #expect(regex.pattern == "[a-z]+\\d")
    }

    // MARK: Errors

    @Test(arguments: [
        ("(abc", 4, "expected ')' to close '(' at offset 0"), ("ab(c|d", 6, "expected ')' to close '(' at offset 2"),
        ("é(", 3, "expected ')' to close '(' at offset 2"), ("abc)", 3, "unmatched ')'"), ("*abc", 0, "nothing to repeat"),
        ("a|*", 2, "nothing to repeat"), ("a**", 2, "nothing to repeat"), ("(?i)*", 4, "nothing to repeat"),
        ("a{2}{3}", 4, "nothing to repeat"), ("[z-a]", 1, "the range 'z-a' is out of order"), ("\\y", 0, "unknown escape '\\y'"),
        ("a{2,1}", 1, "repetition {2,1} has a minimum above its maximum"), ("a{3,1}", 1, "minimum above its maximum"),
        ("[abc", 4, "expected ']' to close '[' at offset 0"), ("[a-", 3, "expected ']' to close '[' at offset 0"),
        ("a{x}", 1, "expected a repetition count"), ("a{,3}", 1, "expected a repetition count"), ("a{2", 1, "expected a repetition count"),
        ("a*++", 3, "nothing to repeat"), ("(a)\\2", 3, "the backreference '\\2' refers to a group the pattern does not have"),
        ("\\1(a)(b)\\3", 8, "the backreference '\\3'"), ("\\k<n>(?<n>a)", 0, "refers to no group named 'n' before it"),
        ("(?<n>a)\\k<m>", 7, "no group named 'm'"), ("(?<n>a)\\kn", 7, "expected '<name>' after '\\k'"), ("(?<n>a)\\k<n", 10, "expected a group name"),
        ("(?<=a+)b", 0, "lookbehind must match a bounded number of characters"), ("x(?<!a{2,})b", 1, "bounded number"),
        ("(a)(?<=\\1)", 3, "bounded number"), ("[\\1]", 1, "not allowed inside a character class"),
        ("[a-z&&[^q]]", 4, "class set operations"), ("[a-z--[q]]", 4, "class set operations"),
        ("\\p{Greek}", 0, "unknown Unicode property 'Greek'"), ("\\pL", 0, "expected '{'"), ("\\p{Lu", 0, "expected '}'"),
        ("\\x{110000}", 0, "U+110000 is not a Unicode scalar value"), ("\\x{D800}", 0, "is not a Unicode scalar value"),
        ("\\xZ1", 0, "expected 1 or 2 hex digits"), ("\\u12", 0, "expected 4 hex digits"), ("\\x{}", 0, "expected one to six hex digits"),
        ("\\0", 0, "expected an octal digit"), ("\\08", 0, "expected an octal digit"), ("a}", 1, "'}' must be escaped"), ("(?)", 2, "unknown group syntax '(?)'"), ("(?<1a>x)", 3, "expected a group name"), ("(?<n>a)(?<n>b)", 10, "used twice"),
        ("(?q)", 2, "unknown group syntax '(?q'"), ("(?iq)", 3, "unknown inline flag 'q'"), ("(?i", 3, "expected ')'"),
        ("[[:foo:]]", 1, "unknown POSIX class '[:foo:]'"), ("\\", 0, "lone '\\'"), ("ab\\", 2, "lone '\\'"), ("\\c", 0, "after '\\c'"),
        ("[\\b]", 1, "not allowed inside a character class"), ("[a-\\d]", 3, "a range must end in a single character"),
        ("(?#abc", 6, "expected ')' to end the comment"), ("\\X", 0, "grapheme clusters"), ("\\N{DIGIT ONE}", 0, "by name"),
        ("\\b+", 2, "nothing to repeat"), ("a\\z{2}", 3, "nothing to repeat"), ("a{100000}", 1, "pattern too large"), ("(abcdefghij){3000}", 12, "pattern too large"),
        ("((a{100}){100}){100}", 15, "pattern too large"), ("ü(é){20000}", 6, "pattern too large"),
        ("é+ü*(é){20000}", 10, "pattern too large"), ("é+(é){2}ü(", 13, "expected ')' to close '(' at offset 12"),
    ])
    func syntaxErrors(pattern: String, offset: Int, message: String) {
        let error = syntaxError(pattern)
        #expect(error?.offset == offset, "\(pattern)")
        #expect(error?.message.contains(message) == true, "\(pattern): \(error?.message ?? "no error")")
        #expect(validationError(pattern) == error, "validate disagrees with init on \(pattern)")
    }

    /// Patterns whose program is just under, at or just over the size limit, for both engines.
    @Test(arguments: [
        "a{19999}", "a{19998}", "a{20000}", "(a){19999}", "(a){19998}", "x|a{19997}", "x|a{19996}",
        "(?=a)a{19996}", "(?=a)a{19995}", "a{9999}b{9999}", "a{9999}b{10000}", "(ab){9999}", "(ab){10000}",
        "(?:a{100}){199}", "(?:a{100}){200}", "((?:a{100}){100}){2}", "(a+){6666}", "(a+){6667}", "(a++){5000}",
    ])
    func validateAgreesWithInitNearTheSizeLimit(pattern: String) {
        #expect(validationError(pattern) == syntaxError(pattern), "\(pattern)")
    }

    // MARK: Backtracking constructs

    @Test(arguments: [
        ("(ab)\\1", "abab", true), ("(ab)\\1", "abba", false), ("(a|b)\\1", "bb", true), ("(a|b)\\1", "ab", false),
        ("(a*)b\\1", "aabaa", true), ("(a*)b\\1", "aaba", false), ("(\\w+) \\1", "hello hello", true),
        ("(\\w+) \\1", "hello help", false), ("(a*)\\1b", "b", true), ("(a)(b)(c)(d)(e)(f)(g)(h)(i)(j)\\10", "abcdefghijj", true),
        ("(a)\\10", "aa0", true), ("(?:(a)|b)\\1", "b", false), ("(a)?\\1", "", false), ("\\1(a)", "aa", false),
        ("(a)|b\\1", "b", false), ("(ab)\\1", "abAB", false), ("(?i)(ab)\\1", "abAB", true), ("(ab)(?i)\\1", "abAB", true),
        ("(?i:(ab))\\1", "ABab", false), ("(é+)x\\1", "ééxéé", true), ("(é+)x\\1", "ééxé", false), ("(?i)(σ)\\1", "σΣ", true),
        ("(?<x>ab)\\k<x>", "abab", true), ("(?<x>a)(?<y>b)\\k<y>\\k<x>", "abba", true), ("(?<x>a)(?<y>b)\\k<y>\\k<x>", "abab", false),
        ("(?<word>\\w+)-\\k<word>-\\1", "ab-ab-ab", true), ("((a)b)\\2\\1", "abaab", true), ("(a|ab)(c|bcd)\\2", "abcdbcd", true),
    ])
    func backreferences(pattern: String, subject: String, expected: Bool) throws {
        #expect(try matches(pattern, subject) == expected, "\(pattern) on \(subject)")
    }

    @Test(arguments: [
        ("(?=.*\\d)(?=.*[a-z]).{6,}", "abc123", true), ("(?=.*\\d)(?=.*[a-z]).{6,}", "abcdef", false),
        ("(?=.*\\d)(?=.*[a-z]).{6,}", "ab12", false), ("(?!abc).*", "abd", true), ("(?!abc).*", "abcd", false),
        ("a(?=b)b", "ab", true), ("a(?=c)b", "ab", false), ("abc(?!.)", "abc", true), ("a(?!b).", "ac", true),
        ("a(?!b).", "ab", false), ("(?=(a+))\\1b", "aab", true), ("(?=(a+))a\\1", "aaa", false), ("(?=a)", "", false),
        ("(?!a)", "", true), ("(?=)abc", "abc", true), ("(?!(a)b)\\1?ac", "ac", true), ("(?=é).", "é", true),
        ("(?i)(?=A)a", "a", true), ("x(?=y(?!z))yw", "xyw", true), ("x(?=y(?!z))yz", "xyz", false),
    ])
    func lookahead(pattern: String, subject: String, expected: Bool) throws {
        #expect(try matches(pattern, subject) == expected, "\(pattern) on \(subject)")
    }

    @Test(arguments: [
        ("\\w+(?<=ing)", "running", true), ("\\w+(?<=ing)", "runner", false), ("(?<!x)abc", "abc", true),
        (".*(?<!x)c", "xc", false), (".*(?<!x)c", "yc", true), (".*(?<=ab|xyz)!", "xyz!", true), (".*(?<=ab|xyz)!", "b!", false),
        (".*(?<=é)x", "éx", true), (".*(?<=a{2,3})b", "aab", true), (".*(?<=a{2,3})b", "ab", false), ("(?<=a)", "", false),
        ("(?<!a)", "", true), ("a(?<=a)b", "ab", true), ("a(?<=b)b", "ab", false), (".*(?<=\\bcat)s", "the cats", true),
        (".*(?<=\\bcat)s", "bobcats", false), (".(?<=(a|bc))\\1", "aa", true),
        ("ab(?<=(?=b)b)", "ab", true), ("日本(?<=本)語", "日本語", true), ("(?i).*(?<=AB)c", "xabc", true),
    ])
    func lookbehind(pattern: String, subject: String, expected: Bool) throws {
        #expect(try matches(pattern, subject) == expected, "\(pattern) on \(subject)")
    }

    @Test(arguments: [
        ("(?>a+)ab", "aaab", false), ("(a+)ab", "aaab", true), ("(?>a+)b", "aaab", true), ("(?>a|ab)c", "abc", false),
        ("(?:a|ab)c", "abc", true), ("(?>ab|a)c", "ac", true), ("(?>a+?)a", "aa", true), ("(?>a+?)b", "aab", false),
        ("a*+a", "aaa", false), ("a*a", "aaa", true), ("a*+b", "aaab", true), ("a++a", "aa", false), ("a?+a", "a", false),
        ("a{1,3}+a", "aaa", false), ("a{1,3}+a", "aaaa", true), ("(?:ab)*+ab", "abab", false), ("(?:ab)*+c", "ababc", true),
        ("[a-z]++\\d", "abc1", true), ("\\w++-", "abc-", true), ("(?>(a)+)\\1", "aaa", false), ("((?>a+))\\1", "aa", false),
        ("(?>x*)(?>y*)z", "xxyyz", true), ("(?>.*)", "anything", true), ("(?>.*)x", "anything x", false),
    ])
    func atomicGroupsAndPossessiveQuantifiers(pattern: String, subject: String, expected: Bool) throws {
        #expect(try matches(pattern, subject) == expected, "\(pattern) on \(subject)")
    }

    @Test(arguments: [
        ("(a|a)*\\1c", String(repeating: "a", count: 30)), ("(a+)+\\1b", String(repeating: "a", count: 30)),
        ("(?=(x+x+)+y)", String(repeating: "x", count: 40)), ("(?>a|a)?(a*)*\\1b", String(repeating: "a", count: 30)),
    ])
    func budgetExhaustionThrows(pattern: String, subject: String) throws {
        let regex = try RegularExpression(pattern)
        #expect(regex.usesBacktracking)
        #expect(regex.backtrackingBudget == RegularExpression.defaultBacktrackingBudget)
        let error = #expect(throws: RegexBudgetExceeded.self) { try regex.matchesWhole(subject) }
        #expect(error?.pattern == pattern)
        #expect(error?.budget == RegularExpression.defaultBacktrackingBudget)
    }

    @Test func theBudgetIsPerExpression() throws {
        var regex = try RegularExpression("(ab)\\1")
        #expect(try regex.matchesWhole("abab"))
        regex.backtrackingBudget = 5
        let error = #expect(throws: RegexBudgetExceeded.self) { try regex.matchesWhole("abab") }
        #expect(error == RegexBudgetExceeded(pattern: "(ab)\\1", budget: 5))
        regex.backtrackingBudget = 100
        #expect(try regex.matchesWhole("abab"))
        #expect(try !regex.matchesWhole("abba"))
    }

    /// The linear engine ignores the budget: even a budget of zero never makes it throw.
    @Test(arguments: [
        ("(a*)*b", String(repeating: "a", count: 5_000)), ("(a|aa)*c", String(repeating: "a", count: 5_000)),
        ("(x+x+)+y", String(repeating: "x", count: 5_000)), ("(\\w+\\s?)*$", String(repeating: "word ", count: 1_000) + "!"),
        ("(a|b)*a(a|b){12}", String(repeating: "ab", count: 500)), ("(é|ée)*x", String(repeating: "é", count: 2_000)),
        ("(?:(a)|b)+?(c)", "ababc"), (".*", ""),
    ])
    func patternsWithoutBacktrackingConstructsNeverThrow(pattern: String, subject: String) throws {
        var regex = try RegularExpression(pattern)
        #expect(!regex.usesBacktracking)
        regex.backtrackingBudget = 0
        #expect(throws: Never.self) { _ = try regex.matchesWhole(subject) }
    }

    /// A pattern and the same pattern followed by `(?=)`, which matches the same strings but runs
    /// on the backtracking engine, agree on random subjects.
    @Test func backtrackingEngineAgreesWithLinearEngine() throws {
        let patterns = [
            "a*b", "(a|b)*c", "(ab|a)(bc|c)", "a{2,3}b?", "(a*)*", "(a|ab)*b", "[ab]+c|a+", "(?:a?){3}a{3}", "a*?b+?",
            "(a|b|)+", "\\bab\\b.*", "(?m)^a$\\n?b?", ".*(ab|ba).*", "(?i)Ab*", "(a+|b+)*c?", "a?b?c?", "(?:ab?)*",
            "(a{0,2}|b){2}", "\\w\\W?\\w", "a$", "\\Ab+\\z", "(?s).b", "[^a]*a",
        ]
        let alphabet: [Character] = ["a", "b", "c", " ", "\n", "é"]
        var seed: UInt64 = 2024
        for pattern in patterns {
            let linear = try RegularExpression(pattern)
            let backtracking = try RegularExpression("(?:" + pattern + ")(?=)")
            #expect(!linear.usesBacktracking && backtracking.usesBacktracking, "\(pattern)")
            for _ in 0..<60 {
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                var subject = ""
                for index in 0..<Int(seed >> 61) {
                    subject.append(alphabet[Int((seed >> UInt64(8 * index)) & 0xFF) % alphabet.count])
                }
                let expected = try linear.matchesWhole(subject)
                #expect(try backtracking.matchesWhole(subject) == expected, "\(pattern) on \(subject.debugDescription)")
            }
        }
    }

    @Test func deepSubjectsDoNotExhaustTheStack() throws {
        let subject = String(repeating: "ab", count: 50_000)
        #expect(try RegularExpression("(?:(a)b)*\\1").matchesWhole(subject + "a"))
        #expect(try RegularExpression("(?:a|b)*(?<=b)").matchesWhole(subject))
    }

    /// Found by fuzzing: a pattern of a few thousand nested groups overflowed the parser's
    /// stack. Nesting is now bounded, for groups and bracket classes alike.
    @Test func deepNestingIsRefusedNotOverflowed() throws {
        let groups = String(repeating: "(", count: 4_000) + "a" + String(repeating: ")", count: 4_000)
        #expect(syntaxError(groups)?.message == "groups and bracket classes are nested more than 256 deep")
        #expect(syntaxError(String(repeating: "(?:", count: 300) + "a" + String(repeating: ")", count: 300)) != nil)
        #expect(syntaxError(String(repeating: "[", count: 300) + "a" + String(repeating: "]", count: 300)) != nil)
        let deepest = String(repeating: "(?:", count: 254) + "[[a]]" + String(repeating: ")", count: 254)
        #expect(try RegularExpression(deepest).matchesWhole("a"))
    }

    // MARK: Validating and caching

    @Test func validateAcceptsWhatInitCompiles() throws {
        for pattern in ["", "abc", "(?<n>a)\\k<n>", "(?=a)(?<!b)(?>c)d*+", "[[:alpha:]]{2,5}?", "(?x) a # comment"] {
            try RegularExpression.validate(pattern)
            _ = try RegularExpression(pattern)
        }
        try RegularExpression.validate("ABC", options: .caseInsensitive)
    }

    @Test func cachedExpressionsWork() throws {
        let first = try RegularExpression.cached("[a-z]+\\d", options: .caseInsensitive)
        let second = try RegularExpression.cached("[a-z]+\\d", options: .caseInsensitive)
        #expect(first.pattern == "[a-z]+\\d" && first.options == .caseInsensitive)
        #expect(try first.matchesWhole("ABC1") && second.matchesWhole("abc2"))
        #expect(try !RegularExpression.cached("[a-z]+\\d").matchesWhole("ABC1"))
        #expect(try RegularExpression.cached("(x)\\1").matchesWhole("xx"))
        let error = #expect(throws: RegexSyntaxError.self) { try RegularExpression.cached("(abc") }
        #expect(error == syntaxError("(abc"))
        #expect(throws: RegexSyntaxError.self) { try RegularExpression.cached("(abc") }
    }

    @Test func cacheIsSafeUnderConcurrency() async throws {
        // more patterns than the cache holds, so that entries are evicted while others read them
        let patterns = (0..<(RegularExpression.cacheCapacity * 3)).map { "item\($0)-[0-9]+" }
        let failures = await withTaskGroup(of: Int.self) { group in
            for task in 0..<8 {
                group.addTask {
                    var failures = 0
                    for round in 0..<400 {
                        let index = (round * 7 + task * 13) % patterns.count
                        do {
                            let regex = try RegularExpression.cached(patterns[index])
                            if try !regex.matchesWhole("item\(index)-\(round)") { failures += 1 }
                            if try regex.matchesWhole("item\(index)-x") { failures += 1 }
                        } catch {
                            failures += 1
                        }
                    }
                    return failures
                }
            }
            return await group.reduce(0, +)
        }
        #expect(failures == 0)
    }

    @Test func sharedExpressionsMatchConcurrently() async throws {
        // one value, many threads: the lazily built DFA is shared, and grows while they match
        let regex = try RegularExpression("(a|b)*a(a|b){6}")
        let mismatches = await withTaskGroup(of: Int.self) { group in
            for task in 0..<8 {
                group.addTask {
                    var mismatches = 0
                    var seed = UInt32(task + 1)
                    for _ in 0..<300 {
                        var subject = ""
                        for _ in 0..<20 {
                            seed = seed &* 1_103_515_245 &+ 12_345
                            subject.append(seed >> 16 & 1 == 0 ? "a" : "b")
                        }
                        let expected = subject.dropLast(6).last == "a"
                        if (try? regex.matchesWhole(subject)) != expected { mismatches += 1 }
                    }
                    return mismatches
                }
            }
            return await group.reduce(0, +)
        }
        #expect(mismatches == 0)
    }

    @Test func emptyPatternMatchesOnlyTheEmptyString() throws {
        let regex = try RegularExpression("")
        #expect(try regex.matchesWhole(""))
        #expect(try !regex.matchesWhole(" "))
    }
}
