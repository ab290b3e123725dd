// The server's HTTP API and the browser's memory of my games.

/** An API error with the server's code and message. */
export class ApiError extends Error {
  constructor(status, code, message, body) {
    super(message);
    this.status = status;
    this.code = code;
    this.body = body;
  }
}

/** 128 random bits as 32 lowercase hex digits (a seat token this browser chose). */
function randomToken() {
  const b = new Uint8Array(16);
  crypto.getRandomValues(b);
  return [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
}

async function call(method, path, body, token) {
  const headers = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  let r;
  try {
    r = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    // No answer at all (server down, network gone): say so in words, not "Failed to fetch".
    throw new ApiError(0, 'offline', 'The server cannot be reached, so nothing was sent. The table reconnects by itself; try again then.', null);
  }
  let data = null;
  try { data = await r.json(); } catch { data = null; }
  if (!r.ok) {
    const e = (data && data.error) || {};
    throw new ApiError(r.status, e.code || 'http', e.message || `HTTP ${r.status}`, data);
  }
  return data;
}

/**
 * Sends a request that gives a seat a token this browser drew itself (a
 * claim, a join), kept under `key` until an answer comes, so that one whose
 * reply was lost (network, reload) is asked again with the same token and
 * answered as the first time.
 */
async function retried(key, send) {
  let next = localStorage.getItem(key);
  if (!next) { next = randomToken(); localStorage.setItem(key, next); }
  for (let attempt = 1; ; attempt++) {
    try {
      const r = await send(next);
      localStorage.removeItem(key);
      return r;
    } catch (e) {
      if (e.status) { localStorage.removeItem(key); throw e; } // the server answered
      if (attempt >= 3) throw e; // still unanswered: the next try (a reload) reuses `next`
      await new Promise((ok) => setTimeout(ok, 500 * attempt));
    }
  }
}

export const api = {
  kinds: () => call('GET', '/api/kinds'),
  /** The games on this server; `query` the lobby's filters ("?game=ds&player=ann"). */
  games: (query = '') => call('GET', `/api/games${query}`),
  game: (id) => call('GET', `/api/games/${encodeURIComponent(id)}`),
  create: (req) => call('POST', '/api/games', req),
  /**
   * Claims an invited seat: answers {game, seat, name, token}; the invite token stops working and
   * `token` is the seat's from now on. This browser draws that token itself and keeps it until an
   * answer comes, so a claim whose reply was lost (network, reload) is asked again with the same
   * token and answered as the first time.
   */
  claim: (invite, name) => retried(`eons.claim.${invite}`, (next) => call('POST', '/api/claim', { token: invite, name, new_token: next, key: profileKey() })),
  /** Takes a game's first open seat (anyone may join it): answers {game, seat, name, token}, retried as a claim is. */
  join: (id, name) => retried(`eons.join.${id}`, (next) => call('POST', `/api/games/${encodeURIComponent(id)}/join`, { name, new_token: next, key: profileKey() })),
  resign: (id, token) => call('POST', `/api/games/${encodeURIComponent(id)}/resign`, {}, token),
  /** Cancels a game nobody else has played in: it is gone (410) for everyone afterwards. */
  cancel: (id, token) => call('POST', `/api/games/${encodeURIComponent(id)}/cancel`, {}, token),
  voteAway: (id, token, seat) => call('POST', `/api/games/${encodeURIComponent(id)}/vote-away`, { seat }, token),
  webhook: (id, token, url) => call('POST', `/api/games/${encodeURIComponent(id)}/webhook`, { url }, token),
  createProfile: (name) => call('POST', '/api/profiles', { name }),
  me: (key) => call('GET', '/api/me', undefined, key),
  /**
   * The profile's games on any device: {name, games: [{id, seat, token, summary}]}, unfinished
   * first, each with the profile's token for its seat (it opens the seat on this device too).
   */
  myGames: (key) => call('GET', '/api/me/games', undefined, key),
  /** The QR code of the profile's carry link, as a data: URL for an <img> (the page's policy allows data: images, not blob:). */
  linkQr: async (key) => {
    let r;
    try {
      r = await fetch('/api/me/link.svg', { headers: { authorization: `Bearer ${key}` } });
    } catch {
      throw new ApiError(0, 'offline', 'The server cannot be reached.', null);
    }
    if (!r.ok) throw new ApiError(r.status, 'http', `HTTP ${r.status}`, null);
    return `data:image/svg+xml,${encodeURIComponent(await r.text())}`;
  },
  profile: (name) => call('GET', `/api/profiles/${encodeURIComponent(name)}`),
  leaderboard: (game) => call('GET', `/api/leaderboard/${encodeURIComponent(game)}`),
  openGames: (query = '?open=1') => call('GET', `/api/games${query}`),
  chat: (id) => call('GET', `/api/games/${encodeURIComponent(id)}/chat`),
  say: (id, token, text, name) => call('POST', `/api/games/${encodeURIComponent(id)}/chat`, { text, name: name || undefined }, token),
  view: (id, token) => call('GET', `/api/games/${encodeURIComponent(id)}/view`, undefined, token),
  log: (id, token, since = 0) => call('GET', `/api/games/${encodeURIComponent(id)}/log?since=${since}`, undefined, token),
  choose: (id, token, move, choice) => call('POST', `/api/games/${encodeURIComponent(id)}/choice`, { move, choice }, token),
  /** Takes back the seat's last choice; 409 `undo_refused` says why not. */
  undo: (id, token, move) => call('POST', `/api/games/${encodeURIComponent(id)}/undo`, { move }, token),
  /** The bots' pace this seat asks for: {pace_ms, paused} (the slowest asked wins; any pause holds them). */
  back: (id, token) => call('POST', `/api/games/${encodeURIComponent(id)}/back`, {}, token),
  pace: (id, token, ask) => call('POST', `/api/games/${encodeURIComponent(id)}/pace`, ask, token),
  record: (id) => call('GET', `/api/games/${encodeURIComponent(id)}/record`),
  /** A finished game's replay: {steps, seats, outcome, final_score, log}; and the board after `step` choices. */
  replay: (id) => call('GET', `/api/games/${encodeURIComponent(id)}/replay`),
  replayStep: (id, step) => call('GET', `/api/games/${encodeURIComponent(id)}/replay/${step}`),
  /** A finished game's analysis: {estimator, roles, steps: [{step, win}], drops}; while it is made, {status: 'making', done, total}. */
  analysis: (id) => call('GET', `/api/games/${encodeURIComponent(id)}/analysis`),
  /** The rematch of a finished game for my seat: {id, token} (made by the first seat to ask). */
  rematch: (id, token) => call('POST', `/api/games/${encodeURIComponent(id)}/rematch`, {}, token),
  wsUrl: (id) => {
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    return `${proto}//${location.host}/api/games/${encodeURIComponent(id)}/ws`;
  },
  /** A game's WebSocket: the seat's token travels as the subprotocol
   *  `eons.token.TOKEN` (the server answers `eons`), never in the URL, which
   *  proxies log. Without a token: a spectator's socket. */
  openSocket: (id, token) => new WebSocket(api.wsUrl(id), token ? ['eons', `eons.token.${token}`] : ['eons']),
};

const KEY = 'eons.games';

/** My games: [{id, game, seat, token, invites: [{seat, token}], added}] kept in localStorage. */
export const mine = {
  all() {
    try { return JSON.parse(localStorage.getItem(KEY) || '[]'); } catch { return []; }
  },
  save(list) { localStorage.setItem(KEY, JSON.stringify(list)); },
  add(entry) {
    const list = mine.all().filter((g) => !(g.id === entry.id && g.seat === entry.seat));
    list.unshift({ added: Date.now(), ...entry });
    mine.save(list);
  },
  forget(id) { mine.save(mine.all().filter((g) => g.id !== id)); },
  tokenFor(id) { const g = mine.all().find((x) => x.id === id && x.token); return g ? g.token : null; },
  /** Drops the invite tokens of seats that are claimed now (they open nothing any more). */
  dropClaimedInvites(id, seats) {
    const list = mine.all();
    let changed = false;
    for (const g of list) {
      if (g.id !== id || !g.invites) continue;
      const keep = g.invites.filter((inv) => !(seats[inv.seat] && seats[inv.seat].claimed));
      if (keep.length !== g.invites.length) { g.invites = keep; changed = true; }
    }
    if (changed) mine.save(list);
  },
  entry(id) { return mine.all().find((x) => x.id === id) || null; },
  /**
   * Keeps the seats the profile's games came with (GET /api/me/games), so that they open here:
   * a game this browser does not know is added with the profile's token for its seat, and one it
   * knows without a token gets it. A token this browser holds already stays (it opens the seat too).
   */
  adopt(games) {
    const list = mine.all();
    let changed = false;
    for (const g of games) {
      const known = list.filter((x) => x.id === g.id);
      if (known.some((x) => x.token || x.hotseat)) continue;
      if (known.length) {
        known[0].token = g.token;
        known[0].seat = g.seat;
      } else {
        list.push({ added: g.summary.created_at, id: g.id, game: g.summary.game, seat: g.seat, token: g.token, invites: [] });
      }
      changed = true;
    }
    if (changed) mine.save(list);
  },
  name() { const p = mine.profile(); return p ? p.name : localStorage.getItem('eons.name') || ''; },
  /** This browser's profile {name, key}, or null. */
  profile() {
    try { const p = JSON.parse(localStorage.getItem('eons.profile') || 'null'); return p && p.name && p.key ? p : null; } catch { return null; }
  },
  setProfile(p) { localStorage.setItem('eons.profile', JSON.stringify({ name: p.name, key: p.key })); localStorage.setItem('eons.name', p.name); },
  setName(n) { localStorage.setItem('eons.name', n); },
};

/** The key of this browser's profile (claims and joins take the seat for it), or undefined. */
function profileKey() {
  const p = mine.profile();
  return p ? p.key : undefined;
}

/** What the server says of itself (GET /api/server), once loaded. */
let server = null;

/**
 * Loads the server's own settings once: `public_url`, the origin invite
 * links point at when the operator gave one (`--public-url`).
 */
export async function loadServer() {
  if (!server) {
    try { server = await call('GET', '/api/server'); } catch { server = { public_url: null }; }
  }
  return server;
}

/**
 * The link that carries a profile to another browser: the key in the fragment, which browsers never
 * send to a server. At the server's public URL when it has one (as invite links are, and as the
 * server writes it into the QR code of GET /api/me/link.svg), else at this page's origin.
 */
export function carryLink(p) {
  const origin = (server && server.public_url) || location.origin;
  return `${origin}/profile/${encodeURIComponent(p.name)}#k=${encodeURIComponent(p.key)}`;
}

/** Whether this page was opened at an address only this machine reaches. */
export function onLoopback() {
  return ['127.0.0.1', 'localhost', '[::1]', '::1'].includes(location.hostname) || location.hostname.endsWith('.localhost');
}

/** The invite link of a seat token: at the server's public URL when it has one, else at this page's origin. */
export function inviteLink(id, token) {
  const origin = (server && server.public_url) || location.origin;
  return `${origin}/play/${encodeURIComponent(id)}#t=${encodeURIComponent(token)}`;
}
