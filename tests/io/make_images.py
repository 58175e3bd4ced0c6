#!/usr/bin/env python3
"""tests/io/make_images.py - the reference images of tests/io/*.q, written byte by byte
with the standard library only (zlib, struct), so that imread is checked against files
that no part of qpipe made. The files are small and committed under tests/io/data/; run
this script again (from anywhere) to regenerate them after changing it.

  palette.png      2x3 8-bit palette PNG (colour type 3), no transparency
  palette_trns.png the same with a tRNS chunk: imread gives RGBA
  gray16.png       2x3 16-bit gray PNG with values that differ in both bytes
  rgba16.png       1x2 16-bit RGBA PNG
  gray_alpha.png   1x3 8-bit gray+alpha PNG
  gray2.png        1x4 2-bit gray PNG (expanded to 8 bits: 0, 85, 170, 255)
  float.tif        2x3 32-bit float gray TIFF, uncompressed, with negative and fractional values
  rgb16.tif        1x2 16-bit RGB TIFF, uncompressed, big-endian ("MM")
  maxval.pgm       3x1 P5 with a comment in the header and maxval 1000 (two bytes a sample)
  small.ppm        2x1 P6 with maxval 15 (one byte a sample)
  tiled.tif        20x5 8-bit RGB in 16x16 tiles, value ((y * 20 + x) * 3 + c) mod 256
  planar.tif       the same image with separate planes, strips of 2 rows
  interlaced.png   the same image as an Adam7-interlaced PNG
  miniswhite.tif   3x1 8-bit gray stored MinIsWhite (0, 55, 255 read as 255, 200, 0)
  palette.tif      3x1 8-bit palette TIFF (16-bit colormap)
  corrupt.png      palette.png with one byte of the IDAT data changed (CRC mismatch)
  signed16.tif     2x1 signed 16-bit gray TIFF (a variant qpipe does not read)
  bilevel.tif      10x2 1-bit MinIsBlack TIFF, rows padded to whole bytes
  gray4.tif        4x1 4-bit gray TIFF: 0, 5, 10, 15 (read as 0, 85, 170, 255)
  ycbcr.tif        3x2 8-bit YCbCr TIFF without subsampling (YCbCrSubsampling 1, 1), default
                   coefficients (BT.601) and reference black and white
  cmyk.tif         2x1 8-bit CMYK TIFF (photometric separated, 4 inks)
  oriented.tif     3x2 8-bit gray TIFF, rows 1 2 3 / 4 5 6, Orientation 6 (turn 90 clockwise)
  ascii.pgm        an ASCII PGM (P2, not read)
  truncated.png    the first 60 bytes of palette.png
  not_a_png.png    a text file
  text.tif         a text file
  rgb24.bmp        3x2 24-bit BMP, bottom-up, rows padded to 12 bytes, value rgb_value(y, x, c)
  topdown.bmp      the same image stored top-down (negative height)
  pal8.bmp         3x2 8-bit colour palette BMP
  gray8.bmp        3x2 8-bit BMP with a gray palette (read as 1 channel)
  pal4.bmp         5x1 4-bit palette BMP
  mono.bmp         9x2 1-bit BMP (black/white palette)
  rgb565.bmp       2x1 16-bit BMP with BI_BITFIELDS 5-6-5 masks
  rgb555.bmp       2x1 16-bit BMP, BI_RGB (5-5-5)
  argb32.bmp       2x1 32-bit BMP, V4 header with an alpha mask (read as RGBA)
  xrgb32.bmp       2x1 32-bit BI_RGB BMP: the fourth byte is ignored
  rle8.bmp         4x2 RLE8 BMP with a run, a literal and an end of line
  truncated.bmp    rgb24.bmp cut inside the pixel data

Standard library only. Python 3.7 or later.
"""

import os
import struct
import zlib

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data")


def chunk(kind, data):
    return (struct.pack(">I", len(data)) + kind + data
            + struct.pack(">I", zlib.crc32(kind + data) & 0xffffffff))


def png(width, height, depth, ctype, rows, extra=b""):
    """rows: bytes of each row without the filter byte."""
    raw = b"".join(b"\0" + r for r in rows)
    ihdr = struct.pack(">IIBBBBB", width, height, depth, ctype, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + extra
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


PALETTE = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (10, 20, 30)]
INDICES = [[0, 1, 2], [3, 2, 1]]


def palette_png(trns):
    plte = chunk(b"PLTE", bytes(v for rgb in PALETTE for v in rgb))
    extra = plte + (chunk(b"tRNS", bytes([255, 128, 0])) if trns else b"")
    return png(3, 2, 8, 3, [bytes(r) for r in INDICES], extra)


