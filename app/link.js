// The WebRTC glue of a game between two devices (docs/online.md, "The page"): one
// RTCPeerConnection and its data channel, nothing else. Nothing here runs until a player
// starts online play (app/friend_dialog.py calls it), so no request leaves the site before.
//
// window.senetLink:
//   host(iceJson)        -> Promise of the host's session description (ICE gathered)
//   join(iceJson, sdp)   -> Promise of the guest's answer to the host's description
//   accept(sdp)          -> Promise: the host takes the guest's answer
//   send(text)           -> true when the message went on an open channel
//   close()
// iceJson is a JSON list of STUN URLs ("[]": host candidates only, one network).
// What happens is told as a "senet:link" event on window, detail {type, value}: "open",
// "close", "message" (value: the text). A message longer than MAX_TEXT is cut to
// MAX_TEXT + 1 characters before Python sees it: the page refuses it as too long anyway.

const MAX_TEXT = 4096;
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

window.senetLink = { host, join, accept, send, close };
