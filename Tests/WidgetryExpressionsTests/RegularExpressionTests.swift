import Testing
@testable import WidgetryExpressions

@Suite("Regular expressions for MATCHES")
struct RegularExpressionTests {
    private func matches(_ pattern: String, _ subject: String, options: RegularExpression.Options = []) throws -> Bool {
        try RegularExpression(pattern, options: options).matchesWhole(subject)
    }

    private func syntaxError(_ pattern: String) -> RegexSyntaxError? {
        do {
            _ = try RegularExpression(pattern)
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
                #expect(regex.matchesWhole(subject) == expected, "\(subject)")
                #expect(prefixed.matchesWhole("é" + subject) == expected, "é\(subject)")
                #expect(prefixed.matchesWhole("x" + subject) == expected, "x\(subject)")
            }
        }
    }

    @Test func nonASCIITextAfterAnASCIIPrefixStillMatches() throws {
        let regex = try RegularExpression(".*number [0-9]+ about.*")
        #expect(regex.matchesWhole("Post number 1234 about swift concurrency"))
        #expect(regex.matchesWhole("Post number 1234 about Zürich"))
        #expect(regex.matchesWhole("Pöst number 1234 about swift"))
        #expect(!regex.matchesWhole("Pöst number about swift"))
        #expect(!regex.matchesWhole("Post number 1234 about\nswift"))
    }

    @Test func expressionsAreSendableValues() async throws {
        let regex = try RegularExpression("[a-z]+\\d")
        let results = await withTaskGroup(of: Bool.self) { group in
            for subject in ["abc1", "abc", "x9", "Z9"] { group.addTask { regex.matchesWhole(subject) } }
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
        ("a*+", 2, "possessive quantifiers are not supported"), ("é++", 3, "possessive quantifiers are not supported"),
        ("a{2}+", 4, "possessive quantifiers are not supported"), ("(?>a)", 0, "atomic groups are not supported"),
        ("(ab)\\1", 4, "backreferences are not supported: MATCHES runs in linear time"), ("(?<n>a)\\k<n>", 7, "backreferences are not supported"),
        ("(?=a)a", 0, "lookahead is not supported"), ("(?!a).", 0, "lookahead is not supported"), ("(?<=a)b", 0, "lookbehind is not supported"),
        ("(?<!a)b", 0, "lookbehind is not supported"), ("[a-z&&[^q]]", 4, "class set operations"), ("[a-z--[q]]", 4, "class set operations"),
        ("\\p{Greek}", 0, "unknown Unicode property 'Greek'"), ("\\pL", 0, "expected '{'"), ("\\p{Lu", 0, "expected '}'"),
        ("\\x{110000}", 0, "U+110000 is not a Unicode scalar value"), ("\\x{D800}", 0, "is not a Unicode scalar value"),
        ("\\xZ1", 0, "expected 1 or 2 hex digits"), ("\\u12", 0, "expected 4 hex digits"), ("\\x{}", 0, "expected one to six hex digits"),
        ("\\0", 0, "expected an octal digit"), ("\\08", 0, "expected an octal digit"), ("a}", 1, "'}' must be escaped"), ("(?)", 2, "unknown group syntax '(?)'"), ("(?<1a>x)", 3, "expected a group name"), ("(?<n>a)(?<n>b)", 10, "used twice"),
        ("(?q)", 2, "unknown group syntax '(?q'"), ("(?iq)", 3, "unknown inline flag 'q'"), ("(?i", 3, "expected ')'"),
        ("[[:foo:]]", 1, "unknown POSIX class '[:foo:]'"), ("\\", 0, "lone '\\'"), ("ab\\", 2, "lone '\\'"), ("\\c", 0, "after '\\c'"),
        ("[\\b]", 1, "not allowed inside a character class"), ("[a-\\d]", 3, "a range must end in a single character"),
        ("(?#abc", 6, "expected ')' to end the comment"), ("\\X", 0, "grapheme clusters"), ("\\N{DIGIT ONE}", 0, "by name"),
        ("\\b+", 2, "nothing to repeat"), ("a\\z{2}", 3, "nothing to repeat"), ("a{100000}", 1, "pattern too large"), ("(abcdefghij){3000}", 12, "pattern too large"),
        ("((a{100}){100}){100}", 15, "pattern too large"),
    ])
    func syntaxErrors(pattern: String, offset: Int, message: String) {
        let error = syntaxError(pattern)
        #expect(error?.offset == offset, "\(pattern)")
        #expect(error?.message.contains(message) == true, "\(pattern): \(error?.message ?? "no error")")
    }

    @Test func emptyPatternMatchesOnlyTheEmptyString() throws {
        let regex = try RegularExpression("")
        #expect(regex.matchesWhole(""))
        #expect(!regex.matchesWhole(" "))
    }
}
