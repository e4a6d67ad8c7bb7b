// The scorekeeper's web page (make web, docs/WEB.md): MicroPython's
// WebAssembly port runs the firmware's own files; boards/browser.py (its
// board.py) draws on the canvas through window.skPage and reads the keys
// this page presses through webhost.py. The flash is a folder of the port's file system, kept
// in IndexedDB between turns of the firmware's loop.
import { loadMicroPython } from "./micropython.mjs";

const $ = (id) => document.getElementById(id);
const FLASH = "/flash";
const CODE = "/code";
const MIN_HOLD_MS = 70; // a press is held at least this long (and HOLD_TURNS turns of the loop)
const SYNC_MS = 400; // how often the flash is written to IndexedDB when it changed
const DEFAULT_BOARD = "cyd";

let mp = null;
let host = null; // webhost.py: step(), button(), key(), touch(), plan(), game_json(), load_game()
let fw = null; // firmware.json
let db = null;
let kept = new Map(); // the flash as IndexedDB holds it: name -> Uint8Array
// A save's header line ("SK 2 41 1653 8d0b5a1c": its number and checksum), kept in localStorage
// (written at once, as IndexedDB is not) from the turn the firmware saved until IndexedDB has it:
// found at the next start beside an older save, the page says the last hole may be lost (issue 57, 8)
const UNSAVED = "sk-unsaved";
let savedHead = ""; // the state.json header the firmware last wrote
let every = 5;
let running = false;
let lastSync = 0;
let failed = false;
let shape = null; // [input, button names] from board.py
// One tab owns the game (a Web Lock held while the tab lives): only it runs the firmware and writes the
// flash. Another tab says the game is open elsewhere and offers to take it (a BroadcastChannel tells
// the owner, which stops, writes its last turn and lets go). Without the Locks API (plain http to
// another machine: it needs a secure context) every tab owns its copy, as before (docs/WEB.md).
const LOCK = "scorekeeper-game";
const channel = "BroadcastChannel" in window ? new BroadcastChannel("scorekeeper") : null;
let owner = !(navigator.locks && channel);
let letLock = null; // resolves the held lock's promise: lets it go

// ---------------------------------------------------------------- flash
function openAt(version) {
  return new Promise((ok, bad) => {
    const r = version ? indexedDB.open("scorekeeper", version) : indexedDB.open("scorekeeper");
    r.onupgradeneeded = () => {
      if (!r.result.objectStoreNames.contains("flash")) r.result.createObjectStore("flash");
    };
    r.onsuccess = () => ok(r.result);
    r.onerror = () => bad(r.error);
  });
}

// The database at whatever version it is, its store made again if it has gone (issue 57, 9: a
// missing store stopped the page from starting)
async function openDb() {
  let d = await openAt(0);
  if (!d.objectStoreNames.contains("flash")) {
    const v = d.version + 1;
    d.close();
    d = await openAt(v);
    aside.push("the store of files was missing: made again, empty");
  }
  return d;
}

// What the browser holds that is no file of ours is set aside, not loaded: a name no file can
// have (empty, "..", "sub/x"), a value that is not a file's bytes (a number, a string). Kept in
// localStorage ("sk-aside") as far as it goes, named in a note; the rest starts (issue 57, 9).
const aside = [];
const NAME_OK = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,63}$/;

function fileBytes(v) {
  if (v instanceof ArrayBuffer) return new Uint8Array(v);
  if (ArrayBuffer.isView(v)) return new Uint8Array(v.buffer, v.byteOffset, v.byteLength);
  return null;
}

