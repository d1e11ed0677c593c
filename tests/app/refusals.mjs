// What a browser may refuse, in Node, for tests/app/test_guard.py: functions that throw the
// browser's own errors, a getter that throws (window.localStorage when storage is blocked),
// a promise that rejects, and a Storage whose room runs out and comes back.
function refusal(name, message) {
  return new DOMException(message, name);
}

class TinyStorage {
  // localStorage with room for `room` characters (keys and values); setItem over it throws
  // QuotaExceededError, as a full browser storage does.
  constructor(room) {
    this.room = room;
    this.items = new Map();
  }
  used(except) {
    let total = 0;
    for (const [key, value] of this.items) if (key !== except) total += key.length + value.length;
    return total;
  }
  get length() { return this.items.size; }
  key(i) { return [...this.items.keys()][i] ?? null; }
  getItem(key) { return this.items.has(key) ? this.items.get(key) : null; }
  setItem(key, value) {
    value = String(value);
    if (this.used(key) + key.length + value.length > this.room) {
      throw refusal("QuotaExceededError", "The quota has been exceeded.");
    }
    this.items.set(key, value);
  }
  removeItem(key) { this.items.delete(key); }
}

globalThis.refusals = {
  full() { throw refusal("QuotaExceededError", "The quota has been exceeded."); },
  plain() { throw new TypeError("not a function"); },
  fine(a, b) { return a + b; },
  get blocked() { throw refusal("SecurityError", "Access is denied for this document."); },
  async denied() { throw refusal("NotAllowedError", "Write permission denied."); },
  async granted(text) { return "copied " + text; },
  storage: (room) => new TinyStorage(room),
};
