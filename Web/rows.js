// Rows of the grouped table, built from the server's row objects (docs/WEB-API.md, "The row").
// Every text from a document or a store goes in through textContent (h's strings), never as HTML.

import { t } from './strings.js';

/** An element: `attributes` (`text` sets textContent, `class`, anything else setAttribute), then children. */
export function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue;
    if (name === 'text') element.textContent = value;
    else if (name === 'class') element.className = value;
    else element.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    element.append(typeof child === 'string' ? document.createTextNode(child) : child);
  }
  return element;
}

let counter = 0;
/** A fresh id for aria references (keys may hold any character, so ids never come from them). */
export function uid(prefix) {
  counter += 1;
  return `${prefix}-${counter}`;
}

/** The terminal's emoji for an image name (Rendering/Icon.swift), or the name itself when it is one emoji. */
const icons = {
  user: '👤', airplane: '🛫', wifi: '📶', bluetooth: '🔵', 'signal-tower': '📡', smartphone: '📱', ball: '🔔',
  headphone: '🎧', moon: '🌙', hourglass: '⌛', gear: '🔧', lock: '🔒', battery: '🔋', globe: '🌐', bell: '🔔',
  key: '🔑', camera: '📷', photo: '🌄', music: '🎵', mail: '📧', calendar: '📅', location: '📍',
};
function iconText(name) {
  if (!name) return null;
  if (icons[name]) return icons[name];
  const graphemes = [...name];
  return graphemes.length <= 2 && /\p{Extended_Pictographic}/u.test(name) ? name : null;
}

/** The path of an item's own page: its child page, or its choices. */
export function pagePath(key) {
  return `/page/${encodeURIComponent(key).replace(/%2E/gi, '.')}`;
}

/** Whether the row can be changed from the page (not disabled by a condition, not locked). */
export function editable(row) {
  return row.enabled !== false && !row.lock;
}

/** The row's reason for not being editable, as shown and as its description. */
export function reason(row) {
  if (row.lock) return t('locked', `${row.lock.reason}${row.lock.file ? ` (${row.lock.file})` : ''}`);
  if (row.enabled === false) return row.disabledReason ? t('disabled', row.disabledReason) : t('disabledPlain');
  return null;
}

/** Where the value comes from, as `settings why` says it. */
function sourceText(row) {
  const source = row.source;
  if (!source) return null;
  if (source === 'default') return null;
  if (source === 'user') return t('setByYou');
  if (source.startsWith('system:')) return t('from', source.slice(7));
  if (source.startsWith('locked:')) return t('lockedBy', source.slice(7));
  return source;
}

/** The text of a row's value for "Changed elsewhere to …": the server words every value (`shown`);
 * the page never formats one itself. */
export function shownValue(row) {
  return row.shown !== undefined ? row.shown : '';
}

/** Whether two JSON values are the same, whatever the order of their members (the server's pages
 * send them sorted, its events in the row's order). */
export function same(a, b) {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const names = Object.keys(a);
  if (names.length !== Object.keys(b).length) return false;
  return names.every((name) => Object.prototype.hasOwnProperty.call(b, name) && same(a[name], b[name]));
}

/**
 * The `li` of a row. `context`: `{footerId, actions, justReset}` where actions has
 * `toggle(li)`, `commit(li, input)`, `restore(li, input)`, `reset(li)`, `undo(li)`, `reveal(li, input, button)`,
 * `navigate(event, path, row)`.
 */
