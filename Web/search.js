// Search (the field, and `/` to reach it) and the Modified filter: each puts a view of its own over the page.

import { get, query } from './api.js';
import { t } from './strings.js';

/** Wires the search field and the Modified button of `page` (app.js): its `state`, its `elements`,
 * `announce`, and the view's `render` (`page.view`). */
export function createSearch(page) {
  const { state, announce } = page;
  const { search, modifiedButton } = page.elements;
  const render = (...options) => page.view.render(...options);

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

  return { runSearch };
}
