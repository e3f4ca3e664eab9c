// The lives campaign's commands (what people do, what Apps Script does, how the service fails)
// and the promises checked after each one and at the end of a job's life.
import { reporter } from './broken-promise';
import type fc from 'fast-check';
import type { Fault } from './chaos-world';
import {
  ACTIONS,
  EDITOR,
  EDITOR_KEY,
  MENU,
  OTHER_ACCOUNT,
  OTHER_KEY,
  OUTCOME_WORDS,
  OWNER,
  OWNER_KEY,
  PENDING,
  PREFIX,
  rowKey,
  STATUS,
  truthOf,
  type KeyCells,
  type LivesWorld,
} from './lives-world';
import type { Action } from './chaos-world';

const DAY = 24 * 3600_000;

/** What the test remembers of the person's doings, to tell their changes from the add-on's. */
export interface LivesModel {
  /** The sheet the jobs run on, by id (it may be renamed), or undefined once deleted. */
  mainId: number | undefined;
  /** Copies the person made, by id: their cells as copied (no job runs on them). */
  copies: Map<number, unknown[][]>;
  /** `action|id` of rows whose key the person changed while they showed a result: that result is theirs to keep. */
  stale: Set<string>;
  /** The selection and action of the owner's last start, which the second editor repeats. */
  lastStart: { action: Action; a1: string } | undefined;
  edits: number;
  renames: number;
  /** The busy document lock held "by another execution", if any. */
  lock: { release(): void } | undefined;
  /** Keys whose result some row showed at some moment, per action (the person may delete it later). */
  delivered: Record<Action, Set<string>>;
  /** Time-driven runs went without their spreadsheet at some point: the person's sidebar carries jobs on. */
  withoutDocument?: boolean;
}

export function newModel(w: LivesWorld, mainId: number): LivesModel {
  const m: LivesModel = {
    mainId,
    copies: new Map(),
    stale: new Set(),
    lastStart: undefined,
    edits: 0,
    renames: 0,
    lock: undefined,
    delivered: { email: new Set(), company: new Set(), person: new Set() },
  };
  // The service's ledger asks whether the person has had a key's result by the time it is sent
  // again: on a row, or kept in an unplaced-results sheet (a row asking again for it is the
  // person asking again, as after a row showed it).
  w.delivered = (action, key) => {
    noteDelivered(m, w);
    const kept = unplacedText(w);
    const k = key.toLowerCase();
    // A name-and-company key is shown there as "name at company".
    return m.delivered[action].has(key) || kept.includes(k) || kept.includes(k.replace('|', ' at '));
  };
  return m;
}

// ---- reading the sheet ----

/** Every unplaced-results sheet's cells as lower-case text. */
function unplacedText(w: LivesWorld): string {
  return w.host.spreadsheet.sheets
    .filter((s) => / · unplaced results$/.test(s.name))
    .map((s) => JSON.stringify(w.host.sheet(s.name).values()).toLowerCase())
    .join('\n');
}

function mainSheet(m: LivesModel, w: LivesWorld) {
  return m.mainId === undefined ? undefined : w.host.spreadsheet.sheetById(m.mainId);
}

export interface Layout {
  name: string;
  values: unknown[][];
  col: (header: string) => number;
  /** The cells a row's key is made of. */
  keyCells: (cells: unknown[]) => KeyCells;
  /** Data rows by the person's ID, with their row number (1-based). */
  rows: Array<{ id: string; row: number; cells: unknown[] }>;
}

function layout(m: LivesModel, w: LivesWorld): Layout | undefined {
  const sheet = mainSheet(m, w);
  if (!sheet) return undefined;
  const values = w.host.sheet(sheet.name).values();
  const header = values[0] ?? [];
  const col = (h: string) => header.indexOf(h);
  const id = col('ID');
  const rows: Layout['rows'] = [];
  values.forEach((cells, i) => {
    if (i > 0 && id >= 0 && /^r\d+$/.test(String(cells[id]))) rows.push({ id: String(cells[id]), row: i + 1, cells });
  });
  const [email, website, name] = [col('Email'), col('Website'), col('Name')];
  const keyCells = (cells: unknown[]) => ({ email: cells[email], website: cells[website], name: cells[name] });
  return { name: sheet.name, values, col, keyCells, rows };
}

function keyHeader(action: Action): string {
  return action === 'company' ? 'Website' : 'Email';
}