GRAY16 = [[0, 1, 258], [40000, 65535, 4660]]
RGBA16 = [[(1, 2, 3, 65535), (65534, 32768, 256, 0)]]


def tiff(width, height, spp, bps, fmt, pixels_bytes, order="<"):
    """An uncompressed single-strip TIFF; pixels_bytes already in `order`."""
    entries = []

    def entry(tag, typ, count, value):
        entries.append((tag, typ, count, value))

    header_len = 8
    data_off = header_len
    bps_off = None
    extra = b""
    if spp > 1:          # BitsPerSample needs an array beyond the entry
        bps_off = data_off + len(pixels_bytes)
        extra = struct.pack(order + "%dH" % spp, *([bps] * spp))
    entry(256, 4, 1, width)
    entry(257, 4, 1, height)
    entry(258, 3, spp, bps if spp == 1 else bps_off)
    entry(259, 3, 1, 1)                                # no compression
    entry(262, 3, 1, 2 if spp >= 3 else 1)             # RGB / MinIsBlack
    entry(273, 4, 1, data_off)                         # StripOffsets
    entry(277, 3, 1, spp)
    entry(278, 4, 1, height)                           # RowsPerStrip
    entry(279, 4, 1, len(pixels_bytes))                # StripByteCounts
    entry(284, 3, 1, 1)                                # contiguous
    entry(339, 3, 1, fmt)                              # SampleFormat 1 uint, 3 float
    ifd_off = data_off + len(pixels_bytes) + len(extra)
    ifd_off += ifd_off & 1
    magic = b"II" if order == "<" else b"MM"
    out = magic + struct.pack(order + "HI", 42, ifd_off) + pixels_bytes + extra
    out += b"\0" * (ifd_off - len(out))
    out += struct.pack(order + "H", len(entries))
    for tag, typ, count, value in entries:
        if typ == 3 and count == 1:
            out += struct.pack(order + "HHIHH", tag, typ, count, value, 0)
        else:
            out += struct.pack(order + "HHII", tag, typ, count, value)
    out += struct.pack(order + "I", 0)
    return out


def tiff_generic(tags, blobs, offsets_tag, counts_tag, order="<"):
    """A TIFF from `tags` {tag: (type, [values])} and image data `blobs` (strips or tiles,
    in order); offsets_tag/counts_tag name where their offsets and sizes go."""
    sizes = {3: "H", 4: "I"}
    out = bytearray((b"II" if order == "<" else b"MM") + struct.pack(order + "HI", 42, 0))
    offsets = []
    for b in blobs:
        offsets.append(len(out))
        out += b
        if len(out) & 1:
            out += b"\0"
    tags = dict(tags)
    tags[offsets_tag] = (4, offsets)
    tags[counts_tag] = (4, [len(b) for b in blobs])
    # values that do not fit in 4 bytes go before the IFD
    entries = []
    for tag in sorted(tags):
        typ, values = tags[tag]
        raw = struct.pack(order + "%d%s" % (len(values), sizes[typ]), *values)
        if len(raw) > 4:
            off = len(out)
            out += raw
            if len(out) & 1:
                out += b"\0"
            field = struct.pack(order + "I", off)
        else:
            field = raw + b"\0" * (4 - len(raw))
        entries.append(struct.pack(order + "HHI", tag, typ, len(values)) + field)
    ifd = len(out)
    out += struct.pack(order + "H", len(entries)) + b"".join(entries) + struct.pack(order + "I", 0)
    out[4:8] = struct.pack(order + "I", ifd)
    return bytes(out)


def base_tags(width, height, spp, bps, photometric, planar=1):
    return {256: (4, [width]), 257: (4, [height]), 258: (3, [bps] * spp), 259: (3, [1]),
            262: (3, [photometric]), 277: (3, [spp]), 284: (3, [planar])}


# a 20x5 RGB 8-bit image, value (y * 20 + x) * 3 + c mod 256
TW, TH = 20, 5


def rgb_value(y, x, c):
    return ((y * TW + x) * 3 + c) % 256


def tiled_tiff():
    """16x16 tiles: two across, one down; edge tiles padded with zeros."""
    tags = base_tags(TW, TH, 3, 8, 2)
    tags[322] = (3, [16])
    tags[323] = (3, [16])
    tiles = []
    for tx in (0, 16):
        t = bytearray()
        for y in range(16):
            for x in range(tx, tx + 16):
                t += bytes(rgb_value(y, x, c) if y < TH and x < TW else 0 for c in range(3))
        tiles.append(bytes(t))
    return tiff_generic(tags, tiles, 324, 325)


