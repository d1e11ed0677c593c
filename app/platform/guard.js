// The one boundary between the page's Python and the browser's calls that may refuse.
//
// In the page's MicroPython (PyScript 0.7.31, MicroPython 1.27) an error thrown by a
// JavaScript function that Python calls is not a Python exception: it passes straight
// through `try/except` and stops the script, or the event handler, that made the call
// (docs/app.md, "What the browser may refuse"). A storage that is full or blocked, a
// refused clipboard, a data channel that closed: each would freeze the game. So every such
// call goes through globalThis.senetGuard, which catches what the call throws and hands
// it back as a value; app/platform/guard.py tests that value and raises a Python exception
// (guard.Refused) that Python's own `except` catches. A promise that rejects is already
// a Python exception when awaited (JsException); `later` turns it into the same value.
//
//   call(target, name, ...args)  target[name](...args)
//   get(target, name)            target[name] (a getter may throw: window.localStorage)
//   construct(Class, ...args)    new Class(...args)
//   later(target, name, ...args) target[name](...args) for a call that answers a promise:
//                                a promise of the same value, that never rejects
//
// Each answers {ok: true, value} or {ok: false, name, message}: the error's name
// ("QuotaExceededError", "SecurityError", "NotAllowedError"...) and its message.
// A module of its own, run before Python starts (index.html's start list), in the page
// and in Node (tools/mpy_run.mjs --js, for the tests).

function refused(error) {
  const name = error && typeof error.name === "string" ? error.name : "Error";
  const message = error && typeof error.message === "string" ? error.message : String(error);
  return { ok: false, name, message };
}

const guard = {
  call(target, name, ...args) {
    try {
      return { ok: true, value: target[name](...args) };
    } catch (error) {
      return refused(error);
    }
  },
  get(target, name) {
    try {
      return { ok: true, value: target[name] };
    } catch (error) {
      return refused(error);
    }
  },
  construct(Class, ...args) {
    try {
      return { ok: true, value: new Class(...args) };
    } catch (error) {
      return refused(error);
    }
  },
  later(target, name, ...args) {
    try {
      return Promise.resolve(target[name](...args)).then((value) => ({ ok: true, value }), refused);
    } catch (error) {
      return Promise.resolve(refused(error));
    }
  },
};

globalThis.senetGuard = guard;