export function renderRow(row, context = {}) {
  const actions = context.actions || {};
  const li = h('li', { class: 'row' });
  li.row = row;
  li.expect = row.value;
  li.context = context;
  if (row.key !== undefined) li.dataset.key = row.key;
  li.dataset.type = row.type;
  if (row.modified) li.classList.add('modified');
  if (row.enabled === false) li.classList.add('disabled');
  if (row.lock) li.classList.add('locked');
  const icon = iconText(row.imageName);
  if (icon) li.classList.add('has-icon');

  const titleId = uid('title');
  const described = [];
  const text = h('span', { class: 'row-text' }, h('span', { class: 'title', id: titleId, text: row.title }));
  if (row.subTitle) text.append(h('span', { class: 'subtitle', text: row.subTitle }));
  if (row.description) {
    const id = uid('desc');
    described.push(id);
    text.append(h('span', { class: 'description', id, text: row.description }));
  }
  const why = reason(row);
  if (why) {
    const id = uid('reason');
    described.push(id);
    text.append(h('span', { class: 'reason', id }, row.lock ? h('span', { class: 'lock-sign', 'aria-hidden': 'true', text: '🔒' }) : null, why));
  }
  if (row.deprecated) text.append(h('span', { class: 'reason', text: t('deprecated', row.deprecated) }));
  if (context.footerId) described.push(context.footerId);
  const iconElement = icon ? h('span', { class: 'icon', 'aria-hidden': 'true', text: icon }) : null;

  const opensPage = row.page === true || row.type === 'list' || (row.choices && row.key !== undefined && row.type !== 'switch');
  let cell;
  if (opensPage && row.key !== undefined) {
    // A disabled or locked row still opens its page (to read it), and says it is disabled and why.
    cell = h('a', {
      class: 'row-link', href: pagePath(row.key), 'data-focus': 'link', 'aria-describedby': described.join(' ') || null,
      'aria-disabled': editable(row) ? null : 'true',
    });
    cell.append(...[iconElement, text].filter(Boolean));
    const detail = row.shown !== undefined ? row.shown : null;
    if (detail !== null) cell.append(h('span', { class: 'detail', text: detail }));
    cell.append(h('span', { class: 'chevron', 'aria-hidden': 'true', text: '›' }));
    cell.addEventListener('click', (event) => actions.navigate && actions.navigate(event, pagePath(row.key), row));
  } else {
    cell = h('div', { class: 'cell' });
    cell.append(...[iconElement, text].filter(Boolean));
    cell.append(...accessory(row, li, titleId, described, actions));
  }
  li.append(cell);

  const meta = metaLine(row, li, context, actions);
  if (meta) li.append(meta);
  if (li.problemId) {
    const control = li.querySelector('input, [role="switch"], a.row-link');
    if (control) control.setAttribute('aria-describedby', [li.problemId, control.getAttribute('aria-describedby')].filter(Boolean).join(' '));
  }
  if (row.limits && row.limits.length && (row.type === 'number' || row.type === 'textField' || row.type === 'slider')) {
    li.append(h('p', { class: 'field-help', text: row.limits.join(', ') }));
  }
  return li;
}

function metaLine(row, li, context, actions) {
  const justReset = context.justReset && row.key !== undefined && context.justReset.has(row.key);
  const source = sourceText(row);
  if (!row.modified && !justReset && !source && !row.storedProblem) return null;
  const meta = h('div', { class: 'meta field-help' });
  if (row.storedProblem) {
    // A stored value the item does not accept: the row shows the default; Reset removes the value.
    const problem = h('span', { class: 'stored-problem', id: uid('problem'), text: row.storedProblem });
    meta.append(problem);
    li.problemId = problem.id;
  }
  if (row.modified) meta.append(h('span', { class: 'marker', text: t('modified') }));
  if (source && !(row.modified && row.source === 'user')) meta.append(h('span', { class: 'source', text: source }));
  if ((row.modified || row.storedProblem) && row.key !== undefined && !row.lock) {
    const label = row.defaultShown !== undefined ? t('resetTo', row.defaultShown) : t('reset');
    const button = h('button', { type: 'button', class: 'reset', 'data-focus': 'reset', text: label });
    button.setAttribute('aria-label', `${label}: ${row.title}`);
    button.addEventListener('click', () => actions.reset && actions.reset(li));
    meta.append(button);
  }
  if (justReset && !row.modified) {
    li.classList.add('just-reset');
    meta.append(h('span', { class: 'marker', text: t('resetMark') }));
    if (!row.secure) {
      const undo = h('button', { type: 'button', class: 'undo', 'data-focus': 'undo', text: t('undo') });
      undo.setAttribute('aria-label', t('undoLabel', row.title));
      undo.addEventListener('click', () => actions.undo && actions.undo(li));
      meta.append(undo);
    }
  }
  return meta.childNodes.length ? meta : null;
}

function accessory(row, li, titleId, described, actions) {
  const describedBy = described.join(' ') || null;
  const inert = !editable(row);
  switch (row.type) {
    case 'switch': {
      const button = h('button', {
        type: 'button', class: 'switch', role: 'switch', 'aria-checked': String(row.value === true),
        'aria-labelledby': titleId, 'aria-describedby': describedBy, 'aria-disabled': inert ? 'true' : null,
        'data-focus': 'switch',
      });
      button.addEventListener('click', () => actions.toggle && actions.toggle(li));
      return [button];
    }
    case 'textField':
      return [textInput(row, li, titleId, describedBy, inert, actions)];
    case 'number': {
      const field = textInput(row, li, titleId, describedBy, inert, actions);
      if (row.unit) field.append(h('span', { class: 'unit', text: row.unit }));
      return [field];
    }
    case 'slider': {
      const wrapper = h('span', { class: 'slider' });
      const output = h('output', { text: row.shown !== undefined ? row.shown : String(row.value) });
      const input = h('input', {
        type: 'range', min: row.min, max: row.max, step: row.step || 'any', 'aria-labelledby': titleId,
        'aria-describedby': describedBy, 'aria-disabled': inert ? 'true' : null, disabled: inert, 'data-focus': 'input',
        'aria-valuetext': row.shown !== undefined ? row.shown : null,
      });
      input.value = String(row.value);
      input.addEventListener('input', () => {
        output.textContent = row.unit ? `${input.value} ${row.unit}` : input.value;
        input.setAttribute('aria-valuetext', output.textContent);
      });
      input.addEventListener('change', () => actions.commit && actions.commit(li, input));
      input.addEventListener('keydown', (event) => {
        if (event.key === 'Escape') actions.restore && actions.restore(li, input);
      });
      wrapper.append(input, output);
      return [wrapper];
    }
    default:
      if (row.shown !== undefined && row.type !== 'detailTitle') return [h('span', { class: 'detail', text: row.shown })];
      return [];
  }
}

