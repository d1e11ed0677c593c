// The page's colours: Settings' "Colours" choice (light, dark, or as the system), read
// from the saved settings and set as <html data-theme="light|dark"> before the first
// paint. Without it (never chosen, "system", or settings that cannot be read) the page
// follows prefers-color-scheme. A classic script, loaded in <head>: the
// Content-Security-Policy forbids inline scripts. app/dialogs/settings.py sets the same
// attribute when the choice changes. The key is scoped as app/storage/backends.py scopes it.
(function () {
  try {
    const path = window.location.pathname;
    const base = path.slice(0, path.lastIndexOf("/") + 1);
    const scope = base === "/" || base === "" ? "" : base;
    const text = window.localStorage.getItem(scope + "senet:settings");
    const theme = text ? JSON.parse(text).theme : null;
    if (theme === "light" || theme === "dark") document.documentElement.dataset.theme = theme;
  } catch (err) {
    // No storage, or settings that are not JSON: the system's scheme (the app says why).
  }
})();
