// The JSON view: what `settings dump` prints, in a dialog, to copy or download.

import { getText } from './api.js';
import { h } from './rows.js';
import { t } from './strings.js';

/** Wires the JSON button and dialog of `page` (app.js): its `state` (`dumpText`, `document`) and `elements`. */
export function createDump(page) {
  const { state } = page;
  const { $, jsonDialog } = page.elements;

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

  return { loadDump, isOpen: () => jsonDialog.open };
}
