#!/usr/bin/env python3
"""Checks that no crate of the workspace has a circle of imports between its
top-level modules, and prints each crate's modules in layer order.

A module "uses" another when its files (the module's own file and every file
below its folder) name `crate::other` anywhere: in a `use` line, in a
`use crate::{…}` group, or in a path in the code. A name the crate root
re-exports (`pub use state::State;` in lib.rs, used as `crate::State`) counts
as a use of the module it comes from. The crate root (lib.rs) sits above every
module and is left out. Comments and doc comments are left out (`crate::x` in
a doc link is no import).

It also checks that every Rust file of the crate (sources, tests, benches)
over 1,000 lines gives the reason in its opening comment, in a sentence with
the words "long because" ("This file is long because …").

Usage: scripts/module-layers.py [CRATE_DIR …]   (default: every crates/*)
Exit status 1 when any crate has a circle or an unexplained long file, which
are then printed.
"""

LONG_FILE = 1000
LONG_REASON = "long because"

import re
import sys
from pathlib import Path


def strip_comments(text: str) -> str:
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return "\n".join(line.split("//", 1)[0] for line in text.splitlines())


def top_module(src: Path, file: Path) -> str | None:
    rel = file.relative_to(src)
    if rel.parts in (("lib.rs",), ("main.rs",)):
        return None
    if len(rel.parts) > 1 and rel.parts[0] == "bin":
        return None
    return rel.parts[0].removesuffix(".rs")


def group_items(text: str, start: int) -> tuple[list[str], int]:
    """The first path segments of a `{…}` group opening at `start`."""
    depth, i, item, items = 0, start, "", []
    while i < len(text):
        ch = text[i]
        if ch == "{":
            depth += 1
            if depth == 1:
                i += 1
                continue
        elif ch == "}":
            depth -= 1
            if depth == 0:
                items.append(item)
                break
        if depth == 1 and ch == ",":
            items.append(item)
            item = ""
        elif depth >= 1:
            item += ch
        i += 1
    firsts = []
    for it in items:
        m = re.match(r"\s*(\w+)", it)
        if m:
            firsts.append(m.group(1))
    return firsts, i


def named(text: str) -> list[str]:
    """Every first segment after `crate::`."""
    out = []
    for m in re.finditer(r"\bcrate::", text):
        rest = text[m.end():]
        if rest.startswith("{"):
            firsts, _ = group_items(text, m.end())
            out.extend(firsts)
        else:
            w = re.match(r"(\w+)", rest)
            if w:
                out.append(w.group(1))
    return out


def reexports(lib: str, modules: set[str]) -> dict[str, str]:
    """Names the crate root re-exports, mapped to their module."""
    out = {}
    for m in re.finditer(r"pub\s+use\s+(\w+)::", lib):
        module = m.group(1)
        if module not in modules:
            continue
        rest = lib[m.end():]
        if rest.startswith("{"):
            firsts, _ = group_items(lib, m.end())
            for name in firsts:
                out[name] = module
            continue
        w = re.match(r"(\w+)(?:\s+as\s+(\w+))?", rest)
        if w:
            out[w.group(2) or w.group(1)] = module
    for m in re.finditer(r"pub\s+use\s+(\w+)::\*", lib):
        out.setdefault("*" + m.group(1), m.group(1))
    return out


def sccs(graph: dict[str, set[str]]) -> list[list[str]]:
    index, low, stack, on, out, counter = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            out.append(comp)

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def layers(graph: dict[str, set[str]]) -> list[list[str]]:
    level: dict[str, int] = {}

    def depth(v, seen=()):
        if v in level:
            return level[v]
        if v in seen:
            return 0
        d = 0
        for w in graph[v]:
            d = max(d, depth(w, seen + (v,)) + 1)
        level[v] = d
        return d

    for v in graph:
        depth(v)
    out: list[list[str]] = []
    for v, d in sorted(level.items(), key=lambda kv: (kv[1], kv[0])):
        while len(out) <= d:
            out.append([])
        out[d].append(v)
    return out


def check(crate: Path) -> bool:
    src = crate / "src"
    root = src / "lib.rs"
    if not root.exists():
        root = src / "main.rs"
    if not root.exists():
        return True
    files = sorted(src.rglob("*.rs"))
    modules = {m for f in files if (m := top_module(src, f))}
    lib = strip_comments(root.read_text())
    exported = reexports(lib, modules)
    graph: dict[str, set[str]] = {m: set() for m in modules}
    for f in files:
        m = top_module(src, f)
        if m is None:
            continue
        for name in named(strip_comments(f.read_text())):
            target = name if name in modules else exported.get(name)
            if target and target != m:
                graph[m].add(target)
    circles = [sorted(c) for c in sccs(graph) if len(c) > 1]
    name = crate.name
    if circles:
        for c in circles:
            edges = [f"{a} → {b}" for a in c for b in sorted(graph[a]) if b in c]
            print(f"{name}: circle between {', '.join(c)} ({'; '.join(edges)})")
        return False
    order = " < ".join(", ".join(level) for level in layers(graph))
    print(f"{name}: no circle; layers from the bottom: {order or '(one module)'}")
    return True


def long_files(crate: Path) -> bool:
    ok = True
    for f in sorted(crate.rglob("*.rs")):
        if "target" in f.parts:
            continue
        lines = f.read_text().splitlines()
        if len(lines) <= LONG_FILE:
            continue
        opening = []
        for line in lines:
            stripped = line.strip()
            if stripped.startswith("//") or stripped.startswith("#!") or not stripped:
                opening.append(stripped)
            else:
                break
        if LONG_REASON not in " ".join(opening):
            print(f"{f.relative_to(crate.parent.parent)}: {len(lines)} lines and no "
                  f"\"{LONG_REASON}\" reason in its opening comment")
            ok = False
    return ok


def main() -> int:
    here = Path(__file__).resolve().parent.parent
    crates = [Path(a) for a in sys.argv[1:]] or sorted((here / "crates").iterdir())
    ok = True
    for crate in crates:
        if (crate / "Cargo.toml").exists():
            ok &= check(crate)
            ok &= long_files(crate)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