function readDb() {
  return new Promise((ok, bad) => {
    const out = new Map();
    const bads = [];
    const tx = db.transaction("flash", "readwrite");
    const req = tx.objectStore("flash").openCursor();
    req.onsuccess = () => {
      const c = req.result;
      if (!c) return;
      const data = fileBytes(c.value);
      if (typeof c.key === "string" && NAME_OK.test(c.key) && data) {
        out.set(c.key, data);
      } else {
        const what = data ? String(data.length) + " bytes" : typeof c.value === "number" ? "the number " +
          String(c.value).slice(0, 40) : "a " + typeof c.value + ", not a file's bytes";
        bads.push([String(c.key).slice(0, 64), what]);
        c.delete();
      }
      c.continue();
    };
    tx.oncomplete = () => {
      if (bads.length) {
        aside.push(...bads.map(([k, w]) => JSON.stringify(k) + " (" + w + ")"));
        try {
          const before = JSON.parse(localStorage.getItem("sk-aside") || "[]");
          localStorage.setItem("sk-aside", JSON.stringify(before.concat(bads)).slice(0, 65536));
        } catch (e) { /* kept in the note alone */ }
      }
      ok(out);
    };
    tx.onerror = tx.onabort = () => bad(tx.error);
  });
}

function flashNow() {
  const out = new Map();
  for (const name of mp.FS.readdir(FLASH)) {
    const path = FLASH + "/" + name;
    if (name === "." || name === ".." || !mp.FS.isFile(mp.FS.stat(path).mode)) continue;
    out.set(name, mp.FS.readFile(path));
  }
  return out;
}

function same(a, b) {
  if (!a || !b || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

// The flash as it is between two turns of the loop, written in one
// transaction: IndexedDB keeps all of it or none (a tab closed mid-write
// keeps the turn before, as a power cut keeps the save before).
let writing = 0; // transactions under way
function header(data) {
  if (!data) return "";
  let n = data.indexOf(10);
  return new TextDecoder().decode(data.subarray(0, n < 0 ? Math.min(data.length, 64) : n));
}

function sync() {
  if (!db || !mp || !owner) return Promise.resolve(); // a tab that does not own the game never writes it
  const now = flashNow();
  const head = header(now.get("state.json"));
  const puts = [...now].filter(([n, d]) => !same(kept.get(n), d));
  const dels = [...kept.keys()].filter((n) => !now.has(n));
  if (!puts.length && !dels.length) return Promise.resolve();
  kept = now;
  writing++;
  return new Promise((ok) => {
    const tx = db.transaction("flash", "readwrite");
    const st = tx.objectStore("flash");
    for (const [n, d] of puts) st.put(d, n);
    for (const n of dels) st.delete(n);
    tx.oncomplete = () => {
      writing--;
      if (head && localStorage.getItem(UNSAVED) === head) localStorage.removeItem(UNSAVED); // IndexedDB has it
      ok();
    };
    tx.onerror = tx.onabort = () => {
      writing--;
      kept = new Map(); // written again next time
      say("The browser did not keep the last save (" + (tx.error && tx.error.name) + "): trying again.", true);
      ok();
    };
  });
}

// state.json's header as the firmware's flash holds it now (a few bytes read, each turn)
const headBuf = new Uint8Array(64);
function stateHead() {
  const path = FLASH + "/state.json";
  let fd = null;
  try {
    fd = mp.FS.open(path, "r");
    const n = mp.FS.read(fd, headBuf, 0, 64, 0);
    return header(headBuf.subarray(0, n));
  } catch (e) {
    return "";
  } finally {
    if (fd) mp.FS.close(fd);
  }
}

// Whether the flash as it is now is all in IndexedDB, nothing being written
// (the tests wait for it before a reload, in place of a guess at the time).
window.skSaved = () => {
  if (!db || !mp || !owner || writing) return false;
  const now = flashNow();
  return now.size === kept.size && [...now].every(([n, d]) => same(kept.get(n), d));
};

// ---------------------------------------------------------------- screen
const canvas = $("screen");
const ctx = canvas.getContext("2d");
let img = null;

const HEX = new Uint8Array(128);
for (let i = 0; i < 16; i++) HEX["0123456789abcdef".charCodeAt(i)] = i;

// board.py's bytes, as hex text
function bytes(hex) {
  const a = new Uint8Array(hex.length >> 1);
  for (let i = 0, j = 0; i < a.length; i++, j += 2) a[i] = (HEX[hex.charCodeAt(j)] << 4) | HEX[hex.charCodeAt(j + 1)];
  return a;
}

function rgb(c) {
  const r = (c >> 11) << 3, g = ((c >> 5) & 0x3f) << 2, b = (c & 0x1f) << 3;
  return [r | (r >> 5), g | (g >> 6), b | (b >> 5)];
}

window.skPage = {
  model: localStorage.getItem("sk-board") || DEFAULT_BOARD,

  ready(id, input, w, h, mono, buttons) {
    canvas.width = w;
    canvas.height = h;
    img = ctx.createImageData(w, h);
    for (let i = 3; i < img.data.length; i += 4) img.data[i] = 255;
    shape = [input, buttons ? buttons.split(",") : []]; // the keys are made once board.py's host is there
  },

  // rows y0..y1 of the 4-bit frame (two pixels a byte, the left one high), columns x0..x1
  band(rowsHex, half, x0, y0, x1, y1, lutHex) {
    const rows = bytes(rowsHex), lut = bytes(lutHex), pal = [];
    for (let i = 0; i < 16; i++) pal.push(rgb((lut[2 * i] << 8) | lut[2 * i + 1]));
    const d = img.data, w = img.width;
    for (let y = y0; y < y1; y++) {
      const row = (y - y0) * half;
      for (let x = x0; x < x1; x++) {
        const b = rows[row + (x >> 1)];
        const p = pal[x & 1 ? b & 15 : b >> 4];
        const o = (y * w + x) * 4;
        d[o] = p[0]; d[o + 1] = p[1]; d[o + 2] = p[2];
      }
    }
    ctx.putImageData(img, 0, 0, x0, y0, x1 - x0, y1 - y0);
  },

  // the whole MONO_VLSB frame: a byte is 8 pixels down a page
  mono(hex, w, h) {
    const buf = bytes(hex), d = img.data;
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const v = (buf[(y >> 3) * w + x] >> (y & 7)) & 1 ? 255 : 0;
        const o = (y * w + x) * 4;
        d[o] = d[o + 1] = d[o + 2] = v;
      }
    }
    ctx.putImageData(img, 0, 0);
  },

  sleep(asleep) {
    canvas.classList.toggle("asleep", !!asleep);
  },

  run(ms) {
    every = ms;
    running = true;
    setTimeout(loop, every);
  },
};

