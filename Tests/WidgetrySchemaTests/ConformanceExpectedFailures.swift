extension ConformanceSuite {
    /// The optional files not run: `format` is an annotation in 2020-12 (the format-annotation
    /// vocabulary), and the validator does not assert it, so the files that test formats as
    /// assertions do not apply.
    static let optionalFoldersNotRun = ["optional/format/"]

    /// The cases of the optional files known not to pass, by file and by "group — test"
    /// description, each with the reason. `ConformanceTests.optionalFile` fails when a case not
    /// listed fails or a listed one passes, so the list says exactly what does not pass; every
    /// other optional file (`bignum.json`, `ecmascript-regex.json`, `anchor.json`, …) passes whole.
    static let expectedOptionalFailures: [String: [String: String]] = [
        "optional/cross-draft.json": [
            "refs to historic drafts are processed as historic drafts — first item not a string is valid": Self.historicDrafts,
        ],
        "optional/dependencies-compatibility.json": [
            "boolean subschemas — object with both properties is invalid": Self.draft7Dependencies,
            "boolean subschemas — object with property having schema false is invalid": Self.draft7Dependencies,
            "dependencies with escaped characters — CRLF missing dependent": Self.draft7Dependencies,
            "dependencies with escaped characters — quoted quotes missing dependent": Self.draft7Dependencies,
            "multiple dependents required — missing both dependencies": Self.draft7Dependencies,
            "multiple dependents required — missing dependency": Self.draft7Dependencies,
            "multiple dependents required — missing other dependency": Self.draft7Dependencies,
            "schema dependencies with escaped characters — quoted quote": Self.draft7Dependencies,
            "schema dependencies with escaped characters — quoted quote invalid under dependent schema": Self.draft7Dependencies,
            "schema dependencies with escaped characters — quoted tab invalid under dependent schema": Self.draft7Dependencies,
            "single dependency — missing dependency": Self.draft7Dependencies,
            "single schema dependency — wrong type": Self.draft7Dependencies,
            "single schema dependency — wrong type both": Self.draft7Dependencies,
            "single schema dependency — wrong type other": Self.draft7Dependencies,
        ],
        "optional/format-assertion.json": [
            "schema that uses custom metaschema with format-assertion: false — format-assertion: false: invalid string": Self.formatAssertion,
            "schema that uses custom metaschema with format-assertion: true — format-assertion: true: invalid string": Self.formatAssertion,
        ],
    ]

    private static let historicDrafts = "a $ref into a draft 2019-09 schema is evaluated as 2020-12: only the 2020-12 meta-schemas are built in"
    private static let formatAssertion = "format is an annotation: the format-assertion vocabulary is not implemented"
    private static let draft7Dependencies = "draft 7's dependencies keyword is not read: 2020-12 has dependentRequired and dependentSchemas"
}