function letter(col0: number): string {
  return String.fromCharCode(65 + col0);
}

// ---- the commands ----

type Cmd = fc.Command<LivesModel, LivesWorld>;

abstract class Base implements Cmd {
  check(): boolean {
    return true;
  }
  run(m: LivesModel, w: LivesWorld): void {
    this.act(m, w);
    checkPromises(m, w);
  }
  abstract act(m: LivesModel, w: LivesWorld): void;
  abstract toString(): string;
}

function record(w: LivesWorld, r: { value?: unknown; error?: { message: string } | undefined }): void {
  w.payloads.push(r.value, r.error?.message);
}

/** The person's own changes to the sheet: done now, or while the add-on's next request is on its way. */
export type SheetEdit =
  | { e: 'sort'; column: number; asc: boolean }
  | { e: 'insertRows'; at: number; count: number }
  | { e: 'deleteRows'; pick: number; count: number }
  | { e: 'insertColumn'; at: number }
  | { e: 'deleteColumn'; which: 'input' | 'status' | 'result'; action: Action }
  | { e: 'clearStatus'; action: Action }
  | { e: 'clearKey'; pick: number; action: Action }
  | { e: 'editKey'; pick: number; action: Action }
  | { e: 'rename' }
  | { e: 'duplicate' }
  | { e: 'deleteSheet' };

/** Marks a row's results as the person's own once they change its key: nothing the add-on can fix. */
function keyChanged(m: LivesModel, l: Layout, row: { id: string; cells: unknown[] }): void {
  for (const a of ACTIONS) {
    const s = l.col(STATUS[a]);
    if (s >= 0 && OUTCOME_WORDS[a].includes(String(row.cells[s]))) m.stale.add(`${a}|${row.id}`);
  }
}

/** Notes the results rows show now: once shown, a result was delivered, whatever the person does to it after. */
function noteDelivered(m: LivesModel, w: LivesWorld, l: Layout | undefined = layout(m, w)): void {
  if (!l) return;
  for (const action of ACTIONS) {
    const s = l.col(STATUS[action]);
    if (s < 0) continue;
    for (const r of l.rows) {
      const key = rowKey(action, l.keyCells(r.cells));
      if (key === undefined || m.stale.has(`${action}|${r.id}`)) continue;
      const text = String(r.cells[s]);
      const word = w.unknownWord.get(`${action}|${key}`);
      if (
        OUTCOME_WORDS[action].includes(text) ||
        (word !== undefined && !/^(Error|Skipped|Canceled)/.test(text) && text.toLowerCase().includes(word))
      )
        m.delivered[action].add(key);
    }
  }
}

export function applyEdit(m: LivesModel, w: LivesWorld, ed: SheetEdit): void {
  const l = layout(m, w);
  if (!l) return;
  noteDelivered(m, w, l);
  const sheet = w.host.sheet(l.name);
  const pickRow = (p: number) => (l.rows.length ? l.rows[p % l.rows.length] : undefined);
  const width = Math.max(1, ...l.values.map((r) => r.length));
  switch (ed.e) {
    case 'sort':
      sheet.userSort(1 + (ed.column % width), ed.asc);
      break;
    case 'insertRows':
      sheet.userInsertRows(2 + (ed.at % Math.max(1, l.values.length)), ed.count);
      break;
    case 'deleteRows': {
      const r = pickRow(ed.pick);
      // Sheets keeps at least one row below the frozen header.
      if (!r || sheet.model.maxRows - ed.count <= 1) break;
      sheet.userDeleteRows(r.row, Math.min(ed.count, sheet.model.maxRows - r.row + 1));
      break;
    }
    case 'insertColumn':
      sheet.userInsertColumns(1 + (ed.at % (width + 1)), 1);
      break;
    case 'deleteColumn': {
      let c = -1;
      if (ed.which === 'input') c = l.col(keyHeader(ed.action));
      if (ed.which === 'status') c = l.col(STATUS[ed.action]);
      if (ed.which === 'result')
        c = (l.values[0] ?? []).findIndex((h) => String(h).startsWith(PREFIX[ed.action]) && h !== STATUS[ed.action]);
      if (c < 0 || sheet.model.maxColumns <= 1) break;
      sheet.userDeleteColumns(c + 1, 1);
      // The rows' keys are gone (or, for a company, read from the email's domain now): results
      // shown before are the person's to keep.
      if (ed.which === 'input') for (const r of l.rows) keyChanged(m, l, r);
      // A result column the person deleted takes the values rows showed with it: those rows'
      // results stay as the person left them (the add-on puts the column back, empty, for later rows).
      if (ed.which === 'result') for (const r of l.rows) keyChanged(m, l, r);
      break;
    }
    case 'clearStatus': {
      const c = l.col(STATUS[ed.action]);
      if (c < 0) break;
      for (let r = 2; r <= l.values.length; r++) sheet.userEdit(`${letter(c)}${r}`, '');
      break;
    }
    case 'clearKey':
    case 'editKey': {
      const r = pickRow(ed.pick);
      const c = l.col(keyHeader(ed.action));
      if (!r || c < 0) break;
      keyChanged(m, l, r);
      m.edits++;
      const value =
        ed.e === 'clearKey' ? '' : ed.action === 'company' ? `https://edited${m.edits}.com` : `edited${m.edits}.${r.id}@firm1.com`;
      sheet.userEdit(`${letter(c)}${r.row}`, value);
      break;
    }
    case 'rename':
      m.renames++;
      w.host.userRenameSheet(l.name, `Prospects_${m.renames}`);
      break;
    case 'duplicate': {
      const name = w.host.userDuplicateSheet(l.name);
      const copy = w.host.spreadsheet.sheetByName(name)!;
      m.copies.set(copy.sheetId, w.host.sheet(name).values());
      break;
    }
    case 'deleteSheet':
      // Sheets keeps one sheet: the person adds a blank one first when this is the last.
      if (w.host.spreadsheet.sheets.length === 1) w.host.sheet('Notes');
      w.host.userDeleteSheet(l.name);
      m.mainId = undefined;
      break;
  }
}