const steps = []; // [start, ms] of the last turns (make bench reads them: the time a key's redraw takes)
window.skSteps = steps;

function loop() {
  if (!running) return;
  try {
    const t0 = performance.now();
    host.step(every);
    steps.push([t0, performance.now() - t0]);
    turns++;
    pump();
    if (steps.length > 500) steps.splice(0, 100);
  } catch (e) {
    running = false;
    failed = true;
    console.error(e);
    say("The firmware stopped: " + (e.message || e) + ". Reload the page to start it again.", true);
    return;
  }
  const now = performance.now();
  const head = owner ? stateHead() : savedHead;
  if (head !== savedHead) { // the firmware saved this turn: said at once, written to IndexedDB at once
    savedHead = head;
    if (head) localStorage.setItem(UNSAVED, head);
    lastSync = now;
    sync();
  } else if (now - lastSync > SYNC_MS) {
    lastSync = now;
    sync();
  }
  setTimeout(loop, every);
}

// ---------------------------------------------------------------- keys
// Every press from the page (a button, a key, a finger on the screen) goes
// down and up through this queue, so that the firmware sees each one as a
// board's driver would: down for at least MIN_HOLD_MS and HOLD_TURNS turns
// of its loop (a browser may run no timer while a finger is on the glass:
// Chromium defers them on a touchstart), and one after the other, up for
// as long between them, however fast they come. A press made while another is still held
// goes down at once beside it (two buttons together: the TTGO's up).
const keysDiv = $("keys");
let input = "buttons";
let turns = 0; // turns of the firmware's loop so far
const HOLD_TURNS = 6; // 30 ms of the loop or more: past every driver's debounce (20-25 ms)
const GAP_TURNS = 6; // and up as long before the next goes down (the same key twice: two presses)
const GAP_MS = 40;
let active = []; // presses down now
const waiting = []; // presses not yet down
let gapUntil = 0; // the turn, and the time, the next press may go down
let gapUntilMs = 0;