def planar_tiff():
    """Separate planes, strips of 2 rows: R strips, then G, then B."""
    tags = base_tags(TW, TH, 3, 8, 2, planar=2)
    tags[278] = (4, [2])
    strips = []
    for c in range(3):
        for y0 in range(0, TH, 2):
            strips.append(bytes(rgb_value(y, x, c) for y in range(y0, min(TH, y0 + 2)) for x in range(TW)))
    return tiff_generic(tags, strips, 273, 279)


def miniswhite_tiff():
    tags = base_tags(3, 1, 1, 8, 0)
    return tiff_generic(tags, [bytes([0, 55, 255])], 273, 279)


def palette_tiff():
    tags = base_tags(3, 1, 1, 8, 3)
    cmap = [0] * 768
    for i, (r, g, b) in enumerate([(65535, 0, 0), (0, 32768, 0), (257 * 10, 257 * 20, 257 * 30)]):
        cmap[i], cmap[256 + i], cmap[512 + i] = r, g, b
    tags[320] = (3, cmap)
    return tiff_generic(tags, [bytes([2, 0, 1])], 273, 279)


def bilevel_tiff():
    tags = base_tags(10, 2, 1, 1, 1)
    rows = [0b1010110000, 0b1111111110]
    return tiff_generic(tags, [b"".join(struct.pack(">H", r << 6) for r in rows)], 273, 279)


def gray4_tiff():
    tags = base_tags(4, 1, 1, 4, 1)
    return tiff_generic(tags, [bytes([0x05, 0xAF])], 273, 279)


# (Y, Cb, Cr) of the 3x2 YCbCr TIFF, row by row
YCBCR = [[(16, 128, 128), (235, 128, 128), (81, 90, 240)], [(145, 54, 34), (41, 240, 110), (128, 100, 160)]]


def ycbcr_tiff():
    tags = base_tags(3, 2, 3, 8, 6)
    tags[530] = (3, [1, 1])
    return tiff_generic(tags, [bytes(v for row in YCBCR for p in row for v in p)], 273, 279)


def cmyk_tiff():
    tags = base_tags(2, 1, 4, 8, 5)
    return tiff_generic(tags, [bytes([0, 0, 0, 0, 255, 51, 0, 102])], 273, 279)


def adam7_png(width, height, pixel):
    """An interlaced 8-bit RGB PNG; pixel(y, x) gives (r, g, b)."""
    passes = [(0, 0, 8, 8), (0, 4, 8, 8), (4, 0, 8, 4), (0, 2, 4, 4), (2, 0, 4, 2), (0, 1, 2, 2), (1, 0, 2, 1)]
    raw = b""
    for r0, c0, rstep, cstep in passes:
        rows, cols = range(r0, height, rstep), range(c0, width, cstep)
        if not rows or not cols:
            continue
        for y in rows:
            raw += b"\0" + b"".join(bytes(pixel(y, x)) for x in cols)
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 1)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(raw))
            + chunk(b"IEND", b""))


FLOATS = [[-1.5, 0.25, 3.0], [1000.125, 0.0, -0.0078125]]