function editText(ed: SheetEdit): string {
  return JSON.stringify(ed);
}

export class Edit extends Base {
  constructor(readonly ed: SheetEdit) {
    super();
  }
  act(m: LivesModel, w: LivesWorld): void {
    applyEdit(m, w, this.ed);
  }
  toString(): string {
    return `Edit(${editText(this.ed)})`;
  }
}

/** The same edit, made while the add-on's next request to the service is on its way. */
export class EditMidRequest extends Base {
  constructor(readonly ed: SheetEdit) {
    super();
  }
  act(m: LivesModel, w: LivesWorld): void {
    w.inFlight.push(() => applyEdit(m, w, this.ed));
  }
  toString(): string {
    return `EditMidRequest(${editText(this.ed)})`;
  }
}

export class Start extends Base {
  constructor(
    readonly action: Action,
    readonly from: number,
    readonly to: number,
    readonly via: 'sidebar' | 'menu',
    /** When set, the service is busy at the start: its first request is a 429 asking for this wait (see ServiceFault). */
    readonly busy?: number,
  ) {
    super();
  }
  act(m: LivesModel, w: LivesWorld): void {
    if (this.busy !== undefined) w.armed.unshift({ fault: 'r429', draw: this.busy });
    const l = layout(m, w);
    if (!l) return;
    const last = Math.max(2, l.values.length);
    const span = last - 1;
    const [a, b] = [2 + (this.from % span), 2 + (this.to % span)].sort((x, y) => x - y) as [number, number];
    const a1 = `${l.name}!A${Math.min(a, b)}:D${b}`;
    w.host.select(a1);
    m.lastStart = { action: this.action, a1 };
    const r =
      this.via === 'menu'
        ? w.host.clickMenu(MENU[this.action])
        : w.host.callFromSidebar('startRun', [{ action: this.action, confirmed: true }]);
    record(w, r);
  }
  toString(): string {
    const busy = this.busy === undefined ? '' : `, service busy: retry-after ${1 + Math.floor(this.busy * 900)} s`;
    return `Start(${this.action}, ${this.from}, ${this.to}, ${this.via}${busy})`;
  }
}

/** A second editor, with their own key, starts the owner's last action on the same rows. */
export class EditorStart extends Base {
  act(m: LivesModel, w: LivesWorld): void {
    if (!m.lastStart || !mainSheet(m, w)) return;
    const name = mainSheet(m, w)!.name;
    w.host.select(m.lastStart.a1.replace(/^[^!]*!/, `${name}!`));
    record(w, w.host.callFromSidebar('startRun', [{ action: m.lastStart.action, confirmed: true }], EDITOR));
  }
  toString(): string {
    return 'EditorStart';
  }
}

