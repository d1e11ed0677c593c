"""tools/make_icons.py writes valid PNG icons of the promised sizes."""

import struct
import subprocess
import sys
import zlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXPECTED = {
    "icon-192.png": 192,
    "icon-512.png": 512,
    "icon-maskable-512.png": 512,
    "favicon-32.png": 32,
}
CHANNELS = {0: 1, 2: 3, 4: 2, 6: 4}  # PNG colour type -> samples per pixel


def read_png(path):
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path.name}: bad signature"
    pos, chunks = 8, []
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos:pos + 4])
        kind = data[pos + 4:pos + 8]
        body = data[pos + 8:pos + 8 + length]
        (crc,) = struct.unpack(">I", data[pos + 8 + length:pos + 12 + length])
        assert crc == zlib.crc32(kind + body), f"{path.name}: bad CRC in {kind!r}"
        chunks.append((kind, body))
        pos += 12 + length
    assert chunks[0][0] == b"IHDR" and chunks[-1][0] == b"IEND"
    width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", chunks[0][1])
    assert depth == 8 and interlace == 0 and colour in CHANNELS
    raw = zlib.decompress(b"".join(body for kind, body in chunks if kind == b"IDAT"))
    return width, height, CHANNELS[colour], raw


def unfilter(raw, width, height, channels):
    """Rows of pixel bytes, undoing the five PNG filter types."""
    stride = width * channels
    rows, prev = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b = prev[i]
            c = prev[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[i] = (line[i] + pred) & 255
            else:
                assert kind == 0, f"unknown filter type {kind}"
        rows.append(bytes(line))
        prev = line
    return rows


@pytest.fixture(scope="module")
def icon_dir(tmp_path_factory):
    out = tmp_path_factory.mktemp("icons")
    subprocess.run([sys.executable, str(ROOT / "tools" / "make_icons.py"), str(out)],
                   check=True, capture_output=True, timeout=120)
    return out


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_icon_is_a_decodable_png_of_the_right_size(icon_dir, name):
    width, height, channels, raw = read_png(icon_dir / name)
    assert (width, height) == (EXPECTED[name], EXPECTED[name])
    assert len(raw) == height * (1 + width * channels)


def test_maskable_icon_is_full_bleed_and_plain_icon_has_round_corners(icon_dir):
    def corner_and_centre_alpha(name):
        width, height, channels, raw = read_png(icon_dir / name)
        assert channels == 4
        rows = unfilter(raw, width, height, channels)
        return rows[0][3], rows[height // 2][(width // 2) * 4 + 3]

    assert corner_and_centre_alpha("icon-maskable-512.png") == (255, 255)
    assert corner_and_centre_alpha("icon-512.png") == (0, 255)


def test_output_is_deterministic(icon_dir, tmp_path):
    subprocess.run([sys.executable, str(ROOT / "tools" / "make_icons.py"), str(tmp_path)],
                   check=True, capture_output=True, timeout=120)
    for name in EXPECTED:
        assert (tmp_path / name).read_bytes() == (icon_dir / name).read_bytes(), name


def test_usage_error_without_outdir():
    result = subprocess.run([sys.executable, str(ROOT / "tools" / "make_icons.py")],
                            check=False, capture_output=True, text=True, timeout=60)
    assert result.returncode == 2 and "usage" in result.stderr
