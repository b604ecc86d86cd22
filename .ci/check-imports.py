#!/usr/bin/env python3
"""Every import of a module built by a package is a declared dependency, direct or through another.

An undeclared one builds on a machine whose build folder still holds the module from an earlier
layout, and fails on a clean clone: this check finds it without a clean build.
Usage: check-imports.py PACKAGE_DIR...
"""
import json
import os
import re
import subprocess
import sys

IMPORT = re.compile(r"^\s*(?:@testable\s+|@_exported\s+|public\s+|internal\s+|package\s+)*import\s+(?:struct\s+|class\s+|enum\s+|func\s+)?(\w+)", re.M)


def module(name):
    return name.replace("-", "_")


def dump(package_dir):
    return json.loads(subprocess.run(
        ["swift", "package", "dump-package"], cwd=package_dir, check=True,
        capture_output=True, text=True).stdout)


def graph(package_dir, modules, products):
    """Adds the targets of a package and of the packages it finds by path; returns its own."""
    package = dump(package_dir)
    for dependency in package["dependencies"]:
        for local in dependency.get("fileSystem", []):
            graph(local["path"], modules, products)
    own = {}
    for target in package["targets"]:
        deps = []
        for dependency in target["dependencies"]:
            kind, value = next(iter(dependency.items()))
            if kind == "product" and value[0] in products:
                deps += products[value[0]]
            else:
                deps.append(module(value[0]))
        default = ("Tests/" if target["type"] == "test" else "Sources/") + target["name"]
        own[module(target["name"])] = os.path.join(package_dir, target.get("path") or default)
        modules[module(target["name"])] = deps
    for product in package["products"]:
        products[product["name"]] = [module(name) for name in product["targets"]]
    return own


def check(package_dir):
    local, products = {}, {}
    own = graph(os.path.abspath(package_dir), local, products)

    def closure(name, seen):
        for dep in local.get(name, []):
            if dep not in seen:
                seen.add(dep)
                closure(dep, seen)
        return seen

    failures = 0
    for name, path in sorted(own.items()):
        reachable = closure(name, set())
        for root, _, files in os.walk(path):
            for file in sorted(files):
                if not file.endswith(".swift"):
                    continue
                text = open(os.path.join(root, file), encoding="utf-8").read()
                for imported in sorted(set(IMPORT.findall(text))):
                    if imported in local and imported != name and imported not in reachable:
                        print(f"{os.path.join(root, file)}: imports {imported}, "
                              f"which target {name} does not depend on")
                        failures += 1
    return failures


failures = sum(check(directory) for directory in sys.argv[1:] or ["."])
print(f"{failures} undeclared imports")
sys.exit(1 if failures else 0)
