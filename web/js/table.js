// The table: one game seen by one seat (or a spectator), updated live over a
// WebSocket. The board is drawn by the game's renderer (games/<id>.js); the
// table adds the prompt bar, the list of legal choices, the players and the log.
import { api, mine, inviteLink, loadServer } from './api.js';
import { h, fill, toast, copy, botBadge, profileBadge, possessive, counted, logWho, listen } from './dom.js';
import { finalPanel } from './final.js';
import { rendererFor } from './games/contract.js';
import { linkTable, picker, closePicker, panKeeper, placesAttribute } from './link.js';
import { happened } from './marks.js';
import { openHotseat } from './hotseat.js';
import { joinName } from './join.js';
import { loadCatalog, infoButton } from './cards.js';
import { loadRules, citedText, howToPlayLink } from './rules.js';
import { noteClock, seatClock, runningClock, iAmAway, awayNotice, clockText } from './clock.js';
import { yourMove, alertControls, webhookControl } from './notify.js';

export async function table(root, id) {
  const taken = await takeToken(id, root);
  if (taken.used) {
    root.replaceChildren(h('div', { class: 'panel', id: 'invite-used' },
      h('h2', {}, 'This invite link was already used'),
      h('p', {}, 'Someone claimed this seat with it, and an invite link works only once. If it was you, open the game from the browser you claimed it in.'),
      h('p', {}, h('a', { href: `/play/${encodeURIComponent(id)}` }, 'Watch the game'), ' · ', h('a', { href: '/' }, 'Back to the lobby'))));
    return;
  }
  // A hotseat game plays whichever of this browser's seats is to move.
  const hotseat = await openHotseat(id);
  const token = hotseat ? hotseat.token : taken.token;
  const ctx = {
    id,
    token,
    hotseat,
    state: null,
    log: [],
    busy: false,
    local: {},          // renderer's own UI state (selections)
    offerList: null,    // choices offered after an ambiguous click
    ws: null,
    claimed: new Set(),
    chat: [],
  };
  const promptBar = h('div', { class: 'promptbar', id: 'promptbar' });
  const board = h('div', { class: 'board', id: 'board' });
  const players = h('section', { class: 'panel players', id: 'players' });
  const choices = h('section', { class: 'panel choices', id: 'choices' });
  const logBox = h('section', { class: 'panel log', id: 'log' }, h('h3', {}, 'Game log'), h('ol', { class: 'log-list', tabindex: 0, 'aria-label': 'Game log, oldest first' }));
  const chatBox = h('section', { class: 'panel chat', id: 'chat' });
  const side = h('aside', { class: 'side' }, players, choices, logBox, chatBox);
  root.replaceChildren(h('div', { class: 'table' }, promptBar, h('div', { class: 'table-grid' }, board, side)));
  linkTable(root.firstChild);
  Object.assign(ctx, { promptBar, board, players, choices, logBox, chatBox });
  ctx.restorePans = panKeeper(board);

  ctx.choose = (choice) => submit(ctx, choice);
  ctx.offer = (list, anchor, opts) => offer(ctx, list, anchor, opts);
  ctx.redraw = () => render(ctx);

  try {
    ctx.server = await loadServer();
    const st = await api.view(id, token);
    // The game's cards and tables, its rules in brief and its renderer
    // (each fetched once per game kind): ctx.catalog, ctx.rules, ctx.renderer.
    [ctx.catalog, ctx.rules, ctx.renderer] = await Promise.all([loadCatalog(st.game), loadRules(st.game), rendererFor(st.game)]);
    ctx.state = st;
    noteClock(st);
    const lg = await api.log(id, token);
    ctx.log = lg.entries;
    ctx.chat = (await api.chat(id)).messages;
    render(ctx);
    buildChat(ctx);
  } catch (e) {
    if (e.status === 410) mine.forget(id); // cancelled: nothing to come back to
    root.replaceChildren(h('div', { class: 'panel', id: e.status === 410 ? 'game-gone' : null }, h('h2', {}, e.status === 410 ? 'This game was cancelled' : 'Cannot open this game'), h('p', {}, e.message), h('a', { href: '/' }, 'Back to the lobby')));
    return;
  }
  connect(ctx);
}

