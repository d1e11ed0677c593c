#!/usr/bin/env python3
"""Lighthouse's performance audit, desktop and mobile in one go, of the app beside a bare
MicroPython page (a heading and a paragraph, the same PyScript and MicroPython), and
beside another build with ``--compare``: the score, total blocking time, time to
interactive, first and largest contentful paint, for each, and the app's ratios to the
bare page's. Only ratios within one run hold on a shared machine: the sites are audited
in turn, round by round, so that the machine's other load weighs on all alike.

    .venv/bin/python tools/lighthouse.py                         # dist/, 3 rounds
    .venv/bin/python tools/lighthouse.py --compare /path/to/other/dist --runs 5
    .venv/bin/python tools/lighthouse.py --forms mobile --query '?variant=kendall&white=human&black=average&seed=3'

Lighthouse is the npm package ``lighthouse`` (package.json's devDependencies; `npm ci`
installs it) and runs the Debian chromium (CHROMIUM=/path for another). Mobile is
Lighthouse's default (a mid-range phone: its CPU slowed 4x, a slow 4G link, simulated);
desktop is its ``--preset=desktop``. The game audited is one against Average, who plays
first (``--query``). Goals (docs/app.md, "Benchmark"): mobile total blocking time within
1.5x the bare page's and time to interactive within 2x; desktop score 1.00.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_browser import CHROMIUM, DIST, ROOT, serve

LIGHTHOUSE = ROOT / "node_modules" / "lighthouse" / "cli" / "index.js"
AVERAGE_FIRST = "?variant=kendall&white=human&black=average&seed=3"  # Average (black) throws first
# The bare page: what any MicroPython page on PyScript costs, with something to paint.
BARE_HTML = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>MicroPython</title>
<link rel="stylesheet" href="./vendor/pyscript/core.css">
<script type="module" src="./vendor/pyscript/core.js"></script></head><body>
<h1>A bare MicroPython page</h1>
<p>PyScript starts MicroPython, which writes a line below.</p>
<p id="out"></p>
<script type="mpy" config='{"interpreter": "./vendor/micropython/micropython.mjs"}'>
from pyscript import document
document.getElementById("out").textContent = "MicroPython ran."
document.documentElement.dataset.ready = "true"
</script></body></html>
"""
CHROME_FLAGS = "--headless=new --no-sandbox --disable-gpu --host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"
AUDITS = {  # what is printed: Lighthouse's audit id -> (label, unit)
    "total-blocking-time": ("TBT", "ms"),
    "interactive": ("TTI", "ms"),
    "first-contentful-paint": ("FCP", "ms"),
    "largest-contentful-paint": ("LCP", "ms"),
}


def make_bare(dist: Path, target: Path) -> Path:
    """A folder with the bare page and links to ``dist``'s PyScript and MicroPython."""
    (target / "vendor").mkdir(parents=True, exist_ok=True)
    for name in ("pyscript", "micropython"):
        link = target / "vendor" / name
        if not link.exists():
            link.symlink_to(dist / "vendor" / name)
    (target / "index.html").write_text(BARE_HTML, encoding="utf-8")
    return target


def audit(url: str, form: str, out: Path) -> dict:
    """One Lighthouse run of ``url`` as ``form`` ("mobile" or "desktop"): the score and
    the audits of AUDITS, in ms."""
    command = ["node", str(LIGHTHOUSE), url, "--only-categories=performance", "--output=json",
               f"--output-path={out}", "--quiet", f"--chrome-flags={CHROME_FLAGS}"]
    if form == "desktop":
        command.append("--preset=desktop")
    done = subprocess.run(command, capture_output=True, text=True, timeout=600,
                          env={**os.environ, "CHROME_PATH": CHROMIUM})
    if done.returncode != 0 or not out.exists():
        raise SystemExit(f"lighthouse failed on {url} ({form}):\n{done.stderr.strip()[-2000:]}")
    report = json.loads(out.read_text(encoding="utf-8"))
    if report.get("runtimeError"):
        raise SystemExit(f"lighthouse could not audit {url} ({form}): {report['runtimeError']}")
    result = {"score": report["categories"]["performance"]["score"]}
    for key in AUDITS:
        result[key] = report["audits"][key].get("numericValue")
    return result


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--dist", type=Path, default=DIST, help="the built site (default dist/)")
    parser.add_argument("--compare", type=Path, default=None, metavar="OTHER_DIST", help="another build, beside")
    parser.add_argument("--runs", type=int, default=3, help="rounds, each auditing every site and form once (3)")
    parser.add_argument("--forms", default="desktop,mobile", help="desktop, mobile or both (default both)")
    parser.add_argument("--query", default=AVERAGE_FIRST, help=f"the app's game (default {AVERAGE_FIRST})")
    parser.add_argument("--json", action="store_true", help="print every run as JSON")
    args = parser.parse_args(argv)
    forms = [f for f in args.forms.split(",") if f]
    if not forms or any(f not in ("desktop", "mobile") for f in forms):
        parser.error("--forms takes desktop, mobile or desktop,mobile")
    if args.runs < 1:
        parser.error("--runs must be 1 or more")
    if not LIGHTHOUSE.exists():
        parser.error(f"{LIGHTHOUSE.relative_to(ROOT)} is missing: run `npm ci` (package.json has lighthouse)")
    dist = args.dist.resolve()
    if not (dist / "index.html").exists():
        parser.error(f"{dist} has no index.html: run `make build`")
    if args.compare is not None and not (args.compare / "index.html").exists():
        parser.error(f"{args.compare} has no index.html")
    with tempfile.TemporaryDirectory() as tmp:
        bare = make_bare(dist, Path(tmp) / "bare")
        servers = {"bare": serve(bare), "this": serve(dist)}
        if args.compare is not None:
            servers["other"] = serve(args.compare.resolve())
        runs = {(site, form): [] for site in servers for form in forms}
        try:
            for round_ in range(args.runs):
                sites = list(servers)
                sites = sites[round_ % len(sites):] + sites[:round_ % len(sites)]  # each first in turn
                for form in forms:
                    for site in sites:
                        url = servers[site][1] + ("index.html" + args.query if site != "bare" else "index.html")
                        runs[(site, form)].append(audit(url, form, Path(tmp) / f"{site}-{form}-{round_}.json"))
        finally:
            for httpd, _url in servers.values():
                httpd.shutdown()
    if args.json:
        print(json.dumps({f"{site} {form}": r for (site, form), r in runs.items()}, indent=1))
        return 0
    load = os.getloadavg()[0]
    print(f"machine: {os.cpu_count()} cpus, load average {load:.2f} (1 min, at the end); {args.runs} rounds; "
          f"the app: {args.query}; medians")
    labels = {"bare": "bare MicroPython page", "this": f"this ({dist})", "other": f"other ({args.compare})"}
    for form in forms:
        print(f"-- {form}")
        base = {key: statistics.median(r[key] for r in runs[("bare", form)]) for key in ["score", *AUDITS]}
        for site in servers:
            med = {key: statistics.median(r[key] for r in runs[(site, form)]) for key in ["score", *AUDITS]}
            cells = [f"score {med['score']:.2f}"]
            for key, (label, unit) in AUDITS.items():
                ratio = f" ({med[key] / base[key]:.2f}x)" if site != "bare" and base[key] else ""
                cells.append(f"{label} {med[key]:6.0f} {unit}{ratio}")
            print(f"{labels[site]:<40} " + ", ".join(cells))
    print("goals: mobile TBT <= 1.5x and TTI <= 2x the bare page's; desktop score 1.00")
    return 0


if __name__ == "__main__":
    sys.exit(main())
