// The browser's turns, as tests/app/test_main_thread.py watches them under Node: a timer
// that re-arms itself logs "T" each time the event loop gives it a turn, and
// window.senetPause is the page's (app/boot/start.js): a message the page posts itself.
globalThis.window = globalThis;
globalThis.senetPause = function () {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => { channel.port1.close(); resolve(); };
    channel.port2.postMessage(null);
  });
};
const events = [];
let running = true;
const tick = () => { events.push("T"); if (running) setTimeout(tick, 0); };
setTimeout(tick, 0);
globalThis.turns = {
  log(name) { events.push(name); },
  done() { running = false; console.log(JSON.stringify(events)); },
};
