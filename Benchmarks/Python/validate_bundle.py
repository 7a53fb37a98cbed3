"""The schema-validation benchmark's peer: `widgetry validate`'s work with Python's jsonschema.

Compiles one Draft 2020-12 validator per schema file once, then each round lists the bundle's
JSON files, classifies them as Widgetry does (Info.json, Service.json, Service.dev.json,
StubService.json, Model.json, .widgetry.json, screens X.json whose root has the key X, Tests/*.scenario.json),
reads and parses each with json.load and collects every violation with iter_errors. Prints one
JSON object: the median seconds of the rounds after a warm-up, the files checked, the
violations found and the jsonschema version.

    python3 validate_bundle.py BUNDLE SCHEMAS_FOLDER ROUNDS
"""
import importlib.metadata
import json
import os
import statistics
import sys
import time

import jsonschema

KNOWN = {
    "Info.json": "manifest",
    "Service.json": "service",
    "Service.dev.json": "service",
    "StubService.json": "stub-service",
    "Model.json": "model",
    ".widgetry.json": "lint-config",
}


def load_validators(folder):
    validators = {}
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".schema.json"):
            continue
        with open(os.path.join(folder, name), "rb") as file:
            schema = json.load(file)
        jsonschema.Draft202012Validator.check_schema(schema)
        validators[name[: -len(".schema.json")]] = jsonschema.Draft202012Validator(schema)
    return validators


def candidates(bundle):
    paths = sorted(name for name in os.listdir(bundle) if name.endswith(".json") and os.path.isfile(os.path.join(bundle, name)))
    tests = os.path.join(bundle, "Tests")
    if os.path.isdir(tests):
        paths += sorted("Tests/" + name for name in os.listdir(tests) if name.endswith(".scenario.json"))
    return paths


def validate(bundle, validators):
    files = 0
    violations = 0
    for path in candidates(bundle):
        with open(os.path.join(bundle, path), "rb") as file:
            document = json.load(file)
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
    validators = load_validators(folder)
    times = []
    files = violations = 0
    for round in range(rounds + 1):
        start = time.perf_counter()
        files, violations = validate(bundle, validators)
        elapsed = time.perf_counter() - start
        if round > 0:
            times.append(elapsed)
    print(json.dumps({
        "medianSeconds": statistics.median(times),
        "files": files,
        "violations": violations,
        "version": importlib.metadata.version("jsonschema"),
    }))


if __name__ == "__main__":
    main()
