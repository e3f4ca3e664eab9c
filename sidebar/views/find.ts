// The Find view: people or companies by the search's filters, how many match, then the results
// written into a sheet while this view steps the search (the time-driven trigger goes on with it
// once the sidebar is closed), with Cancel, and "Enrich these people" on the rows written.
import { COMPANY_SIZES, COMPANY_TYPES, REVENUE_RANGES } from '../../contract/enumerations';
import { busy, errorMessage } from '../busy';
import { checked, el, fillSelect, value } from '../dom';
import { thousands } from '../numbers';
import { server, type ServerResult } from '../server';
import { showTab } from '../tabs';

type Input = NonNullable<Parameters<typeof server.runSearch>[0]>;
/** A search as the server tells of it (a number answers a count). */
type Search = Exclude<ServerResult<'runSearch'>, number | null>;

/** What the server answers while another step (the time-driven one) holds the spreadsheet. */
const HELD = /Another step of the add-on/;
/** Ask again this long after finding the spreadsheet held. */
const HELD_WAIT_MS = 5000;

/** A loop of steps is out: the view follows one search at a time. */
let following = false;
let canceling = false;
/** The search last shown. */
let shown: Search | undefined;

function kind(): Input['kind'] {
  return checked('find-companies') ? 'companies' : 'people';
}

/** A comma-separated field as a list; undefined when empty. */
function list(id: string): string[] | undefined {
  const items = value(id)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return items.length ? items : undefined;
}

function chosen(id: string): string[] | undefined {
  const items = Array.from(el<HTMLSelectElement>(id).selectedOptions).map((o) => o.value);
  return items.length ? items : undefined;
}

/** The request as the form says it: only the filters filled in, named as the endpoints name them. */
function request(): Input {
  const k = kind();
  const r: Input = { kind: k };
  const put = (name: string, v: string[] | string | undefined) => {
    if (v && v.length) r[name] = v;
  };
  if (k === 'people') {
    put('person_name', value('find-person-name'));
    for (const f of ['titles', 'locations', 'keywords']) put(`person_${f}`, list(`find-person-${f}`));
  } else put('company_keywords', list('find-company-keywords'));
  for (const f of ['names', 'domains', 'locations', 'industries']) put(`company_${f}`, list(`find-company-${f}`));
  for (const f of ['sizes', 'types', 'revenue']) put(`company_${f}`, chosen(`find-company-${f}`));
  return r;
}

/** What a search has done, in words. */
export function describe(s: Search): string {
  const rows = `${thousands(s.written)} row${s.written === 1 ? '' : 's'}`;
  const where = `"${s.name}"`;
  if (s.wait && !s.end)
    return `${rows} of ${thousands(s.limit)} written to ${where}; the service asked to wait, going on in ${thousands(s.wait)} s…`;
  if (!s.end) return `${rows} of ${thousands(s.limit)} written to ${where}…`;
  if (s.end === 'Done.') return `Done: ${rows} written to ${where}.`;
  if (s.end === 'Canceled.') return `Canceled: the ${rows} written to ${where} stay.`;
  return `Stopped: ${s.end} The ${rows} written to ${where} stay; to go on, search again below them (those already there are skipped).`;
}

function show(s: Search | undefined): void {
  shown = s;
  el('find-progress').textContent = s ? describe(s) : '';
  el<HTMLButtonElement>('find-start').disabled = Boolean(s && !s.end);
  el('find-cancel').hidden = !s || Boolean(s.end);
  el('find-enrich').hidden = !s?.end || s.kind !== 'people' || s.written === 0;
}

/** The search's next step, asked again a little later while another step holds the spreadsheet. */
async function next(id: number): Promise<Search | null> {
  for (;;) {
    try {
      return (await server.runSearch(null, id, canceling || undefined)) as Search | null;
    } catch (e) {
      if (!HELD.test(errorMessage(e))) throw e;
      el('find-progress').textContent = `${shown ? describe(shown) : ''} (going on in the background; asking again shortly)`;
      await new Promise((resolve) => setTimeout(resolve, HELD_WAIT_MS));
    }
  }
}

/**
 * Steps the search `first` answers until it ends, showing how far it is after each step.
 * `opening`: followed as the view opens, not at the person's asking.
 */
