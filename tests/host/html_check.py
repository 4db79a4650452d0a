#!/usr/bin/env python3
"""Checks on a page of `idlebench report --html` as headless Chromium saw it
(tests/host/test_html.sh):

  html_check.py primary DOM STREAM   the set's primary numbers in the DOM (the
      spans with data-primary/data-field) equal the stream's `#! primary`
      records (one file = one set: the report recomputes what the kernel did);
      a number is in large type (its cell's class "big") only with an
      interval, without one its cell says "(no interval: <the record's note>)"
      and has no interval spans; the seed's figures are not in the table;
  html_check.py console LOG          Chromium's stderr (--enable-logging=stderr)
      holds no console message: the page has no script, so any message is an
      error, a blocked load (CSP) or an injected script that ran;
  html_check.py inert DOM            the DOM has no <script>, <img>, <iframe>,
      <object> element and no on* attribute: hostile stream text stayed text;
  html_check.py banner DOM STREAM... the page of these boots (one set, in this
      order): every boot whose own `#! control` record says verdict=fail is
      named in a red flag (<li class="bad">) before the set's "Primary result"
      heading, though pooling the boots may hide it.
Exit 0 when the check holds, 1 with the reasons on stderr."""
import re
import sys
from html.parser import HTMLParser


class Spans(HTMLParser):
    def __init__(self):
        super().__init__()
        self.primary = {}      # (set, class, field) -> text
        self.cell_class = {}   # (set, class, field) -> class of the enclosing td
        self.cell_text = {}    # (set, class, field) -> the whole text of the enclosing td
        self.active = []       # stack of open keyed spans
        self.td = None         # (class, keys opened in it) of the open td
        self.in_primary_table = False
        self.primary_table_text = ""
        self.bad_tags = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag in ("script", "img", "iframe", "object", "embed"):
            self.bad_tags.append(tag)
        for k, _ in attrs:
            if k.startswith("on"):
                self.bad_tags.append(f"{tag}[{k}]")
        if tag == "table":
            self.in_primary_table = "primary" in (a.get("class") or "").split()
        if tag == "td":
            self.td = ((a.get("class") or "").split(), [], [""])
        if tag == "span" and "data-primary" in a:
            key = (a.get("data-set"), a["data-primary"], a.get("data-field"))
            self.primary[key] = ""
            if self.td:
                self.cell_class[key] = self.td[0]
                self.td[1].append(key)
            self.active.append(key)
        elif tag == "span":
            self.active.append(None)

    def handle_endtag(self, tag):
        if tag == "span" and self.active:
            self.active.pop()
        if tag == "td" and self.td:
            for key in self.td[1]:
                self.cell_text[key] = self.td[2][0]
            self.td = None
        if tag == "table":
            self.in_primary_table = False

    def handle_data(self, data):
        if self.td:
            self.td[2][0] += data
        if self.in_primary_table:
            self.primary_table_text += data
        if self.active and self.active[-1] is not None:
            self.primary[self.active[-1]] += data


def parse(path):
    p = Spans()
    with open(path, encoding="utf-8") as f:
        p.feed(f.read())
    return p


def records(stream, rtype):
    """The `#! rtype key=value …` records of a stream file, as dicts."""
    out = []
    with open(stream, encoding="utf-8") as f:
        for line in f:
            if not line.startswith(f"#! {rtype} "):
                continue
            out.append(dict(re.findall(r'([a-z0-9_]+)=("[^"]*"|\S*)', line[3 + len(rtype):])))
    return [{k: v.strip('"') for k, v in r.items()} for r in out]


def check_primary(dom, stream):
    page = parse(dom)
    spans = page.primary
    recs = records(stream, "primary")
    if not recs:
        return [f"{stream}: no #! primary record"]
    errors = []
    fields = {"value": "slowdown_vs_hlt_pct", "lo": "ci95_lo", "hi": "ci95_hi", "mde": "mde_pct"}
    for r in recs:
        value = ("1", r["class"], "value")
        big = "big" in page.cell_class.get(value, [])
        if r.get("seed_pct") and r["seed_pct"] in page.primary_table_text:
            errors.append(f"{dom}: the seed's {r['seed_pct']} is in the primary table beside this run's number")
        if not r.get("ci95_lo"):
            if big:
                errors.append(f"{dom}: primary {r['class']} has no interval but is in large type")
            want = f"(no interval: {r.get('note', '')})"
            if want not in page.cell_text.get(value, ""):
                errors.append(f"{dom}: primary {r['class']}'s cell lacks {want!r}: {page.cell_text.get(value)!r}")
            for field in ("lo", "hi"):
                if ("1", r["class"], field) in spans:
                    errors.append(f"{dom}: primary {r['class']} shows an interval span {field} without an interval")
            fields_here = {"value": fields["value"], "mde": fields["mde"]}
        else:
            if not big:
                errors.append(f"{dom}: primary {r['class']} with its interval is not in large type")
            fields_here = fields
        for field, key in fields_here.items():
            want = r.get(key) or "-"
            got = spans.get(("1", r["class"], field))
            if got is None:
                errors.append(f"{dom}: no primary {r['class']} {field} in the DOM")
            elif got.strip() != want:
                errors.append(f"{dom}: primary {r['class']} {field} shows {got.strip()!r}, "
                              f"the stream's record says {want!r}")
    print(f"{stream}: {len(recs) * len(fields)} primary figures equal the records")
    return errors


def check_console(log):
    with open(log, encoding="utf-8", errors="replace") as f:
        lines = [l.rstrip() for l in f if ":CONSOLE" in l]
    return [f"console message: {l}" for l in lines]


def check_inert(dom):
    bad = parse(dom).bad_tags
    return [f"{dom}: active element {t} in the DOM" for t in bad]


class Flags(HTMLParser):
    """The text of each <li class="bad"> and of each <h3>, in document order."""

    def __init__(self):
        super().__init__()
        self.items = []        # (kind, text): kind "bad" or "h3"
        self.open = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "li" and "bad" in (a.get("class") or "").split():
            self.open = ["bad", ""]
        elif tag == "h3":
            self.open = ["h3", ""]

    def handle_endtag(self, tag):
        if tag in ("li", "h3") and self.open:
            self.items.append(tuple(self.open))
            self.open = None

    def handle_data(self, data):
        if self.open:
            self.open[1] += data


def check_banner(dom, *streams):
    p = Flags()
    with open(dom, encoding="utf-8") as f:
        p.feed(f.read())
    primary = next((i for i, (k, t) in enumerate(p.items) if k == "h3" and t == "Primary result"), None)
    if primary is None:
        return [f"{dom}: no Primary result heading"]
    flags = [t for k, t in p.items[:primary] if k == "bad"]
    errors, named = [], 0
    for i, stream in enumerate(streams):
        if not any(r.get("verdict") == "fail" for r in records(stream, "control")):
            continue
        want = f"UNTRUSTWORTHY: boot {i + 1} of {len(streams)} ({stream.rsplit('/', 1)[-1]}) failed its own"
        if not any(f.startswith(want) for f in flags):
            errors.append(f"{dom}: no red flag {want!r} before Primary result; flags there: {flags!r}")
        named += 1
    if not named:
        errors.append("none of the streams records a failed control: nothing to check")
    print(f"{dom}: {named} boot(s) with a failed control flagged at the top of the set")
    return errors


def main():
    what, args = sys.argv[1], sys.argv[2:]
    errors = {"primary": check_primary, "console": check_console, "inert": check_inert,
              "banner": check_banner}[what](*args)
    for e in errors:
        print(e, file=sys.stderr)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