interface JobListing {
  id: string;
  state: string;
  message: string;
  action: string;
  sheetName: string;
}

function jobsOf(w: LivesWorld, user: string): JobListing[] {
  const r = w.host.callFromSidebar('listJobs', [], user);
  record(w, r);
  return r.ok ? (r.value as JobListing[]) : [];
}

export class Cancel extends Base {
  act(_m: LivesModel, w: LivesWorld): void {
    const live = jobsOf(w, OWNER).find((j) => j.state === 'running' || j.state === 'paused');
    if (live) record(w, w.host.callFromSidebar('cancelJob', [live.id]));
  }
  toString(): string {
    return 'Cancel';
  }
}

export class Poll extends Base {
  act(_m: LivesModel, w: LivesWorld): void {
    record(w, w.host.callFromSidebar('pollJobs', []));
  }
  toString(): string {
    return 'Poll';
  }
}

export class Connection extends Base {
  constructor(readonly to: 'disconnect' | 'other' | 'original') {
    super();
  }
  act(_m: LivesModel, w: LivesWorld): void {
    if (this.to === 'disconnect') record(w, w.host.callFromSidebar('disconnect', []));
    else record(w, w.host.callFromSidebar('connect', [this.to === 'other' ? OTHER_KEY : OWNER_KEY]));
  }
  toString(): string {
    return `Connection(${this.to})`;
  }
}

export class FireTrigger extends Base {
  act(_m: LivesModel, w: LivesWorld): void {
    const r = w.host.fireNextTrigger();
    if (r) record(w, r);
  }
  toString(): string {
    return 'FireTrigger';
  }
}

/** Another execution holds the document lock when the next step wants it (for `ms` from then). */
export class LockBusy extends Base {
  constructor(readonly ms: number) {
    super();
  }
  act(m: LivesModel, w: LivesWorld): void {
    m.lock?.release();
    const due = w.host.triggerList().reduce((min, t) => Math.min(min, t.dueAt ?? Infinity), Infinity);
    const from = Number.isFinite(due) ? Math.max(0, due - w.host.clock.now()) : 0;
    m.lock = w.host.holdLock('document', { releaseAfterMs: from + this.ms });
    const r = w.host.fireNextTrigger();
    if (r) record(w, r);
  }
  toString(): string {
    return `LockBusy(${this.ms})`;
  }
}

/**
 * Google's undocumented trigger rules turn: short one-shots made from a trigger's own run are
 * refused (or allowed again), and time-driven runs do (or do not) see their spreadsheet. Under
 * the add-on's full `spreadsheets` scope a run without its spreadsheet opens it by id.
 */
export class TriggerRules extends Base {
  constructor(
    readonly refused: boolean,
    readonly withoutDocument: boolean,
  ) {
    super();
  }
  act(m: LivesModel, w: LivesWorld): void {
    w.host.setBackgroundOneShots(this.refused ? 'refused' : 'allowed');
    w.host.setTriggerDocument(this.withoutDocument ? 'none' : 'active');
    if (this.withoutDocument) m.withoutDocument = true;
  }
  toString(): string {
    return `TriggerRules(${this.refused ? 'short one-shots refused' : 'allowed'}, ${this.withoutDocument ? 'without the spreadsheet' : 'with it'})`;
  }
}

/** The owner's other scripts spent the day's URL fetch quota. */
export class QuotaSpent extends Base {
  act(_m: LivesModel, w: LivesWorld): void {
    w.host.useUpQuota('urlFetch', OWNER);
  }
  toString(): string {
    return 'QuotaSpent';
  }
}

/** Time passes, with the triggers firing as they fall due. */
export class TimePasses extends Base {
  constructor(readonly days: number) {
    super();
  }
  act(_m: LivesModel, w: LivesWorld): void {
    for (const r of w.host.runTriggersUntil(w.host.clock.now() + this.days * DAY, 400)) record(w, r);
  }
  toString(): string {
    return `TimePasses(${this.days} days)`;
  }
}

