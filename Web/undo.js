// Undo through the store's journal (POST /api/undo, as `settings undo N`): the toast that offers it for a few
// seconds after each change made on this page, and what the History page's Undo buttons share with it.

import { post } from './api.js';
import { message } from './edit.js';
import { h } from './rows.js';
import { t } from './strings.js';

/** How long the toast offers Undo, in milliseconds: 8 s, or `?undo-seconds=N` in the page's address (tests). */
function undoTime() {
  const given = Number(new URLSearchParams(location.search).get('undo-seconds'));
  return Number.isFinite(given) && given > 0 ? given * 1000 : 8000;
}

/** Takes back journal entry `entry`; resolves to `{ok, text, body}`: what was undone, or the refusal in the
 * command line's words. */
export async function undoEntry(entry) {
  let answer;
  try {
    answer = await post('/api/undo', { entry });
  } catch (error) {
    answer = { status: 0, body: { error: error.message } };
  }
  if (answer.status !== 200) return { ok: false, text: message(answer.body), body: answer.body };
  const changes = answer.body.changes || [];
  let text;
  if (changes.length === 1) text = t('undid', entry, changes[0].title, changes[0].old, changes[0].new);
  else if (changes.length === 0) text = t('undidNothing', entry);
  else text = t('undidSeveral', entry, changes.map((change) => change.title).join(', '));
  return { ok: true, text, body: answer.body };
}

/** The toast of `page` (app.js): `offer(entry, text, key)` shows `text` with an Undo of journal entry `entry`
 * (only `text`, in the live region, when the store keeps no journal); `u` outside a field is its Undo. */
export function createUndoToast(page) {
  const { state, announce } = page;
  const toast = page.elements.toast;
  const duration = undoTime();
  let timer = null;
  let shown = null; // {entry, key, returnFocus}
  let paused = false;

  function clear() {
    clearTimeout(timer);
    timer = null;
    shown = null;
    toast.replaceChildren();
    toast.classList.remove('shown');
  }

  function schedule() {
    clearTimeout(timer);
    timer = paused ? null : setTimeout(() => {
      // The Undo leaves with the toast: the focus goes back where the change was made.
      const inside = toast.contains(document.activeElement);
      const back = shown && shown.returnFocus;
      clear();
      if (inside && back && back.isConnected) back.focus();
    }, duration);
  }

  function show(text, offer) {
    clear();
    const parts = [h('span', { class: 'toast-text', text })];
    if (offer) {
      shown = offer;
      const button = h('button', { type: 'button', class: 'tool toast-undo', text: t('undo'), 'aria-keyshortcuts': 'u', 'aria-label': t('undoChange', offer.entry) });
      button.addEventListener('click', () => undo());
      parts.push(button);
    }
    toast.replaceChildren(...parts);
    toast.classList.add('shown');
    schedule();
  }

  /** Shows `text` with an Undo of `entry` (a change this page made to `key`). */
  function offer(entry, text, key) {
    if (entry === undefined || entry === null) {
      announce(text);
      return;
    }
    const active = document.activeElement;
    show(text, { entry, key, returnFocus: active && active !== document.body ? active : null });
  }

  async function undo() {
    if (!shown) return;
    const { entry, key, returnFocus } = shown;
    const button = toast.querySelector('button');
    if (button) button.setAttribute('aria-busy', 'true');
    const result = await undoEntry(entry);
    if (result.ok) {
      if (result.body.eventId !== undefined) state.ownEvents.add(String(result.body.eventId));
      for (const row of result.body.rows || []) page.rows.updateRow(row, { mine: true });
      if (page.lists) page.lists.refresh();
    }
    const hadFocus = toast.contains(document.activeElement);
    show(result.ok ? result.text : t('undoRefused', result.text), null);
    if (hadFocus) {
      const row = key !== undefined ? page.rows.byKey(key)[0] : null;
      const target = returnFocus && returnFocus.isConnected ? returnFocus : row && row.querySelector('button, input, a');
      if (target) target.focus();
    }
  }

  // The timer waits while the pointer or the focus is on the toast (WCAG 2.2.1: time to reach it).
  toast.addEventListener('mouseenter', () => { paused = true; schedule(); });
  toast.addEventListener('mouseleave', () => { paused = false; if (toast.classList.contains('shown')) schedule(); });
  toast.addEventListener('focusin', () => { paused = true; schedule(); });
  toast.addEventListener('focusout', () => { paused = false; if (toast.classList.contains('shown')) schedule(); });

  document.addEventListener('keydown', (event) => {
    if (event.key !== 'u' || event.ctrlKey || event.metaKey || event.altKey || !shown) return;
    const target = event.target;
    if (target.closest && target.closest('input, textarea, select, [contenteditable], dialog')) return;
    event.preventDefault();
    undo();
  });

  return { offer, clear };
}