// a press: down() now or when its turn comes, up() once let go (letGo) and held long enough
function press(down, up, ms = 0, alone = false) {
  const p = { down, up, ms, alone, let: false, turn: 0, since: 0 };
  waiting.push(p);
  pump();
  return p;
}

function letGo(p) {
  p.let = true;
  pump();
}

function pump() {
  const now = performance.now();
  active = active.filter((p) => {
    if (!p.let || turns < p.turn + HOLD_TURNS || now < p.since + Math.max(MIN_HOLD_MS, p.ms)) return true;
    p.up();
    gapUntil = turns + GAP_TURNS;
    gapUntilMs = now + GAP_MS;
    return false;
  });
  while (waiting.length && turns >= gapUntil && now >= gapUntilMs && !active.some((p) => p.let) &&
         !(active.length && waiting[0].alone)) {
    const p = waiting.shift();
    p.turn = turns;
    p.since = now;
    active.push(p); // (before down(): a press it makes waits behind this one)
    p.down();
  }
}

// an element of the page pressed: down from pointer down to pointer up
function pressable(el, down, up) {
  let p = null;
  const release = () => {
    if (!p) return;
    el.classList.remove("held");
    letGo(p);
    p = null;
  };
  el.addEventListener("pointerdown", (e) => {
    e.preventDefault();
    el.setPointerCapture && el.setPointerCapture(e.pointerId);
    if (p) return;
    el.classList.add("held");
    p = press(down, up);
  });
  el.addEventListener("pointerup", release);
  el.addEventListener("pointercancel", release);
  el.addEventListener("contextmenu", (e) => e.preventDefault());
}

const MODIFIERS = ["fn", "shift", "ctrl", "opt", "alt"];
// keys the firmware never reads (ui/typed.py, ui/direct.py, ui/names.py; ` is Back, as Backspace is):
// hidden on a phone's width, so that the others are wide enough to hit
const RARE = ["`", "tab", "[", "]", "\\", "'", "shift", "ctrl", "opt", "alt"];
const latched = new Map(); // an on-page modifier held: legend -> its button
// on a phone's width the wide keys' signs, not their names (a probe: "bksp", "enter" and "space" cut at
// 360-390 px); the page's width as the media query in page.css has it, followed as it changes
const NARROW = matchMedia("(max-width: 520px)");
const SIGNS = { bksp: "\u232B", enter: "\u23CE", space: "\u2423" };
const label = (legend) => (NARROW.matches && SIGNS[legend]) || legend;
NARROW.addEventListener("change", () => {
  for (const b of document.querySelectorAll("#keys .row button")) b.textContent = label(b.dataset.legend);
});

function unlatch() {
  for (const [legend, b] of latched) {
    host.key(legend, false);
    b.classList.remove("held");
  }
  latched.clear();
}