async function follow(first: () => Promise<unknown>, label: string, opening = false): Promise<void> {
  if (following) return;
  following = true;
  canceling = false;
  try {
    await busy(
      label,
      async () => {
        let s = (await first()) as Search | null;
        while (s && !s.end) {
          show(s);
          // The service (or Apps Script's quota) asked to wait: the next step goes on after it,
          // or at once to cancel.
          for (let t = s.wait ?? 0; t > 0 && !canceling; t--) await new Promise((resolve) => setTimeout(resolve, 1000));
          s = await next(s.id);
        }
        show(s ?? undefined);
      },
      el('find-filters'),
      opening,
    );
  } finally {
    following = false;
  }
}

function showKind(): void {
  for (const block of Array.from(document.querySelectorAll<HTMLElement>('#find-form [data-kind]')))
    block.hidden = block.dataset.kind !== kind();
}

/** A count answers for the filters it was asked with: any change asks for another. */
function forgetCount(): void {
  el('find-matches').textContent = '';
  el('find-start-box').hidden = true;
}

/** On showing the Find tab: the spreadsheet's last search, and one going on is followed here. */
export function watchFind(): void {
  if (following) return;
  void follow(() => server.runSearch(), 'Looking for a search going on…', true);
}

export function initFind(): void {
  fillSelect(
    el<HTMLSelectElement>('find-company-sizes'),
    COMPANY_SIZES.map((s) => [s, s] as const),
  );
  fillSelect(
    el<HTMLSelectElement>('find-company-types'),
    COMPANY_TYPES.map((s) => [s, s] as const),
  );
  fillSelect(
    el<HTMLSelectElement>('find-company-revenue'),
    REVENUE_RANGES.map((s) => [s, s] as const),
  );
  showKind();
  for (const id of ['find-people', 'find-companies']) el(id).addEventListener('change', showKind);
  for (const field of Array.from(document.querySelectorAll('#find-filters input, #find-filters select')))
    if (!(field as HTMLElement).closest('#find-start-box')) field.addEventListener('input', forgetCount);
  el('find-count').addEventListener('click', () => {
    void busy('Counting…', () => server.runSearch(request(), undefined, true), el('find-filters')).then((n) => {
      if (typeof n !== 'number') return;
      el('find-matches').textContent =
        `${thousands(n)} match${n === 1 ? 'es' : ''} these filters. Searching costs no credits and reveals no emails or phone numbers.`;
      const limit = el<HTMLInputElement>('find-limit');
      limit.max = String(Math.min(10000, n));
      limit.value = String(Math.min(1000, n));
      el('find-start-box').hidden = n === 0;
    });
  });
  el<HTMLFormElement>('find-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const limit = el<HTMLInputElement>('find-limit');
    const rows = Math.min(Number(limit.value) || 0, Number(limit.max) || 10000);
    if (rows < 1) return;
    void follow(() => server.runSearch({ ...request(), limit: rows, active: checked('find-into-active') }), 'Writing…');
    // Cancel is there from the start: the first step may take a while.
    el('find-cancel').hidden = false;
  });
  el('find-cancel').addEventListener('click', () => {
    // The step out ends first; the next one asked for cancels.
    canceling = true;
    el('find-progress').textContent = 'Canceling…';
    if (!following && shown) void follow(() => next(shown!.id), 'Canceling…');
  });
  el('find-enrich').addEventListener('click', () => {
    if (!shown) return;
    const id = shown.id;
    void busy(
      'Selecting the rows…',
      async () => {
        // An ended search selects the rows it wrote; one replaced since has none to select.
        const s = await server.runSearch(null, id);
        if (!s || typeof s === 'number' || s.id !== id)
          throw new Error('A newer search has replaced this one: select the rows to enrich, then use the Run tab.');
        const action = el<HTMLSelectElement>('run-action');
        action.value = 'person';
        // Find promised the emails come from enriching the people kept: the reveal is ticked.
        el<HTMLInputElement>('run-reveal-email').checked = true;
        action.dispatchEvent(new Event('change'));
        showTab('run');
        el('run-check').click();
      },
      el('find-form'),
    );
  });
}
