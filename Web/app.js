// The page: the grouped table of the document's pages, search, the Modified filter, the JSON view, and
// live changes from the one shared event stream. Shapes and rules: docs/WEB-API.md.

import { ApiError, get, getText, onReachability, post, query } from './api.js';
import { connectEvents } from './live.js';
import { editable, h, pagePath, reason, renderChoices, renderRow, renderSection, same, shownValue } from './rows.js';
import { t, translateMarkup } from './strings.js';

const $ = (id) => document.getElementById(id);
const content = $('content');
const heading = $('title');
const crumbs = $('crumbs');
const search = $('search');
const modifiedButton = $('modified');
const liveRegion = $('live');
const banners = $('banners');
const jsonDialog = $('json-view');
const root = document.documentElement;

const state = {
  document: null,
  view: null, // {kind: 'page', key, title, crumbs, data, choiceRow} or {kind: 'search', query, data}
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

function byKey(key, scope = content) {
  return [...scope.querySelectorAll(`[data-key="${CSS.escape(key)}"]`)];
}

function keyFromPath(pathname) {
  if (!pathname.startsWith('/page/')) return null;
  try {
    return decodeURIComponent(pathname.slice(6));
  } catch {
    return pathname.slice(6);
  }
}

function message(body) {
  const text = body && body.error ? body.error : t('refused');
  return body && body.hint ? `${text} ${body.hint}` : text;
}

// ---- Banners: store, document, server stopped, new token ----

function showBanner(id, text, button) {
  let banner = banners.querySelector(`[data-banner="${id}"]`);
  if (!banner) {
    banner = h('div', { class: 'banner', role: 'alert', 'data-banner': id });
    banners.append(banner);
  }
  banner.replaceChildren(h('p', { text }));
  if (button) {
    const element = h('button', { type: 'button', text: button.label });
    element.addEventListener('click', button.action);
    banner.append(element);
  }
}

function removeBanner(id) {
  const banner = banners.querySelector(`[data-banner="${id}"]`);
  if (banner) banner.remove();
}

function documentBanners(info) {
  if (info.storeError) showBanner('store', t('storeBroken', info.storeError));
  else removeBanner('store');
  if (info.documentError) showBanner('document', t('documentBroken', info.documentError));
  else removeBanner('document');
}

// ---- Reachability: a stopped server, a server started again with a new token ----

function serverStopped() {
  if (!banners.querySelector('[data-banner="stopped"]')) {
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
  if (banners.querySelector('[data-banner="token"]')) {
    // The new address was opened in another tab: this page's CSRF token is the old run's, so load it again.
    location.reload();
    return;
  }
  const wasCut = banners.querySelector('[data-banner="stopped"], [data-banner="token"]');
  removeBanner('stopped');
  removeBanner('token');
  clearTimeout(state.retryTimer);
  if (wasCut) {
    if (state.stream && state.live !== 'open') state.stream.reconnect();
    refreshView();
    announce(t('connectedAgain'));
  }
}

onReachability((status) => {
  if (status === 0) serverStopped();
  else if (status === 403) newToken();
  else if (status < 500 && banners.querySelector('[data-banner="stopped"], [data-banner="token"]')) reconnected();
});

// ---- Loading a view ----

async function fetchRow(key) {
  try {
    const answer = await get(`/api/row${query({ key })}`);
    if (answer && answer.row) return { row: answer.row, crumbs: answer.breadcrumb || null };
  } catch (error) {
    if (error.status !== 404) throw error;
  }
  // The server has no /api/row (web-needs.md): find the item by its key through the search.
  const answer = await get(`/api/search${query({ q: key })}`);
  const match = (answer.matches || []).find((candidate) => candidate.key === key);
  if (!match) throw new ApiError(404, { error: t('noSetting', key) });
  const titles = match.breadcrumb || [match.title];
  const trail = titles.map((title, index) => ({ title, key: index === 0 ? undefined : index === titles.length - 1 ? key : index === titles.length - 2 && match.page ? match.page : null }));
  return { row: match.row, crumbs: trail };
}

async function loadView(pathname, historyState) {
  const key = keyFromPath(pathname);
  if (key === null) {
    const data = await get('/api/page');
    return catchUp({ kind: 'page', key: null, title: data.title, crumbs: data.breadcrumb || [{ title: data.title }], data });
  }
  const remembered = historyState && historyState.row && historyState.row.key === key ? historyState.row : null;
  const wantsPage = remembered ? remembered.page === true : true;
  const wantsRow = remembered ? Boolean(remembered.choices) : true;
  const pageRequest = wantsPage
    ? get(`/api/page${query({ key })}`).catch((error) => {
      if (error.status === 404) return null;
      throw error;
    })
    : Promise.resolve(null);
  const rowRequest = wantsRow ? fetchRow(key).catch((error) => error) : Promise.resolve(null);
  const [data, found] = await Promise.all([pageRequest, rowRequest]);
  if (found instanceof Error && !data) throw found;
  const row = found && !(found instanceof Error) ? found.row : null;
  const choiceRow = row && row.choices ? row : null;
  let trail = data ? data.breadcrumb : null;
  if (!trail && row) {
    trail = historyState && historyState.parentCrumbs ? [...historyState.parentCrumbs, { key, title: row.title }] : found.crumbs;
  }
  if (!data && !choiceRow) throw new ApiError(404, { error: t('noPage', key) });
  const title = data ? data.title : choiceRow ? choiceRow.title : key;
  return catchUp({ kind: 'page', key, title, crumbs: trail || [{ title }], data, choiceRow });
}

let navigation = 0;

async function showPath(pathname, options = {}) {
  // Back or Forward pressed twice quickly: only the last navigation's page is drawn.
  const sequence = ++navigation;
  setReady(false);
  try {
    const view = await loadView(pathname, history.state);
    if (sequence !== navigation) return;
    state.view = view;
    state.pageView = null;
    render({ ...options, navigated: true });
  } catch (error) {
    if (sequence !== navigation) return;
    heading.textContent = error.status === 404 ? t('notFound') : t('cannotLoad');
    content.replaceChildren(h('p', { class: 'empty', role: 'alert', text: error.message }));
    renderCrumbs([{ title: 'Settings', key: undefined }, { title: heading.textContent }]);
  }
  setReady(true);
}

/** Fetches what the current view shows again (after a reload, a snapshot, a change with dependents). */
async function refreshView() {
  if (!state.view) return;
  try {
    if (state.view.kind === 'search' || state.view.kind === 'modified') {
      const view = state.view;
      const data = await get(view.kind === 'search' ? `/api/search${query({ q: view.query })}` : '/api/modified');
      if (view.kind === 'modified') {
        // A row just reset stays, with its Undo, until the filter is applied again.
        const kept = (view.data.matches || []).filter((match) => state.justReset.has(match.key) && !data.matches.some((m) => m.key === match.key));
        data.matches = [...data.matches, ...kept];
      }
      if (state.view === view) view.data = data;
      if (state.pageView) {
        const shown = shownCounts(state.pageView);
        state.pageView = await loadAsMany(await loadView(location.pathname, history.state), shown);
      }
    } else {
      const scroll = scrollY;
      const sequence = navigation;
      const shown = shownCounts(state.view);
      const view = await loadView(location.pathname, history.state);
      await loadAsMany(view, shown);
      if (sequence !== navigation || state.view.kind !== 'page') return; // the user went elsewhere meanwhile
      state.view = view;
      scrollTo(0, scroll);
    }
    render({ keepEditing: true });
  } catch (error) {
    // A page that a new document no longer has says so, as when it is opened; the reachability
    // handlers show why anything else failed.
    if (error && error.status === 404 && state.view && state.view.kind === 'page') showPath(location.pathname);
  }
}

/** For each paginated section of a page view, how many of its rows it shows ("Load more" adds to them). */
function shownCounts(view) {
  const counts = new Map();
  if (!view || view.kind !== 'page' || !view.data) return counts;
  for (const section of view.data.sections || []) {
    if (section.pageSize !== undefined) counts.set(section.index, (section.items || []).length);
  }
  return counts;
}

/** Loads into a page fetched again as many rows of each paginated section as it showed before, so that a
 * change elsewhere does not take away the rows "Load more" brought in (nor the place the user scrolled to). */
async function loadAsMany(view, counts) {
  for (const section of view && view.data ? view.data.sections || [] : []) {
    const wanted = counts.get(section.index) || 0;
    while ((section.items || []).length < wanted && section.remaining > 0) {
      const answer = await get(`/api/more${query({ page: view.key, section: section.index, offset: section.offset + section.items.length })}`);
      if (!answer.items || answer.items.length === 0) break;
      section.items.push(...answer.items);
      section.remaining = answer.remaining;
    }
  }
  return catchUp(view);
}

// ---- Rendering ----

function renderCrumbs(trail) {
  const items = trail.map((crumb, index) => {
    const last = index === trail.length - 1;
    if (last) return h('li', {}, h('span', { 'aria-current': 'page', text: crumb.title }));
    if (index > 0 && !crumb.key) return h('li', {}, h('span', { text: crumb.title }));
    const path = index === 0 ? '/' : pagePath(crumb.key);
    const link = h('a', { href: path, text: crumb.title });
    link.addEventListener('click', (event) => navigate(event, path));
    return h('li', {}, link);
  });
  crumbs.replaceChildren(...items);
}

const actions = {
  toggle: (li) => toggle(li),
  commit: (li, input, options) => commit(li, input, options),
  restore: (li, input) => restore(li, input),
  reset: (li) => reset(li),
  undo: (li) => undo(li),
  reveal: (li, input, button) => reveal(li, input, button),
  navigate: (event, path, row) => navigate(event, path, row),
};

function loadMoreFor(view) {
  return async (section, element, button) => {
    button.setAttribute('aria-busy', 'true');
    try {
      const shown = section.items.length;
      const answer = await get(`/api/more${query({ page: view.key, section: section.index, offset: section.offset + shown })}`);
      const list = element.querySelector('.group');
      const footerId = element.querySelector('.section-footer') ? element.querySelector('.section-footer').id : null;
      const first = answer.items[0];
      for (const row of answer.items) list.append(renderRow(row, { actions, footerId, justReset: state.justReset }));
      section.items.push(...answer.items);
      section.remaining = answer.remaining;
      if (answer.remaining > 0) {
        button.textContent = t('loadMore', answer.remaining);
        button.removeAttribute('aria-busy');
      } else {
        button.remove();
      }
      if (first && first.key !== undefined) {
        const target = byKey(first.key, list)[0];
        const control = target && target.querySelector('a, button, input');
        if (control && answer.remaining === 0) control.focus();
      }
      announce(t('moreShown', answer.items.length));
    } catch (error) {
      button.removeAttribute('aria-busy');
      announce(error.message);
    }
  };
}

function renderPage(view) {
  const sections = [];
  if (view.choiceRow) {
    const wrapper = h('div', { class: 'section' }, renderChoices(view.choiceRow, choose, view.data ? view.choiceRow.title : null));
    sections.push(wrapper);
  }
  const loadMore = loadMoreFor(view);
  for (const section of view.data ? view.data.sections : []) {
    let items = section.items || [];
    if (state.filter) items = items.filter((row) => row.modified || row.storedProblem || (row.key !== undefined && state.justReset.has(row.key)));
    if (state.filter && items.length === 0) continue;
    const shown = state.filter ? { ...section, items, remaining: 0 } : section;
    sections.push(renderSection(shown, { actions, justReset: state.justReset, loadMore }));
  }
  if (sections.length === 0) {
    sections.push(h('p', { class: 'empty', text: state.filter ? t('noneModifiedHere') : t('emptyPage') }));
  }
  return sections;
}

function renderSearch(view) {
  const matches = view.data.matches || [];
  const list = h('ul', { class: 'group', role: 'list' });
  for (const match of matches) {
    const path = match.page ? pagePath(match.page) : '/';
    const trail = (match.breadcrumb || []).join(' › ');
    const link = h('a', { class: 'result-path', href: path, text: trail || match.title });
    link.addEventListener('click', (event) => navigate(event, path, null, match.key));
    let li;
    if (match.hiddenReason || !match.row) {
      li = h('li', { class: 'row disabled' }, h('div', { class: 'cell' }, h('span', { class: 'row-text' },
        h('span', { class: 'title', text: match.title }),
        h('span', { class: 'reason', text: t('hidden', match.hiddenReason || '') }))));
      if (match.key !== undefined) li.dataset.key = match.key;
    } else {
      li = renderRow(match.row, { actions, justReset: state.justReset });
    }
    li.prepend(link);
    list.append(li);
  }
  // A search gives its first 500 matches and counts them all (`total`).
  const total = Math.max(view.data.total || 0, matches.length);
  const counted = t('settingsCount', total);
  const header = h('h2', { class: 'section-header', id: 'results-header', text: view.kind === 'search' ? t('results', counted, view.query) : t('modifiedEverywhere', counted) });
  const section = h('section', { class: 'section', 'aria-labelledby': 'results-header' }, header);
  section.append(matches.length ? list : h('p', { class: 'empty', text: view.kind === 'search' ? t('noMatch') : t('noneModified') }));
  if (total > matches.length) section.append(h('p', { class: 'section-footer', text: t('firstShown', matches.length) }));
  return [section];
}

function focusTarget(li, role) {
  if (!li) return null;
  return (role && li.querySelector(`[data-focus="${role}"]`)) || li.querySelector('[data-focus]') || li.querySelector('a, button, input');
}

/** Draws the current view; keeps the focus on the same control and a text being edited as it is. */
function render(options = {}) {
  const view = state.view;
  const active = document.activeElement;
  const activeLi = active && active !== document.body && content.contains(active) ? active.closest('[data-key]') : null;
  const activeKey = activeLi ? activeLi.dataset.key : null;
  const activeRole = active && active.dataset ? active.dataset.focus : null;
  const editing = options.keepEditing && activeLi && isEditing(activeLi) ? activeLi : null;

  const names = { search: t('searchTitle'), modified: t('modifiedTitle') };
  heading.textContent = names[view.kind] || view.title;
  document.title = names[view.kind] ? `${names[view.kind]} — ${state.document ? state.document.title : 'Settings'}` : view.title;
  if (view.kind === 'page') renderCrumbs(view.crumbs.map((crumb, index) => ({ ...crumb, title: index === 0 && !crumb.title ? 'Settings' : crumb.title })));
  content.replaceChildren(...(view.kind === 'page' ? renderPage(view) : renderSearch(view)));

  if (editing) {
    const fresh = byKey(editing.dataset.key).find((element) => element.tagName === 'LI');
    if (fresh) {
      if (!same(fresh.row, editing.row)) {
        editing.row = fresh.row;
        setNote(editing, t('changedElsewhere', shownValue(fresh.row)));
      }
      fresh.replaceWith(editing);
      const input = editing.querySelector('input');
      if (input) input.focus();
    }
  } else if (!options.navigated && activeKey !== null && activeKey !== undefined) {
    const target = focusTarget(byKey(activeKey).find((element) => element.tagName === 'LI' || element.tagName === 'FIELDSET'), activeRole);
    if (target) target.focus();
  } else if (options.focusKey) {
    const row = byKey(options.focusKey)[0];
    const target = focusTarget(row);
    if (row) {
      row.classList.add('highlight');
      row.scrollIntoView({ block: 'center' });
    }
    if (target) target.focus();
  } else if (options.focusHeading) {
    heading.setAttribute('tabindex', '-1');
    heading.focus();
  }
}

// ---- Rows: notes, errors, replacing ----

function isEditing(li) {
  const input = li.querySelector('input[type="text"], input[type="password"]');
  return Boolean(input && document.activeElement === input);
}

function setNote(li, text) {
  const old = li.querySelector(':scope > .note');
  if (old) old.remove();
  if (!text) return;
  const note = h('p', { class: 'note', id: `note-${Math.random().toString(36).slice(2)}`, text });
  li.querySelector(':scope > .cell, :scope > .row-link, :scope > .group, :scope > legend') ? li.insertBefore(note, li.querySelector(':scope > .cell, :scope > .row-link, :scope > .group')) : li.prepend(note);
  describe(li, note.id);
}

function setError(li, text) {
  const old = li.querySelector(':scope > .error');
  if (old) old.remove();
  const control = li.querySelector('input, [role="switch"]');
  if (!text) {
    if (control) control.removeAttribute('aria-invalid');
    return;
  }
  const error = h('p', { class: 'error', id: `error-${Math.random().toString(36).slice(2)}`, text });
  const after = li.querySelector(':scope > .cell, :scope > .group');
  if (after) after.after(error);
  else li.append(error);
  if (control && control.tagName === 'INPUT') control.setAttribute('aria-invalid', 'true');
  describe(li, error.id);
}

function describe(li, id) {
  const control = li.querySelector('input, [role="switch"]');
  if (!control) return;
  const ids = (control.getAttribute('aria-describedby') || '').split(' ').filter((known) => known && document.getElementById(known));
  control.setAttribute('aria-describedby', [id, ...ids].join(' '));
}

/** Puts into a page just fetched the changes whose events came after the event it was drawn at. */
function catchUp(view) {
  const drawn = view && view.data && view.data.lastEventId !== undefined ? Number(view.data.lastEventId) : null;
  if (drawn === null) return view;
  for (const change of state.recentChanges) if (change.id > drawn) replaceInView(view, change.row);
  return view;
}

function replaceInModel(row) {
  replaceInView(state.view, row);
  replaceInView(state.pageView, row);
}

function replaceInView(view, row) {
  const visit = (view) => {
    if (!view) return;
    if (view.kind === 'page') {
      if (view.choiceRow && view.choiceRow.key === row.key) view.choiceRow = row;
      for (const section of view.data ? view.data.sections : []) {
        section.items = section.items.map((item) => (item.key === row.key ? row : item));
      }
    } else {
      for (const match of view.data.matches || []) if (match.key === row.key && match.row) match.row = row;
    }
  };
  visit(view);
}

/** Shows `row` wherever its key is shown; a text being edited stays, with the new value above it. */
function updateRow(row, { note = null, error = null, mine = false } = {}) {
  replaceInModel(row);
  for (const old of byKey(row.key)) {
    if (old.tagName === 'FIELDSET') {
      const focused = old.contains(document.activeElement) ? document.activeElement.value : null;
      const fresh = renderChoices(row, choose, old.querySelector('legend').textContent);
      old.replaceWith(fresh);
      if (note) setNote(fresh, note);
      if (error) setError(fresh, error);
      if (focused !== null) {
        const input = [...fresh.querySelectorAll('input')].find((candidate) => candidate.value === focused);
        if (input) input.focus();
      }
      continue;
    }
    if (old.tagName !== 'LI') continue;
    if (!mine && isEditing(old)) {
      old.row = row;
      setNote(old, note || t('changedElsewhere', shownValue(row)));
      continue;
    }
    const focusedHere = old.contains(document.activeElement);
    const role = focusedHere ? document.activeElement.dataset.focus : null;
    const path = old.querySelector(':scope > .result-path');
    const fresh = renderRow(row, { ...old.context, justReset: state.justReset });
    if (path) fresh.prepend(path);
    old.replaceWith(fresh);
    if (note) setNote(fresh, note);
    if (error) setError(fresh, error);
    if (focusedHere) {
      const target = focusTarget(fresh, role);
      if (target) target.focus();
    }
  }
}

// ---- Edits: one POST /api/set of one key, carrying the value the page showed ----

async function apply(li, body) {
  const key = body.key;
  state.pending.set(key, (state.pending.get(key) || 0) + 1);
  let answer;
  try {
    answer = await post('/api/set', body);
  } catch (error) {
    answer = { status: 0, body: { error: error.message } };
  } finally {
    state.pending.set(key, state.pending.get(key) - 1);
  }
  if (answer.status === 200) {
    if (answer.body.eventId !== undefined) state.ownEvents.add(String(answer.body.eventId));
    if (answer.body.row) updateRow(answer.body.row, { mine: true });
  }
  return answer;
}

function conflictText(body) {
  const shown = body.currentShown !== undefined ? body.currentShown : body.row ? shownValue(body.row) : JSON.stringify(body.current);
  return t('changedElsewhere', shown);
}

async function toggle(li) {
  const row = li.row;
  if (!editable(row)) {
    announce(reason(row));
    return;
  }
  if (li.dataset.busy) return;
  li.dataset.busy = 'true';
  const button = li.querySelector('[role="switch"]');
  const value = row.value !== true;
  button.setAttribute('aria-checked', String(value));
  button.setAttribute('aria-busy', 'true');
  const answer = await apply(li, { key: row.key, value, expect: row.value });
  delete li.dataset.busy;
  if (answer.status === 200) return;
  if (answer.status === 409) {
    updateRow(answer.body.row || { ...row, value: answer.body.current, shown: answer.body.currentShown }, { note: conflictText(answer.body), mine: true });
    return;
  }
  updateRow(row, { error: message(answer.body), mine: true });
}

async function choose(fieldset, value, input) {
  const row = fieldset.row;
  let next = value;
  if (row.multiple) {
    const chosen = new Set(row.value || []);
    if (input.checked) chosen.add(value);
    else chosen.delete(value);
    next = row.choices.map((choice) => choice.value).filter((candidate) => chosen.has(candidate));
  }
  const answer = await apply(fieldset, { key: row.key, value: next, expect: fieldset.expect });
  if (answer.status === 200) {
    const choice = (row.choices || []).find((candidate) => candidate.value === value);
    const title = choice ? choice.title : value;
    announce(row.multiple && !input.checked ? t('removed', title) : t('chosen', title));
    return;
  }
  if (answer.status === 409) {
    updateRow(answer.body.row || row, { note: conflictText(answer.body), mine: true });
    return;
  }
  updateRow(row, { error: message(answer.body), mine: true });
}

async function commit(li, input, options = {}) {
  if (li.committing || !li.isConnected) return;
  const row = li.row;
  if (!editable(row)) return;
  const isRange = input.type === 'range';
  const text = input.value;
  if (row.secure) {
    if ((text === '' && !li.revealed) || (li.revealed && text === li.revealedValue)) return;
  } else if (text === input.dataset.original) {
    return;
  }
  if (options.onBlur && li.lastRefused === text) return;
  const body = { key: row.key, value: isRange ? Number(text) : text };
  if (!row.secure) body.expect = li.expect;
  li.committing = true;
  input.setAttribute('aria-busy', 'true');
  const answer = await apply(li, body);
  li.committing = false;
  input.removeAttribute('aria-busy');
  if (answer.status === 200) {
    li.lastRefused = undefined;
    return;
  }
  if (answer.status === 409) {
    // Keep what the user typed; the next Enter applies it over the value now shown above it.
    li.row = answer.body.row || li.row;
    li.expect = answer.body.current;
    input.dataset.conflict = 'true';
    setNote(li, conflictText(answer.body));
    setError(li, null);
    return;
  }
  li.lastRefused = text;
  setError(li, message(answer.body));
}

function restore(li, input) {
  const row = li.row;
  if (input.type === 'range') {
    input.value = String(row.value);
    input.dispatchEvent(new Event('input'));
  } else if (row.secure) {
    input.value = li.revealed ? li.revealedValue : '';
  } else {
    input.value = row.value === undefined ? '' : String(row.value);
    input.dataset.original = input.value;
  }
  li.expect = row.value;
  li.lastRefused = undefined;
  setNote(li, null);
  setError(li, null);
}

async function reset(li) {
  const row = li.row;
  const previous = row.value;
  let answer;
  try {
    answer = await post('/api/reset', { key: row.key });
  } catch (error) {
    answer = { status: 0, body: { error: error.message } };
  }
  if (answer.status === 200) {
    if (answer.body.eventId !== undefined) state.ownEvents.add(String(answer.body.eventId));
    if (state.filter) state.justReset.set(row.key, previous);
    for (const changed of answer.body.rows || []) updateRow(changed, { mine: true });
    announce(t('resetDone', row.title, row.defaultShown !== undefined ? row.defaultShown : t('itsDefault')));
    return;
  }
  setError(li, message(answer.body));
}

async function undo(li) {
  const row = li.row;
  if (!state.justReset.has(row.key)) return;
  const previous = state.justReset.get(row.key);
  const answer = await apply(li, { key: row.key, value: previous, expect: row.value });
  if (answer.status === 200) {
    state.justReset.delete(row.key);
    const fresh = byKey(row.key)[0];
    if (fresh) updateRow(fresh.row, { mine: true });
    announce(t('again', row.title, shownValue(answer.body.row || row)));
  } else if (answer.status === 409) {
    updateRow(answer.body.row || row, { note: conflictText(answer.body), mine: true });
  } else {
    setError(li, message(answer.body));
  }
}

async function reveal(li, input, button) {
  if (li.revealed) {
    li.revealed = false;
    li.revealedValue = undefined;
    input.type = 'password';
    input.value = '';
    button.setAttribute('aria-pressed', 'false');
    return;
  }
  let answer;
  try {
    answer = await post('/api/reveal', { key: li.row.key });
  } catch (error) {
    answer = { status: 0, body: { error: error.message } };
  }
  if (answer.status !== 200) {
    setError(li, message(answer.body));
    return;
  }
  li.revealed = true;
  li.revealedValue = answer.body.value === undefined || answer.body.value === null ? '' : String(answer.body.value);
  input.type = 'text';
  input.value = li.revealedValue;
  button.setAttribute('aria-pressed', 'true');
}

// ---- Navigation ----

function currentCrumbs() {
  return state.view && state.view.kind === 'page' ? state.view.crumbs : [{ title: state.document ? state.document.title : 'Settings' }];
}

function navigate(event, path, row = null, focusKey = null) {
  if (event && (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)) return;
  if (event) event.preventDefault();
  const leaving = state.view && state.view.kind !== 'page' ? state.pageView : state.view;
  history.replaceState({ ...(history.state || {}), focusKey: row ? row.key : history.state && history.state.focusKey }, '', location.pathname);
  const parentCrumbs = leaving && leaving.kind === 'page' ? leaving.crumbs : currentCrumbs();
  history.pushState({ row, parentCrumbs, focusKey }, '', path);
  if (search.value) search.value = '';
  showPath(path, focusKey ? { focusKey } : { focusHeading: true });
}

addEventListener('popstate', () => {
  if (search.value) search.value = '';
  showPath(location.pathname, { focusKey: history.state && history.state.focusKey });
});

// ---- Search ----

let searchTimer = null;
let searchSequence = 0;

async function runSearch() {
  const text = search.value.trim();
  const sequence = ++searchSequence;
  if (!text) {
    if (state.view && state.view.kind === 'search') {
      state.view = state.pageView;
      state.pageView = null;
      render();
    }
    return;
  }
  try {
    const data = await get(`/api/search${query({ q: text })}`);
    if (sequence !== searchSequence) return;
    if (state.view.kind === 'page') state.pageView = state.view;
    state.view = { kind: 'search', query: text, data };
    render();
    const count = Math.max(data.total || 0, (data.matches || []).length);
    announce(`${count} ${count === 1 ? 'result' : 'results'}`);
  } catch (error) {
    announce(error.message);
  }
}

search.addEventListener('input', () => {
  clearTimeout(searchTimer);
  searchTimer = setTimeout(runSearch, 80);
});
search.addEventListener('keydown', (event) => {
  if (event.key === 'Escape' && search.value) {
    event.preventDefault();
    search.value = '';
    runSearch();
  } else if (event.key === 'Enter') {
    clearTimeout(searchTimer);
    runSearch();
  }
});

document.addEventListener('keydown', (event) => {
  if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return;
  const target = event.target;
  if (target.closest && target.closest('input, textarea, select, [contenteditable], dialog')) return;
  event.preventDefault();
  search.focus();
  search.select();
});

// ---- The Modified filter ----

modifiedButton.addEventListener('click', async () => {
  state.filter = !state.filter;
  state.justReset.clear();
  modifiedButton.setAttribute('aria-pressed', String(state.filter));
  if (state.view && state.view.kind !== 'page') {
    search.value = '';
    state.view = state.pageView;
    state.pageView = null;
  }
  // This page's modified rows at once, then those of every page when the server has /api/modified.
  render();
  if (state.filter && state.modifiedEndpoint !== false) {
    try {
      const data = await get('/api/modified');
      state.modifiedEndpoint = true;
      if (state.filter && state.view.kind === 'page') {
        state.pageView = state.view;
        state.view = { kind: 'modified', data };
        render();
      }
    } catch (error) {
      if (error.status === 404) state.modifiedEndpoint = false;
    }
  }
  announce(state.filter ? t('showingModified') : t('showingAll'));
});

// ---- The JSON view ----

async function loadDump() {
  state.dumpText = await getText('/api/dump');
  $('json-text').textContent = state.dumpText;
}

$('json').addEventListener('click', async () => {
  $('json-status').textContent = '';
  try {
    await loadDump();
  } catch (error) {
    $('json-text').textContent = error.message;
  }
  jsonDialog.showModal();
});
$('json-close').addEventListener('click', () => jsonDialog.close());
$('json-copy').addEventListener('click', async () => {
  try {
    await navigator.clipboard.writeText(state.dumpText);
    $('json-status').textContent = t('copied');
  } catch {
    const range = document.createRange();
    range.selectNodeContents($('json-text'));
    getSelection().removeAllRanges();
    getSelection().addRange(range);
    $('json-status').textContent = document.execCommand('copy') ? t('copied') : t('copyByHand');
  }
});
$('json-download').addEventListener('click', () => {
  const url = URL.createObjectURL(new Blob([state.dumpText], { type: 'application/json' }));
  const link = h('a', { href: url, download: `${state.document ? state.document.id : 'settings'}.json` });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 5000);
  $('json-status').textContent = t('downloaded');
});

// ---- Live changes ----

function changeText(row) {
  if (row.type === 'switch') return t(row.value === true ? 'turnedOn' : 'turnedOff', row.title);
  return t('changedTo', row.title, shownValue(row));
}

function onChange(data, id) {
  const row = data.row;
  if (!row) return;
  // Kept for a page fetched before this event but answered after it (catchUp).
  state.recentChanges.push({ id: Number(id), row });
  if (state.recentChanges.length > 500) state.recentChanges.shift();
  const mine = state.ownEvents.has(String(id)) || (data.origin === 'page' && (state.pending.get(data.key) || 0) > 0);
  state.ownEvents.delete(String(id));
  const shown = byKey(data.key).length > 0;
  if (shown) {
    const current = byKey(data.key)[0];
    // A secure value's row is the same mask before and after: the event itself says that it changed.
    const unchanged = current && current.row && !row.secure && same(current.row, row);
    if (!unchanged) {
      updateRow(row, { mine });
      if (!mine) announce(changeText(row));
    }
  } else {
    replaceInModel(row);
  }
  if (data.dependents && data.dependents.length) refreshView();
  if (jsonDialog.open) loadDump().catch(() => {});
}

async function onReload() {
  removeBanner('document');
  try {
    state.document = await get('/api/document');
    documentBanners(state.document);
  } catch {
    return;
  }
  await refreshView();
  announce(t('reloaded'));
}

function onLive(incoming) {
  if (!incoming) return;
  if (incoming.kind === 'state') {
    const previous = state.live;
    state.live = incoming.state;
    root.dataset.live = incoming.state;
    if (incoming.state === 'open') {
      if (state.everOpen && state.dropped) {
        removeBanner('stopped');
        state.dropped = false;
        refreshView();
      }
      state.everOpen = true;
    } else if (previous === 'open' || incoming.state === 'closed') {
      state.dropped = true;
      setTimeout(() => {
        if (state.live !== 'open') probe();
      }, incoming.state === 'closed' ? 0 : 1500);
    }
    return;
  }
  if (incoming.kind !== 'event') return;
  let data = {};
  try {
    data = incoming.data ? JSON.parse(incoming.data) : {};
  } catch {
    return;
  }
  if (incoming.id) root.dataset.lastEventId = incoming.id;
  switch (incoming.type) {
    case 'change': onChange(data, incoming.id); break;
    case 'store-error': showBanner('store', t('storeBroken', data.error)); break;
    case 'store-recovered': removeBanner('store'); refreshView(); break;
    case 'reload': onReload(); break;
    case 'document-error': showBanner('document', t('documentBroken', data.error)); break;
    case 'snapshot': refreshView(); break;
    default: break;
  }
}

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
  await showPath(location.pathname, { focusKey: history.state && history.state.focusKey });
  await documentRequest;
  const drawn = state.view && state.view.data && state.view.data.lastEventId !== undefined
    ? state.view.data.lastEventId
    : state.document ? state.document.lastEventId : 0;
  state.stream = connectEvents(onLive, drawn || 0);
  root.dataset.liveMode = state.stream.mode;
}

start();