function buildKeys(kind, buttons) {
  input = kind;
  keysDiv.innerHTML = "";
  canvas.classList.toggle("touch", kind === "touch");
  if (kind === "buttons") {
    buttons.forEach((name, i) => {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = name;
      b.dataset.button = i;
      pressable(b, () => host.button(i, true), () => host.button(i, false));
      keysDiv.appendChild(b);
    });
    $("help").textContent = "The board's buttons: " + host.keys_help() + " (long: held 0.6 s; hold: " +
      "repeats while held). Or the keyboard: ↑ ↓ (held: again and again, the last 0.2 s taken back when let go), Enter (OK), Backspace or Esc (Back).";
  } else if (kind === "keyboard") {
    for (const row of JSON.parse(host.rows())) {
      const r = document.createElement("div");
      r.className = "row";
      for (const legend of row) {
        const b = document.createElement("button");
        b.type = "button";
        b.textContent = label(legend);
        b.dataset.legend = legend;
        if (legend.length > 1) b.className = "wide";
        if (RARE.includes(legend)) b.classList.add("rare");
        if (MODIFIERS.includes(legend)) { // held from its tap until the next key is let go (fn, then ;)
          b.addEventListener("pointerdown", (e) => {
            e.preventDefault();
            const on = !latched.has(legend);
            host.key(legend, on);
            b.classList.toggle("held", on);
            if (on) latched.set(legend, b);
            else latched.delete(legend);
          });
        } else {
          pressable(b, () => {
            host.key(legend, true);
            if (latched.size) letGo(press(() => {}, unlatch, 0, true)); // the modifiers go up after it
          }, () => host.key(legend, false));
        }
        r.appendChild(b);
      }
      keysDiv.appendChild(r);
    }
    $("help").textContent = "Type on the keyboard (as on the Cardputer: Enter is OK, Backspace, Esc or ` is " +
      "Back, the arrows are fn with ; . , /), or press the keys on the page (bksp is Back); fn stays down " +
      "for the next key.";
  } else {
    $("help").textContent = "Tap the screen, as the board's touch screen. (On a computer's keyboard, Enter is OK " +
      "and Esc is Back where the screen has them.)";
  }
}

// the screen's point under a pointer event (inside the canvas's border)
function point(e) {
  const r = canvas.getBoundingClientRect();
  const x = Math.floor((e.clientX - r.left - canvas.clientLeft) * canvas.width / canvas.clientWidth);
  const y = Math.floor((e.clientY - r.top - canvas.clientTop) * canvas.height / canvas.clientHeight);
  return [Math.min(canvas.width - 1, Math.max(0, x)), Math.min(canvas.height - 1, Math.max(0, y))];
}

let finger = null; // the finger on the screen: its press, and where it is
canvas.addEventListener("pointerdown", (e) => {
  if (input !== "touch" || !host) return;
  e.preventDefault();
  if (finger) return; // one finger: the panel reads one point
  canvas.setPointerCapture && canvas.setPointerCapture(e.pointerId);
  const f = { at: point(e), down: false };
  f.p = press(() => { f.down = true; host.touch(...f.at); }, () => host.touch(null, null));
  finger = f;
});
canvas.addEventListener("pointermove", (e) => {
  if (!finger || finger.p.let) return;
  finger.at = point(e);
  if (finger.down) host.touch(...finger.at);
});
const lift = () => {
  if (!finger) return;
  letGo(finger.p);
  finger = null;
};
canvas.addEventListener("pointerup", lift);
canvas.addEventListener("pointercancel", lift);

// the computer's keyboard: a logical key (board.py's plan: what to press, and how long)
const LOGICAL = { ArrowUp: "up", ArrowDown: "down", ArrowLeft: "left", ArrowRight: "right", Enter: "ok",
  Escape: "back", Backspace: "back" };
const LEGEND = { Enter: "enter", Backspace: "bksp", " ": "space", Tab: "tab", Escape: "`" };
const typed = new Map(); // a held key of the keyboard -> its press

function playPlan(plan) {
  // "buttons 0,1 80" | "keys fn,; 80" | "tap 160 220 80" | "" (nothing gives it here)
  const [what, a, b, c] = plan.split(" ");
  let p = null;
  if (what === "buttons") {
    const bs = a.split(",").map(Number);
    p = press(() => bs.forEach((i) => host.button(i, true)), () => bs.forEach((i) => host.button(i, false)), +b);
  } else if (what === "keys") {
    const ks = a.split(",");
    p = press(() => ks.forEach((k) => host.key(k, true)), () => ks.reverse().forEach((k) => host.key(k, false)), +b);
  } else if (what === "tap") {
    p = press(() => host.touch(+a, +b), () => host.touch(null, null), +c);
  }
  if (p) letGo(p);
  return p;
}

