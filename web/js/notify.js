// "Your move", wherever the player is: a sound (can be turned off), the
// page title, and the browser's Notification API while the tab is hidden,
// asked for only once the player clicks to enable it. Choices are kept in
// localStorage (`eons.sound`, `eons.notify`).
import { h, toast } from './dom.js';
import { api } from './api.js';

const SOUND = 'eons.sound';
const NOTIFY = 'eons.notify';
let audio = null;

function soundOn() { return localStorage.getItem(SOUND) !== 'off'; }
function notifyOn() { return localStorage.getItem(NOTIFY) === 'on' && 'Notification' in window && Notification.permission === 'granted'; }

/** Two short tones (Web Audio: no file to fetch). */
function chime() {
  try {
    audio = audio || new AudioContext();
    if (audio.state === 'suspended') audio.resume();
    const t = audio.currentTime;
    for (const [f, at] of [[660, 0], [880, 0.16]]) {
      const o = audio.createOscillator();
      const g = audio.createGain();
      o.frequency.value = f;
      g.gain.setValueAtTime(0.0001, t + at);
      g.gain.exponentialRampToValueAtTime(0.2, t + at + 0.02);
      g.gain.exponentialRampToValueAtTime(0.0001, t + at + 0.15);
      o.connect(g).connect(audio.destination);
      o.start(t + at);
      o.stop(t + at + 0.16);
    }
    document.body.dataset.chimed = String(Number(document.body.dataset.chimed || 0) + 1);
  } catch { /* no sound on this browser */ }
}

/**
 * Tells the player it is their move (called when it becomes so): the sound,
 * and a notification while the tab is hidden.
 */
export function yourMove(st) {
  if (soundOn()) chime();
  if (document.hidden && notifyOn()) {
    try {
      const n = new Notification(`Your move — ${st.game_name}`, { body: st.prompt || 'It is your move.', tag: `eons-${st.id}` });
      n.onclick = () => { window.focus(); n.close(); };
      document.body.dataset.notified = String(Number(document.body.dataset.notified || 0) + 1);
    } catch { /* the browser refused it */ }
  }
}

/** The players panel's controls: sound on/off and browser notifications. */
export function alertControls() {
  const sound = h('input', { type: 'checkbox', id: 'alert-sound' });
  sound.checked = soundOn();
  sound.addEventListener('change', () => { localStorage.setItem(SOUND, sound.checked ? 'on' : 'off'); if (sound.checked) chime(); });
  const parts = [h('label', { class: 'alert-opt', for: 'alert-sound' }, sound, ' Sound on your move')];
  if ('Notification' in window) {
    // Drawn from what is stored, so that a redraw of the panel (any move)
    // shows the same: the state once asked, and the way to change it.
    // (The panel on the page now: a move may have drawn it again meanwhile.)
    const redraw = () => { const box = document.getElementById('alerts'); if (box) box.replaceWith(alertControls()); };
    if (notifyOn()) {
      parts.push(h('span', { class: 'muted small', id: 'alert-notify-state' }, 'Notifications on while this tab is hidden'), ' ',
        h('button', { class: 'small ghost', id: 'alert-notify-off', onclick: (ev) => { localStorage.setItem(NOTIFY, 'off'); redraw(); } }, 'Turn off'));
    } else if (Notification.permission === 'denied') {
      parts.push(h('span', { class: 'muted small' }, 'Notifications are blocked for this site in the browser.'));
    } else {
      parts.push(h('button', { class: 'small', id: 'alert-notify', onclick: async () => {
        const got = await Notification.requestPermission();
        localStorage.setItem(NOTIFY, got === 'granted' ? 'on' : 'off');
        const button = document.getElementById('alert-notify');
        if (got !== 'granted') { if (button) button.replaceWith(h('span', { class: 'muted small', id: 'alert-notify-state' }, 'Notifications not allowed')); }
        else redraw();
      } }, 'Notify me when this tab is hidden'));
    }
  }
  return h('div', { class: 'alerts small', id: 'alerts' }, parts);
}

/**
 * "Tell me by webhook": a URL (a Discord or Slack webhook, or any receiver)
 * the server POSTs to when it becomes this seat's turn. Shown only when the
 * server sends webhooks; the URL is this seat's alone.
 */
export function webhookControl(ctx) {
  const st = ctx.state;
  // Made once and moved into each new drawing of the panel, so that what
  // the player is typing survives the other seats' moves.
  if (ctx.webhookBox) {
    ctx.webhookBox.querySelector('summary').textContent = st.webhook ? 'Told by webhook on your turn' : 'Tell me by webhook (Discord, Slack)';
    return ctx.webhookBox;
  }
  const input = h('input', { type: 'url', id: 'webhook-url', placeholder: 'https://discord.com/api/webhooks/…', value: st.webhook || '', 'aria-label': 'Webhook URL' });
  const save = async (ev) => {
    ev.preventDefault();
    try {
      const r = await api.webhook(ctx.id, ctx.token, input.value.trim() || null);
      toast(r.url ? 'Webhook saved: you will be told there on your turn' : 'Webhook removed');
    } catch (e) {
      toast(e.message, 'error');
    }
  };
  const box = h('details', { class: 'webhook small', id: 'webhook' },
    h('summary', {}, st.webhook ? 'Told by webhook on your turn' : 'Tell me by webhook (Discord, Slack)'),
    h('form', { class: 'chat-form', onsubmit: save }, input, h('button', { class: 'small', type: 'submit', id: 'webhook-save' }, 'Save')));
  ctx.webhookBox = box;
  return box;
}
