// The side panel's parts on a phone, one at a time, and the board kept in view.
//
// index.html's <main id="play" data-tab="game|moves|review|replay"> says which part a
// narrow window shows (styles/app.css hides the others; a desktop shows them all, and
// #side-tabs not at all); Fair throws is in the Moves part. The buttons of #side-tabs
// choose it (aria-pressed); the page chooses it too: an opened review or replay shows its
// part (and its button while it is open), the game's end and the tutorial the game's
// part. A new game (Play again, the New game dialog, Play from here) scrolls the page and
// the panels back to the top, so the whole board shows; so does the tutorial, whose
// lesson is right under the board. The game-over panel is scrolled into view whole, its
// heading first, right under the board on a phone. A notice that comes is scrolled into
// view. The stage's height goes to --stage-height, so that nothing is scrolled under
// the sticky stage.
// Nothing here changes the game: app/ (Python) draws the panels and knows nothing of this.

const play = document.getElementById("play");
const tabs = document.getElementById("side-tabs");
const root = document.documentElement;

function button(name) {
  return tabs.querySelector(`[data-tab="${name}"]`);
}

export function showPart(name) {
  const chosen = button(name);
  if (!chosen || chosen.hidden) name = "game";
  play.dataset.tab = name;
  for (const b of tabs.querySelectorAll("[data-tab]")) {
    b.setAttribute("aria-pressed", String(b.dataset.tab === name));
  }
}

function toTop() {
  showPart("game");
  window.scrollTo(0, 0);
  for (const id of ["now", "history", "stage"]) {
    const el = document.getElementById(id);
    if (el) el.scrollTop = 0;
  }
}

function shown(el) {
  return el && !el.hidden;
}

function watch(id, onChange) {
  const el = document.getElementById(id);
  if (!el) return;
  let was = shown(el);
  new MutationObserver(() => {
    const now = shown(el);
    if (now !== was) {
      was = now;
      onChange(now);
    }
  }).observe(el, { attributes: true, attributeFilter: ["hidden"] });
}

function panelPart(name) {
  return (open) => {
    button(name).hidden = !open;
    if (open) showPart(name);
    else if (play.dataset.tab === name) showPart("game");
  };
}

if (play && tabs) {
  tabs.addEventListener("click", (event) => {
    const b = event.target.closest("[data-tab]");
    if (b) showPart(b.dataset.tab);
  });
  watch("review", panelPart("review"));
  watch("replay", panelPart("replay"));
  watch("game-over", (open) => {
    if (!open) return;
    showPart("game");
    // its heading first, right under the sticky board on a phone (scroll-padding-top);
    // in the desktop's side panel, as little scrolling as shows it whole
    const phone = getComputedStyle(tabs).display !== "none";
    const card = document.getElementById("game-over");
    card.scrollIntoView({ block: phone ? "start" : "nearest" });
    if (phone) {
      // its buttons too (Play again, Review): what the window lacks comes from the room
      // above the heading, never past the heading itself
      const actions = card.querySelector(".actions").getBoundingClientRect();
      const room = card.getBoundingClientRect().top - document.getElementById("stage").getBoundingClientRect().bottom;
      const over = actions.bottom + 4 - window.innerHeight;
      if (over > 0) window.scrollBy(0, Math.min(over, Math.max(0, room)));
    }
  });
  watch("tutorial", (open) => { if (open) toTop(); });
  watch("notice", (open) => {
    if (open) document.getElementById("notice").scrollIntoView({ block: "nearest" });
  });

  // A new game shows the whole board: Play again, and Start (or a kept game's Resume) in
  // the New game dialog, or "Play from here" (their dialogs close with that value).
  document.addEventListener("click", (event) => {
    if (event.target.closest('[data-action="play-again"]')) toTop();
  });
  for (const [id, values] of [["new-game", ["start", "resume"]], ["play-here-dialog", ["play"]]]) {
    const dialog = document.getElementById(id);
    if (dialog) dialog.addEventListener("close", () => { if (values.includes(dialog.returnValue)) toTop(); });
  }

  const stage = document.getElementById("stage");
  if (stage && window.ResizeObserver) {
    new ResizeObserver(() => {
      root.style.setProperty("--stage-height", `${Math.ceil(stage.getBoundingClientRect().height)}px`);
    }).observe(stage);
  }
}
