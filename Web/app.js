// The page: the grouped table of the document's pages, search, the Modified filter, the JSON view, and
// live changes from the one shared event stream. Shapes and rules: docs/WEB-API.md.
//
// This module holds the page's state and wires the others to it: each gets `page` (the state, the
// elements, `announce`, the banners and each other's functions) rather than reading a global.
// view.js draws and loads, view-rows.js updates rows in place, edit.js changes values, lists.js a list's
// elements, undo.js offers their Undo, search.js is the search and the Modified filter, dump.js the JSON view, live-changes.js the event
// stream's changes.

import { get, onReachability } from './api.js';
import { createDump } from './dump.js';
import { createEdit } from './edit.js';
import { connectEvents } from './live.js';
import { createLiveChanges } from './live-changes.js';
import { createLists } from './lists.js';
import { h } from './rows.js';
import { createSearch } from './search.js';
import { t, translateMarkup } from './strings.js';
import { createUndoToast } from './undo.js';
import { createView } from './view.js';
import { createRowUpdates } from './view-rows.js';

const $ = (id) => document.getElementById(id);
const elements = {
  $,
  content: $('content'),
  heading: $('title'),
  crumbs: $('crumbs'),
  search: $('search'),
  modifiedButton: $('modified'),
  liveRegion: $('live'),
  banners: $('banners'),
  jsonDialog: $('json-view'),
  toast: $('toast'),
  root: document.documentElement,
};
const { root, liveRegion } = elements;

const state = {
  document: null,
  view: null, // {kind: 'page', key, title, crumbs, data, choiceRow, listData} or {kind: 'search', query, data}
  pageView: null, // the page under a search
  filter: false,
  justReset: new Map(), // key → the value before a reset, for Undo, while the Modified filter is on
  pending: new Map(), // key → requests of this tab not yet answered
  ownEvents: new Set(), // event ids of this tab's own changes
  live: 'connecting',
  everOpen: false,
  dropped: false,
  stream: null,
  retryTimer: null,
  dumpText: '',
  recentChanges: [], // {id, row} of the last change events, newest last
};

// ---- Small helpers ----

function setReady(ready) {
  root.dataset.state = ready ? 'ready' : 'loading';
  if (ready && performance.getEntriesByName('settings-ready').length === 0) performance.mark('settings-ready');
}

let announceTimer = null;
/** Says `text` in the polite live region (changes made elsewhere, resets, results). */
function announce(text) {
  clearTimeout(announceTimer);
  liveRegion.textContent = '';
  announceTimer = setTimeout(() => { liveRegion.textContent = text; }, 60);
}

// ---- Banners: store, document, server stopped, new token ----

function showBanner(id, text, button) {
  let banner = elements.banners.querySelector(`[data-banner="${id}"]`);
  if (!banner) {
    banner = h('div', { class: 'banner', role: 'alert', 'data-banner': id });
    elements.banners.append(banner);
  }
  banner.replaceChildren(h('p', { text }));
  if (button) {
    const element = h('button', { type: 'button', text: button.label });
    element.addEventListener('click', button.action);
    banner.append(element);
  }
}

function removeBanner(id) {
  const banner = elements.banners.querySelector(`[data-banner="${id}"]`);
  if (banner) banner.remove();
}

function documentBanners(info) {
  if (info.storeError) showBanner('store', t('storeBroken', info.storeError));
  else removeBanner('store');
  if (info.documentError) showBanner('document', t('documentBroken', info.documentError));
  else removeBanner('document');
}

// ---- The modules, given the page ----

const page = {
  state,
  elements,
  setReady,
  announce,
  banners: { show: showBanner, remove: removeBanner, fromDocument: documentBanners },
  probe: () => probe(),
};
page.rows = createRowUpdates(page);
page.view = createView(page);
page.edit = createEdit(page);
page.undo = createUndoToast(page);
page.lists = createLists(page);
page.search = createSearch(page);
page.dump = createDump(page);
page.live = createLiveChanges(page);

// ---- Reachability: a stopped server, a server started again with a new token ----

function serverStopped() {
  if (!elements.banners.querySelector('[data-banner="stopped"]')) {
    showBanner('stopped', t('stopped'), { label: t('retryNow'), action: () => probe() });
  }
  scheduleProbe();
}

function newToken() {
  removeBanner('stopped');
  showBanner('token', t('newToken'), { label: t('retry'), action: () => probe() });
  scheduleProbe();
}

function scheduleProbe() {
  clearTimeout(state.retryTimer);
  state.retryTimer = setTimeout(probe, 2000);
}

async function probe() {
  clearTimeout(state.retryTimer);
  try {
    const info = await get('/api/document');
    state.document = info;
    documentBanners(info);
    reconnected();
  } catch (error) {
    if (error.status === 403) newToken();
    else if (error.status === 0) serverStopped();
    else scheduleProbe();
  }
}

function reconnected() {
  if (elements.banners.querySelector('[data-banner="token"]')) {
    // The new address was opened in another tab: this page's CSRF token is the old run's, so load it again.
    location.reload();
    return;
  }
  const wasCut = elements.banners.querySelector('[data-banner="stopped"], [data-banner="token"]');
  removeBanner('stopped');
  removeBanner('token');
  clearTimeout(state.retryTimer);
  if (wasCut) {
    if (state.stream && state.live !== 'open') state.stream.reconnect();
    page.view.refreshView();
    announce(t('connectedAgain'));
  }
}

onReachability((status) => {
  if (status === 0) serverStopped();
  else if (status === 403) newToken();
  else if (status < 500 && elements.banners.querySelector('[data-banner="stopped"], [data-banner="token"]')) reconnected();
});

// ---- Start ----

async function start() {
  setReady(false);
  translateMarkup();
  const documentRequest = get('/api/document').then((info) => {
    state.document = info;
    if (root.getAttribute('lang') === '%LANG%' || !root.getAttribute('lang')) root.setAttribute('lang', info.lang || 'en');
    if (root.getAttribute('dir') === '%DIR%' || !root.getAttribute('dir')) root.setAttribute('dir', info.dir || 'ltr');
    translateMarkup();
    documentBanners(info);
  }).catch(() => {});
  await page.view.showPath(location.pathname, { focusKey: history.state && history.state.focusKey });
  await documentRequest;
  const drawn = state.view && state.view.data && state.view.data.lastEventId !== undefined
    ? state.view.data.lastEventId
    : state.document ? state.document.lastEventId : 0;
  state.stream = connectEvents(page.live.onLive, drawn || 0);
  root.dataset.liveMode = state.stream.mode;
}

start();
