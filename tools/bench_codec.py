#!/usr/bin/env python3
"""The runtime's codecs on a phone's CPU: the Zstandard decoder's own bytes, and the time it
and the browser's gzip take to unpack each of the runtime's twins, in Chromium with its CPU
slowed as Lighthouse's mobile runs slow it (DevTools' Emulation.setCPUThrottlingRate).

    nice .venv/bin/python tools/bench_codec.py [--rates 1,4] [--repeat 3] [--dist DIR]

For each rate, the page of a local server (no throttle on the network: only the unpacking is
timed) loads vendor/fzstd/fzstd.js as the worker does (it sets self.fzstd), then for each file
of the runtime that has twins times fzstd's decompress of its .zst twin and
DecompressionStream("gzip") of its .gz twin, each from bytes already in memory (fzstd both
whole and in pieces of 64 KB, as the worker decodes a twin while it downloads), and prints
the median of --repeat runs. The timing is on the page's own thread, which the throttle
slows; the worker (app/worker/players.js) runs the same code on a thread of the same CPU.
docs/offline.md has the figures.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import sys
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_browser import CHROMIUM, CHROMIUM_ARGS, DIST

DECODER = "vendor/fzstd/fzstd.js"
FILES = ("vendor/pyodide/pyodide.asm.wasm", "vendor/pyodide/pyodide.asm.mjs", "vendor/pyodide/python_stdlib.zip")

# In the page: load the decoder, then time each unpacking `repeat` times; {path: {zst: [ms], gz: [ms], size}}.
MEASURE = """async ([decoder, files, repeat]) => {
  await import(new URL(decoder, location.href).href);
  const bytes = async (path) => new Uint8Array(await (await fetch(path)).arrayBuffer());
  const gunzip = async (data) => new Uint8Array(await new Response(
    new Blob([data]).stream().pipeThrough(new DecompressionStream("gzip"))).arrayBuffer());
  const out = {};
  for (const path of files) {
    const zst = await bytes(path + ".zst");
    const gz = await bytes(path + ".gz");
    const row = { zst: [], stream: [], gz: [], size: 0 };
    for (let i = 0; i < repeat; i++) {
      let t = performance.now();
      const a = self.fzstd.decompress(zst);
      row.zst.push(performance.now() - t);
      t = performance.now();  // as the worker decodes a download: 64 KB at a time
      let n = 0;
      const stream = new self.fzstd.Decompress((chunk) => { n += chunk.length; });
      for (let at = 0; at < zst.length; at += 65536) stream.push(zst.subarray(at, at + 65536), false);
      stream.push(new Uint8Array(0), true);
      row.stream.push(performance.now() - t);
      if (n !== a.length) throw new Error(path + ": the streamed decoding lost bytes");
      t = performance.now();
      const b = await gunzip(gz);
      row.gz.push(performance.now() - t);
      if (a.length !== b.length) throw new Error(path + ": the twins decode to different sizes");
      row.size = a.length;
    }
    out[path] = row;
  }
  return out;
}"""


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def measure(dist: Path, rates: list[float], repeat: int) -> dict:
    from playwright.sync_api import sync_playwright

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(dist)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{httpd.server_address[1]}/build-info.json"
    out = {}
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
            try:
                for rate in rates:
                    page = browser.new_page()
                    page.goto(url)
                    cdp = page.context.new_cdp_session(page)
                    cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
                    out[rate] = page.evaluate(MEASURE, [DECODER, list(FILES), repeat])
                    page.close()
            finally:
                browser.close()
    finally:
        httpd.shutdown()
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rates", default="1,4", help="CPU slow-down factors, comma-separated (default 1,4)")
    parser.add_argument("--repeat", type=int, default=3, help="timings of each unpacking (default 3; the median)")
    parser.add_argument("--dist", type=Path, default=DIST, help="the built site (default dist/)")
    parser.add_argument("--json", action="store_true", help="print the numbers as JSON")
    args = parser.parse_args(argv)
    dist = args.dist.resolve()
    missing = [p for p in (DECODER, *(f + t for f in FILES for t in (".zst", ".gz"))) if not (dist / p).is_file()]
    if missing:
        print(f"{dist} lacks {', '.join(missing)}: run `make build` first", file=sys.stderr)
        return 1
    if args.repeat < 1:
        parser.error("--repeat must be at least 1")
    results = measure(dist, [float(r) for r in args.rates.split(",")], args.repeat)
    if args.json:
        print(json.dumps(results, indent=1))
        return 0

    def median(values):
        return sorted(values)[len(values) // 2]

    print(f"{dist} ({os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}); "
          f"the decoder {DECODER}: {(dist / DECODER).stat().st_size:,} bytes")
    for rate, rows in results.items():
        total_zst = total_stream = total_gz = 0.0
        for path, row in rows.items():
            zst, stream, gz = median(row["zst"]), median(row["stream"]), median(row["gz"])
            total_zst += zst
            total_stream += stream
            total_gz += gz
            print(f"CPU {rate:g}x  {path:<36} {row['size']:>10,} bytes from "
                  f"{(dist / (path + '.zst')).stat().st_size:>9,} (.zst) in {zst:6.0f} ms whole, {stream:6.0f} ms "
                  f"in 64 KB pieces; from {(dist / (path + '.gz')).stat().st_size:>9,} (.gz) in {gz:6.0f} ms")
        print(f"CPU {rate:g}x  all three: fzstd {total_zst:.0f} ms whole, {total_stream:.0f} ms in pieces; "
              f"gzip {total_gz:.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
