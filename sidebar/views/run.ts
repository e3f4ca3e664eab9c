// The Run view: choose the action and its options, see the detected column mapping and the
// cost estimate for the selected rows, change the mapping, and start.
import { busy } from '../busy';
import { checked, choice, clear, el, fillSelect, freshen, h, value } from '../dom';
import { thousands } from '../numbers';
import { server, type ServerResult } from '../server';
import { creditText } from '../numbers';

type Preview = ServerResult<'previewRun'>;
type RunRequest = Parameters<typeof server.previewRun>[0];
type Mapping = NonNullable<RunRequest['mapping']>;
type ListChoice = ServerResult<'listLeadLists'>[number];

let mapping: Mapping = {};
let headers: string[] = [];
let started: () => void = () => {};
/** The account's lead lists, once asked for. */
let lists: ListChoice[] | undefined;
/** The estimate on screen: a start sends it, and the server refuses one that would differ. */
let seen = '';
/** Opened to add to an existing list: the lists, once read, offer one chosen or ask for a choice. */
let pickList = false;
/** The person changed the reuse age shown: it is sent, and kept for the spreadsheet when a run starts. */
let reuseSet = false;
/** The lead-list target that asks for a choice: neither a new list nor an existing one yet. */
const CHOOSE = '?';

function input(): RunRequest {
  const action = choice('run-action', ['person', 'company', 'email', 'lead_list']);
  const request: RunRequest = {
    action,
    options: { revealEmail: checked('run-reveal-email'), revealPhones: checked('run-reveal-phones') },
    fields: choice('run-fields', ['basic', 'all']),
    rerun: checked('run-rerun'),
    skipExcluded: checked('run-skip-excluded'),
  };
  if (action === 'lead_list' && value('run-list-target')) {
    // An existing list: its own type and options decide; only its id goes.
    request.listId = value('run-list-target');
  } else if (action === 'lead_list') {
    const listType = choice('run-list-type', ['', 'email', 'profile', 'titles_and_company']);
    request.options = {
      ...request.options,
      enrich: checked('run-list-enrich'),
      validateEmail: checked('run-list-validate'),
      revealPhones: checked('run-list-phones'),
      ...(listType ? { listType } : {}),
    };
    // Sent once it has a name and an owner: the preview fills in the owner's default.
    if (value('run-list-name') && value('run-list-owner')) {
      request.list = {
        name: value('run-list-name'),
        owner: value('run-list-owner'),
        shared: checked('run-list-shared'),
        visible: checked('run-list-visible'),
      };
    }
  }
  if (Object.keys(mapping).length) request.mapping = mapping;
  // Sent as typed: the server words what is wrong with it.
  if (reuseSet) request.reuseDays = Number(value('run-reuse-days'));
  return request;
}

function renderMapping(preview: Preview): void {
  headers = preview.headers;
  const box = el('run-mapping');
  clear(box);
  for (const { role, label, header } of preview.mapping) {
    const id = `map-${role}`;
    const select = h('select', { id });
    fillSelect(select, [['', '— none —'], ...headers.filter(Boolean).map((x) => [x, x] as const)], header);
    select.addEventListener('change', () => {
      // The whole mapping as shown, so remembered choices for other roles are kept.
      mapping = {};
      for (const m of preview.mapping) mapping[m.role] = el<HTMLSelectElement>(`map-${m.role}`).value || null;
      refresh();
    });
    box.append(h('div', { class: 'map-row' }, h('label', { for: id, text: label }), select));
  }
}

function render(preview: Preview): void {
  renderMapping(preview);
  // The price in its parts, worded here from the server's counts and rates.
  const price = preview.cost.length
    ? `It can spend ${creditText(preview.cost, '', 'up to ')}.`
    : preview.action === 'company'
      ? 'Company enrichment is free.'
      : 'It spends no credits.';
  el('run-summary').textContent = `${preview.outline} ${price}`;
  seen = preview.summary;
  if (!value('run-list-owner') && preview.defaultOwner) el<HTMLInputElement>('run-list-owner').value = preview.defaultOwner;
  // A free run asks too when it is large: its button names the rows it starts.
  el<HTMLButtonElement>('run-start').textContent =
    preview.credits.email + preview.credits.phone > 0
      ? 'Start and spend credits'
      : preview.needsConfirmation
        ? `Start ${thousands(preview.counts.send)} rows`
        : 'Start';
  // Answers to reuse are written by a start too, though nothing is sent.
  el<HTMLButtonElement>('run-start').disabled = preview.counts.distinct === 0 && !preview.counts.reused;
  if (!reuseSet) el<HTMLInputElement>('run-reuse-days').value = String(preview.reuseDays);
  shown(true);
  freshen(el('run-foot'));
}

