// Live changes: what the one shared event stream (live.js) brings, put on the page and announced: a change
// made elsewhere, the store broken and recovered, the document loaded again, a snapshot after a gap.

import { get } from './api.js';
import { same, shownValue } from './rows.js';
import { t } from './strings.js';

function changeText(row) {
  if (row.type === 'switch') return t(row.value === true ? 'turnedOn' : 'turnedOff', row.title);
  return t('changedTo', row.title, shownValue(row));
}

/** The stream's handler for `page` (app.js): its `state`, `elements`, `announce`, `banners`, `probe`, and the
 * view's (`page.view`), rows' (`page.rows`) and JSON view's (`page.dump`) functions. Returns `onLive`. */
export function createLiveChanges(page) {
  const { state, announce, banners } = page;
  const { root } = page.elements;

  function onChange(data, id) {
    const row = data.row;
    if (!row) return;
    // Kept for a page fetched before this event but answered after it (catchUp).
    state.recentChanges.push({ id: Number(id), row });
    if (state.recentChanges.length > 500) state.recentChanges.shift();
    const mine = state.ownEvents.has(String(id)) || (data.origin === 'page' && (state.pending.get(data.key) || 0) > 0);
    state.ownEvents.delete(String(id));
    const shown = page.rows.byKey(data.key).length > 0;
    if (shown) {
      const current = page.rows.byKey(data.key)[0];
      // A secure value's row is the same mask before and after: the event itself says that it changed.
      const unchanged = current && current.row && !row.secure && same(current.row, row);
      if (!unchanged) {
        page.rows.updateRow(row, { mine });
        // A lock that came or went, or a stored value now refused, redraws the row without a new
        // value: the row says so, and nothing is announced as changed.
        const sameValue = current && current.row && JSON.stringify(current.row.value) === JSON.stringify(row.value);
        if (!mine && (!sameValue || row.secure)) announce(changeText(row));
      }
    } else {
      page.rows.replaceInModel(row);
    }
    page.lists.onChange(data, mine);
    if (data.dependents && data.dependents.length) page.view.refreshView();
    if (page.dump.isOpen()) page.dump.loadDump().catch(() => {});
  }

  async function onReload() {
    banners.remove('document');
    try {
      state.document = await get('/api/document');
      banners.fromDocument(state.document);
    } catch {
      return;
    }
    await page.view.refreshView();
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
          banners.remove('stopped');
          state.dropped = false;
          page.view.refreshView();
        }
        state.everOpen = true;
      } else if (previous === 'open' || incoming.state === 'closed') {
        state.dropped = true;
        setTimeout(() => {
          if (state.live !== 'open') page.probe();
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
      case 'store-error': banners.show('store', t('storeBroken', data.error)); break;
      case 'store-recovered': banners.remove('store'); page.view.refreshView(); break;
      case 'reload': onReload(); break;
      case 'document-error': banners.show('document', t('documentBroken', data.error)); break;
      case 'snapshot': page.view.refreshView(); break;
      default: break;
    }
  }

  return { onLive };
}
