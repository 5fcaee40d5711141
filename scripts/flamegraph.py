#!/usr/bin/env python3
"""Folded stacks and self-contained SVG flame graphs, plain and differential (no dependency).

    flamegraph.py fold [--demangle]  < perf-script.txt > stacks.folded
    flamegraph.py svg STACKS.folded OUT.svg [--title T]
    flamegraph.py diff BASE.folded CANDIDATE.folded OUT.svg [--title T]

fold reads `perf script` output (one block per sample: a header line, then the frames leaf
first) and writes one line per distinct stack, root first: `frame;frame;...;leaf COUNT`. Frames
without a symbol are named after their shared object (`[libcrypto.so.3]`). With --demangle, Swift
names go through `swift-demangle --simplified` once, in one batch.

svg draws a flame graph: the root at the bottom, each frame as wide as its samples' share.

diff draws the candidate's flame graph (width = the candidate's time) coloured by the change of
each frame's share of all samples against the base: red where the candidate spends a larger
share, blue a smaller one, white the same; saturation grows with the change, full at 5 points of
the total or more. Frames absent from the base are red. Hovering a frame shows its samples, its
shares in both builds and the change.

Exit codes: 0 written; 64 usage; 65 an input that is not what the subcommand expects.
"""
import html
import subprocess
import sys
from collections import defaultdict


def fail(code, message):
    print(f"flamegraph.py: {message}", file=sys.stderr)
    sys.exit(code)


def fold(lines, demangle):
    stacks = defaultdict(int)
    frames = []
    in_sample = False

    def flush():
        if frames:
            stacks[";".join(reversed(frames))] += 1
        frames.clear()

    for raw in lines:
        line = raw.rstrip("\n")
        if not line.strip():
            flush()
            in_sample = False
            continue
        if not line[0].isspace():
            flush()
            in_sample = True
            continue
        if not in_sample:
            continue
        parts = line.strip().split(None, 1)
        if len(parts) < 2:
            continue
        rest = parts[1]
        symbol, _, dso = rest.rpartition(" (")
        dso = dso.rstrip(")")
        if not symbol or symbol == "[unknown]":
            symbol = "[" + dso.rsplit("/", 1)[-1] + "]"
        else:
            plus = symbol.rfind("+0x")
            if plus > 0:
                symbol = symbol[:plus]
        frames.append(symbol.replace(";", ":"))
    flush()
    if demangle and stacks:
        names = sorted({f for stack in stacks for f in stack.split(";")})
        try:
            out = subprocess.run(["swift-demangle", "--simplified"], input="\n".join(names) + "\n",
                                 capture_output=True, text=True, check=True).stdout.split("\n")
            table = {n: (out[i] if i < len(out) and out[i] else n).replace(";", ":") for i, n in enumerate(names)}
            renamed = defaultdict(int)
            for stack, count in stacks.items():
                renamed[";".join(table[f] for f in stack.split(";"))] += count
            stacks = renamed
        except (OSError, subprocess.CalledProcessError):
            pass  # keep the mangled names
    return stacks


def read_folded(path):
    stacks = defaultdict(int)
    try:
        with open(path) as f:
            for number, line in enumerate(f, 1):
                line = line.rstrip("\n")
                if not line:
                    continue
                stack, _, count = line.rpartition(" ")
                if not stack or not count.isdigit():
                    fail(65, f"{path}:{number}: expected 'frame;frame;... COUNT'")
                stacks[stack] += int(count)
    except OSError as error:
        fail(65, f"{path}: {error.strerror}")
    return stacks


class Node:
    __slots__ = ("name", "total", "children")

    def __init__(self, name):
        self.name, self.total, self.children = name, 0, {}


def tree(stacks):
    root = Node("all")
    for stack, count in stacks.items():
        node = root
        node.total += count
        for frame in stack.split(";"):
            node = node.children.setdefault(frame, Node(frame))
            node.total += count
    return root


def shares(stacks):
    """Each frame path's share (0..1) of all samples."""
    total = sum(stacks.values()) or 1
    result = defaultdict(float)
    for stack, count in stacks.items():
        frames = stack.split(";")
        for depth in range(1, len(frames) + 1):
            result[";".join(frames[:depth])] += count / total
    return result


