// Edits: one POST /api/set of one key, carrying the value the page showed; a switch, a choice, a text or a
// number, a reset and its Undo, and revealing a secure value. Each change made offers its Undo (undo.js).

import { post } from './api.js';
import { editable, reason, shownValue } from './rows.js';
import { t } from './strings.js';

/** The text of a refusal: the server's error and its hint. */
export function message(body) {
  const text = body && body.error ? body.error : t('refused');
  return body && body.hint ? `${text}; ${body.hint}` : text;
}

function conflictText(body) {
  const shown = body.currentShown !== undefined ? body.currentShown : body.row ? shownValue(body.row) : '';
  return t('changedElsewhere', shown);
}

/** The edits' functions for `page` (app.js): its `state`, `announce`, the rows' functions (`page.rows`) and the
 * Undo toast (`page.undo`). */
export function createEdit(page) {
  const { state, announce } = page;
  const rows = () => page.rows;
  const offerUndo = (answer, text, key) => page.undo.offer(answer.body.entry, text, key);

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
      if (answer.body.row) rows().updateRow(answer.body.row, { mine: true });
    }
    return answer;
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
    if (answer.status === 200) {
      offerUndo(answer, t(value ? 'turnedOnHere' : 'turnedOffHere', row.title), row.key);
      return;
    }
    if (answer.status === 409) {
      rows().updateRow(answer.body.row || { ...row, value: answer.body.current, shown: answer.body.currentShown }, { note: conflictText(answer.body), mine: true });
      return;
    }
    rows().updateRow(row, { error: message(answer.body), mine: true });
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
      offerUndo(answer, row.multiple && !input.checked ? t('removed', title) : t('chosen', title), row.key);
      return;
    }
    if (answer.status === 409) {
      rows().updateRow(answer.body.row || row, { note: conflictText(answer.body), mine: true });
      return;
    }
    rows().updateRow(row, { error: message(answer.body), mine: true });
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
      if (answer.body.row) offerUndo(answer, t('changedHere', row.title, shownValue(answer.body.row)), row.key);
      return;
    }
    if (answer.status === 409) {
      // Keep what the user typed; the next Enter applies it over the value now shown above it.
      li.row = answer.body.row || li.row;
      li.expect = answer.body.current;
      input.dataset.conflict = 'true';
      rows().setNote(li, conflictText(answer.body));
      rows().setError(li, null);
      return;
    }
    li.lastRefused = text;
    rows().setError(li, message(answer.body));
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
    rows().setNote(li, null);
    rows().setError(li, null);
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
      for (const changed of answer.body.rows || []) rows().updateRow(changed, { mine: true });
      offerUndo(answer, t('resetDone', row.title, row.defaultShown !== undefined ? row.defaultShown : t('itsDefault')), row.key);
      return;
    }
    rows().setError(li, message(answer.body));
  }

  async function undo(li) {
    const row = li.row;
    if (!state.justReset.has(row.key)) return;
    const previous = state.justReset.get(row.key);
    const answer = await apply(li, { key: row.key, value: previous, expect: row.value });
    if (answer.status === 200) {
      state.justReset.delete(row.key);
      const fresh = rows().byKey(row.key)[0];
      if (fresh) rows().updateRow(fresh.row, { mine: true });
      announce(t('again', row.title, shownValue(answer.body.row || row)));
    } else if (answer.status === 409) {
      rows().updateRow(answer.body.row || row, { note: conflictText(answer.body), mine: true });
    } else {
      rows().setError(li, message(answer.body));
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
      rows().setError(li, message(answer.body));
      return;
    }
    li.revealed = true;
    li.revealedValue = answer.body.value === undefined || answer.body.value === null ? '' : String(answer.body.value);
    input.type = 'text';
    input.value = li.revealedValue;
    button.setAttribute('aria-pressed', 'true');
  }

  return { toggle, choose, commit, restore, reset, undo, reveal };
}
