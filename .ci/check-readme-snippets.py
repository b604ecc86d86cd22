#!/usr/bin/env python3
"""Checks that every ```swift block in a Markdown file is byte-identical (after removing the
test's indentation) to the start of the test it names in "(This code is the test `Suite.test`.)".
Leading `import X` lines in a snippet must be imported by the test's file. Usage:
    check_snippets.py README.md [repo-root]"""
import pathlib, re, sys

doc = pathlib.Path(sys.argv[1]); root = pathlib.Path(sys.argv[2] if len(sys.argv) > 2 else ".")
text = doc.read_text()
blocks = [(m.group(1), m.end()) for m in re.finditer(r"```swift\n(.*?)```", text, re.S)]
tests = list((root / "Tests").rglob("*.swift"))
failures = 0
for code, end in blocks:
    name = re.search(r"\(This code is the test `(\w+)\.(\w+)`", text[end:end + 400])
    if not name:
        print(f"FAIL: block ending at char {end} names no test"); failures += 1; continue
    suite, test = name.groups()
    found = None
    for path in tests:
        source = path.read_text()
        s = re.search(rf"\b(?:struct|class) {suite}\b", source)
        if not s: continue
        t = re.search(rf"@Test func {test}\(\)[^{{]*\{{\n", source[s.end():])
        if t: found = (path, source, s.end() + t.end()); break
    if not found:
        print(f"FAIL: {suite}.{test}: test not found"); failures += 1; continue
    path, source, start = found
    body = source[start:].split("\n")
    indent = re.match(r" *", body[0]).group(0)
    lines = [l[len(indent):] if l.startswith(indent) else l for l in body]
    # A first comment that says where the snippet is shown ("// The README's first example").
    if re.match(r"// (The README|Documentation/)", lines[0]): lines = lines[1:]
    snippet = code.rstrip("\n").split("\n")
    imports = []
    while snippet and snippet[0].startswith("import "):
        imports.append(snippet.pop(0))
    while snippet and snippet[0] == "": snippet.pop(0)
    problems = [i for i in imports
                if not re.search(rf"^(@testable )?{re.escape(i)}$", source, re.M)]
    got = lines[:len(snippet)]
    after = lines[len(snippet)] if len(lines) > len(snippet) else ""
    if got != snippet:
        for i, (a, b) in enumerate(zip(snippet, got)):
            if a != b:
                problems.append(f"line {i + 1}: README {a!r} / test {b!r}"); break
        else:
            problems.append("lengths differ")
    elif after.strip() not in ("", "}"):
        problems.append(f"the test goes on without a blank line: {after!r}")
    status = "ok  " if not problems else "FAIL"
    print(f"{status}: {suite}.{test} ({len(snippet)} lines, {path.relative_to(root)})"
          + "".join(f"\n      {p}" for p in problems))
    failures += bool(problems)
print(f"{len(blocks)} swift blocks, {failures} failing")
sys.exit(1 if failures else 0)
