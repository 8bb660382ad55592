// The server's API (docs/WEB-API.md): GETs, and POSTs with the CSRF header the server put in our markup.

const csrfMeta = document.querySelector('meta[name="settings-csrf"]');
const csrf = csrfMeta ? csrfMeta.getAttribute('content') : '';

/** An answer that was not 2xx: `status` 0 when the server did not answer at all. */
export class ApiError extends Error {
  constructor(status, body) {
    super((body && body.error) || (status === 0 ? 'The server is not answering.' : `HTTP ${status}`));
    this.status = status;
    this.body = body || {};
  }
}

const listeners = new Set();
/** Calls `listener(status)` for every answer 403 (a new token) or 0 (no server) and every success (200). */
export function onReachability(listener) { listeners.add(listener); }
function report(status) { for (const listener of listeners) listener(status); }

async function parse(response) {
  const type = response.headers.get('content-type') || '';
  if (type.startsWith('application/json')) {
    try { return await response.json(); } catch { return null; }
  }
  return { text: await response.text() };
}

async function send(path, init) {
  let response;
  try {
    response = await fetch(path, { credentials: 'same-origin', cache: 'no-store', ...init });
  } catch {
    report(0);
    throw new ApiError(0, null);
  }
  const body = await parse(response);
  report(response.status);
  if (!response.ok) throw new ApiError(response.status, body);
  return body;
}

/** GET `path`, its JSON. */
export function get(path) { return send(path, { method: 'GET' }); }

/** GET `path` as text (the JSON view's dump). */
export async function getText(path) {
  let response;
  try {
    response = await fetch(path, { credentials: 'same-origin', cache: 'no-store' });
  } catch {
    report(0);
    throw new ApiError(0, null);
  }
  report(response.status);
  const text = await response.text();
  if (!response.ok) {
    let body = null;
    try { body = JSON.parse(text); } catch { /* an HTML error page */ }
    throw new ApiError(response.status, body);
  }
  return text;
}

/** POST `body` as JSON to `path`; resolves to `{status, body}` for 2xx, 409 and 4xx/5xx alike, throws only when no answer. */
export async function post(path, body) {
  let response;
  try {
    response = await fetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      cache: 'no-store',
      headers: { 'Content-Type': 'application/json', 'X-Settings-CSRF': csrf },
      body: JSON.stringify(body),
    });
  } catch {
    report(0);
    throw new ApiError(0, null);
  }
  const answer = await parse(response);
  report(response.status);
  return { status: response.status, body: answer || {} };
}

/** A query string from pairs whose value is not null. */
export function query(pairs) {
  const parts = [];
  for (const [name, value] of Object.entries(pairs)) {
    if (value !== null && value !== undefined) parts.push(`${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}