/** Whether an estimate is on screen: the mapping, the estimate and Start go and come together. */
function shown(on?: boolean): boolean {
  if (on !== undefined) {
    el('run-preview').hidden = el('run-start').hidden = !on;
    if (!on) el('run-summary').textContent = '';
  }
  return !el('run-preview').hidden;
}

function refresh(): void {
  if (value('run-list-target') === CHOOSE && value('run-action') === 'lead_list') {
    shown(false);
    el('run-list-target').focus();
    return;
  }
  void busy('Reading the selection…', () => server.previewRun(input()), el('view-run')).then((p) => p && render(p));
}

/** What the chosen existing list matches by and costs; the new list's fields when none is chosen. */
function showListTarget(): void {
  const target = value('run-list-target');
  const chosen = lists?.find((l) => l.id === target);
  el('run-list-new').hidden = chosen !== undefined || target === CHOOSE;
  el('run-list-note').hidden = chosen === undefined && target !== CHOOSE;
  el('run-list-note').textContent = chosen
    ? `Matches leads by ${chosen.matches}. ${chosen.note}`
    : target === CHOOSE
      ? lists?.some((l) => l.accepts)
        ? 'Choose the lead list to add the selected rows to.'
        : 'None of your lead lists takes these rows: choose "A new lead list" to make one.'
      : '';
}

/** The existing lists to choose from, fetched each time lead lists are chosen (one may have been made since). */
async function loadLists(): Promise<void> {
  const got = await busy('Reading your lead lists…', () => server.listLeadLists(), el('view-run'));
  if (!got) return;
  lists = got;
  const select = el<HTMLSelectElement>('run-list-target');
  const keep = select.value;
  clear(select);
  select.append(h('option', { value: '', text: 'A new lead list' }));
  for (const l of got) {
    const label = l.accepts ? `${l.name} (${l.matches})` : `${l.name}: ${l.note}`;
    select.append(h('option', { value: l.id, text: label, disabled: !l.accepts }));
  }
  const open = got.filter((l) => l.accepts);
  const pick = pickList;
  pickList = false;
  // From "Add to an existing lead list…": the only list that takes rows, or a prompt to choose.
  if (pick && open.length !== 1) select.prepend(h('option', { value: CHOOSE, text: 'Choose a lead list…' }));
  select.value = !pick ? keep : open.length === 1 ? open[0]!.id : CHOOSE;
  if (select.selectedIndex < 0) select.value = '';
  showListTarget();
  if (pick) select.focus();
}

function showOptions(): void {
  const action = value('run-action');
  el('run-person-options').hidden = action !== 'person';
  el('run-list-options').hidden = action !== 'lead_list';
  if (action === 'lead_list') void loadLists();
}

/** Opens on lead lists, ready to add the selected rows to an existing one (the menu's item). */
export function chooseExistingList(): void {
  el<HTMLSelectElement>('run-action').value = 'lead_list';
  pickList = true;
  shown(false);
  showOptions();
  el('run-list-options').scrollIntoView();
}

export function initRun(onStarted: () => void): void {
  started = onStarted;
  el('run-action').addEventListener('change', () => {
    mapping = {};
    showOptions();
    shown(false);
  });
  for (const id of [
    'run-reveal-email',
    'run-reveal-phones',
    'run-fields',
    'run-rerun',
    'run-skip-excluded',
    'run-list-enrich',
    'run-list-validate',
    'run-list-phones',
    'run-list-type',
    'run-list-target',
  ]) {
    el(id).addEventListener('change', () => {
      if (shown()) refresh();
    });
  }
  for (const id of ['run-list-name', 'run-list-owner', 'run-list-shared', 'run-list-visible']) {
    el(id).addEventListener('change', () => {
      if (shown()) refresh();
    });
  }
  el('run-reuse-days').addEventListener('change', () => {
    reuseSet = true;
    if (shown()) refresh();
  });
  el('run-list-target').addEventListener('change', showListTarget);
  el('run-check').addEventListener('click', refresh);
  el<HTMLFormElement>('run-form').addEventListener('submit', (event) => {
    event.preventDefault();
    // Enter in a field submits the form: without an estimate on screen, show one instead.
    if (!shown()) {
      refresh();
      return;
    }
    // The person saw the estimate above this button: starting is their confirmation.
    void busy('Starting…', () => server.startRun({ ...input(), confirmed: true, seen }), el('view-run')).then(async (job) => {
      if (!job) {
        // Refused (the rows may have changed since the estimate): the estimate on screen is read
        // again, leaving the refusal's reason shown above it.
        const now = await server.previewRun(input()).catch(() => undefined);
        if (now) render(now);
        return;
      }
      shown(false);
      started();
    });
  });
  showOptions();
}
