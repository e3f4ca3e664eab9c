// The Tools view: imports into a sheet, page by page with progress, the row actions (log calls,
// review phone numbers, call recordings, mailbox limits) with their column mapping, and adding rows to a sequence (sequence.ts).
import { busy } from '../busy';
import { checked, choice, clear, el, fillSelect, h, value } from '../dom';
import { server, type ServerResult } from '../server';
import { JOB_SENIORITIES } from '../../contract/enumerations';
import { initSequence } from './sequence';

type ToolRequest = Parameters<typeof server.runTool>[0];
type Seniority = NonNullable<Extract<ToolRequest, { tool: 'job_openings' }>['seniorities']>[number];
type RowRequest = Parameters<typeof server.runRowAction>[0];

const SENIORITIES: readonly Seniority[] = JOB_SENIORITIES;

let rowMapping: NonNullable<RowRequest['mapping']> = {};

function list(text: string): string[] | undefined {
  const items = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return items.length ? items : undefined;
}

function importRequest(): ToolRequest {
  const kind = choice('import-kind', ['territories', 'job_openings', 'excluded_domains', 'excluded_emails', 'contact', 'mailboxes']);
  const sheetName = value('import-sheet') || undefined;
  switch (kind) {
    case 'job_openings': {
      const chosen = Array.from(el<HTMLSelectElement>('import-seniorities').selectedOptions).map((o) => o.value);
      const seniorities = SENIORITIES.filter((s) => chosen.includes(s));
      return {
        tool: 'job_openings',
        domain: value('import-domain'),
        seniorities: seniorities.length ? seniorities : undefined,
        departments: list(value('import-departments')),
        jobFunctions: list(value('import-functions')),
        remote: checked('import-remote') || undefined,
        sheetName,
      };
    }
    case 'excluded_domains':
    case 'excluded_emails':
      return { tool: kind, keyword: value('import-keyword') || undefined, sheetName };
    case 'contact':
      return { tool: 'contact', contactId: value('import-contact'), sheetName };
    case 'mailboxes':
      return { tool: 'mailboxes', sheetName };
    case 'territories':
      return { tool: 'territories', name: value('import-name') || undefined, sheetName };
  }
}

function rowRequest(): RowRequest {
  const action = choice('rows-action', ['log_calls', 'review_phones', 'call_recordings', 'mailbox_limits']);
  return { action, mapping: rowMapping, ...(action === 'call_recordings' && checked('rows-refresh') ? { refresh: true } : {}) };
}

function showImportFields(): void {
  const kind = value('import-kind');
  for (const block of Array.from(document.querySelectorAll<HTMLElement>('#import-form [data-for]'))) {
    block.hidden = !(block.dataset.for ?? '').split(' ').includes(kind);
  }
}

async function runImport(): Promise<void> {
  const request = importRequest();
  const progress = el('import-progress');
  let next: string | undefined;
  for (;;) {
    const step: ServerResult<'runTool'> | undefined = await busy(
      'Importing…',
      () => (next ? server.runTool(request, next) : server.runTool(request)),
      el('import-form'),
    );
    if (!step) return;
    progress.textContent = step.message;
    if (step.done || !step.next) return;
    next = step.next;
  }
}

function renderRows(preview: ServerResult<'previewRowAction'>): void {
  const box = el('rows-mapping');
  clear(box);
  for (const f of preview.fields) {
    const id = `rowmap-${f.field}`;
    const select = h('select', { id });
    fillSelect(select, [['', '— none —'], ...preview.headers.filter(Boolean).map((x) => [x, x] as const)], f.header);
    select.addEventListener('change', () => {
      rowMapping[f.field] = select.value || null;
    });
    box.append(h('div', { class: 'map-row' }, h('label', { for: id, text: f.required ? `${f.label} *` : f.label }), select));
  }
  el('rows-summary').textContent = preview.summary;
  el('rows-preview').hidden = false;
}

export function initTools(): void {
  fillSelect(
    el<HTMLSelectElement>('import-seniorities'),
    SENIORITIES.map((s) => [s, s] as const),
  );
  el('import-kind').addEventListener('change', showImportFields);
  showImportFields();
  el<HTMLFormElement>('import-form').addEventListener('submit', (event) => {
    event.preventDefault();
    el('import-progress').textContent = '';
    void runImport();
  });
  const showRefresh = () => (el('rows-refresh-line').hidden = value('rows-action') !== 'call_recordings');
  el('rows-action').addEventListener('change', () => {
    rowMapping = {};
    el('rows-preview').hidden = true;
    showRefresh();
  });
  showRefresh();
  el('rows-check').addEventListener('click', () => {
    void busy('Reading the selection…', () => server.previewRowAction(rowRequest()), el('rows-form')).then((p) => p && renderRows(p));
  });
  initSequence();
  el<HTMLFormElement>('rows-form').addEventListener('submit', (event) => {
    event.preventDefault();
    void busy('Sending…', () => server.runRowAction(rowRequest()), el('rows-form')).then((r) => {
      if (r) el('rows-result').textContent = r.message;
    });
  });
}
