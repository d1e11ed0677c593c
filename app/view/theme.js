// What the page shows from its first paint, before Python runs (a classic script, loaded
// in <head>: the Content-Security-Policy forbids inline scripts):
// - the colours: Settings' "Colours" choice (light, dark, or as the system), read from the
//   saved settings and set as <html data-theme="light|dark">. Without it (never chosen,
//   "system", or settings that cannot be read) the page follows prefers-color-scheme.
//   app/dialogs/settings.py sets the same attribute when the choice changes;
// - a first visit: no game saved, no answer yet to the tutorial's offer, and no link
//   that starts a game or the tutorial. It marks <html class="offering">, which shows
//   the offer of the tutorial from the first paint, so that its coming moves nothing
//   (styles/app.css). app/storage/policy.py's first_visit decides the same from the same
//   keys; app/view/panels.py's offer_tutorial keeps the class and the offer in step.
// The keys are scoped as app/storage/backends.py scopes them.
(function () {
  // the URL parameters that start a game (app/words/names.py's QUERY_KEYS) or the tutorial
  const LINK_KEYS = ["variant", "white", "black", "seed", "speed", "white_name", "black_name", "position",
                     "expert_nodes", "phrase", "tutorial"];
  const ANSWERS = ["declined", "taken", "finished"]; // app/storage/formats.py's TUTORIAL_ANSWERS
  const root = document.documentElement;
  try {
    const path = window.location.pathname;
    const base = path.slice(0, path.lastIndexOf("/") + 1);
    const scope = base === "/" || base === "" ? "" : base;
    const text = window.localStorage.getItem(scope + "senet:settings");
    let settings = null;
    try {
      settings = text ? JSON.parse(text) : null;
    } catch (err) {
      settings = null; // settings that are not JSON: the defaults (the app says why)
    }
    const theme = settings ? settings.theme : null;
    if (theme === "light" || theme === "dark") root.dataset.theme = theme;
    const params = new URLSearchParams(window.location.search);
    const link = LINK_KEYS.some((key) => params.has(key));
    const answered = Boolean(settings && ANSWERS.includes(settings.tutorial));
    const saved = window.localStorage.getItem(scope + "senet:save") !== null;
    // (settings that cannot be read are a problem the app reports, with no offer)
    if (!link && !saved && (text === null || (settings && !answered))) root.classList.add("offering");
  } catch (err) {
    // No storage: the system's scheme, and no offer before the app decides (it says why).
  }
})();