/** The service fails the next `count` requests it can (a fault on reads waits for a read of results). */
export class ServiceFault extends Base {
  constructor(
    readonly fault: Fault,
    readonly count: number,
    /** In [0, 1): how long a 429 asks to wait (1 to 900 seconds). */
    readonly wait: number,
    /** The fault waits for a read of a batch's results (an answer-shaped fault always does). */
    readonly onRead = false,
  ) {
    super();
  }
  act(_m: LivesModel, w: LivesWorld): void {
    for (let i = 0; i < this.count; i++) w.armed.push({ fault: this.fault, draw: this.wait, onRead: this.onRead });
  }
  toString(): string {
    const wait = this.fault === 'r429' ? `, retry-after ${1 + Math.floor(this.wait * 900)} s` : '';
    return `ServiceFault(${this.fault} ×${this.count}${wait}${this.onRead ? ', on reads' : ''})`;
  }
}

// ---- the promises ----

/** Promises to look past (LIVES_PAST, comma-separated ids), to find failures behind one known. Never set in CI. */
const broken = reporter('LIVES_PAST');

function jobsRunning(w: LivesWorld): Array<JobListing & { user: string }> {
  return [OWNER, EDITOR].flatMap((user) => jobsOf(w, user).map((j) => ({ ...j, user })));
}

/** How often a check found rows waiting (a job alive between commands), for LIVES_DEBUG. */
export const coverage = { checks: 0, waiting: 0, runsWithWaiting: 0 };
const counted = new WeakSet<LivesWorld>();

/** Every promise that holds at any moment; `final` adds the ones that hold once the jobs ran out. */
export function checkPromises(m: LivesModel, w: LivesWorld, final = false): void {
  const l = layout(m, w);
  const doc = w.host.spreadsheet;

  // No formula in any cell of any sheet.
  for (const s of doc.sheets)
    s.rows.forEach((r, i) =>
      r.cells.forEach((c, j) => {
        if (c?.formula) broken('formula', 'a formula in a cell', { sheet: s.name, cell: `${letter(j)}${i + 1}`, formula: c.formula });
      }),
    );

  // The add-on never writes into a copy the person made: no job runs there.
  for (const [id, copied] of m.copies) {
    const s = doc.sheetById(id);
    if (s && JSON.stringify(w.host.sheet(s.name).values()) !== JSON.stringify(copied))
      broken('copy-written', 'a write to a sheet no job runs on', { sheet: s.name, now: w.host.sheet(s.name).values(), copied });
  }

  // No key paid twice: each key accepted once per action, a start the service canceled before
  // it ran aside (no credit is spent for an item that never ran).
  for (const action of ACTIONS) {
    const count = new Map<string, number>();
    for (const a of w.accepted)
      if (a.action === action && !a.canceled)
        a.keys.forEach((k, i) => {
          // A key sent again after a row showed its result is the person asking again for another row.
          if (!a.known[i]) count.set(k.toLowerCase(), (count.get(k.toLowerCase()) ?? 0) + 1);
        });
    for (const [k, n] of count) if (n > 1) broken('paid-twice', 'a key paid twice', { action, key: k, starts: n });
  }

  // The API keys appear nowhere they should not, in any letter case.
  const seen = (what: string, text: string, keys: string[]) => {
    const low = text.toLowerCase();
    for (const k of keys) if (low.includes(k.toLowerCase())) broken('key-leak', `an API key in ${what}`, { key: k });
  };
  const ownerKeys = [OWNER_KEY, OTHER_KEY];
  for (const s of doc.sheets) seen(`a cell of ${s.name}`, JSON.stringify(w.host.sheet(s.name).values()), [...ownerKeys, EDITOR_KEY]);
  seen('a log', w.host.logs.text(), [...ownerKeys, EDITOR_KEY]);
  seen('what a person was shown', JSON.stringify([w.payloads, doc.toasts]), [...ownerKeys, EDITOR_KEY]);
  seen('document or script properties', JSON.stringify([w.host.documentProperties(), w.host.scriptProperties()]), [
    ...ownerKeys,
    EDITOR_KEY,
  ]);
  seen("the editor's properties", JSON.stringify(w.host.userProperties(EDITOR)), ownerKeys);
  seen("the owner's properties", JSON.stringify(w.host.userProperties(OWNER)), [EDITOR_KEY]);
  seen('a request body', JSON.stringify(w.host.requests.map((q) => [q.url, q.body])), [...ownerKeys, EDITOR_KEY]);

  if (l) {
    // No result on another row: an outcome is the service's answer for the key the row holds now.
    for (const action of ACTIONS) {
      const s = l.col(STATUS[action]);
      if (s < 0) continue;
      const nameCol = l.col('Company · Name');
      const shown = l.rows.filter((r) => OUTCOME_WORDS[action].includes(String(r.cells[s])));
      for (const r of l.rows) if (PENDING.test(String(r.cells[s]))) m.stale.delete(`${action}|${r.id}`);
      const keys = shown.map((r) => rowKey(action, l.keyCells(r.cells)));
      const truth = truthOf(
        w,
        action,
        keys.filter((k): k is string => k !== undefined),
      );
      shown.forEach((r, i) => {
        if (m.stale.has(`${action}|${r.id}`)) return;
        const key = keys[i];
        const status = String(r.cells[s]);
        const t = key === undefined ? undefined : truth.get(key);
        const word = key === undefined ? undefined : w.unknownWord.get(`${action}|${key}`);
        const ok =
          t !== undefined &&
          (status === t.status || (word !== undefined && status.toLowerCase().includes(word.toLowerCase()))) &&
          (action !== 'company' || nameCol < 0 || status !== t.status || String(r.cells[nameCol] ?? '') === (t.name ?? ''));
        if (!ok)
          broken('wrong-row', 'a result on another row', {
            action,
            row: r.id,
            key,
            status,
            name: nameCol >= 0 ? r.cells[nameCol] : undefined,
            truth: t ?? 'never sent',
          });
      });
    }

    noteDelivered(m, w, l);

    // No transient words on rows nothing works on: Queued, Sending, Processing need a running job.
    const pending = ACTIONS.filter((a) => {
      const s = l.col(STATUS[a]);
      return s >= 0 && l.rows.some((r) => PENDING.test(String(r.cells[s])));
    });
    coverage.checks++;
    if (pending.length) {
      coverage.waiting++;
      if (!counted.has(w)) coverage.runsWithWaiting++;
      counted.add(w);
      const jobs = jobsRunning(w);
      for (const a of pending) {
        const running = jobs.some((j) => j.action === a && j.state === 'running');
        if (!running || final) {
          const s = l.col(STATUS[a]);
          const rows = l.rows.filter((r) => PENDING.test(String(r.cells[s]))).map((r) => `${r.id}: ${String(r.cells[s])}`);
          const paused = jobs.some((j) => j.action === a && j.state === 'paused');
          const detail = { action: a, rows, jobs: jobs.filter((j) => j.action === a).map((j) => `${j.user}: ${j.state} ${j.message}`) };
          if (final) broken('left-waiting', 'a row left waiting at the end', detail);
          else if (paused) broken('paused-rows', 'transient words on the rows of a paused job', detail);
          else broken('transient', 'transient words on rows no running job works on', detail);
        }
      }
    }
  }
  if (final) checkFinal(m, w);
}