// An arrow held: the presses its repeat made, and at its let-go those that went down in the last
// 195 ms taken back (the other way's press each), as the buttons' driver takes back a held button's
// late repeats (drivers/buttons.py): a person lets go a reaction time after the value shows (a probe:
// one step past it, every hold). One not down yet is never made.
const TAKE_BACK_MS = 195;
const OTHER_WAY = { up: "down", down: "up", left: "right", right: "left" };
let hold = null; // {key, presses}

document.addEventListener("keydown", (e) => {
  if (!host || e.ctrlKey || e.metaKey || e.altKey || e.target.tagName === "SELECT") return;
  if (input === "keyboard" && !(e.key in LOGICAL && e.key.startsWith("Arrow"))) {
    const legend = LEGEND[e.key] || (e.key.length === 1 ? e.key.toLowerCase() : null);
    if (!legend || !host.has_key(legend)) return;
    e.preventDefault();
    if (e.repeat || typed.has(e.code)) return;
    typed.set(e.code, press(() => host.key(legend, true), () => host.key(legend, false)));
    return;
  }
  const key = LOGICAL[e.key];
  if (!key) return;
  e.preventDefault();
  // held, the keyboard's own repeat presses it again, each press once the one before has ended
  // (issue 57, 4: a card or a name's letters, held, as a board's held button steps them)
  if (!e.repeat) hold = OTHER_WAY[key] ? { key, presses: [] } : null;
  if (!e.repeat || (!waiting.length && !active.length)) {
    const p = playPlan(host.plan(key));
    if (e.repeat && p && hold && hold.key === key) hold.presses.push(p);
  }
});
addEventListener("blur", () => { // a key let go in another window: let go here too
  for (const p of typed.values()) letGo(p);
  typed.clear();
});
document.addEventListener("keyup", (e) => {
  const p = typed.get(e.code);
  if (p !== undefined) {
    typed.delete(e.code);
    letGo(p);
  }
  if (hold && LOGICAL[e.key] === hold.key) {
    const now = performance.now();
    let back = 0;
    for (const q of hold.presses) {
      const i = waiting.indexOf(q);
      if (i >= 0) waiting.splice(i, 1); // not down yet: never made
      else if (now - q.since < TAKE_BACK_MS) back++;
    }
    const other = host.plan(OTHER_WAY[hold.key]);
    hold = null;
    for (let i = 0; i < back; i++) playPlan(other);
  }
});

// ---------------------------------------------------------------- files
function say(text, bad) {
  const m = $("message");
  m.textContent = text;
  m.className = bad ? "bad" : "good";
}

$("download").addEventListener("click", () => {
  const out = host.game_json();
  if (out.startsWith("error: ")) {
    say(out.slice(7), true);
    return;
  }
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([out], { type: "application/json" }));
  a.download = "game.json";
  document.body.appendChild(a);
  a.click();
  a.remove();
  say("game.json downloaded: tools/score.py scores it to the same totals.");
});

$("load").addEventListener("change", async (e) => {
  const f = e.target.files[0];
  e.target.value = "";
  if (!f) return;
  if (f.size > 65536) {
    say(f.name + " is " + Math.round(f.size / 1024) + " KB: a game.json is at most 64 KB. Nothing was changed.", true);
    return;
  }
  const text = await f.text();
  const bad = host.check_game(text);
  if (bad) {
    say(f.name + ": " + bad.slice(7) + " Nothing was changed.", true);
    return;
  }
  const ask = host.load_question();
  if (ask && !confirm(ask)) {
    say("Nothing was loaded: the game in progress is as it was.");
    return;
  }
  const out = host.load_game(text);
  if (out.startsWith("error: ")) say(f.name + ": " + out.slice(7) + " Nothing was changed.", true);
  else {
    say(out);
    sync();
  }
});

// ---------------------------------------------------------------- one tab
// the game's lock: true once this tab holds it (wait: until the owner lets go; else only if free now)
function takeLock(wait) {
  return new Promise((got) => {
    navigator.locks.request(LOCK, wait ? {} : { ifAvailable: true }, (lock) => {
      if (!lock) return got(false);
      owner = true;
      got(true);
      return new Promise((r) => { letLock = r; }); // held until this tab gives the game away (or closes)
    });
  });
}

