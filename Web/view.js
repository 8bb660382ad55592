// The view: loading a page (or a choice page) and drawing it, the breadcrumbs, search results and the
// Modified list as drawn, "Load more", fetching the view again, and moving between pages in the history.

import { ApiError, get, query } from './api.js';
import { h, pagePath, renderChoices, renderRow, renderSection, same, shownValue } from './rows.js';
import { createDeferredSections } from './sections.js';
import { t } from './strings.js';
import { focusTarget, isEditing } from './view-rows.js';

function keyFromPath(pathname) {
  if (!pathname.startsWith('/page/')) return null;
  try {
    return decodeURIComponent(pathname.slice(6));
  } catch {
    return pathname.slice(6);
  }
}

/** The indexes of the sections of a page view that came deferred and whose rows were loaded since. */
function loadedSections(view) {
  const loaded = new Set();
  if (!view || view.kind !== 'page' || !view.data) return loaded;
  for (const section of view.data.sections || []) if (section.deferred && section.items) loaded.add(section.index);
  return loaded;
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

/** The view's functions for `page` (app.js): its `state`, its `elements`, `setReady`, `announce`, and the
 * rows' (`page.rows`) and edits' (`page.edit`) functions. */
export function createView(page) {
  const { state, announce } = page;
  const { content, heading, crumbs, search } = page.elements;
  const rows = () => page.rows;
  const choose = (...values) => page.edit.choose(...values);

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
    // The section of the row to focus comes with the page, whatever sections it defers.
    const focus = historyState && historyState.focusKey !== undefined ? historyState.focusKey : null;
    if (key === null) {
      const data = await get(`/api/page${query({ focus })}`);
      return rows().catchUp({ kind: 'page', key: null, title: data.title, crumbs: data.breadcrumb || [{ title: data.title }], data });
    }
    const remembered = historyState && historyState.row && historyState.row.key === key ? historyState.row : null;
    // A list's own page is its editor (lists.js).
    if (remembered && remembered.type === 'list') return listView(key);
    const wantsPage = remembered ? remembered.page === true : true;
    const wantsRow = remembered ? Boolean(remembered.choices) : true;
    const pageRequest = wantsPage
      ? get(`/api/page${query({ key, focus })}`).catch((error) => {
        if (error.status === 404) return null;
        throw error;
      })
      : Promise.resolve(null);
    const rowRequest = wantsRow ? fetchRow(key).catch((error) => error) : Promise.resolve(null);
    const [data, found] = await Promise.all([pageRequest, rowRequest]);
    if (found instanceof Error && !data) throw found;
    const row = found && !(found instanceof Error) ? found.row : null;
    if (!data && row && row.type === 'list') return listView(key);
    const choiceRow = row && row.choices ? row : null;
    let trail = data ? data.breadcrumb : null;
    if (!trail && row) {
      trail = historyState && historyState.parentCrumbs ? [...historyState.parentCrumbs, { key, title: row.title }] : found.crumbs;
    }
    if (!data && !choiceRow) throw new ApiError(404, { error: t('noPage', key) });
    const title = data ? data.title : choiceRow ? choiceRow.title : key;
    return rows().catchUp({ kind: 'page', key, title, crumbs: trail || [{ title }], data, choiceRow });
  }

  async function listView(key) {
    const listData = await get(`/api/list${query({ key })}`);
    return { kind: 'page', key, title: listData.row.title, crumbs: listData.breadcrumb || [{ title: listData.row.title }], data: null, listData };
  }

  let navigation = 0;

  async function showPath(pathname, options = {}) {
    // Back or Forward pressed twice quickly: only the last navigation's page is drawn.
    const sequence = ++navigation;
    page.setReady(false);
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
    page.setReady(true);
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
          state.pageView = await loadAsMany(await loadView(location.pathname, history.state), shown, loadedSections(state.pageView));
        }
      } else {
        const scroll = scrollY;
        const sequence = navigation;
        const shown = shownCounts(state.view);
        const view = await loadView(location.pathname, history.state);
        await loadAsMany(view, shown, loadedSections(state.view));
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

  /** Loads into a page fetched again the deferred sections in `loaded` and as many rows of each paginated
   * section as it showed before, so that a change elsewhere does not take away the rows scrolling or "Load
   * more" brought in (nor the place the user scrolled to). */
  async function loadAsMany(view, counts, loaded = new Set()) {
    for (const section of view && view.data ? view.data.sections || [] : []) {
      if (section.deferred && !section.items && loaded.has(section.index)) await fetchSection(view, section);
      const wanted = counts.get(section.index) || 0;
      while ((section.items || []).length < wanted && section.remaining > 0) {
        const answer = await get(`/api/more${query({ page: view.key, section: section.index, offset: section.offset + section.items.length })}`);
        if (!answer.items || answer.items.length === 0) break;
        section.items.push(...answer.items);
        section.remaining = answer.remaining;
      }
    }
    return rows().catchUp(view);
  }

  // ---- Sections sent later (sections.js) ----

  const { fetchSection, observeDeferred } = createDeferredSections(page, (view, section) => renderSection(section, { actions, justReset: state.justReset, loadMore: loadMoreFor(view) }));

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
    toggle: (li) => page.edit.toggle(li),
    commit: (li, input, options) => page.edit.commit(li, input, options),
    restore: (li, input) => page.edit.restore(li, input),
    reset: (li) => page.edit.reset(li),
    undo: (li) => page.edit.undo(li),
    reveal: (li, input, button) => page.edit.reveal(li, input, button),
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
          const target = rows().byKey(first.key, list)[0];
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
    if (view.listData) sections.push(page.lists.render(view.listData));
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
    observeDeferred(view);

    if (editing) {
      const fresh = rows().byKey(editing.dataset.key).find((element) => element.tagName === 'LI');
      if (fresh) {
        if (!same(fresh.row, editing.row)) {
          editing.row = fresh.row;
          rows().setNote(editing, t('changedElsewhere', shownValue(fresh.row)));
        }
        fresh.replaceWith(editing);
        const input = editing.querySelector('input');
        if (input) input.focus();
      }
    } else if (!options.navigated && activeKey !== null && activeKey !== undefined) {
      const target = focusTarget(rows().byKey(activeKey).find((element) => element.tagName === 'LI' || element.tagName === 'FIELDSET'), activeRole);
      if (target) target.focus();
    } else if (options.focusKey) {
      const row = rows().byKey(options.focusKey)[0];
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

  /** Escape on a child page (focus not in a field or a dialog): back to its parent page, the focus on
   * the row that opened it: through the history when the page was opened here, else to the parent's path. */
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || event.shiftKey) return;
    const target = event.target;
    if (target.closest && target.closest('input, textarea, select, [contenteditable], dialog')) return;
    const view = state.view;
    if (!view || view.kind !== 'page' || view.key === null || search.value) return;
    event.preventDefault();
    if (history.state && history.state.parentCrumbs) {
      history.back();
      return;
    }
    const parent = view.crumbs.length > 1 ? view.crumbs[view.crumbs.length - 2] : null;
    const path = parent && parent.key ? pagePath(parent.key) : '/';
    history.replaceState(null, '', location.pathname);
    history.pushState({ focusKey: view.key }, '', path);
    showPath(path, { focusKey: view.key });
  });

  addEventListener('popstate', () => {
    if (search.value) search.value = '';
    showPath(location.pathname, { focusKey: history.state && history.state.focusKey });
  });

  return { showPath, refreshView, render, navigate };
}
