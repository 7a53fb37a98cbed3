"""The schema-validation benchmark's peers: `widgetry validate`'s work in Python, with a choice of
validator and JSON reader:

- `jsonschema` (the reference implementation, pure Python) with `json`;
- `jsonschema-rs` (Rust, what a user who cares about speed picks) with `orjson` or `json`.

Compiles one Draft 2020-12 validator per schema file once, then each round lists the bundle's
JSON files, classifies them as Widgetry does (Info.json, Service.json, Service.dev.json,
StubService.json, Model.json, .widgetry.json, screens X.json whose root has the key X, Tests/*.scenario.json),
reads and parses each with json.load and collects every violation with iter_errors. Prints one
JSON object: the median seconds of the rounds after a warm-up, the files checked, the
violations found, and the validator's and reader's names and versions.

    python3 validate_bundle.py BUNDLE SCHEMAS_FOLDER ROUNDS [jsonschema|jsonschema-rs] [json|orjson]
"""
import importlib.metadata
import json
import os
import statistics
import sys
import time

KNOWN = {
    "Info.json": "manifest",
    "Service.json": "service",
    "Service.dev.json": "service",
    "StubService.json": "stub-service",
    "Model.json": "model",
    ".widgetry.json": "lint-config",
}


def make_validator(engine, schema):
    """A Draft 2020-12 validator for `schema`, with an `iter_errors` method."""
    if engine == "jsonschema":
        import jsonschema

        jsonschema.Draft202012Validator.check_schema(schema)
        return jsonschema.Draft202012Validator(schema)
    import jsonschema_rs

    return jsonschema_rs.Draft202012Validator(schema)


def load_validators(folder, engine):
    validators = {}
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".schema.json"):
            continue
        with open(os.path.join(folder, name), "rb") as file:
            schema = json.load(file)
        validators[name[: -len(".schema.json")]] = make_validator(engine, schema)
    return validators


def make_reader(name):
    """A function from an open binary file to its parsed JSON."""
    if name == "orjson":
        import orjson

        return lambda file: orjson.loads(file.read())
    return json.load


def candidates(bundle):
    paths = sorted(name for name in os.listdir(bundle) if name.endswith(".json") and os.path.isfile(os.path.join(bundle, name)))
    tests = os.path.join(bundle, "Tests")
    if os.path.isdir(tests):
        paths += sorted("Tests/" + name for name in os.listdir(tests) if name.endswith(".scenario.json"))
    return paths


def validate(bundle, validators, read):
    files = 0
    violations = 0
    for path in candidates(bundle):
        with open(os.path.join(bundle, path), "rb") as file:
            document = read(file)
        if path.startswith("Tests/"):
            kind = "scenario"
        elif path in KNOWN:
            kind = KNOWN[path]
        elif isinstance(document, dict) and path[: -len(".json")] in document:
            kind = "screen"
        else:
            continue
        files += 1
        violations += sum(1 for _ in validators[kind].iter_errors(document))
    return files, violations


def main():
    bundle, folder, rounds = sys.argv[1], sys.argv[2], int(sys.argv[3])
    engine = sys.argv[4] if len(sys.argv) > 4 else "jsonschema"
    reader = sys.argv[5] if len(sys.argv) > 5 else "json"
    validators = load_validators(folder, engine)
    read = make_reader(reader)
    times = []
    files = violations = 0
    for round in range(rounds + 1):
        start = time.perf_counter()
        files, violations = validate(bundle, validators, read)
        elapsed = time.perf_counter() - start
        if round > 0:
            times.append(elapsed)
    print(json.dumps({
        "medianSeconds": statistics.median(times),
        "files": files,
        "violations": violations,
        "validator": engine,
        "version": importlib.metadata.version(engine),
        "reader": reader,
        "readerVersion": importlib.metadata.version(reader) if reader != "json" else sys.version.split()[0],
    }))


if __name__ == "__main__":
    main()
