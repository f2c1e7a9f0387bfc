#!/usr/bin/env python3
"""Runs the shell examples of README.md and docs/*.md, so that what the docs say is what chat-tui does.

Every fenced block whose info string starts with `sh` must say whether it is run, by its second word:

  ```sh run            every command in it is run and must exit 0 (or N, when its line's comment starts with
                       `# exit N`); lines after a command that start with `# =>` are its expected standard
                       output, line for line (a last `# => ...` line means "and more lines may follow")
  ```sh interactive    not run: it opens the interactive app or needs a terminal
  ```sh network        not run: it needs the network or a server
  ```sh not-run        not run, for the reason the text around it gives (building the project, a command
                       whose behaviour another change brings, a tool that is not installed here)

A block with no marker fails the test, so no example goes unchecked by accident. Each `sh run` block runs in
a new temporary folder holding the sample data twice, as `sample-data/` and at the top (`groups.json`,
`avatars/`), with `groups.jsonl` (the same groups, one per line) beside it; its commands share that folder and
run in order, through bash, with the debug binary first on PATH as `chat-tui`, HOME and every XDG folder inside
the temporary folder, and standard input from /dev/null. A line ending in `\\` continues on the next.

Usage: doc-test.py [--binary PATH] [--list] [FILE...]   (default: README.md and docs/*.md)
"""

import argparse
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

MARKERS = {"run", "interactive", "network", "not-run"}
FENCE = re.compile(r"^(\s*)```+\s*(\S*)\s*(.*)$")
EXIT = re.compile(r"#\s*exit\s+(\d+)\b")


class Example:
    def __init__(self, path, line, command):
        self.path, self.line, self.command = path, line, command
        self.status = 0
        self.expected = []

    def where(self):
        return "%s:%d" % (self.path, self.line)


def blocks(path):
    """Yields (line number of the fence, language, marker, [(line number, text)]) for every fenced block."""
    lines = open(path, encoding="utf-8").read().split("\n")
    index = 0
    while index < len(lines):
        match = FENCE.match(lines[index])
        if not match or not match.group(2):
            index += 1
            continue
        start, language, rest = index + 1, match.group(2), match.group(3).split()
        body = []
        index += 1
        while index < len(lines) and not lines[index].strip().startswith("```"):
            body.append((index + 1, lines[index]))
            index += 1
        index += 1
        yield start, language, (rest[0] if rest else ""), body


def commands(path, body):
    """The commands of one runnable block, with their expected status and output."""
    examples, pending = [], None
    for number, text in body:
        stripped = text.strip()
        if pending is not None:
            pending[1] += "\n" + text
            if not stripped.endswith("\\"):
                examples.append(Example(path, pending[0], pending[1]))
                pending = None
            continue
        if stripped.startswith("# =>"):
            if not examples:
                raise SystemExit("%s:%d: `# =>` before any command" % (path, number))
            expected = stripped[4:]
            examples[-1].expected.append((expected[1:] if expected.startswith(" ") else expected).rstrip())
            continue
        if not stripped or stripped.startswith("#"):
            continue
        if stripped.endswith("\\"):
            pending = [number, text]
            continue
        examples.append(Example(path, number, text))
    if pending is not None:
        raise SystemExit("%s:%d: the command's last line ends in a backslash" % (path, pending[0]))
    for example in examples:
        match = EXIT.search(example.command)
        if match:
            example.status = int(match.group(1))
    return examples


def prepare(folder, root, binary):
    sample = os.path.join(root, "sample-data")
    shutil.copytree(sample, os.path.join(folder, "sample-data"))
    for name in os.listdir(sample):
        source = os.path.join(sample, name)
        target = os.path.join(folder, name)
        (shutil.copytree if os.path.isdir(source) else shutil.copy)(source, target)
    with open(os.path.join(sample, "groups.json"), encoding="utf-8") as handle:
        groups = json.load(handle)["groups"]
    with open(os.path.join(folder, "groups.jsonl"), "w", encoding="utf-8") as handle:
        for group in groups:
            handle.write(json.dumps(group, ensure_ascii=False) + "\n")
    for name in ("home", "config", "cache", "state", "data", "bin"):
        os.mkdir(os.path.join(folder, "." + name))
    os.symlink(binary, os.path.join(folder, ".bin", "chat-tui"))