/**
 * The seat token, remembered in localStorage. A token in the link (#t=…) that
 * this browser does not know is an invite: it is claimed once, and the server
 * answers with the seat's own token, which replaces the invite token in the
 * URL and in localStorage (the invite token opens nothing afterwards).
 * Resolves to {token} or, for an invite that was used already, {used: true}.
 */
async function takeToken(id, root) {
  const m = location.hash.match(/[#&]t=([0-9a-fA-F]+)/);
  if (!m) return { token: mine.tokenFor(id) };
  const invite = m[1];
  if (mine.all().some((g) => g.id === id && g.token === invite)) return { token: invite };
  // What the link is, found out before anything is asked of the player
  // (unless a claim of it is pending here: its reply was lost, and it is
  // asked again as it was).
  if (!localStorage.getItem(`eons.claim.${invite}`)) {
    try {
      const seen = await api.view(id, invite);
      const seat = seen.seat !== null ? seen.seats[seen.seat] : null;
      if (seat && seat.claimed) {
        // The seat's own link, opened on another device: it is the player's already.
        mine.add({ id, game: seen.game, seat: seen.seat, token: invite, invites: [] });
        return { token: invite };
      }
    } catch (e) {
      if (e.status === 403) {
        // No seat has this token: an invite someone used already.
        history.replaceState(null, '', `${location.pathname}${location.search}`);
        return { used: true };
      }
      // Otherwise (no such game, the server unreachable) the claim below says.
    }
  }
  try {
    const r = await api.claim(invite, await joinName(root, id));
    mine.add({ id, game: null, seat: r.seat, token: r.token, invites: [] });
    history.replaceState(null, '', `${location.pathname}${location.search}#t=${encodeURIComponent(r.token)}`);
    return { token: r.token };
  } catch (e) {
    if (e.status === 409) {
      // Not an invite: the token of a seat claimed already (a link kept by its player).
      mine.add({ id, game: null, seat: null, token: invite, invites: [] });
      return { token: invite };
    }
    if (e.status === 404) {
      history.replaceState(null, '', `${location.pathname}${location.search}`);
      return { used: true };
    }
    return { token: invite }; // the server could not be asked: try the link as it is
  }
}

function connect(ctx) {
  let retry = 500;
  const open = () => {
    const ws = api.openSocket(ctx.id, ctx.token);
    ctx.ws = ws;
    // Another seat's socket (hotseat): this one goes quietly.
    ctx.reconnect = () => {
      ws.onclose = null;
      ws.onmessage = null;
      ws.close();
      open();
    };
    ws.onopen = () => {
      retry = 500;
      document.body.classList.remove('offline');
      // Messages sent while the socket was closed.
      api.chat(ctx.id).then((c) => { ctx.chat = c.messages; renderChat(ctx); }).catch(() => {});
    };
    ws.onmessage = (ev) => {
      let m;
      try { m = JSON.parse(ev.data); } catch { return; }
      if (m.type === 'cancelled') {
        // Cancelled by a player (perhaps on another device): the table closes.
        ws.onclose = null;
        mine.forget(ctx.id);
        document.body.classList.remove('offline', 'my-turn');
        document.querySelector('.table')?.replaceWith(h('div', { class: 'panel', id: 'game-gone' },
          h('h2', {}, 'This game was cancelled'), h('p', {}, m.message), h('a', { href: '/' }, 'Back to the lobby')));
        return;
      }
      if (m.type === 'chat') {
        if (!ctx.chat.some((x) => x.n === m.message.n)) ctx.chat.push(m.message);
        renderChat(ctx);
        return;
      }
      if (m.type !== 'state') return;
      // Moves only go forward (a take-back is a move too): a push older than
      // the state a refresh brought meanwhile is not shown, or a click on
      // it would send a stale move.
      if (ctx.state && m.state.move < ctx.state.move) return;
      if (m.log_from === 0) ctx.log = m.log;
      else ctx.log = ctx.log.slice(0, m.log_from).concat(m.log);
      const before = ctx.state;
      const moved = !before || before.move !== m.state.move;
      ctx.state = m.state;
      noteClock(ctx.state);
      if (moved) { ctx.local = {}; ctx.offerList = null; ctx.busy = false; }
      if (!moved && before.seat === m.state.seat && withoutPresence(before) === withoutPresence(m.state)) {
        // Only who is at the table changed (a seat came or went): the
        // players and the prompt (the vote it may offer) are drawn again,
        // and what the player is doing (a picker open, a target lit) is left alone.
        renderPlayers(ctx, renderer(ctx));
        renderPrompt(ctx);
      } else {
        render(ctx);
      }
    };
    ws.onclose = () => {
      document.body.classList.add('offline');
      setTimeout(open, retry);
      retry = Math.min(retry * 2, 8000);
    };
  };
  open();
}

/** A state as text without its seats' presence, to tell a push that changed only that. */
function withoutPresence(st) {
  return JSON.stringify({ ...st, seats: st.seats.map(({ presence, last_seen: seen, ...rest }) => rest) });
}

async function refresh(ctx) {
  try {
    const st = await api.view(ctx.id, ctx.token);
    const log = (await api.log(ctx.id, ctx.token)).entries;
    // A push may have brought a newer state while these were asked for:
    // never step back to an older one.
    if (!ctx.state || st.move >= ctx.state.move) {
      ctx.state = st;
      noteClock(st);
      ctx.log = log;
    }
  } catch { /* keep what we have */ }
  ctx.local = {};
  ctx.offerList = null;
  ctx.busy = false;
  render(ctx);
}

async function submit(ctx, choice) {
  if (ctx.busy || !ctx.state) return;
  const move = ctx.state.move;
  ctx.busy = true;
  document.body.classList.add('busy');
  try {
    await api.choose(ctx.id, ctx.token, move, choice);
    // The new state arrives over the WebSocket; without it, ask for it.
    if (!ctx.ws || ctx.ws.readyState !== WebSocket.OPEN) await refresh(ctx);
    else setTimeout(() => { if (ctx.busy && ctx.state.move === move) refresh(ctx); }, 3000);
  } catch (e) {
    toast(e.message, 'error');
    await refresh(ctx);
  }
}

/** A spectator takes the game's open seat, then plays it. */
async function joinSeat(ctx) {
  try {
    const r = await api.join(ctx.id, mine.name() || null);
    mine.add({ id: ctx.id, game: ctx.state.game, seat: r.seat, token: r.token, invites: [] });
    location.hash = `t=${encodeURIComponent(r.token)}`;
    location.reload();
  } catch (e) {
    toast(e.message, 'error');
  }
}

/**
 * Without a clock, a player who has been deciding for a while (the server's
 * `--absent-after-s`) may be handed to a bot by the others' votes: the
 * button to vote, once the time has come (the prompt is drawn again then).
 */
function voteButton(ctx) {
  const st = ctx.state;
  const v = st.absent_vote;
  if (!v || st.seat === null || !v.voters.includes(st.seat) || st.over) return null;
  const wait = v.from - Date.now();
  if (wait > 0) {
    clearTimeout(ctx.voteTimer);
    ctx.voteTimer = setTimeout(() => renderPrompt(ctx), wait + 200);
    return null;
  }
  const who = seatName(st, v.seat);
  if (v.votes.includes(st.seat)) {
    const left = v.voters.length - v.votes.length;
    return h('span', { class: 'muted small', id: 'vote-cast' }, `You voted to hand ${possessive(who)} seat to a bot; ${left} more vote${left === 1 ? '' : 's'} needed.`);
  }
  return h('button', { class: 'ghost', id: 'vote-away', title: `${who} has been deciding for a while: a bot may play their seat until they are back`, onclick: async () => {
    try {
      await api.voteAway(ctx.id, ctx.token, v.seat);
    } catch (e) {
      toast(e.message, 'error');
    }
    await refresh(ctx);
  } }, `${who} is away? Let a bot play for them`);
}

/**
 * "I'm back": the seat takes itself back from the bot that played it since its time ran out.
 * On the decision whose time ran out, the bot makes that one first (the server says so).
 */
async function comeBack(ctx) {
  try {
    const r = await api.back(ctx.id, ctx.token);
    if (r && r.back_after_this_decision) toast('Your time ran out on this decision: the bot makes it, and you are back from your next one.');
  } catch (e) {
    toast(e.message, 'error');
  }
  await refresh(ctx);
}

async function takeBack(ctx) {
  if (ctx.busy || !ctx.state) return;
  ctx.busy = true;
  document.body.classList.add('busy');
  try {
    await api.undo(ctx.id, ctx.token, ctx.state.move);
    if (!ctx.ws || ctx.ws.readyState !== WebSocket.OPEN) await refresh(ctx);
    else setTimeout(() => { if (ctx.busy) refresh(ctx); }, 3000);
  } catch (e) {
    toast(e.message, 'error');
    await refresh(ctx);
  }
}

/** The "Take back" button while the engine allows it (the seat's own last choice, no draw since). */
function undoButton(ctx) {
  const u = ctx.state.undo;
  const me = ctx.state.seat !== null ? ctx.state.seats[ctx.state.seat] : null;
  // A player who resigned has no choices to take back, nor to explain.
  if (!u || ctx.state.over || (me && me.resigned)) return null;
  // The seat's own last choice drew or revealed something: say why it stands.
  if (!u.allowed) return u.own_last_choice ? h('span', { class: 'muted small undo-refused', id: 'undo-refused' }, `Cannot take back: ${u.reason}`) : null;
  return h('button', { class: 'ghost undo-btn', id: 'undo-btn', title: 'Take back your last choice', onclick: () => takeBack(ctx) }, '↶ Take back');
}

/**
 * Offers the choices behind one board target: one choice is taken at once
 * (unless opts.ask), several are asked for in a picker beside `anchor` (in
 * the prompt bar without one). An entry may carry its own `act` (a
 * renderer's next step).
 */
function offer(ctx, list, anchor, opts) {
  const act = (c) => { ctx.offerList = null; return c.act ? c.act() : ctx.choose(c.choice); };
  if (list.length === 1 && !(opts && opts.ask)) { act(list[0]); return; }
  if (anchor && anchor.isConnected) { picker(anchor, list.map((c) => ({ text: c.text, index: c.index, act: () => act(c) }))); return; }
  ctx.offerList = list;
  renderPrompt(ctx);
}

/** The game's renderer (games/contract.js: every hook present). */
function renderer(ctx) {
  return ctx.renderer;
}

function myTurn(ctx) {
  const st = ctx.state;
  return st && !st.over && st.seat !== null && st.seat === st.to_move && st.legal.length > 0;
}

function seatName(st, i) {
  const s = st.seats[i];
  if (!s) return `Seat ${i + 1}`;
  return s.name || (s.kind === 'bot' ? `Bot (${s.bot})` : `Seat ${i + 1}`);
}
function render(ctx) {
  const st = ctx.state;
  const r = renderer(ctx);
  document.title = `${myTurn(ctx) ? '● ' : ''}Eons — ${st.game_name}`;
  // It just became this seat's move: tell the player (not on the first
  // draw, nor in a hotseat game, whose players share this screen).
  const mineNow = myTurn(ctx);
  if (ctx.wasMyTurn === false && mineNow && !ctx.hotseat) yourMove(st);
  ctx.wasMyTurn = mineNow;
  document.body.classList.toggle('my-turn', myTurn(ctx));
  document.body.dataset.move = String(st.move);
  document.body.dataset.over = String(st.over);
  document.body.classList.toggle('busy', ctx.busy);
  document.getElementById('topinfo').replaceChildren(
    h('span', { class: 'game-name' }, st.game_name),
    h('span', { class: 'muted' }, ` · game ${st.id} · move ${st.move}`),
    st.seat === null ? h('span', { class: 'badge' }, 'spectator') : h('span', { class: 'badge' }, `you: ${seatName(st, st.seat)}`));
  // Board: the renderer marks what it made clickable in ctx.claimed (legal indices).
  ctx.claimed = new Set();
  closePicker();
  const legal = myTurn(ctx) ? st.legal : [];
  r.render(ctx.board, st, { ...ctx, legal });
  renderPrompt(ctx);
  renderPlayers(ctx, r);
  renderChoices(ctx);
  const followLog = renderLog(ctx);
  if (st.over) renderFinal(ctx, r);
  // Every write above, the reads below: the page is laid out once per
  // render (a read between writes lays it out again each time).
  ctx.restorePans();
  followLog();
  showFirstTarget(ctx);
  happened(ctx, r, seatName);
  if (ctx.hotseat) ctx.hotseat.follow(ctx);
}

/** The renderer's prompt text, its closing citation ("(Planning, p.9)") a link to the rule. */
function promptWords(ctx, r) {
  return citedText(ctx.state.game, ctx.rules, r.promptText(ctx.state, ctx));
}

function renderPrompt(ctx) {
  const st = ctx.state;
  const bar = ctx.promptBar;
  const r = renderer(ctx);
  const parts = [];
  if (!st.over && iAmAway(st)) parts.push(awayNotice(st, () => comeBack(ctx)));
  if (st.over) {
    const o = st.outcome;
    // The winners as the score sheet names them (a shared win, none), else the first of the ranking.
    const w = !o ? [] : st.final_score ? st.final_score.winners : [o.ranking[0]];
    const res = !o ? '' : !w.length ? ' Nobody wins.'
      : ` ${w.map((i) => seatName(st, i)).join(' and ')} ${w.length > 1 ? 'share the win' : 'wins'} with ${counted(o.scores[w[0]], 'point')}.`;
    parts.push(h('div', { class: 'prompt-text' }, h('strong', {}, 'Game over.'), res));
  } else if (myTurn(ctx)) {
    parts.push(h('div', { class: 'prompt-text' }, h('span', { class: 'your-turn' }, 'Your move'), ' ', runningClock(st), ' ', promptWords(ctx, r)));
    const buttons = [];
    if (ctx.offerList) {
      buttons.push(h('span', { class: 'muted' }, 'Which one?'));
      for (const c of ctx.offerList) {
        buttons.push(h('button', { class: 'choice-btn', 'data-index': c.index, onclick: () => { ctx.offerList = null; closePicker(); if (c.act) c.act(); else ctx.choose(c.choice); } }, c.text), choiceInfo(ctx, r, c));
      }
      buttons.push(h('button', { class: 'ghost', onclick: () => { ctx.offerList = null; closePicker(); renderPrompt(ctx); } }, 'Cancel'));
    } else {
      for (const c of st.legal) {
        if (ctx.claimed.has(c.index)) continue;
        buttons.push(r.promptButton(c, ctx), choiceInfo(ctx, r, c));
      }
      if (ctx.local && Object.keys(ctx.local).length) {
        buttons.push(h('button', { class: 'ghost', onclick: () => { ctx.local = {}; render(ctx); } }, 'Cancel selection'));
      }
    }
    buttons.push(undoButton(ctx));
    parts.push(h('div', { class: 'prompt-buttons' }, buttons));
  } else {
    const who = st.to_move === null ? '' : seatName(st, st.to_move);
    const mover = st.to_move !== null ? st.seats[st.to_move] : null;
    const away = mover && mover.away ? ` (${mover.resigned ? 'resigned' : 'away'}: a bot (${st.on_timeout}) decides)` : null;
    parts.push(h('div', { class: 'prompt-text' }, h('span', { class: 'waiting' }, `Waiting for ${who}`), away ? h('span', { class: 'muted', id: 'mover-away' }, away) : null, ' ', runningClock(st), ' ', promptWords(ctx, r)));
    const undo = undoButton(ctx);
    const vote = voteButton(ctx);
    if (undo || vote) parts.push(h('div', { class: 'prompt-buttons' }, undo, vote));
  }
  bar.replaceChildren(...parts);
  // On a phone the text shows three lines: a tap shows it whole (and three again).
  for (const t of bar.querySelectorAll('.prompt-text')) listen(t, 'click', () => t.classList.toggle('whole'));
  // Choices that scroll inside the bar fade at its bottom: there are more below.
  const box = bar.querySelector('.prompt-buttons');
  if (box) {
    const mark = () => box.classList.toggle('more', box.scrollHeight - box.scrollTop > box.clientHeight + 1);
    requestAnimationFrame(mark);
    listen(box, 'scroll', mark);
  }
}

/**
 * Brings the first target of a new decision into view, once per decision:
 * a board that pans sideways (a phone) or a target below the fold would
 * otherwise leave the player looking for where to tap. A target already
 * in view, under the prompt bar's edge, is left where it is, and so is the
 * page when every choice is a button of the prompt bar as well.
 */
function showFirstTarget(ctx) {
  const st = ctx.state;
  if (!myTurn(ctx) || ctx.shownTarget === st.move) return;
  ctx.shownTarget = st.move;
  // Every choice is a button in the prompt bar too (a card to keep): nothing to look for.
  if (!ctx.claimed.size) return;
  const first = ctx.board.querySelector('.legal');
  if (!first) return;
  const r = first.getBoundingClientRect();
  const top = ctx.promptBar.getBoundingClientRect().bottom;
  const pan = first.closest('[data-pan]');
  const p = pan ? pan.getBoundingClientRect() : { left: 0, right: innerWidth };
  const seen = r.top >= top && r.bottom <= innerHeight && r.left >= Math.max(0, p.left) && r.right <= Math.min(innerWidth, p.right);
  if (seen) return;
  const smooth = !matchMedia('(prefers-reduced-motion: reduce)').matches;
  first.scrollIntoView({ block: 'center', inline: 'center', behavior: smooth ? 'smooth' : 'auto' });
}

/** The "i" button that opens the card a legal choice names (a trait to draft, a card to play), if any. */
function choiceInfo(ctx, r, c) {
  return infoButton(r.choiceCard(c.choice, ctx.state, ctx.catalog));
}

/** "3 min ago", from a time in ms since the epoch. */
function ago(ms) {
  const s = Math.max(0, Math.round((Date.now() - ms) / 1000));
  if (s < 60) return 'just now';
  if (s < 3600) return `${Math.round(s / 60)} min ago`;
  if (s < 86400) return `${Math.round(s / 3600)} h ago`;
  return `${Math.round(s / 86400)} d ago`;
}

/**
 * Whether a player is at the table: a dot before a claimed human seat's
 * name, filled while a page of theirs is open (the seat's `presence`), with
 * when they were last seen in its title. None for bots and empty seats.
 */
function presenceMark(s) {
  if (!s || s.kind !== 'human' || !s.claimed || !s.presence) return null;
  const online = s.presence === 'online';
  const when = online ? 'at the table now' : s.last_seen ? `last seen ${ago(s.last_seen)}` : 'not at the table since the game began';
  return h('span', { class: `presence ${online ? 'online' : 'offline'}`, role: 'img', 'aria-label': online ? 'online' : 'offline', title: `${online ? 'Online' : 'Offline'}: ${when}` });
}

/**
 * "Resign…" for the viewer's seat while the game runs: asked once more
 * before anything happens, then the seat's player leaves for good and the
 * game's stand-in bot plays the seat to the end (the server's
 * `POST /api/games/{id}/resign`). Not in a hotseat game, whose players
 * share one screen.
 */
/**
 * Whether this seat may cancel the game: a human seat of a game nobody else
 * has played in (every choice in the log is this seat's own, no stand-in's,
 * nobody resigned). The server decides again; this only offers it.
 */
function cancellable(ctx) {
  const st = ctx.state;
  const me = st.seat !== null ? st.seats[st.seat] : null;
  return Boolean(me && me.kind === 'human' && !st.over && !st.seats.some((x) => x.resigned)
    && ctx.log.every((e) => e.seat === st.seat && !e.stand_in));
}

/** "Cancel the game…", asked once more: it ends the game for everyone, who has not played in it yet. */
function cancelControl(ctx) {
  if (!cancellable(ctx)) return null;
  if (!ctx.askCancel) {
    return h('button', { class: 'small ghost', id: 'cancel-game', onclick: () => { ctx.askCancel = true; renderPlayers(ctx, renderer(ctx)); } }, 'Cancel the game…');
  }
  const yes = async () => {
    try {
      await api.cancel(ctx.id, ctx.token);
      mine.forget(ctx.id);
      location.assign('/');
    } catch (e) {
      ctx.askCancel = false;
      toast(e.message, 'error');
      await refresh(ctx);
    }
  };
  return h('div', { class: 'resign-ask small', id: 'cancel-ask', role: 'group', 'aria-label': 'Cancel this game?' },
    h('p', {}, 'Cancel this game? Nobody else has played in it yet: it ends for every seat and leaves the lists, and its links open nothing any more.'),
    h('button', { class: 'small danger', id: 'cancel-yes', onclick: yes }, 'Cancel the game'), ' ',
    h('button', { class: 'small ghost', id: 'cancel-no', onclick: () => { ctx.askCancel = false; renderPlayers(ctx, renderer(ctx)); } }, 'Keep it'));
}

function resignControl(ctx) {
  const st = ctx.state;
  const me = st.seat !== null ? st.seats[st.seat] : null;
  const cancel = cancelControl(ctx);
  if (!me || me.kind !== 'human' || me.resigned || st.over || ctx.hotseat) return cancel ? h('p', { class: 'resign small' }, cancel) : null;
  if (ctx.askCancel) return cancel;
  if (!ctx.askResign) {
    return h('p', { class: 'resign small' }, h('button', { class: 'small ghost', id: 'resign', onclick: () => { ctx.askResign = true; renderPlayers(ctx, renderer(ctx)); } }, 'Resign…'), cancel ? ' ' : null, cancel);
  }
  const yes = async () => {
    ctx.askResign = false;
    try {
      await api.resign(ctx.id, ctx.token);
      toast('You resigned: a bot plays your seat to the end.');
    } catch (e) {
      toast(e.message, 'error');
    }
    await refresh(ctx);
  };
  return h('div', { class: 'resign-ask small', id: 'resign-ask', role: 'group', 'aria-label': 'Resign this game?' },
    h('p', {}, `Resign this game? You leave it for good: a bot (${st.on_timeout}) plays your seat to the end, and for ratings you are placed below every player who stayed.`),
    h('button', { class: 'small danger', id: 'resign-yes', onclick: yes }, 'Resign'), ' ',
    h('button', { class: 'small ghost', id: 'resign-no', onclick: () => { ctx.askResign = false; renderPlayers(ctx, renderer(ctx)); } }, 'Keep playing'));
}

function renderPlayers(ctx, r) {
  const st = ctx.state;
  // A join takes the first open seat: only that one offers it.
  const firstOpen = st.seats.findIndex((s) => s.open);
  const items = st.seats.map((s, i) => {
    const extra = r.seatInfo(st, i);
    const entry = mine.entry(st.id);
    const inv = entry && !s.claimed && (entry.invites || []).find((x) => x.seat === i);
    return h('li', { class: `seat ${st.to_move === i ? 'to-move' : ''} ${st.seat === i ? 'me' : ''}` },
      presenceMark(s),
      h('span', { class: 'seat-name' }, seatName(st, i), st.seat === i ? ' (you)' : ''),
      botBadge(s),
      profileBadge(s),
      seatClock(st, i),
      extra,
      s.kind === 'human' && !s.claimed && inv ? h('button', { class: 'small', onclick: () => copy(inviteLink(st.id, inv.token)) }, 'Copy invite') : null,
      s.open && i === firstOpen && st.seat === null && !ctx.hotseat && !st.over ? h('button', { class: 'small primary', id: `join-seat-${i}`, onclick: () => joinSeat(ctx) }, 'Join this seat') : null,
      s.kind === 'human' && !s.claimed && !inv && !(s.open && i === firstOpen && st.seat === null) ? h('span', { class: 'muted small' }, s.open ? ' open seat: anyone may join' : ' invited') : null);
  });
  mine.dropClaimedInvites(st.id, st.seats);
  fill(ctx.players, h('h3', {}, 'Players'), h('ul', { class: 'seat-list' }, items),
    h('p', { class: 'small how-to-play-line' }, howToPlayLink(st.game, st.game_name)),
    st.clock ? h('p', { class: 'muted small', id: 'clock-rule' }, `Clock: ${clockText(st.clock)}; out of time, a bot (${st.clock.on_timeout}) plays the seat.`) : null,
    st.seed_chosen ? h('p', { class: 'notice small', id: 'seed-notice' }, 'The creator chose the seed, so they can know the deal.') : null,
    st.seat !== null && !ctx.hotseat && !st.over ? alertControls() : null,
    resignControl(ctx),
    st.seat !== null && !ctx.hotseat && !st.over && ctx.server && ctx.server.webhooks ? webhookControl(ctx) : null);
}

function renderChoices(ctx) {
  const st = ctx.state;
  if (!myTurn(ctx)) {
    ctx.choices.replaceChildren(h('h3', {}, 'Choices'), h('p', { class: 'muted small' }, st.over ? 'The game is over.' : st.seat === null ? 'You are watching.' : 'Not your turn.'));
    return;
  }
  ctx.choices.replaceChildren(
    h('h3', {}, `Choices (${st.legal.length})`),
    h('ul', { class: 'choice-list', id: 'choice-list' }, st.legal.map((c) => h('li', {},
      h('button', { class: 'choice-item', 'data-index': c.index, onclick: () => ctx.choose(c.choice) }, c.text), choiceInfo(ctx, renderer(ctx), c)))));
}

/**
 * The log's newest entries (150 at most). Entries already shown keep their
 * nodes (a move adds one or a few at the end): only the new ones are made and
 * added, and the oldest dropped. Answers a function to call after the
 * render's writes, which scrolls to the newest entry unless the reader
 * scrolled up.
 */
function renderLog(ctx) {
  const st = ctx.state;
  const list = ctx.logBox.querySelector('.log-list');
  if (!list.dataset.init) {
    // Follow the newest entry unless the reader scrolled up.
    list.dataset.init = '1';
    list.dataset.stick = '1';
    list.addEventListener('scroll', () => {
      list.dataset.stick = list.scrollHeight - list.scrollTop - list.clientHeight < 30 ? '1' : '0';
    });
  }
  // An entry's node, made again when what it shows of its seat changed.
  // A stand-in bot's choice for this seat is not "mine".
  const nodes = ctx.logNodes || (ctx.logNodes = new WeakMap());
  const nodeOf = (e) => {
    const who = seatName(st, e.seat);
    const mine = st.seat === e.seat && !e.stand_in;
    const had = nodes.get(e);
    if (had && had.who === who && had.mine === mine) return had.node;
    const node = h('li', { class: `log-entry ${mine ? 'mine' : ''}`, 'data-places': placesAttribute(e.places) },
      logWho(who, e), ': ', e.choice,
      e.events.length ? h('ul', { class: 'log-events' }, e.events.map((t) => h('li', {}, t))) : null);
    nodes.set(e, { node, who, mine });
    return node;
  };
  const want = ctx.log.slice(-150).map(nodeOf);
  const keep = new Set(want);
  for (const el of [...list.children]) if (!keep.has(el)) el.remove();
  // What is left is the start of the list wanted (older entries dropped at
  // the front, taken-back ones at the end), unless entries were made again.
  const kept = list.children.length;
  if (want.slice(0, kept).every((node, i) => list.children[i] === node)) list.append(...want.slice(kept));
  else list.replaceChildren(...want);
  return () => {
    if (list.dataset.stick === '1') list.scrollTop = list.scrollHeight;
  };
}

/** The chat panel: its messages (as text, never HTML) and, for those who may write, a line to write in. */
function buildChat(ctx) {
  const st = ctx.state;
  const list = h('ol', { class: 'chat-list', id: 'chat-list' });
  const canWrite = st.seat !== null || st.spectator_chat;
  const input = h('input', { type: 'text', id: 'chat-input', maxlength: 500, placeholder: st.seat !== null ? 'Say something to the table' : 'Say something (as a spectator)', 'aria-label': 'Chat message' });
  const form = canWrite ? h('form', { class: 'chat-form', onsubmit: async (ev) => {
    ev.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    input.disabled = true;
    try {
      const r = await api.say(ctx.id, st.seat !== null ? ctx.token : null, text, st.seat === null ? mine.name() : null);
      if (!ctx.chat.some((x) => x.n === r.message.n)) ctx.chat.push(r.message);
      input.value = '';
      renderChat(ctx);
    } catch (e) {
      toast(e.message, 'error');
    } finally {
      input.disabled = false;
      input.focus();
    }
  } }, input, h('button', { type: 'submit', class: 'small', id: 'chat-send' }, 'Send')) : h('p', { class: 'muted small' }, 'Only the players write here.');
  ctx.chatBox.replaceChildren(h('h3', {}, 'Chat'), list, form);
  renderChat(ctx);
}

function renderChat(ctx) {
  const list = ctx.chatBox.querySelector('.chat-list');
  if (!list) return;
  const st = ctx.state;
  list.replaceChildren(...ctx.chat.slice(-200).map((m) => h('li', { class: `chat-line ${st.seat !== null && m.seat === st.seat ? 'mine' : ''}` },
    h('span', { class: 'chat-who' }, m.name), ': ', m.text)));
  if (!ctx.chat.length) list.replaceChildren(h('li', { class: 'muted small' }, 'No messages yet.'));
  list.scrollTop = list.scrollHeight;
}

function renderFinal(ctx, r) {
  const st = ctx.state;
  const box = finalPanel(st, { name: (i) => seatName(st, i), role: (i) => r.seatRole(st, i), token: ctx.token });
  if (box) ctx.board.prepend(box);
}