function elsewhere(text, take) {
  const box = $("elsewhere");
  $("elsewhere-text").textContent = text;
  box.hidden = false;
  $("take").onclick = take;
  $("take").focus();
}

if (channel) {
  channel.onmessage = async (e) => {
    if (e.data !== "take" || !owner || !letLock) return;
    running = false; // another tab takes the game: this one stops, writes its last turn, lets go
    await sync();
    owner = false;
    letLock();
    letLock = null;
    elsewhere("The game is open in another tab now: nothing you do here is kept. Use it here instead?", () => {
      sessionStorage.setItem("sk-take", "1");
      location.reload(); // the firmware starts again here, from the game as the other tab left it
    });
  };
}

// this tab's claim on the game before the firmware starts: the lock, or a question
async function claim() {
  if (owner) return; // no Locks API: each tab alone
  if (await takeLock(false)) return;
  if (sessionStorage.getItem("sk-take")) { // "use it here" was chosen before a reload
    sessionStorage.removeItem("sk-take");
  } else {
    await new Promise((go) => elsewhere("The game is open in another tab or window of this browser. " +
      "Entering holes in both would lose one of them.", go));
  }
  $("elsewhere").hidden = true;
  $("status").textContent = "Waiting for the other tab to let the game go…";
  channel.postMessage("take");
  await takeLock(true);
  $("status").textContent = "Loading MicroPython…";
}

// ---------------------------------------------------------------- install on a board
// Where make web was given stock MicroPython images (--firmware), each board's bundle and its
// manifest are in install/, and ESP Web Tools (Web Serial: Chrome and Edge on a computer) writes
// the picked board's. Elsewhere the page says so and gives the file and the one esptool command.
function installer() {
  const made = fw.install || {};
  if (!Object.keys(made).length) return; // a build with no installer
  $("install").hidden = false;
  const name = fw.boards.find((b) => b[0] === skPage.model)[1];
  const text = $("install-text");
  const path = made[skPage.model];
  if (!path) {
    text.textContent = "This page has no installer for the " + name + ": it was built without a " +
      "MicroPython image for its chip (make web FIRMWARE=...).";
    return;
  }
  fetch(path).then((r) => r.json()).then((m) => {
    const build = m.builds[0];
    const part = build.parts[0];
    const chip = build.chipFamily.toLowerCase().replace("-", "");
    const file = skPage.model + ".bin";
    if (!("serial" in navigator) || !window.isSecureContext) {
      text.textContent = (!("serial" in navigator)
        ? "This browser cannot reach a board over USB (it has no Web Serial): use Chrome or Edge on a computer, "
        : "Installing needs this page on https or on this computer (127.0.0.1): ") +
        "or download the " + name + "'s file and write it with one command (pip install esptool): ";
      const a = document.createElement("a");
      a.href = new URL(part.path, new URL(path, location.href)).href;
      a.download = "scorekeeper-" + file;
      a.textContent = "scorekeeper-" + file;
      const c = document.createElement("code");
      // an ESP32-S3 started in its bootloader (the Cardputer: G0 held) leaves it only by a watchdog
      // reset: esptool's usual one cannot (docs/DEPLOY.md; tools/flashhelp.py)
      const after = chip === "esp32s3" ? "--after watchdog-reset " : "";
      c.textContent = "esptool --chip " + chip + " --baud 460800 " + after + "write-flash -z 0x" +
        part.offset.toString(16) + " scorekeeper-" + file;
      $("install-here").replaceChildren(a, document.createElement("br"), c);
      return;
    }
    text.textContent = "Plug the " + name + " into this computer's USB, then:";
    return import("./esp-web-tools/install-button.js").then(() => {
      const el = document.createElement("esp-web-install-button");
      el.setAttribute("manifest", path);
      const b = document.createElement("button");
      b.slot = "activate";
      b.type = "button";
      b.textContent = "Install on the " + name;
      el.append(b);
      $("install-here").replaceChildren(el);
    });
  }).catch((e) => {
    text.textContent = "The installer could not load (" + (e.message || e) + "): make bundle BOARD=" +
      skPage.model + " is the other way (README).";
  });
}

