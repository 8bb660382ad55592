// Sections `/api/page` deferred: a page of many rows comes with its first ones, and each later section is
// fetched (`/api/section`) as it scrolls near the window, as UITableView asks only for the rows on screen.

import { get, query } from './api.js';

/** The deferred sections' functions for `page` (app.js); `draw(view, section)` renders a section. */
export function createDeferredSections(page, draw) {
  const { state, announce } = page;
  const { content } = page.elements;

  /** Fetches the rows of a deferred section into it, with the changes whose events came since. */
  async function fetchSection(view, section) {
    const answer = await get(`/api/section${query({ page: view.key, section: section.index })}`);
    for (const change of state.recentChanges) {
      if (change.id > Number(answer.lastEventId)) answer.items = answer.items.map((item) => (item.key === change.row.key ? change.row : item));
    }
    delete answer.lastEventId;
    Object.assign(section, answer);
  }

  async function loadSection(view, index) {
    const section = (view.data ? view.data.sections : []).find((candidate) => candidate.index === index);
    if (!section || section.items) return;
    try {
      await fetchSection(view, section);
    } catch (error) {
      announce(error.message);
      return;
    }
    if (state.view !== view) return;
    const old = content.querySelector(`[data-section="${index}"][data-deferred]`);
    if (old) old.replaceWith(draw(view, section));
  }

  let observer = null;

  /** Loads each deferred section of the page drawn as it comes within 1 000 pixels of the window. */
  function observeDeferred(view) {
    if (observer) observer.disconnect();
    observer = null;
    const waiting = content.querySelectorAll('[data-deferred]');
    if (waiting.length === 0 || typeof IntersectionObserver === 'undefined') return;
    const watching = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        watching.unobserve(entry.target);
        loadSection(view, Number(entry.target.dataset.section));
      }
    }, { rootMargin: '1000px 0px' });
    for (const element of waiting) watching.observe(element);
    observer = watching;
  }

  return { fetchSection, observeDeferred };
}
