#!/usr/bin/env python3
"""Check the relative links and #anchors of Markdown files.

usage: md_links.py [FILE.md ...]   (default: every tracked *.md, from `git ls-files`)

Run from the repository root. A link's file must be tracked (a directory:
hold a tracked file), so a link into build/ or results/ fails on a fresh
clone as it would here. An anchor must be a heading's id as GitHub makes it
(github-slugger, the library github.com's renderer uses): the heading's
rendered text lower-cased, every character that is not a letter, mark,
number, connector (`_`) or hyphen dropped, each space a hyphen; a repeated
heading gets -1, -2, ... External links (a scheme such as https:, mailto:)
are not checked. Prints one `FILE:LINE: broken link TARGET (why)` line per
fault and exits 1 when there was one, 0 otherwise.
"""
import os
import re
import subprocess
import sys
import unicodedata

FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
ATX = re.compile(r"^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$")
SETEXT = re.compile(r"^ {0,3}(=+|-+)[ \t]*$")
# [text](target "title"), ![alt](target); the target may be <in angle brackets>
INLINE = re.compile(r"!?\[(?:[^\]\\]|\\.)*\]\(\s*(<[^>]*>|[^)\s]*)(?:\s+(?:\"[^\"]*\"|'[^']*'))?\s*\)")
REFDEF = re.compile(r"^ {0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)")
CODE_SPAN = re.compile(r"(`+)(.+?)\1")
SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")


def heading_text(raw):
    """The text GitHub renders for a heading's Markdown source."""
    spans = []

    def keep(m):
        spans.append(m.group(2).strip())
        return "\0%d\0" % (len(spans) - 1)

    s = CODE_SPAN.sub(keep, raw)
    s = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", s)  # a link or image: its text
    s = re.sub(r"<[^>]+>", "", s)  # HTML tags
    s = s.replace("*", "")  # emphasis (underscores inside words are not)
    s = re.sub(r"(^|\W)_+|_+(\W|$)", r"\1\2", s)
    return re.sub(r"\0(\d+)\0", lambda m: spans[int(m.group(1))], s)


def slug(text):
    out = []
    for ch in text.lower():
        if ch == " ":
            out.append("-")
        elif ch == "-" or unicodedata.category(ch)[0] in "LMN" or unicodedata.category(ch) == "Pc":
            out.append(ch)
    return "".join(out)


def scan(path):
    """(anchors of the file's headings, [(line number, link target)])."""
    anchors, seen, links = set(), {}, []
    fence = None
    prev = ""
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    for n, line in enumerate(lines, 1):
        m = FENCE.match(line)
        if fence:
            if m and m.group(1)[0] == fence[0] and len(m.group(1)) >= len(fence):
                fence = None
            prev = ""
            continue
        if m:
            fence = m.group(1)
            prev = ""
            continue
        title = None
        m = ATX.match(line)
        if m:
            title = m.group(2) or ""
        elif SETEXT.match(line) and prev.strip() and not prev.lstrip().startswith(("|", "-", "*", ">")):
            title = prev.strip()
        if title is not None:
            base = slug(heading_text(title))
            s, k = base, seen.get(base, 0)
            while s in anchors:
                k += 1
                s = "%s-%d" % (base, k)
            seen[base] = k
            anchors.add(s)
        text = CODE_SPAN.sub(lambda m: " " * len(m.group(0)), line)
        for m in INLINE.finditer(text):
            links.append((n, m.group(1)))
        m = REFDEF.match(text)
        if m:
            links.append((n, m.group(1)))
        prev = line
    return anchors, links


def main(argv):
    tracked = subprocess.run(["git", "ls-files", "-z"], capture_output=True, check=True).stdout
    tracked = set(p for p in tracked.decode().split("\0") if p)
    dirs = set()
    for p in tracked:
        d = os.path.dirname(p)
        while d:
            dirs.add(d)
            d = os.path.dirname(d)
    files = argv or sorted(p for p in tracked if p.endswith(".md"))
    cache = {}

    def anchors_of(p):
        if p not in cache:
            cache[p] = scan(p)[0]
        return cache[p]

    bad = 0
    for md in files:
        for n, target in scan(md)[1]:
            t = target[1:-1] if target.startswith("<") else target
            if not t or SCHEME.match(t) or t.startswith("//"):
                continue
            path, _, anchor = t.partition("#")
            if path.startswith("/"):
                dest = os.path.normpath(path.lstrip("/"))
            elif path:
                dest = os.path.normpath(os.path.join(os.path.dirname(md), path))
            else:
                dest = md
            why = None
            if dest.startswith(".."):
                why = "outside the repository"
            elif dest not in tracked and dest not in dirs and dest != ".":
                why = "no such tracked file" if not os.path.exists(dest) else "not tracked by git"
            elif anchor and dest.endswith(".md") and anchor not in anchors_of(dest):
                why = "no heading with anchor #%s in %s" % (anchor, dest)
            elif anchor and not dest.endswith(".md"):
                why = "an anchor into a file that is not Markdown"
            if why:
                print("%s:%d: broken link %s (%s)" % (md, n, target, why))
                bad += 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
