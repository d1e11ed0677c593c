// Senet's sounds, synthesised with Web Audio: nothing is fetched. app/view/view.py calls
// window.senetSound.play(name, volume) with name one of throw, move, bump, water, off,
// win, loss and volume 0..1 (0: silent). The AudioContext is made on the first sound
// after the page's first gesture (browsers allow audio only after one). Every sound played is
// also pushed to window.senetSound.played (a test hook: the order of the sounds).

let ctx = null;

function audio() {
  if (!ctx) {
    const AC = window.AudioContext || window.webkitAudioContext;
    if (!AC) return null;
    ctx = new AC();
  }
  if (ctx.state === "suspended") ctx.resume().catch(() => {});
  return ctx;
}

// A tone from f0 to f1 Hz, starting `at` s from now, lasting `len` s, with a quick attack.
function tone(ac, out, { f0, f1 = f0, at = 0, len = 0.15, type = "sine", gain = 0.5 }) {
  const t = ac.currentTime + at;
  const osc = ac.createOscillator();
  const env = ac.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(f0, t);
  osc.frequency.exponentialRampToValueAtTime(Math.max(1, f1), t + len);
  env.gain.setValueAtTime(0.0001, t);
  env.gain.exponentialRampToValueAtTime(gain, t + 0.008);
  env.gain.exponentialRampToValueAtTime(0.0001, t + len);
  osc.connect(env).connect(out);
  osc.start(t);
  osc.stop(t + len + 0.02);
}

// A burst of filtered noise (the sticks on the floor, a splash).
function noise(ac, out, { at = 0, len = 0.06, freq = 2000, q = 1, gain = 0.4, sweep = null }) {
  const t = ac.currentTime + at;
  const frames = Math.max(1, Math.floor(ac.sampleRate * len));
  const buffer = ac.createBuffer(1, frames, ac.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < frames; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / frames);
  const src = ac.createBufferSource();
  src.buffer = buffer;
  const filter = ac.createBiquadFilter();
  filter.type = "bandpass";
  filter.frequency.setValueAtTime(freq, t);
  if (sweep) filter.frequency.exponentialRampToValueAtTime(sweep, t + len);
  filter.Q.value = q;
  const env = ac.createGain();
  env.gain.setValueAtTime(gain, t);
  env.gain.exponentialRampToValueAtTime(0.0001, t + len);
  src.connect(filter).connect(env).connect(out);
  src.start(t);
}

const SOUNDS = {
  throw(ac, out) { // four sticks clatter
    [0, 0.05, 0.09, 0.16].forEach((at, i) => noise(ac, out, { at, len: 0.05, freq: 1800 + 500 * i, q: 6, gain: 0.6 }));
  },
  move(ac, out) { // a piece set down on wood
    tone(ac, out, { f0: 520, f1: 260, len: 0.09, type: "triangle", gain: 0.45 });
  },
  bump(ac, out) { // two pieces knock
    tone(ac, out, { f0: 700, f1: 300, len: 0.07, type: "square", gain: 0.25 });
    tone(ac, out, { f0: 220, f1: 110, at: 0.06, len: 0.18, type: "triangle", gain: 0.5 });
  },
  water(ac, out) { // a splash and a sinking bloop
    noise(ac, out, { len: 0.35, freq: 900, sweep: 250, q: 0.8, gain: 0.5 });
    tone(ac, out, { f0: 600, f1: 140, at: 0.05, len: 0.4, gain: 0.35 });
  },
  off(ac, out) { // a piece leaves the board: a rising pair
    tone(ac, out, { f0: 660, len: 0.12, gain: 0.35 });
    tone(ac, out, { f0: 990, at: 0.1, len: 0.2, gain: 0.35 });
  },
  win(ac, out) { // a major arpeggio
    [523, 659, 784, 1047].forEach((f0, i) => tone(ac, out, { f0, at: 0.12 * i, len: 0.35, type: "triangle", gain: 0.4 }));
  },
  loss(ac, out) { // a falling minor line
    [440, 392, 330].forEach((f0, i) => tone(ac, out, { f0, at: 0.18 * i, len: 0.4, type: "triangle", gain: 0.35 }));
  },
};

window.senetSound = {
  played: [],
  play(name, volume) {
    const make = SOUNDS[name];
    const level = Math.max(0, Math.min(1, Number(volume) || 0));
    if (!make || level === 0) return;
    this.played.push(name);
    // Before the page's first gesture the browser keeps any AudioContext suspended (its
    // autoplay policy): the sound could not be heard, and making the context held the main
    // thread some 50 ms (the computer's first throw, in Lighthouse's trace). So the context
    // waits for a gesture; a sound asked for before one is skipped.
    if (navigator.userActivation && !navigator.userActivation.hasBeenActive) return;
    try {
      const ac = audio();
      if (!ac) return;
      const out = ac.createGain();
      out.gain.value = level;
      out.connect(ac.destination);
      make(ac, out);
    } catch (err) {
      console.warn("Senet: no sound:", err);
    }
  },
};
