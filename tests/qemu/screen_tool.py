#!/usr/bin/env python3
"""Read back what a QEMU guest shows on its screen (tests/qemu/test_screen.sh).

  screen_tool.py monitor SOCKET TIMEOUT CMD...  run HMP commands on a QEMU
      monitor socket, each after the previous one's prompt came back
  screen_tool.py vga DUMP [COLS ROWS]  the text of a VGA text buffer saved with
      `pmemsave 0xb8000 …` (character, attribute pairs): one line per row, each
      exactly COLS characters (default 80 x 25)
  screen_tool.py ppm IMAGE FONT_H  the text of a framebuffer screenshot
      (`screendump … -f ppm`, P6; or the same saved as an 8-bit RGB PNG, as
      docs/examples/screen-efi-gop-quick.png is), cell by cell matched against
      the glyphs of the console font (build/gen/font_glyphs.h, what the kernel
      draws with); a cell that matches no glyph is '\\x7f' so a test cannot
      mistake it for text
"""
import re
import socket
import struct
import sys
import time
import zlib


def monitor(path, timeout, commands):
    deadline = time.monotonic() + timeout
    s = socket.socket(socket.AF_UNIX)
    s.settimeout(1.0)
    while True:
        try:
            s.connect(path)
            break
        except OSError:
            if time.monotonic() > deadline:
                sys.exit(f"screen_tool: no monitor at {path}")
            time.sleep(0.2)

    def until_prompt():
        got = b""
        while not got.rstrip().endswith(b"(qemu)"):
            if time.monotonic() > deadline:
                sys.exit(f"screen_tool: the monitor did not answer within {timeout} s")
            try:
                d = s.recv(65536)
            except socket.timeout:
                continue
            if not d:
                return got
            got += d
        return got

    until_prompt()
    for c in commands:
        s.sendall(c.encode() + b"\n")
        if c == "quit":  # QEMU closes the monitor as it exits
            while time.monotonic() < deadline:
                try:
                    if not s.recv(65536):
                        break
                except socket.timeout:
                    continue
            break
        out = until_prompt().decode(errors="replace")
        # HMP echoes the line as it is typed; an error is what follows it
        tail = out.split("\r\n", 1)[1] if "\r\n" in out else ""
        tail = tail.replace("(qemu)", "").strip()
        if tail:
            print(f"{c}: {tail}", file=sys.stderr)
    s.close()


def vga(path, cols=80, rows=25):
    d = open(path, "rb").read()
    if len(d) < cols * rows * 2:
        sys.exit(f"screen_tool: {path} has {len(d)} bytes, a {cols}x{rows} screen needs {cols * rows * 2}")
    for r in range(rows):
        print("".join(chr(d[(r * cols + c) * 2]) if 0x20 <= d[(r * cols + c) * 2] < 0x7F else "\x7f"
                      for c in range(cols)))


def read_ppm(path):
    data = open(path, "rb").read()
    fields, at = [], 0
    while len(fields) < 4:
        while data[at:at + 1].isspace():
            at += 1
        if data[at:at + 1] == b"#":
            while data[at:at + 1] != b"\n":
                at += 1
            continue
        start = at
        while not data[at:at + 1].isspace():
            at += 1
        fields.append(data[start:at])
    if fields[0] != b"P6" or int(fields[3]) != 255:
        sys.exit(f"screen_tool: {path} is not an 8-bit P6 PPM")
    w, h = int(fields[1]), int(fields[2])
    return w, h, data[at + 1:at + 1 + w * h * 3]


def read_png(path):
    """An 8-bit RGB, non-interlaced PNG (what QEMU's `screendump -f png` writes)."""
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        sys.exit(f"screen_tool: {path} is not a PNG")
    at, idat, w = 8, b"", 0
    while at < len(data):
        n, kind = struct.unpack(">I4s", data[at:at + 8])
        body = data[at + 8:at + 8 + n]
        if kind == b"IHDR":
            w, h, depth, color, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or color != 2 or interlace:
                sys.exit(f"screen_tool: {path} is not an 8-bit RGB non-interlaced PNG")
        elif kind == b"IDAT":
            idat += body
        at += 12 + n
    raw, stride = zlib.decompress(idat), w * 3
    out, prev = bytearray(), bytearray(stride)
    for y in range(h):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for x in range(stride):
            a = line[x - 3] if x >= 3 else 0
            b, c = prev[x], prev[x - 3] if x >= 3 else 0
            if f == 1:
                line[x] = (line[x] + a) & 255
            elif f == 2:
                line[x] = (line[x] + b) & 255
            elif f == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        out += line
        prev = line
    return w, h, bytes(out)


def ppm(path, font_h):
    text = open(font_h).read()
    fw = int(re.search(r"#define FONT_WIDTH (\d+)", text).group(1))
    fh = int(re.search(r"#define FONT_HEIGHT (\d+)", text).group(1))
    glyphs = {}
    for i, row in enumerate(re.findall(r"\{((?:0x[0-9a-f]{2},?)+)\}", text)[:95]):
        bits = tuple(int(v, 16) for v in row.split(","))
        glyphs.setdefault(bits, chr(0x20 + i))
    w, h, px = read_png(path) if open(path, "rb").read(4) == b"\x89PNG" else read_ppm(path)
    for cy in range(h // fh):
        line = []
        for cx in range(w // fw):
            cell = [[px[((cy * fh + y) * w + cx * fw + x) * 3:((cy * fh + y) * w + cx * fw + x) * 3 + 3]
                     for x in range(fw)] for y in range(fh)]
            counts = {}
            for r in cell:
                for p in r:
                    counts[p] = counts.get(p, 0) + 1
            bg = max(counts, key=counts.get)  # glyphs light fewer pixels than they leave dark
            bits = tuple(sum((0x80 >> x) for x in range(fw) if cell[y][x] != bg) for y in range(fh))
            line.append(glyphs.get(bits, "\x7f"))
        print("".join(line))


def main():
    if len(sys.argv) >= 4 and sys.argv[1] == "monitor":
        monitor(sys.argv[2], float(sys.argv[3]), sys.argv[4:])
    elif len(sys.argv) in (3, 5) and sys.argv[1] == "vga":
        vga(sys.argv[2], *(int(v) for v in sys.argv[3:]))
    elif len(sys.argv) == 4 and sys.argv[1] == "ppm":
        ppm(sys.argv[2], sys.argv[3])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