function textInput(row, li, titleId, describedBy, inert, actions) {
  const field = h('span', { class: 'field' });
  const secure = row.secure === true;
  const input = h('input', {
    type: secure ? 'password' : 'text', 'aria-labelledby': titleId, 'aria-describedby': describedBy,
    'aria-disabled': inert ? 'true' : null, readonly: inert, 'data-focus': 'input', autocomplete: 'off', spellcheck: 'false',
    inputmode: row.type === 'number' ? 'decimal' : null, maxlength: row.maxLength || null,
    placeholder: secure ? (row.shown || row.placeholder || null) : (row.placeholder || null),
  });
  input.value = secure || row.value === undefined ? '' : String(row.value);
  input.dataset.original = input.value;
  input.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      actions.commit && actions.commit(li, input);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      actions.restore && actions.restore(li, input);
    }
  });
  input.addEventListener('blur', () => {
    // Leaving the field applies it; the window losing focus (another tab, another app) does not end the edit.
    if (document.hasFocus() && actions.commit) actions.commit(li, input, { onBlur: true });
  });
  field.append(input);
  if (secure) {
    const button = h('button', { type: 'button', class: 'reveal', 'data-focus': 'reveal', text: t('reveal') });
    button.setAttribute('aria-label', t('revealLabel', row.title));
    button.setAttribute('aria-pressed', 'false');
    if (inert) button.setAttribute('aria-disabled', 'true');
    button.addEventListener('click', () => actions.reveal && actions.reveal(li, input, button));
    field.append(button);
  }
  return field;
}

/** A section: a region labelled by its header (when it has one), a list of rows, its footer; a section
 * `/api/page` deferred has an empty list, busy, until its rows come. */
export function renderSection(section, context) {
  const headerId = section.header ? uid('header') : null;
  const footerId = section.footer ? uid('footer') : null;
  const element = h(section.header ? 'section' : 'div', { class: 'section', 'aria-labelledby': headerId });
  if (section.index !== undefined) element.dataset.section = String(section.index);
  if (section.header) element.append(h('h2', { class: 'section-header', id: headerId, text: section.header }));
  const list = h('ul', { class: 'group', role: 'list' });
  for (const row of section.items || []) list.append(renderRow(row, { ...context, footerId }));
  if (section.deferred && !section.items) {
    // Sent later (GET /api/section) as the page scrolls near it; meanwhile as tall as its rows.
    element.dataset.deferred = 'true';
    list.setAttribute('aria-busy', 'true');
    list.style.minHeight = `${(section.itemCount || 0) * 45}px`;
  }
  element.append(list);
  if (section.remaining > 0 && context.loadMore) {
    const more = h('button', { type: 'button', class: 'load-more', 'data-focus': 'more', text: t('loadMore', section.remaining) });
    more.addEventListener('click', () => context.loadMore(section, element, more));
    element.append(more);
  }
  if (section.footer) element.append(h('p', { class: 'section-footer', id: footerId, text: section.footer }));
  return element;
}

/** A choice item's own list: a native radio group (or checkboxes for multiple choice) with checkmarks. */
export function renderChoices(row, onChange, headerText) {
  const multiple = row.multiple === true;
  const name = uid('choice');
  const fieldset = h('fieldset', { class: 'choices', 'data-key': row.key, disabled: !editable(row) });
  fieldset.row = row;
  fieldset.expect = row.value;
  fieldset.append(h('legend', { text: headerText || row.title }));
  const why = reason(row);
  if (why) fieldset.append(h('p', { class: 'field-help reason' }, row.lock ? h('span', { class: 'lock-sign', 'aria-hidden': 'true', text: '🔒' }) : null, why));
  const group = h('div', { class: 'group' });
  const values = multiple ? row.value || [] : [row.value];
  for (const choice of row.choices || []) {
    const input = h('input', { type: multiple ? 'checkbox' : 'radio', name, value: choice.value });
    input.checked = values.includes(choice.value);
    input.addEventListener('change', () => onChange(fieldset, choice.value, input));
    const label = h('label', { class: 'choice' }, input, h('span', { class: 'title', text: choice.title }), h('span', { class: 'check', 'aria-hidden': 'true' }));
    group.append(label);
  }
  fieldset.append(group);
  return fieldset;
}
