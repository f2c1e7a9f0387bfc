#!/usr/bin/env python3
"""Lists the public API in symbol graphs (from scripts/symbol-graphs.sh): one line per public symbol, its kind,
its path and its declaration, then one line per conformance of a public type, sorted, so that a diff of two
listings shows exactly which declarations were added, removed or changed.

Usage: public-api.py SYMBOL_GRAPH_DIR > api/GroupIcon.api.txt
"""
import glob
import json
import os
import sys

directory = sys.argv[1]
lines = set()
for path in sorted(glob.glob(os.path.join(directory, "*.symbols.json"))):
    graph = json.load(open(path))
    public = {}
    for symbol in graph["symbols"]:
        if symbol.get("accessLevel") not in ("public", "open"):
            continue
        # Members a type gets from a protocol's default implementations are the protocol's API, not ours.
        if "::SYNTHESIZED::" in symbol["identifier"]["precise"]:
            continue
        # Names that begin with an underscore are hidden from clients by convention (and by the compiler's
        # interface printing); they are not promised.
        if any(component.startswith("_") for component in symbol["pathComponents"]):
            continue
        name = ".".join(symbol["pathComponents"])
        public[symbol["identifier"]["precise"]] = name
        declaration = "".join(fragment["spelling"] for fragment in symbol.get("declarationFragments", []))
        kind = symbol["kind"]["identifier"].removeprefix("swift.")
        lines.add(f"{kind} {name}: {' '.join(declaration.split())}")
    for relationship in graph.get("relationships", []):
        if relationship["kind"] not in ("conformsTo", "inheritsFrom") or relationship["source"] not in public:
            continue
        target = relationship.get("targetFallback") or relationship["target"]
        target = public.get(relationship["target"], target)
        lines.add(f"{relationship['kind']} {public[relationship['source']]}: {target}")
header = ("# The public API of the GroupIcon library, with the Imaging symbols it re-exports: written by\n"
          "# scripts/check-api.sh --update, checked by scripts/check-api.sh (scripts/test.sh). Do not edit by hand.\n")
sys.stdout.write(header + "".join(line + "\n" for line in sorted(lines)))
