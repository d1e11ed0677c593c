// The page's language, chosen before the first paint. Every page of the site exists in
// each language (tools/site_words.py writes index.fr.html, pages/rules.ar.html, ... beside
// the English index.html, pages/rules.html), each whole in its language and direction.
// This classic script, first in <head> (the Content-Security-Policy allows no inline
// script), goes to the copy of the player's language when it is not this one:
//   1. ?lang=xx in the address (xx one of data-langs): chosen, and remembered;
//   2. else a copy named for its language (pages/intro.fr.html, index.ar.html: a link someone
//      shared or followed) stays in that language, and the remembered choice stays as it was;
//   3. else the language remembered on this device (Settings' Language, or an earlier ?lang=);
//   4. else, on the English page (a first visit, a link to the bare site), the first of the
//      browser's languages (navigator.languages) the site has, by its first subtag (es-MX is
//      es); Chinese only when it is written in simplified characters (zh, zh-CN, zh-SG,
//      zh-Hans-*; not zh-TW, zh-HK, zh-MO or zh-Hant-*, whose readers go on to their next
//      language); a link to a copy in another language keeps that language.
// The choice is kept in localStorage under the app's scope (as app/storage/backends.py
// scopes keys: the folder of the app, not of pages/), as "senet:lang"; reading it can
// throw (storage blocked), and then the choice lasts for the visit only.
// It also gives the page window.senetReachable(url): a promise of whether the page ``url``
// (another language's copy) can open now, from the service worker's cache or the
// network; false offline for a language never visited. It never rejects (Settings'
// Language asks it first, app/dialogs/settings.py).
window.senetReachable = async function (url) {
  try {
    const response = await fetch(new URL(url, location.href).href, { cache: "no-cache" });
    return response.ok;
  } catch (err) {
    return false; // offline, and not on the device
  }
};
(function () {
  const root = document.documentElement;
  const script = document.currentScript;
  const langs = ((script && script.dataset.langs) || "en").split(" ");
  const here = root.lang || "en";
  const app = script ? new URL(".", new URL(script.src, location.href)).pathname.replace(/app\/$/, "") : "/";
  const key = (app === "/" ? "" : app) + "senet:lang";
  const params = new URLSearchParams(location.search);
  const asked = params.get("lang");
  const named = /\.([a-z]{2,3})\.html$/.exec(location.pathname);
  let want = null;
  if (asked !== null && langs.includes(asked)) {
    want = asked;
    try {
      localStorage.setItem(key, asked);
    } catch (err) {
      // storage blocked: the choice holds for this visit (the links keep it)
    }
  } else if (named && langs.includes(named[1])) {
    want = named[1]; // the copy's own language: the link said it
  } else {
    try {
      const kept = localStorage.getItem(key);
      if (kept && langs.includes(kept)) want = kept;
    } catch (err) {
      // storage blocked: as on a first visit
    }
    if (want === null && here === "en") {
      for (const tag of navigator.languages || [navigator.language || ""]) {
        const parts = String(tag).toLowerCase().split("-");
        const base = parts[0];
        if (base === "zh" && (parts.includes("hant") || (!parts.includes("hans") && ["tw", "hk", "mo"].includes(parts[1])))) {
          continue; // traditional characters: the site's Chinese is simplified
        }
        if (langs.includes(base)) {
          want = base;
          break;
        }
      }
    }
  }
  if (asked !== null) params.delete("lang");
  if (want === null || want === here) {
    if (asked !== null) {
      const query = params.toString();
      history.replaceState(history.state, "", location.pathname + (query ? "?" + query : "") + location.hash);
    }
    return;
  }
  // The same page in that language: index.html -> index.fr.html, rules.ar.html -> rules.html.
  let name = location.pathname.slice(location.pathname.lastIndexOf("/") + 1) || "index.html";
  name = name.replace(/(\.[a-z]{2,3})?\.html$/, "") + (want === "en" ? "" : "." + want) + ".html";
  const query = params.toString();
  root.style.visibility = "hidden"; // no paint of the wrong language while the copy loads
  location.replace(name + (query ? "?" + query : "") + location.hash);
})();