WIDTH, ROW, FONT = 1200, 16, 11


def render(root, title, colour, tooltip):
    rects = []
    depth_max = [0]

    def walk(node, path, x, depth):
        width = WIDTH * node.total / (root.total or 1)
        if width < 0.3:
            return
        depth_max[0] = max(depth_max[0], depth)
        rects.append((x, depth, width, node, path))
        child_x = x
        for child in sorted(node.children.values(), key=lambda n: n.name):
            walk(child, path + [child.name], child_x, depth + 1)
            child_x += WIDTH * child.total / (root.total or 1)

    walk(root, [], 0.0, 0)
    height = (depth_max[0] + 1) * ROW + 40
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
           f'font-family="monospace" font-size="{FONT}">',
           f'<rect width="100%" height="100%" fill="#ffffff"/>',
           f'<text x="{WIDTH / 2}" y="18" text-anchor="middle" font-size="14">{html.escape(title)}</text>']
    for x, depth, width, node, path in rects:
        y = height - (depth + 1) * ROW
        key = ";".join(path)
        label = html.escape(node.name)
        fits = int(width / (FONT * 0.62))
        text = label if len(node.name) <= fits else (html.escape(node.name[:max(fits - 2, 0)]) + ".." if fits > 3 else "")
        out.append(f'<g><title>{html.escape(tooltip(node, key))}</title>'
                   f'<rect x="{x:.2f}" y="{y}" width="{width:.2f}" height="{ROW - 1}" fill="{colour(node, key)}" rx="1"/>'
                   + (f'<text x="{x + 2:.2f}" y="{y + ROW - 4}">{text}</text>' if text else "") + "</g>")
    out.append("</svg>")
    return "\n".join(out) + "\n"


def warm(name):
    h = sum(ord(c) for c in name)
    return f"rgb({205 + h % 50},{(h * 7) % 180 + 50},{(h * 13) % 55})"


def write(path, text):
    try:
        with open(path, "w") as f:
            f.write(text)
    except OSError as error:
        fail(65, f"{path}: {error.strerror}")


def main(argv):
    if len(argv) >= 1 and argv[0] == "fold":
        stacks = fold(sys.stdin, "--demangle" in argv[1:])
        for stack, count in sorted(stacks.items()):
            print(f"{stack} {count}")
        return 0
    title = None
    if "--title" in argv:
        at = argv.index("--title")
        if at + 1 >= len(argv):
            fail(64, "--title needs a value")
        title = argv[at + 1]
        argv = argv[:at] + argv[at + 2:]
    if len(argv) == 3 and argv[0] == "svg":
        stacks = read_folded(argv[1])
        root = tree(stacks)
        total = root.total or 1
        write(argv[2], render(root, title or f"{argv[1]} ({total} samples)", lambda n, k: warm(n.name),
                              lambda n, k: f"{n.name}: {n.total} samples, {100 * n.total / total:.2f}%"))
        return 0
    if len(argv) == 4 and argv[0] == "diff":
        base, candidate = read_folded(argv[1]), read_folded(argv[2])
        before, after = shares(base), shares(candidate)
        root = tree(candidate)
        root_base = tree(base).total

        def colour(node, key):
            if not key:
                return "rgb(230,230,230)"
            change = after.get(key, 0) - before.get(key, 0)
            level = min(abs(change) / 0.05, 1.0) if key in before else 1.0
            fade = int(255 - 200 * level)
            return f"rgb(255,{fade},{fade})" if change > 0 or key not in before else f"rgb({fade},{fade},255)"

        def tooltip(node, key):
            if not key:
                return f"all: {node.total} samples in the candidate, {root_base} in the base"
            a, b = 100 * after.get(key, 0), 100 * before.get(key, 0)
            where = f"{b:.2f}% in the base" if key in before else "absent from the base"
            return f"{node.name}: {node.total} samples, {a:.2f}% (candidate), {where}, change {a - b:+.2f} points"

        write(argv[3], render(root, title or f"{argv[2]} against {argv[1]}: width = candidate, red = larger share, blue = smaller",
                              colour, tooltip))
        return 0
    fail(64, "usage: fold [--demangle] | svg STACKS OUT.svg [--title T] | diff BASE CANDIDATE OUT.svg [--title T]")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
