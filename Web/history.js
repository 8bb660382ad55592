// The History page (/history): the store's journal, newest first, as `settings history` lists it, fetched again
// whenever the shared event stream (live.js) says a value changed anywhere; each entry with its Undo (undo.js).
// Every text from the journal goes in through textContent (h's strings), never as HTML.

import { get } from './api.js';
import { connectEvents } from './live.js';
import { h, uid } from './rows.js';
import { t, translateMarkup } from './strings.js';
import { undoEntry } from './undo.js';

const $ = (id) => document.getElementById(id);
const root = document.documentElement;
const content = $('history-content');
const toast = $('toast');
const liveRegion = $('live');
let newest = null; // the number of the newest entry shown
let toastTimer = null;

function announce(text) {
  liveRegion.textContent = '';
  setTimeout(() => { liveRegion.textContent = text; }, 60);
}

/** Says `text` in the toast (a polite status) for a few seconds. */
function say(text) {
  clearTimeout(toastTimer);
  toast.replaceChildren(h('span', { class: 'toast-text', text }));
  toast.classList.add('shown');
  toastTimer = setTimeout(() => {
    toast.replaceChildren();
    toast.classList.remove('shown');
  }, 8000);
}

/** `user@host (program pid)  how`, after the time, as `settings history` prints an entry's first line. */
function metaText(entry) {
  return `${entry.timeShown}  ${entry.user}@${entry.host} (${entry.program} ${entry.pid})  ${entry.how}`;
}

/** `key (Title): before → after` (or a list's element change in words: `added 9.9.9.9 at 3`), as
 * `settings history` prints a key's change. */
function changeText(change) {
  const title = change.title !== undefined ? ` (${change.title})` : '';
  if (change.wording !== undefined) return `${change.key}${title}: ${change.wording}`;
  return `${change.key}${title}: ${change.before} → ${change.after}`;
}

function renderEntry(entry) {
  const heading = uid('entry');
  const button = h('button', { type: 'button', class: 'tool entry-undo', text: t('undo'), 'aria-label': t('undoChange', entry.seq), 'data-seq': entry.seq });
  button.addEventListener('click', () => undo(entry.seq, button));
  const li = h('li', { class: 'entry', 'data-seq': entry.seq },
    h('div', { class: 'entry-head' }, h('h2', { id: heading, class: 'entry-title', text: t('change', entry.seq) }), button),
    h('p', { class: 'entry-meta' }, h('time', { datetime: entry.time, text: entry.timeShown }), metaText(entry).slice(entry.timeShown.length)));
  if (entry.message !== undefined) li.append(h('p', { class: 'entry-message', text: entry.message }));
  li.append(h('ul', { class: 'entry-changes' }, ...entry.changes.map((change) => h('li', { text: changeText(change) }))));
  return li;
}

function render(data) {
  const focused = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.seq : undefined;
  const entries = data.entries || [];
  const parts = [];
  if (entries.length === 0) parts.push(h('p', { class: 'empty', text: t('historyEmpty') }));
  else parts.push(h('ol', { class: 'history', role: 'list' }, ...entries.map(renderEntry)));
  if (data.more) parts.push(h('p', { class: 'section-footer', text: t('historyMore', entries.length) }));
  content.replaceChildren(...parts);
  if (focused !== undefined) {
    const button = content.querySelector(`button[data-seq="${CSS.escape(focused)}"]`);
    if (button) button.focus();
  }
  const top = entries.length ? entries[0].seq : 0;
  if (newest !== null && top > newest) announce(t('historyAdded', entries.filter((entry) => entry.seq > newest).length));
  newest = top;
}

let loading = null;
let again = false;

/** Fetches the journal and draws it; a call while one is under way fetches once more after it. */
async function load() {
  if (loading) {
    again = true;
    return loading;
  }
  loading = (async () => {
    do {
      again = false;
      try {
        render(await get('/api/history'));
      } catch (error) {
        content.replaceChildren(h('p', { class: 'empty', role: 'alert', text: t('cannotLoadHistory', error.message) }));
      }
    } while (again);
  })();
  await loading;
  loading = null;
  return undefined;
}

async function undo(seq, button) {
  button.setAttribute('aria-busy', 'true');
  const result = await undoEntry(seq);
  button.removeAttribute('aria-busy');
  say(result.ok ? result.text : t('undoRefused', result.text));
  await load();
}

function onLive(incoming) {
  if (!incoming) return;
  if (incoming.kind === 'state') {
    root.dataset.live = incoming.state;
    return;
  }
  if (incoming.kind !== 'event') return;
  if (incoming.id) root.dataset.lastEventId = incoming.id;
  if (['change', 'snapshot', 'reload', 'store-recovered'].includes(incoming.type)) load();
}

async function start() {
  root.dataset.state = 'loading';
  translateMarkup();
  let lastEventId = 0;
  try {
    const info = await get('/api/document');
    if (root.getAttribute('lang') === '%LANG%' || !root.getAttribute('lang')) root.setAttribute('lang', info.lang || 'en');
    if (root.getAttribute('dir') === '%DIR%' || !root.getAttribute('dir')) root.setAttribute('dir', info.dir || 'ltr');
    translateMarkup();
    $('settings-link').textContent = info.title;
    document.title = `${t('historyTitle')} — ${info.title}`;
  } catch {
    // The history says why it cannot load, below.
  }
  try {
    const data = await get('/api/history');
    lastEventId = data.lastEventId || 0;
    render(data);
  } catch (error) {
    content.replaceChildren(h('p', { class: 'empty', role: 'alert', text: t('cannotLoadHistory', error.message) }));
  }
  root.dataset.state = 'ready';
  const stream = connectEvents(onLive, lastEventId);
  root.dataset.liveMode = stream.mode;
}

start();
