#!/usr/bin/env python3
"""make_data.py - writes the data files of the dataio tests from docs/data-format.md,
independently of qpipe (struct only). Run by hand; its outputs are committed.

  handmade.dat   int 7, scalar -0.5, complex 1-2j, "héllo", 2x3 int16 array, a cell
                 {int 1, "a"}, object(k=nullptr), uint8-typed int 250
  truncated.dat  handmade.dat without its last 5 bytes
  badmagic.dat   another magic
  badtag.dat     a value with tag 99
  version9.dat   version 9
"""
import os
import struct

HERE = os.path.dirname(os.path.abspath(__file__))


def text(s):
    b = s.encode("utf-8")
    return struct.pack("<Q", len(b)) + b


def header(count, version=1):
    return b"QPDATA" + struct.pack("<HI", version, count)


def values():
    out = b"\x01" + struct.pack("<q", 7)
    out += b"\x03" + struct.pack("<d", -0.5)
    out += b"\x04" + struct.pack("<dd", 1.0, -2.0)
    out += b"\x05" + text("h\u00e9llo")
    # 2x3 int16 (element code 2), row-major
    out += b"\x06" + struct.pack("<BB", 2, 2) + struct.pack("<QQ", 2, 3) + text("")
    out += struct.pack("<6h", 1, -2, 3, -4, 5, 32767)
    # a cell (element code 12) of two values
    out += b"\x06" + struct.pack("<BB", 12, 1) + struct.pack("<Q", 2) + text("")
    out += b"\x01" + struct.pack("<q", 1) + b"\x05" + text("a")
    # object() with one field k = nullptr
    out += b"\x07" + text("") + struct.pack("<I", 1) + text("k") + b"\x00"
    # an int remembered as uint8 (element code 1)
    out += b"\x02" + struct.pack("<B", 1) + struct.pack("<q", 250)
    return out


def write(name, data):
    with open(os.path.join(HERE, name), "wb") as f:
        f.write(data)


full = header(8) + values()
write("handmade.dat", full)
write("truncated.dat", full[:-5])
write("badmagic.dat", b"QPDATX" + full[6:])
write("badtag.dat", header(1) + b"\x63")
write("version9.dat", header(8, 9) + values())
