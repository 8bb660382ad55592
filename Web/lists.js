// A list item's own page: its elements, each with Move up, Move down, Edit and Delete (asked first, in the
// page), Alt+ArrowUp/Down to move the focused element, an "Add…" form (a record's fields as a form, a secure
// field as a password that is never sent back). Each change is one POST /api/edit, as `settings add`,
// `remove`, `move` and `set KEY[N].field` make it, and offers its Undo (undo.js). Shapes: docs/WEB-API.md.

import { get, post, query } from './api.js';
import { message } from './edit.js';
import { editable, h, reason, same, uid } from './rows.js';
import { t } from './strings.js';

/** The list editor's functions for `page` (app.js): `render(data)` draws `/api/list`'s answer, `onChange(event)`
 * follows the event stream, `refresh()` fetches the list again. */
/** How many elements a list's page draws at first, and how many more each "Load more" draws. */
const PAGE = 200;

export function createLists(page) {
  const { state, announce } = page;
  let shown = null; // {data, root}

  function texts(data) {
    return (data.elements || []).map((element) => element.shown);
  }

  /** The input of one element or record field `field`, labelled `label`; `value` its JSON value to start with. */
  function fieldInput(field, value, label) {
    const id = uid('field');
    const wrapper = h('div', { class: 'list-field' });
    let input;
    if (field.choices) {
      input = h('select', { id, name: field.key || 'value' });
      for (const choice of field.choices) {
        const option = h('option', { value: choice.value, text: choice.title });
        if (value === choice.value) option.selected = true;
        input.append(option);
      }
    } else if (field.type === 'switch') {
      input = h('input', { id, type: 'checkbox', name: field.key || 'value' });
      input.checked = value === true;
    } else {
      const secure = field.secure === true;
      input = h('input', {
        id, name: field.key || 'value', type: secure ? 'password' : 'text', autocomplete: secure ? 'new-password' : 'off',
        spellcheck: 'false', inputmode: field.type === 'number' || field.type === 'slider' ? 'decimal' : null,
        maxlength: field.maxLength || null,
      });
      input.value = secure || value === undefined || value === null ? '' : String(value);
    }
    input.dataset.field = field.key || '';
    const helpText = [field.patternMessage, ...(field.limits || []).filter((limit) => !limit.startsWith('pattern'))].filter(Boolean).join(', ');
    wrapper.append(h('label', { for: id, text: label }), input);
    if (helpText) {
      const help = h('p', { class: 'field-help', id: uid('help'), text: helpText });
      input.setAttribute('aria-describedby', help.id);
      wrapper.append(help);
    }
    return { wrapper, input };
  }

  function inputValue(input) {
    if (input.type === 'checkbox') return input.checked;
    return input.value;
  }

  /** A form of the list's element (or of a record's fields) that sends `submit(value)`; `element` the one edited. */
  function elementForm(data, element, submitLabel, onSubmit, onCancel) {
    const form = h('form', { class: 'list-form', novalidate: true });
    const inputs = [];
    if (data.kind === 'records') {
      for (const field of data.fields || []) {
        const start = element ? (element.fields || {})[field.key] : field.default;
        const { wrapper, input } = fieldInput(field, start, field.title);
        if (field.secure && element && (element.secureSet || []).includes(field.key)) input.placeholder = t('unchanged');
        inputs.push(input);
        form.append(wrapper);
      }
    } else {
      const declaration = data.element || { type: 'textField' };
      const start = element ? element.value : declaration.choices ? undefined : '';
      const { wrapper, input } = fieldInput(declaration, start, element ? t('elementValue', element.shown) : t('newElement', data.row.title));
      inputs.push(input);
      form.append(wrapper);
    }
    const error = h('p', { class: 'error', id: uid('error'), role: 'alert' });
    error.hidden = true;
    const submit = h('button', { type: 'submit', class: 'tool', text: submitLabel });
    const cancel = h('button', { type: 'button', class: 'tool', text: t('cancel') });
    cancel.addEventListener('click', onCancel);
    form.append(error, h('div', { class: 'list-form-actions' }, submit, cancel));
    form.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        onCancel();
      }
    });
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      if (form.dataset.busy) return;
      form.dataset.busy = 'true';
      submit.setAttribute('aria-busy', 'true');
      let value;
      if (data.kind === 'records') {
        value = {};
        for (const input of inputs) {
          const field = (data.fields || []).find((candidate) => candidate.key === input.dataset.field);
          const given = inputValue(input);
          // Editing, only what changed is sent; a secure field left empty keeps its text.
          if (element && !field.secure && same(given, (element.fields || {})[field.key])) continue;
          if (element && field.secure && given === '') continue;
          value[field.key] = given;
        }
      } else {
        value = inputValue(inputs[0]);
      }
      const refusal = await onSubmit(value);
      delete form.dataset.busy;
      submit.removeAttribute('aria-busy');
      if (!refusal) return;
      error.textContent = refusal;
      error.hidden = false;
      for (const input of inputs) {
        input.setAttribute('aria-invalid', 'true');
        input.setAttribute('aria-describedby', [error.id, input.getAttribute('aria-describedby')].filter(Boolean).join(' '));
      }
      inputs[0].focus();
    });
    return { form, first: inputs[0] };
  }

  /** Sends one change; on success draws the list the server answered and offers its Undo with `text(data)`. */
  async function change(body, text) {
    const data = shown.data;
    // The change's event may come before its answer: while the answer is awaited, it is this page's own.
    state.pending.set(data.key, (state.pending.get(data.key) || 0) + 1);
    let answer;
    try {
      answer = await post('/api/edit', { key: data.key, expect: texts(data), ...body });
    } catch (error) {
      answer = { status: 0, body: { error: error.message } };
    } finally {
      state.pending.set(data.key, state.pending.get(data.key) - 1);
    }
    if (answer.status === 200) {
      if (answer.body.eventId !== undefined) state.ownEvents.add(String(answer.body.eventId));
      draw(answer.body);
      page.rows.replaceInModel(answer.body.row);
      page.undo.offer(answer.body.entry, text(answer.body), data.key);
      return null;
    }
    if (answer.status === 409) {
      draw(answer.body);
      const note = t('listChangedElsewhere');
      setStatus(note);
      return note;
    }
    return message(answer.body);
  }

  function setStatus(text) {
    const status = shown && shown.root.querySelector('.list-status');
    if (!status) return;
    status.textContent = text || '';
    status.hidden = !text;
  }

  /** The element `li` of position `index` (from 1), its control `role` focused. */
  function focusElement(index, role) {
    const root = shown.root;
    // An element past the ones drawn (moved down past them) is drawn first.
    if (index > Math.max(shown.visible || 0, PAGE) && index <= shown.data.elements.length) {
      shown.visible = Math.ceil(index / PAGE) * PAGE;
      fill(root, shown.data);
    }
    const li = root.querySelector(`li[data-position="${index}"]`);
    const target = li && (li.querySelector(`[data-focus="${role}"]`) || li.querySelector('button'));
    if (target) target.focus();
    else (root.querySelector('.list-add') || root.querySelector('h2')).focus();
  }

  async function move(index, to, role) {
    const data = shown.data;
    if (to < 1 || to > data.elements.length || to === index) return;
    const refusal = await change({ op: 'move', from: index, to }, (fresh) => t('listMoved', fresh.elements[to - 1].shown, to));
    if (refusal) setStatus(refusal);
    focusElement(refusal ? index : to, role);
  }

  function confirmDelete(li, element, index) {
    if (li.querySelector('.confirm')) return;
    const text = t('deleteQuestion', element.shown);
    const questionId = uid('question');
    const yes = h('button', { type: 'button', class: 'tool danger', 'data-focus': 'confirm', text: t('delete'), 'aria-describedby': questionId });
    const no = h('button', { type: 'button', class: 'tool', 'data-focus': 'cancel', text: t('cancel') });
    const box = h('div', { class: 'confirm', role: 'group', 'aria-labelledby': questionId }, h('p', { id: questionId, text }), yes, no);
    const back = () => {
      box.remove();
      focusElement(index, 'delete');
    };
    no.addEventListener('click', back);
    box.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        back();
      }
    });
    yes.addEventListener('click', async () => {
      yes.setAttribute('aria-busy', 'true');
      const refusal = await change({ op: 'remove', at: index }, () => t('listRemoved', element.shown));
      if (refusal) {
        setStatus(refusal);
        focusElement(index, 'delete');
        return;
      }
      const count = shown.data.elements.length;
      focusElement(Math.min(index, count), 'delete');
    });
    li.append(box);
    yes.focus();
  }

  function openEdit(li, element, index) {
    if (li.querySelector('form')) return;
    const { form, first } = elementForm(shown.data, element, t('save'), async (value) => {
      const body = shown.data.kind === 'records' ? { op: 'set', at: index, fields: value } : { op: 'replace', at: index, value };
      if (shown.data.kind === 'records' && Object.keys(value).length === 0) {
        form.remove();
        focusElement(index, 'edit');
        return null;
      }
      const refusal = await change(body, (fresh) => t('listChanged', fresh.elements[index - 1] ? fresh.elements[index - 1].shown : element.shown));
      if (!refusal) focusElement(index, 'edit');
      return refusal;
    }, () => {
      form.remove();
      focusElement(index, 'edit');
    });
    li.append(form);
    first.focus();
  }

  function elementRow(data, element, index, canEdit) {
    const count = data.elements.length;
    const titleId = uid('title');
    const text = h('span', { class: 'row-text' }, h('span', { class: 'title', id: titleId, text: element.shown }));
    if (element.subtitle) text.append(h('span', { class: 'subtitle', text: element.subtitle }));
    const li = h('li', { class: 'row element', 'data-position': index });
    const cell = h('div', { class: 'cell' }, h('span', { class: 'position', 'aria-hidden': 'true', text: String(index) }), text);
    if (canEdit) {
      const button = (role, label, disabled, action) => {
        const control = h('button', {
          type: 'button', class: 'inline-button', 'data-focus': role, 'aria-label': `${label}: ${element.shown}`,
          'aria-disabled': disabled ? 'true' : null, 'aria-keyshortcuts': role === 'up' ? 'Alt+ArrowUp' : role === 'down' ? 'Alt+ArrowDown' : null,
          text: label,
        });
        control.addEventListener('click', () => {
          if (control.getAttribute('aria-disabled') !== 'true') action();
        });
        return control;
      };
      cell.append(h('span', { class: 'element-actions' },
        button('up', t('moveUp'), index === 1, () => move(index, index - 1, 'up')),
        button('down', t('moveDown'), index === count, () => move(index, index + 1, 'down')),
        button('edit', t('edit'), false, () => openEdit(li, element, index)),
        button('delete', t('delete'), false, () => confirmDelete(li, element, index))));
      li.addEventListener('keydown', (event) => {
        if (!event.altKey || event.ctrlKey || event.metaKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
        if (event.target.closest('form, .confirm')) return;
        event.preventDefault();
        const role = event.target.dataset && event.target.dataset.focus ? event.target.dataset.focus : 'up';
        move(index, event.key === 'ArrowUp' ? index - 1 : index + 1, role);
      });
    }
    li.append(cell);
    return li;
  }

  function addControl(data, root) {
    const formHolder = h('div', { class: 'list-add-form' });
    const full = data.maxCount !== undefined && data.elements.length >= data.maxCount;
    const add = h('button', { type: 'button', class: 'tool list-add', 'aria-expanded': 'false', text: t('add'), 'aria-disabled': full ? 'true' : null });
    add.addEventListener('click', () => {
      if (add.getAttribute('aria-expanded') === 'true') return;
      if (add.getAttribute('aria-disabled') === 'true') {
        setStatus(t('listFull', data.maxCount));
        return;
      }
      add.setAttribute('aria-expanded', 'true');
      // The form may have moved into the list drawn again since (draw): the editor's own controls now.
      const close = () => {
        shown.root.querySelector('.list-add-form').replaceChildren();
        const button = shown.root.querySelector('.list-add');
        button.setAttribute('aria-expanded', 'false');
        button.focus();
      };
      const { form, first } = elementForm(shown.data, null, t('addSubmit'), async (value) => {
        const refusal = await change({ op: 'add', value }, (fresh) => {
          const last = fresh.elements.length;
          return t('listAdded', last ? fresh.elements[last - 1].shown : '', last);
        });
        if (!refusal) shown.root.querySelector('.list-add').focus();
        return refusal;
      }, close);
      form.id = uid('add');
      add.setAttribute('aria-controls', form.id);
      formHolder.replaceChildren(form);
      first.focus();
    });
    root.append(add, formHolder);
  }

  /** The editor of `/api/list`'s answer `data`. */
  function render(data) {
    const headerId = uid('header');
    const root = h('section', { class: 'section list-editor', 'aria-labelledby': headerId, 'data-list-key': data.key });
    shown = { data, root };
    fill(root, data);
    return root;
  }

  function fill(root, data) {
    const headerId = root.getAttribute('aria-labelledby');
    const canEdit = editable(data.row);
    const parts = [h('h2', { class: 'section-header', id: headerId, tabindex: '-1', text: `${data.row.title} (${data.row.shown || ''})` })];
    if (data.row.description) parts.push(h('p', { class: 'field-help', text: data.row.description }));
    const why = reason(data.row);
    if (why) parts.push(h('p', { class: 'field-help reason' }, data.row.lock ? h('span', { class: 'lock-sign', 'aria-hidden': 'true', text: '🔒' }) : null, why));
    const list = h('ul', { class: 'group elements', role: 'list', 'aria-labelledby': headerId });
    // A long list is drawn a page at a time, as a section's rows are: "Load more" draws the next.
    const limit = Math.min(data.elements.length, Math.max(shown.visible || 0, PAGE));
    data.elements.slice(0, limit).forEach((element, offset) => list.append(elementRow(data, element, offset + 1, canEdit)));
    if (data.elements.length > limit) {
      const more = h('button', { type: 'button', class: 'load-more', 'data-focus': 'more', text: t('loadMore', data.elements.length - limit) });
      more.addEventListener('click', () => {
        shown.visible = limit + PAGE;
        fill(root, shown.data);
        announce(t('moreShown', Math.min(PAGE, shown.data.elements.length - limit)));
        focusElement(limit + 1, 'edit');
      });
      list.append(h('li', { class: 'row' }, h('div', { class: 'cell' }, more)));
    }
    if (data.elements.length === 0) list.append(h('li', { class: 'row' }, h('div', { class: 'cell' }, h('span', { class: 'empty', text: t('noElements') }))));
    parts.push(list);
    const status = h('p', { class: 'list-status error', role: 'alert' });
    status.hidden = true;
    parts.push(status);
    root.replaceChildren(...parts);
    if (canEdit) addControl(data, root);
  }

  /** Draws `data` in place of the list shown; `keepForm`: an open Add form stays, as typed. */
  function draw(data, keepForm = false) {
    if (!shown) return;
    const addForm = keepForm ? shown.root.querySelector('.list-add-form form') : null;
    shown.data = data;
    const view = state.view;
    if (view && view.listData && view.listData.key === data.key) view.listData = data;
    const root = shown.root;
    fill(root, data);
    if (addForm && root.querySelector('.list-add-form')) {
      root.querySelector('.list-add').setAttribute('aria-expanded', 'true');
      root.querySelector('.list-add-form').append(addForm);
    }
  }

  async function refresh() {
    if (!shown || !shown.root.isConnected) return;
    const key = shown.data.key;
    try {
      const data = await get(`/api/list${query({ key })}`);
      if (!shown || shown.data.key !== key) return;
      const active = document.activeElement;
      const li = active && active.closest ? active.closest('li[data-position]') : null;
      const role = active && active.dataset ? active.dataset.focus : null;
      draw(data, true);
      if (li && role) focusElement(Math.min(Number(li.dataset.position), data.elements.length), role);
    } catch {
      // The reachability handlers say why.
    }
  }

  /** A `change` event made elsewhere: the list shown is said and fetched again (this page's own changes are
   * drawn from their answers, an Undo's by undo.js). */
  function onChange(data, mine) {
    if (mine || !shown || !shown.root.isConnected || data.key !== shown.data.key || !data.row) return;
    if (same(data.row, shown.data.row) && !data.row.secure) return;
    announce(t('changedTo', data.row.title, data.row.shown || ''));
    refresh();
  }

  return { render, onChange, refresh };
}