/** Once the key is back and the triggers ran the jobs out. */
function checkFinal(m: LivesModel, w: LivesWorld): void {
  const jobs = jobsRunning(w);
  const live = jobs.filter((j) => !['done', 'failed', 'canceled'].includes(j.state));
  if (live.length)
    broken(
      'job-not-ended',
      'a job that never ended',
      live.map((j) => `${j.user}: ${j.action} ${j.state} ${j.message}`),
    );
  const triggers = w.host.triggerList();
  if (triggers.length)
    broken(
      'trigger-left',
      'a trigger left',
      triggers.map((t) => ({ user: t.user, handler: t.handler })),
    );

  // Every paid result is on its row or kept in an unplaced-results sheet.
  const unplaced = unplacedText(w);
  for (const action of ACTIONS) {
    const paid = paidKeys(w, action);
    // A name-and-company key is shown there as "name at company".
    const lost = [...paid.keys].filter(
      (k) => !m.delivered[action].has(k) && !unplaced.includes(k) && !unplaced.includes(k.replace('|', ' at ')),
    );
    if (lost.length) broken('paid-lost', 'a paid result on no row and in no unplaced sheet', { action, lost });
    for (const [k, n] of paid.count) if (n > 1) broken('paid-twice', 'a key paid twice', { action, key: k, times: n });
  }
  // Credits spent are what ran: one email credit per email validated, none for a company.
  for (const key of [OWNER_KEY, OTHER_KEY, EDITOR_KEY]) {
    const mine = w.accepted.filter((a) => a.apiKey === key);
    if (mine.some((a) => a.action === 'person')) continue;
    const validated = mine.filter((a) => a.action === 'email').reduce((n, a) => n + finishedOf(w, a).length, 0);
    const spent = w.service.account(key)!.spent.email;
    if (spent !== validated) broken('credits', 'credits spent that no result accounts for', { key: key.slice(-5), spent, validated });
  }
}

