#!/usr/bin/env python3
"""Lists the public API in symbol graphs (from scripts/symbol-graphs.sh): one line per public symbol, its kind,
its path and its declaration, then one line per conformance of a public type, sorted, so that a diff of two
listings shows exactly which declarations were added, removed or changed.

With --undocumented, lists instead the public symbols that have no doc comment (one per line, with the file and
line it is declared at) and exits 1 when there is one. A member that implements a protocol's requirement without
a comment of its own shows the requirement's (the symbol graph carries it), which counts.

Usage: public-api.py SYMBOL_GRAPH_DIR MODULE > api/MODULE.api.txt
       public-api.py --undocumented SYMBOL_GRAPH_DIR MODULE
"""
import glob
import json
import os
import sys

arguments = sys.argv[1:]
undocumented_only = arguments[:1] == ["--undocumented"]
if undocumented_only:
    arguments = arguments[1:]
directory, module = arguments
lines = set()
undocumented = []
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
        comment = symbol.get("docComment", {}).get("lines", [])
        if not any(line.get("text", "").strip() for line in comment):
            location = symbol.get("location", {})
            file = location.get("uri", "").removeprefix("file://")
            file = os.path.relpath(file) if file else "?"
            line = location.get("position", {}).get("line", -1) + 1
            undocumented.append(f"{file}:{line}: {kind} {name}")
    for relationship in graph.get("relationships", []):
        if relationship["kind"] not in ("conformsTo", "inheritsFrom") or relationship["source"] not in public:
            continue
        target = relationship.get("targetFallback") or relationship["target"]
        target = public.get(relationship["target"], target)
        lines.add(f"{relationship['kind']} {public[relationship['source']]}: {target}")
if undocumented_only:
    for entry in sorted(set(undocumented)):
        print(f"undocumented ({module}): {entry}")
    sys.exit(1 if undocumented else 0)
what = {"GroupIcon": "the GroupIcon library, with the Imaging symbols it re-exports"}.get(module, f"the {module} library")
header = (f"# The public API of {what}: written by\n"
          "# scripts/check-api.sh --update, checked by scripts/check-api.sh (scripts/test.sh). Do not edit by hand.\n")
sys.stdout.write(header + "".join(line + "\n" for line in sorted(lines)))
