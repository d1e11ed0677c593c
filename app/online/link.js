// The WebRTC glue of a game between two devices (docs/online.md, "The page"): one
// RTCPeerConnection and its data channel, nothing else. Nothing here runs until a player
// starts online play (app/dialogs/friend.py calls it), so no request leaves the site before.
//
// window.senetLink:
//   host(iceJson)        -> Promise of the host's session description (ICE gathered)
//   join(iceJson, sdp)   -> Promise of the guest's answer to the host's description
//   accept(sdp)          -> Promise: the host takes the guest's answer
//   send(text)           -> true when the message went on an open channel
//   close()
//   waitForAnswer()      the host's tab waits for an answer opened in another tab of this
//                        browser: it holds the Web Lock WAITING_LOCK and listens on the
//                        BroadcastChannel HANDOFF; an answer that comes is told as "answer"
//   answered(ok, words)  the host's tab says how it took that answer (to the other tab)
//   stopWaiting()
//   passAnswer(text)     -> Promise of {passed, ok, words}: a tab opened with an answer link
//                        hands it to the waiting tab (passed false: no tab waits)
// iceJson is a JSON list of STUN URLs ("[]": host candidates only, one network).
// What happens is told as a "senet:link" event on window, detail {type, value}: "open",
// "close", "message" (value: the text). A message longer than MAX_TEXT is cut to
// MAX_TEXT + 1 characters before Python sees it: the page refuses it as too long anyway.

const MAX_TEXT = 4096;
const HANDOFF = "senet-answer"; // BroadcastChannel: an answer link opened in another tab
const WAITING_LOCK = "senet-answer-waiting"; // held while a tab waits for an answer
const HANDOFF_MS = 10000; // no waiting tab took the answer by then: none was waiting for it
const GATHER_MS = 8000; // STUN servers that never answer: go on with the candidates found
let pc = null;
let channel = null;

function emit(type, value) {
  window.dispatchEvent(new CustomEvent("senet:link", { detail: { type, value: value ?? "" } }));
}

function servers(iceJson) {
  const urls = JSON.parse(iceJson || "[]").filter((u) => typeof u === "string" && /^stuns?:/.test(u));
  return urls.map((u) => ({ urls: u }));
}

function wire(ch) {
  channel = ch;
  ch.onopen = () => emit("open");
  ch.onclose = () => { if (channel === ch) emit("close"); };
  ch.onmessage = (e) => {
    const text = typeof e.data === "string" ? e.data : "\u0000(binary)";
    emit("message", text.length > MAX_TEXT ? text.slice(0, MAX_TEXT + 1) : text);
  };
}

function fresh(iceJson) {
  close();
  const conn = new RTCPeerConnection({ iceServers: servers(iceJson) });
  conn.onconnectionstatechange = () => {
    if (pc === conn && ["failed", "closed"].includes(conn.connectionState)) emit("close");
  };
  pc = conn;
  return conn;
}

function gathered(conn) {
  return new Promise((resolve) => {
    if (conn.iceGatheringState === "complete") return resolve();
    const timer = setTimeout(resolve, GATHER_MS);
    conn.addEventListener("icegatheringstatechange", () => {
      if (conn.iceGatheringState === "complete") {
        clearTimeout(timer);
        resolve();
      }
    });
  });
}

async function host(iceJson) {
  const conn = fresh(iceJson);
  wire(conn.createDataChannel("senet", { ordered: true }));
  await conn.setLocalDescription(await conn.createOffer());
  await gathered(conn);
  return conn.localDescription.sdp;
}

async function join(iceJson, sdp) {
  const conn = fresh(iceJson);
  conn.ondatachannel = (e) => wire(e.channel);
  await conn.setRemoteDescription({ type: "offer", sdp });
  await conn.setLocalDescription(await conn.createAnswer());
  await gathered(conn);
  return conn.localDescription.sdp;
}

async function accept(sdp) {
  if (!pc) throw new Error("no invite is waiting for an answer");
  await pc.setRemoteDescription({ type: "answer", sdp });
}

function send(text) {
  if (!channel || channel.readyState !== "open") return false;
  channel.send(text);
  return true;
}

function close() {
  const ch = channel;
  const conn = pc;
  channel = null;
  pc = null;
  if (ch) ch.close();
  if (conn) conn.close();
}

// -- an answer link opened in another tab of this browser (docs/online.md) ----------------
let waiting = null; // {channel, release, from}: this tab waits for an answer

function waitForAnswer() {
  stopWaiting();
  const ch = new BroadcastChannel(HANDOFF);
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  const wait = { channel: ch, release, from: null };
  ch.onmessage = (e) => {
    const m = e.data;
    if (!m || m.type !== "answer" || typeof m.text !== "string" || typeof m.id !== "string") return;
    wait.from = m.id;
    emit("answer", m.text.slice(0, MAX_TEXT + 1));
  };
  // (secure contexts only; a refused lock leaves the channel, which passAnswer also asks)
  if (navigator.locks) navigator.locks.request(WAITING_LOCK, () => held).catch(() => {});
  waiting = wait;
}

function answered(ok, words) {
  if (waiting && waiting.from) {
    waiting.channel.postMessage({ type: "result", id: waiting.from, ok: !!ok, words: String(words) });
    waiting.from = null;
  }
}

function stopWaiting() {
  const wait = waiting;
  waiting = null;
  if (wait) {
    wait.release();
    wait.channel.close();
  }
}

async function passAnswer(text) {
  // Without locks (or if the browser refuses them) no lock tells: ask on the channel, and
  // wait HANDOFF_MS at most.
  const locks = navigator.locks ? await navigator.locks.query().catch(() => null) : null;
  if (locks && !(locks.held || []).some((lock) => lock.name === WAITING_LOCK)) {
    return { passed: false, ok: false, words: "" };
  }
  const id = String(Math.random()).slice(2) + String(Date.now());
  const ch = new BroadcastChannel(HANDOFF);
  try {
    return await new Promise((resolve) => {
      // a waiting tab answers at once; one with another invite stays silent
      setTimeout(() => resolve({ passed: false, ok: false, words: "" }), HANDOFF_MS);
      ch.onmessage = (e) => {
        const m = e.data;
        if (m && m.type === "result" && m.id === id) resolve({ passed: true, ok: !!m.ok, words: String(m.words) });
      };
      ch.postMessage({ type: "answer", id, text });
    });
  } finally {
    ch.close();
  }
}

window.senetLink = { host, join, accept, send, close, waitForAnswer, answered, stopWaiting, passAnswer };
