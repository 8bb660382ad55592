// Rows already on the page: finding them by key, their notes and errors, and replacing them with a newer
// row (from an answer or an event) in the model and on the screen, keeping the focus and a text being edited.

import { h, renderChoices, renderRow, shownValue } from './rows.js';
import { t } from './strings.js';

/** The control to focus in a row `li`: the one with data-focus `role`, else its first. */
export function focusTarget(li, role) {
  if (!li) return null;
  return (role && li.querySelector(`[data-focus="${role}"]`)) || li.querySelector('[data-focus]') || li.querySelector('a, button, input');
}

/** Whether the text or password input of `li` has the focus. */
export function isEditing(li) {
  const input = li.querySelector('input[type="text"], input[type="password"]');
  return Boolean(input && document.activeElement === input);
}

/** Puts `row` in place of the row of its key in `view` (a page, a search or the modified list). */
export function replaceInView(view, row) {
  if (!view) return;
  if (view.kind === 'page') {
    if (view.choiceRow && view.choiceRow.key === row.key) view.choiceRow = row;
    for (const section of view.data ? view.data.sections : []) {
      if (section.items) section.items = section.items.map((item) => (item.key === row.key ? row : item));
    }
  } else {
    for (const match of view.data.matches || []) if (match.key === row.key && match.row) match.row = row;
  }
}

/** The rows' functions for `page` (app.js): its `state`, its `elements` and the edit functions (`page.edit`). */
export function createRowUpdates(page) {
  const { state } = page;
  const { content } = page.elements;
  const choose = (...values) => page.edit.choose(...values);

  function byKey(key, scope = content) {
    return [...scope.querySelectorAll(`[data-key="${CSS.escape(key)}"]`)];
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

  return { byKey, setNote, setError, catchUp, replaceInModel, updateRow };
}