// ---------------------------------------------------------------- start
async function start() {
  const sel = $("board");
  try {
    db = await openDb();
  } catch (e) {
    say("This browser keeps no storage for the page (" + e + "): the game will not survive closing it.", true);
  }
  await claim();
  if (navigator.storage && navigator.storage.persist) { // keep the flash when the browser is short of space
    navigator.storage.persist().then((kept) => {
      if (!kept) $("persist").textContent = "This browser may clear the game when it runs short of space: " +
        "Download game.json keeps a copy.";
    }).catch(() => {});
  }
  fw = await (await fetch("firmware.json")).json();
  $("version").textContent = "Firmware " + fw.version + ", MicroPython " + fw.micropython + ".";
  if (!fw.boards.some((b) => b[0] === skPage.model)) skPage.model = DEFAULT_BOARD;
  for (const [id, name] of fw.boards) {
    const o = document.createElement("option");
    o.value = id;
    o.textContent = name;
    o.selected = id === skPage.model;
    sel.appendChild(o);
  }
  installer();
  sel.addEventListener("change", async () => {
    running = false;
    await sync();
    localStorage.setItem("sk-board", sel.value);
    location.reload();
  });
  mp = await loadMicroPython({
    heapsize: 2 * 1024 * 1024,
    stdout: (line) => console.log(line),
    stderr: (line) => console.warn(line),
  });
  for (const [path, text] of Object.entries(fw.files)) {
    const parts = (CODE + "/" + path).split("/");
    for (let i = 2; i < parts.length; i++) {
      const dir = parts.slice(0, i).join("/");
      if (!mp.FS.analyzePath(dir).exists) mp.FS.mkdir(dir);
    }
    mp.FS.writeFile(CODE + "/" + path, text);
  }
  mp.FS.mkdir(FLASH);
  if (db) {
    kept = await readDb(); // (read once the lock is ours: the last turn of the tab before is in it)
    for (const [name, data] of kept) mp.FS.writeFile(FLASH + "/" + name, data);
    if (aside.length) {
      say("Damaged entries in the browser's storage were set aside (localStorage sk-aside): " +
          aside.join(", ") + ". What could be read is loaded: Download game.json keeps it.", true);
    }
    const lost = localStorage.getItem(UNSAVED);
    savedHead = header(kept.get("state.json"));
    if (lost && lost !== savedHead) { // saved on the screen, closed before IndexedDB had it
      say("The page closed just after a save, before the browser had kept it: the last hole (or " +
          "change) may need entering again.", true);
    }
    localStorage.removeItem(UNSAVED);
  }
  $("status").textContent = "";
  mp.runPython(`import sys, os\nsys.path[:0] = ["${CODE}"]\nos.chdir("${FLASH}")\nimport main`);
  host = mp.pyimport("webhost");
  buildKeys(...shape);
  window.skHost = host; // (the tests' way in)
  window.skPython = (code) => mp.runPython(code);
  window.skPlay = playPlan; // a logical key as the computer's keyboard gives it
  window.skIdle = () => !active.length && !waiting.length; // every press made is down and up
  window.skEval = (expr) => {
    mp.runPython("import board as _b\n_b.said = " + expr);
    return mp.pyimport("board").said;
  };
  addEventListener("pagehide", () => sync());
  document.addEventListener("visibilitychange", () => document.hidden && sync());
  if ("serviceWorker" in navigator && location.protocol !== "file:") {
    navigator.serviceWorker.register("sw.js").catch((e) => console.warn("offline copy not made: " + e));
  }
}

start().catch((e) => {
  failed = true;
  console.error(e);
  $("status").textContent = "The scorekeeper could not start: " + (e.message || e);
});