def run(example, folder, binary):
    environment = {key: value for key, value in os.environ.items() if not key.startswith("XDG_")}
    environment.update({
        "PATH": os.path.join(folder, ".bin") + os.pathsep + environment.get("PATH", ""),
        "HOME": os.path.join(folder, ".home"),
        "XDG_CONFIG_HOME": os.path.join(folder, ".config"),
        "XDG_CACHE_HOME": os.path.join(folder, ".cache"),
        "XDG_STATE_HOME": os.path.join(folder, ".state"),
        "XDG_DATA_HOME": os.path.join(folder, ".data"),
        "LC_ALL": "C.UTF-8",
    })
    environment.pop("TMUX", None)
    try:
        done = subprocess.run(["bash", "-c", "set -o pipefail\n" + example.command], cwd=folder, env=environment,
                              stdin=subprocess.DEVNULL, capture_output=True, timeout=300)
    except subprocess.TimeoutExpired:
        return "timed out after 300 s"
    out = done.stdout.decode("utf-8", "replace")
    err = done.stderr.decode("utf-8", "replace")
    if done.returncode != example.status:
        return "exited %d, expected %d\n--- stdout\n%s--- stderr\n%s" % (
            done.returncode, example.status, tail(out), tail(err))
    if example.expected:
        got = [line.rstrip() for line in out.rstrip("\n").split("\n")]
        want = example.expected
        prefix = want[-1] == "..."
        if prefix:
            want = want[:-1]
        if (got[:len(want)] if prefix else got) != want:
            return "printed\n%s\nexpected\n%s" % ("\n".join(got[:40]), "\n".join(example.expected))
    return None


def tail(text, lines=30):
    kept = text.split("\n")[-lines:]
    return "\n".join(kept) + ("" if text.endswith("\n") or not text else "\n")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("files", nargs="*")
    parser.add_argument("--binary", default=".build/debug/chat-tui")
    parser.add_argument("--list", action="store_true", help="list the examples and their markers, run nothing")
    args = parser.parse_args()
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    os.chdir(root)
    files = args.files or ["README.md"] + sorted(glob.glob("docs/*.md"))
    binary = os.path.abspath(args.binary)
    if not args.list and not os.access(binary, os.X_OK):
        raise SystemExit("doc-test: %s is missing; build it with `swift build --product chat-tui`" % args.binary)

    failures, ran, skipped = [], 0, {}
    for path in files:
        for start, language, marker, body in blocks(path):
            if language not in ("sh", "bash", "shell", "console"):
                continue
            if marker not in MARKERS:
                failures.append("%s:%d: a ```%s block needs a marker: %s" % (
                    path, start, language, ", ".join(sorted(MARKERS))))
                continue
            if marker != "run":
                skipped[marker] = skipped.get(marker, 0) + 1
                if args.list:
                    print("%s:%d: %s" % (path, start, marker))
                continue
            examples = commands(path, body)
            if args.list:
                for example in examples:
                    print("%s: run: %s" % (example.where(), example.command.strip()))
                continue
            folder = tempfile.mkdtemp(prefix="doc-test-")
            try:
                prepare(folder, root, binary)
                for example in examples:
                    ran += 1
                    problem = run(example, folder, binary)
                    if problem:
                        failures.append("%s: %s\n%s" % (example.where(), example.command.strip(), problem))
            finally:
                shutil.rmtree(folder, ignore_errors=True)
    for failure in failures:
        print("FAIL: " + failure + "\n")
    not_run = ", ".join("%d %s" % (count, marker) for marker, count in sorted(skipped.items())) or "none"
    print("doc-test: %d commands run, %d failed; blocks not run: %s" % (ran, len(failures), not_run))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