def bmp(width, height, bpp, rows, palette=b"", compression=0, masks=None, v4=False, image=None):
    """rows: the stored rows (first stored first), each padded here to 4 bytes."""
    if image is None:
        image = b"".join(r + b"\0" * (-len(r) % 4) for r in rows)
    hsize = 108 if v4 else 40
    extra = b"" if v4 or masks is None else struct.pack("<3I", *masks[:3])
    offset = 14 + hsize + len(extra) + len(palette)
    info = struct.pack("<IiiHHIIiiII", hsize, width, height, 1, bpp, compression, len(image),
                       2835, 2835, len(palette) // 4, 0)
    if v4:
        info += struct.pack("<4I", *masks) + b"BGRs" + b"\0" * 48
    head = b"BM" + struct.pack("<IHHI", offset + len(image), 0, 0, offset)
    return head + info + extra + palette + image


def bmp_pixels_bgr(width, height, top_down):
    rows = []
    order = range(height) if top_down else range(height - 1, -1, -1)
    for y in order:
        rows.append(bytes(b for x in range(width) for b in reversed([rgb_value(y, x, c) for c in range(3)])))
    return rows


def bmp_files():
    pal = bytes([10, 20, 30, 0, 200, 100, 50, 0, 1, 2, 3, 0])           # BGR0: (30,20,10) (50,100,200) (3,2,1)
    gray = b"".join(bytes([i, i, i, 0]) for i in range(256))
    pal16 = b"".join(bytes([i * 16, 255 - i * 16, i, 0]) for i in range(16))
    mono = bytes([0, 0, 0, 0, 255, 255, 255, 0])
    rgb565 = struct.pack("<2H", 0xF800 | 0x07E0 >> 1 & 0x07E0, 0x001F | 0x8410)
    return {
        "rgb24.bmp": bmp(3, 2, 24, bmp_pixels_bgr(3, 2, False)),
        "topdown.bmp": bmp(3, -2, 24, bmp_pixels_bgr(3, 2, True)),
        "pal8.bmp": bmp(3, 2, 8, [bytes([2, 1, 0]), bytes([0, 1, 2])], pal),
        "gray8.bmp": bmp(3, 2, 8, [bytes([255, 128, 0]), bytes([0, 64, 200])], gray),
        "pal4.bmp": bmp(5, 1, 4, [bytes([0x01, 0x2F, 0xA0])], pal16),
        "mono.bmp": bmp(9, 2, 1, [bytes([0b10110000, 0b10000000]), bytes([0b01010101, 0])], mono),
        "rgb565.bmp": bmp(2, 1, 16, [rgb565], compression=3, masks=(0xF800, 0x07E0, 0x001F)),
        "rgb555.bmp": bmp(2, 1, 16, [struct.pack("<2H", 0x7C00, 0x03FF)]),
        "argb32.bmp": bmp(2, 1, 32, [bytes([1, 2, 3, 128, 40, 50, 60, 255])], compression=3,
                          masks=(0xFF0000, 0xFF00, 0xFF, 0xFF000000), v4=True),
        "xrgb32.bmp": bmp(2, 1, 32, [bytes([1, 2, 3, 128, 40, 50, 60, 0])]),
        "rle8.bmp": bmp(4, 2, 8, None, pal, compression=1,
                        image=bytes([4, 1, 0, 0, 0, 3, 2, 0, 1, 0, 0, 1, 0, 0, 0, 1])),
    }


def main():
    os.makedirs(HERE, exist_ok=True)
    files = {
        "palette.png": palette_png(False),
        "palette_trns.png": palette_png(True),
        "gray16.png": png(3, 2, 16, 0, [struct.pack(">3H", *r) for r in GRAY16]),
        "rgba16.png": png(2, 1, 16, 6, [b"".join(struct.pack(">4H", *p) for p in r) for r in RGBA16]),
        "gray_alpha.png": png(3, 1, 8, 4, [bytes([0, 255, 100, 50, 255, 0])]),
        "gray2.png": png(4, 1, 2, 0, [bytes([0b00011011])]),
        "float.tif": tiff(3, 2, 1, 32, 3, b"".join(struct.pack("<3f", *r) for r in FLOATS)),
        "rgb16.tif": tiff(2, 1, 3, 16, 1, struct.pack(">6H", 1, 258, 65535, 40000, 0, 4660), ">"),
        "maxval.pgm": b"P5\n# made by make_images.py\n3 1\n1000\n" + struct.pack(">3H", 0, 999, 1000),
        "small.ppm": b"P6 2 1 15\n" + bytes([0, 7, 15, 1, 2, 3]),
        "tiled.tif": tiled_tiff(),
        "planar.tif": planar_tiff(),
        "miniswhite.tif": miniswhite_tiff(),
        "palette.tif": palette_tiff(),
        "interlaced.png": adam7_png(TW, TH, lambda y, x: [rgb_value(y, x, c) for c in range(3)]),
        "not_a_png.png": b"This is a text file, not a PNG image.\n",
        "text.tif": b"This is a text file, not a TIFF image.\n",
    }
    files["truncated.png"] = files["palette.png"][:60]
    idat = files["palette.png"].index(b"IDAT") + 6
    files["corrupt.png"] = files["palette.png"][:idat] + b"\xff" + files["palette.png"][idat + 1:]
    signed = base_tags(2, 1, 1, 16, 1)
    signed[339] = (3, [2])
    files["signed16.tif"] = tiff_generic(signed, [struct.pack("<2h", -5, 7)], 273, 279)
    files["ascii.pgm"] = b"P2\n2 1\n255\n0 255\n"
    files["bilevel.tif"] = bilevel_tiff()
    files["gray4.tif"] = gray4_tiff()
    files["ycbcr.tif"] = ycbcr_tiff()
    files["cmyk.tif"] = cmyk_tiff()
    oriented = base_tags(3, 2, 1, 8, 1)
    oriented[274] = (3, [6])
    files["oriented.tif"] = tiff_generic(oriented, [bytes([1, 2, 3, 4, 5, 6])], 273, 279)
    files.update(bmp_files())
    files["truncated.bmp"] = files["rgb24.bmp"][:-10]
    for name, data in files.items():
        with open(os.path.join(HERE, name), "wb") as f:
            f.write(data)


if __name__ == "__main__":
    main()