/** The keys of a batch the service ran (its results list), read once everything has ended. */
function finishedOf(w: LivesWorld, a: { action: Action; id: string; apiKey: string }): string[] {
  const path =
    a.action === 'email' ? '/email-validations' : a.action === 'company' ? '/companies/enrichment-requests' : '/people/enrichment-requests';
  const res = w.service.handle({
    method: 'GET',
    path: `${path}/${encodeURIComponent(a.id)}?page%5Bsize%5D=1000`,
    headers: { authorization: `Bearer ${a.apiKey}` },
    body: '',
  });
  if (res.status !== 200) throw new Error(`reading batch ${a.id}: ${res.status} ${res.body}`);
  const results = (JSON.parse(res.body) as { results: Array<Record<string, unknown>> }).results;
  return results
    .filter((r) => r.status !== 'pending')
    .map((r) =>
      a.action === 'email'
        ? String(r.email)
        : a.action === 'company'
          ? String(r.domain)
          : String(r.email ?? r.profile_url ?? `${String(r.name)}|${String(r.company_domain)}`),
    );
}

function paidKeys(w: LivesWorld, action: Action): { keys: Set<string>; count: Map<string, number> } {
  const count = new Map<string, number>();
  for (const a of w.accepted.filter((x) => x.action === action)) {
    const known = new Set(a.keys.filter((_, i) => a.known[i]).map((k) => k.toLowerCase()));
    for (const k of finishedOf(w, a).map((x) => x.toLowerCase())) if (!known.has(k)) count.set(k, (count.get(k) ?? 0) + 1);
  }
  return { keys: new Set(count.keys()), count };
}

/** The end of the story: the original key back, time and triggers run the jobs out. */
export function settle(m: LivesModel, w: LivesWorld): void {
  w.armed.length = 0;
  w.inFlight.length = 0;
  m.lock?.release();
  // The person connects a key again, trying each hour while it fails (a spent day's quota
  // lasts until the day ends), the triggers firing meanwhile.
  const reconnect = (key: string): void => {
    let connected = false;
    for (let i = 0; i < 30 && !connected; i++) {
      const r = w.host.callFromSidebar('connect', [key]);
      record(w, r);
      connected = r.ok;
      if (!connected) for (const t of w.host.runTriggersUntil(w.host.clock.now() + 3600_000, 50)) record(w, t);
    }
    if (!connected) broken('reconnect', 'the key could not be connected again in 30 hours', w.payloads.slice(-2));
  };
  // Triggers see their spreadsheet again; where they did not, background steps went off for a
  // while, and the person's open sidebar polls the jobs on (triggers firing between its polls).
  w.host.setTriggerDocument('active');
  // Each person (the owner and the second editor) opens the sidebar: it shows and steps their own jobs.
  const watch = (): void => {
    for (let i = 0; i < 400; i++) {
      let next = 0;
      for (const user of [OWNER, EDITOR]) {
        const poll = w.host.callFromSidebar('pollJobs', [], user);
        record(w, poll);
        const wait = poll.ok ? (poll.value as { nextPollSeconds: number }).nextPollSeconds : 10;
        if (wait > 0) next = next === 0 ? wait : Math.min(next, wait);
      }
      if (next === 0) return;
      for (const r of w.host.runTriggersUntil(w.host.clock.now() + Math.max(5, next) * 1000, 50)) record(w, r);
    }
  };
  const run = (): void => {
    if (m.withoutDocument) watch();
    for (const r of w.host.runTriggersUntil(w.host.clock.now() + 3 * DAY, 600)) record(w, r);
  };
  reconnect(OWNER_KEY);
  run();
  // A job started with the other account's key asks for that account: the person connects it,
  // lets the job finish, then connects their own key again.
  const listing = w.host.callFromSidebar('listJobs', []);
  const jobs = (listing.ok ? listing.value : []) as Array<{ state: string; message: string }>;
  if (jobs.some((j) => j.state === 'paused' && j.message.includes(`the account "${OTHER_ACCOUNT}"`))) {
    reconnect(OTHER_KEY);
    run();
    reconnect(OWNER_KEY);
    run();
  }
  checkPromises(m, w, true);
}
