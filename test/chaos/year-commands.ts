// The year campaign's commands (what the person, another editor, a form, Google and the service do
// to automated spreadsheets over months) and the promises checked after each.
import { reporter } from './broken-promise';
import type fc from 'fast-check';
import { utf8Length } from '../../src/sheet/utf8';
import {
  BOB,
  BOB_KEY,
  bookOf,
  DAY,
  docsWithLiveJobs,
  domainOf,
  freshEmail,
  homeOf,
  HOUR,
  KEY,
  OTHER_KEY,
  OWNER,
  pass,
  record,
  sidebar,
  turn,
  type Book,
  type Outage,
  type YearWorld,
} from './year-world';

/** What the test keeps of the story, beside the world. */
export interface YearModel {
  /** When automation last became unable to run (the home's trigger cannot fire), while it lasts. */
  stopSince?: number;
  /** Spreadsheets where the person disabled the add-on. */
  disabled: Set<string>;
  /** Quota days whose quota the user's other scripts spent (their use is not the add-on's). */
  spentDays: Set<number>;
  /** Bob has opened the spreadsheet and connected his key. */
  bobConnected: boolean;
  /** Triggers with nothing to do, by uid, with how often each had fired when first seen so. */
  idleTriggers: Map<string, number>;
}

export const newModel = (): YearModel => ({ disabled: new Set(), spentDays: new Set(), bobConnected: false, idleTriggers: new Map() });

type Cmd = fc.Command<YearModel, YearWorld>;

abstract class Base implements Cmd {
  check(_m: Readonly<YearModel>): boolean {
    return true;
  }
  run(m: YearModel, y: YearWorld): void {
    this.act(m, y);
    checkPromises(m, y);
  }
  abstract act(m: YearModel, y: YearWorld): void;
  abstract toString(): string;
}

/** A command on one of the three spreadsheets, drawn by index; nothing happens to a deleted one. */
abstract class OnBook extends Base {
  constructor(readonly book: number) {
    super();
  }
  protected of(y: YearWorld): Book | undefined {
    const b = y.books[this.book];
    return b && !b.gone ? b : undefined;
  }
}

const letter = (c: number): string => String.fromCharCode(65 + c);
const headerOf = (b: Book): string[] => (b.sheet.values()[0] ?? []).map(String);
const COLUMN = { result: 'Email · Result', stamp: 'Email · Checked' } as const;

// ---- a form, the person, another editor ----

/** A form appends rows: fresh addresses, now and then one the sheet has already, or none valid. */
export class FormRows extends OnBook {
  constructor(
    book: number,
    readonly count: number,
    readonly kind: 'fresh' | 'repeat' | 'invalid',
  ) {
    super(book);
  }
  act(_m: YearModel, y: YearWorld): void {
    const b = this.of(y);
    if (!b) return;
    const values = b.sheet.values();
    const emails = values
      .slice(1)
      .map((r) => String(r[0] ?? ''))
      .filter((e) => e.includes('@'));
    const rows = Array.from({ length: this.count }, (_, i) => [
      this.kind === 'repeat' && emails.length
        ? emails[(i * 7) % emails.length]!
        : this.kind === 'invalid'
          ? `not-an-address-${i}`
          : freshEmail(b),
      `Lead ${values.length + i}`,
    ]);
    b.sheet.load(rows, `A${values.length + 1}`);
  }
  toString(): string {
    return `FormRows(${this.book}, ${this.count} ${this.kind})`;
  }
}

/** A person corrects an address already there. */
export class FixRow extends OnBook {
  constructor(
    book: number,
    readonly pick: number,
  ) {
    super(book);
  }
  act(_m: YearModel, y: YearWorld): void {
    const b = this.of(y);
    const height = b?.sheet.values().length ?? 0;
    if (!b || height < 2) return;
    const at = headerOf(b).indexOf('Email');
    if (at >= 0) b.sheet.userEdit(`${letter(at)}${2 + (this.pick % (height - 1))}`, freshEmail(b));
  }
  toString(): string {
    return `FixRow(${this.book}, ${this.pick})`;
  }
}

/** Notes typed in a result cell, in the person's words. */
export class Note extends OnBook {
  constructor(
    book: number,
    readonly pick: number,
    readonly text: string,
  ) {
    super(book);
  }
  act(_m: YearModel, y: YearWorld): void {
    const b = this.of(y);
    const height = b?.sheet.values().length ?? 0;
    const at = b ? headerOf(b).indexOf(COLUMN.result) : -1;
    if (b && height > 1 && at >= 0) b.sheet.userEdit(`${letter(at)}${2 + (this.pick % (height - 1))}`, this.text);
  }
  toString(): string {
    return `Note(${this.book}, row ${this.pick}, ${JSON.stringify(this.text)})`;
  }
}

/** The result or stamp column renamed, deleted, or moved (cut and pasted elsewhere). */
export class ColumnChange extends OnBook {
  constructor(
    book: number,
    readonly which: keyof typeof COLUMN,
    readonly how: 'rename' | 'delete' | 'move',
    readonly to: number,
  ) {
    super(book);
  }
  act(_m: YearModel, y: YearWorld): void {
    const b = this.of(y);
    const at = b ? headerOf(b).indexOf(COLUMN[this.which]) : -1;
    if (!b || at < 0) return;
    if (this.how === 'rename') b.sheet.userEdit(`${letter(at)}1`, this.which === 'result' ? 'Result' : 'Checked');
    else if (this.how === 'delete') b.sheet.userDeleteColumns(at + 1);
    else {
      const values = b.sheet.values().map((r) => [r[at] ?? '']);
      const to = 1 + (this.to % (headerOf(b).length + 1));
      b.sheet.userInsertColumns(to);
      b.sheet.load(values, `${letter(to - 1)}1`);
      b.sheet.userDeleteColumns(to <= at + 1 ? at + 2 : at + 1);
    }
  }
  toString(): string {
    return `ColumnChange(${this.book}, ${this.which} ${this.how}${this.how === 'move' ? ` to ${this.to}` : ''})`;
  }
}

/** The person sorts the sheet below its frozen header. */
export class Sort extends OnBook {
  constructor(
    book: number,
    readonly column: number,
    readonly asc: boolean,
  ) {
    super(book);
  }
  act(_m: YearModel, y: YearWorld): void {
    const b = this.of(y);
    if (b) b.sheet.userSort(1 + (this.column % Math.max(1, headerOf(b).length)), this.asc);
  }
  toString(): string {
    return `Sort(${this.book}, column ${this.column}, ${this.asc ? 'asc' : 'desc'})`;
  }
}

/** The spreadsheet's time zone changed (File › Settings). */
export class Zone extends OnBook {
  constructor(
    book: number,
    readonly zone: string,
  ) {
    super(book);
  }
  act(_m: YearModel, y: YearWorld): void {
    const b = this.of(y);
    if (!b) return;
    y.host.document(b.id).timeZone = this.zone;
    b.zones.push({ at: y.host.clock.now(), zone: this.zone });
  }
  toString(): string {
    return `Zone(${this.book}, ${this.zone})`;
  }
}

/** Automation turned off, or on again, from the spreadsheet's Auto tab. */
export class Toggle extends OnBook {
  act(m: YearModel, y: YearWorld): void {
    const b = this.of(y);
    if (!b) return;
    useMenu(m, y, b);
    turn(y, b, !b.on);
  }
  toString(): string {
    return `Toggle(${this.book})`;
  }
}

/** The person opens the Auto tab: what it says is where they look. */
export class Look extends OnBook {
  act(m: YearModel, y: YearWorld): void {
    const b = this.of(y);
    if (!b) return;
    const since = m.stopSince;
    useMenu(m, y, b);
    const r = sidebar(y, b, 'getAutomation');
    const status = r.ok ? String((r.value as { status: string }).status) : (r.error?.message ?? '');
    lookedAt(m, y, since, `the Auto tab of ${b.id}`, !/^Watching/.test(status), status);
  }
  toString(): string {
    return `Look(${this.book})`;
  }
}

/** The person opens the spreadsheet: a toast there is where they look. */
export class Open extends OnBook {
  act(m: YearModel, y: YearWorld): void {
    const b = this.of(y);
    if (!b) return;
    const since = m.stopSince;
    const doc = y.host.document(b.id);
    const before = doc.toasts.length;
    record(y, y.host.open({ spreadsheetId: b.id }));
    // Where the add-on is disabled, opening the document runs none of its code that could say
    // anything (onOpen runs in AuthMode.NONE: a menu, no properties, no toast; Google's
    // "Authorization modes" of add-ons). The person is told where it runs: the Auto tab once
    // they use it there (which enables it), another spreadsheet, or the e-mail.
    if (m.disabled.has(b.id)) return;
    const toasts = doc.toasts.slice(before);
    lookedAt(m, y, since, `opening ${b.id}`, toasts.length > 0, toasts.map((t) => t.message).join(' | '));
  }
  toString(): string {
    return `Open(${this.book})`;
  }
}

/**
 * Using the add-on in a spreadsheet: where the person disabled it, its menu enables it again
 * ("Editor add-on authorization"); the default spreadsheet's sidebar re-authorizes it.
 */
function useMenu(m: YearModel, y: YearWorld, b: Book): void {
  if (m.disabled.delete(b.id)) y.host.setAddonEnabled(b.id, true);
}

/** Another editor adds a row, or tries to validate the watched sheet with his own key. */
export class Editor extends Base {
  constructor(readonly tries: boolean) {
    super();
  }
  act(m: YearModel, y: YearWorld): void {
    const b = y.books[0]!;
    if (!this.tries) {
      b.sheet.load([[freshEmail(b), 'Added by Bob']], `A${b.sheet.values().length + 1}`);
      return;
    }
    if (!m.bobConnected) {
      record(y, y.host.open({ user: BOB }));
      // Connecting asks the service: during an outage it is refused (with its reason), and Bob tries again later.
      const c = y.host.callFromSidebar('connect', [BOB_KEY], BOB);
      record(y, c);
      if (!c.ok) return;
      m.bobConnected = true;
    }
    y.host.select(`Sheet1!A1:A${Math.max(2, b.sheet.values().length)}`);
    const r = y.host.callFromSidebar('startRun', [{ action: 'email', options: {}, confirmed: true }], BOB);
    record(y, r);
    if (b.on && r.ok && !/Another editor/.test(JSON.stringify(r.value)))
      broken('claim', "another editor ran the action automation holds on the owner's sheet", r.value);
  }
  toString(): string {
    return this.tries ? 'Editor(tries to validate the watched sheet)' : 'Editor(adds a row)';
  }
}

// ---- keys, the service, Google ----

/** The key changed in the default spreadsheet's sidebar: disconnected, another account's, or the owner's again. */
export class KeyChange extends Base {
  constructor(readonly to: 'none' | 'other' | 'own') {
    super();
  }
  act(m: YearModel, y: YearWorld): void {
    useMenu(m, y, y.books[0]!);
    if (this.to === 'none') record(y, y.host.callFromSidebar('disconnect', []));
    else record(y, y.host.callFromSidebar('connect', [this.to === 'other' ? OTHER_KEY : KEY]));
  }
  toString(): string {
    return `KeyChange(${this.to})`;
  }
}

/** The service refuses the owner's key for a while, then takes it again. */
export class Refused extends Base {
  constructor(readonly hours: number) {
    super();
  }
  act(_m: YearModel, y: YearWorld): void {
    y.refusedUntil = y.host.clock.now() + this.hours * HOUR;
  }
  toString(): string {
    return `Refused(${this.hours} h)`;
  }
}

/** The service fails for a while: down, or taking batches and losing its answers. */
export class ServiceOutage extends Base {
  constructor(
    readonly how: Outage,
    readonly hours: number,
  ) {
    super();
  }
  act(_m: YearModel, y: YearWorld): void {
    y.outage = { until: y.host.clock.now() + this.hours * HOUR, how: this.how };
  }
  toString(): string {
    return `ServiceOutage(${this.how}, ${this.hours} h)`;
  }
}

/** The add-on disabled or enabled in a spreadsheet (Manage add-ons); `home` aims at the home's. */
export class AddonEnabled extends Base {
  constructor(
    readonly enabled: boolean,
    readonly book: number,
    readonly home: boolean,
  ) {
    super();
  }
  act(m: YearModel, y: YearWorld): void {
    const id = this.home ? homeOf(y) : y.books[this.book]?.id;
    if (!id || y.books.find((b) => b.id === id)?.gone) return;
    y.host.setAddonEnabled(id, this.enabled);
    if (this.enabled) m.disabled.delete(id);
    else m.disabled.add(id);
  }
  toString(): string {
    return `AddonEnabled(${this.enabled ? 'on' : 'off'} in ${this.home ? 'the home' : `book ${this.book}`})`;
  }
}

/** The home spreadsheet deleted for good (its triggers go with it), unless it is the default one. */
export class DeleteHome extends Base {
  act(_m: YearModel, y: YearWorld): void {
    const home = homeOf(y);
    const b = y.books.find((x) => x.id === home);
    if (!b || b.gone || b.id === y.host.spreadsheet.id) return;
    y.host.deleteSpreadsheet(b.id);
    b.gone = true;
  }
  toString(): string {
    return 'DeleteHome';
  }
}

/** A new version asks for the user's authorization again: their triggers wait for it. */
export class Reauthorize extends Base {
  act(_m: YearModel, y: YearWorld): void {
    y.host.requireReauthorization(OWNER);
  }
  toString(): string {
    return 'Reauthorize';
  }
}

/** The user deletes one of their triggers on the Apps Script triggers page. */
export class DeleteTrigger extends Base {
  constructor(readonly pick: number) {
    super();
  }
  act(_m: YearModel, y: YearWorld): void {
    const mine = y.host.triggerList().filter((t) => t.user === OWNER && !t.spent);
    if (mine.length) y.host.userDeleteTrigger(mine[this.pick % mine.length]!.uid);
  }
  toString(): string {
    return `DeleteTrigger(${this.pick})`;
  }
}

/** The user's other scripts spend a day's quota. */
export class QuotaDay extends Base {
  constructor(readonly quota: 'urlFetch' | 'properties' | 'mail') {
    super();
  }
  act(m: YearModel, y: YearWorld): void {
    y.host.useUpQuota(this.quota, OWNER);
    const day = y.host.quotaUse(OWNER).dayStartedAt;
    if (day !== null) m.spentDays.add(day);
  }
  toString(): string {
    return `QuotaDay(${this.quota})`;
  }
}

/** Sheets recalculates the custom-function cells of the default spreadsheet. */
export class Recalculate extends Base {
  act(_m: YearModel, y: YearWorld): void {
    for (const r of y.host.recalculate({ all: true })) record(y, r.result);
  }
  toString(): string {
    return 'Recalculate';
  }
}

/** Time passes, the triggers firing as they come due. */
export class Hours extends Base {
  constructor(readonly hours: number) {
    super();
  }
  act(_m: YearModel, y: YearWorld): void {
    pass(y, this.hours * HOUR);
  }
  toString(): string {
    return `Hours(${this.hours})`;
  }
}

/**
 * A quiet stretch of weeks, the clock moved on at once (as an hourly run that finds nothing due
 * would leave everything), then a few hours with the triggers firing: months pass in a short test.
 */
export class QuietWeeks extends Base {
  constructor(readonly weeks: number) {
    super();
  }
  act(_m: YearModel, y: YearWorld): void {
    y.host.clock.advance(this.weeks * 7 * DAY - 3 * HOUR);
    pass(y, 3 * HOUR);
  }
  toString(): string {
    return `QuietWeeks(${this.weeks})`;
  }
}

// ---- the promises ----

/** Promises to look past (YEAR_PAST, comma-separated ids), to find failures behind one known. Never set in CI. */
const broken = reporter('YEAR_PAST');

/**
 * The person looked (the Auto tab, or opening a spreadsheet) while automation had been stopped
 * for more than a day since `since`: they must be told, there or by an e-mail since it stopped.
 */
function lookedAt(m: YearModel, y: YearWorld, since: number | undefined, where: string, says: boolean, saw: string): void {
  const now = y.host.clock.now();
  if (since === undefined || now - since <= DAY) return;
  coverage.looksAfterADay++;
  if (says) return;
  if (y.host.mail.some((x) => x.at >= since && x.to.includes(OWNER))) return;
  broken('silent-stop', `automation stopped ${Math.round((now - since) / HOUR)} h ago and ${where} does not say so`, { saw });
}

/** Spreadsheets whose automation is on, as stored, that still exist. */
function automatedNow(y: YearWorld): string[] {
  const out: string[] = [];
  for (const [k, v] of Object.entries(y.host.userProperties(OWNER))) {
    if (!k.startsWith('prospecting.auto.')) continue;
    const id = k.slice('prospecting.auto.'.length);
    if (y.books.some((b) => b.id === id && !b.gone) && (JSON.parse(v) as { on?: boolean }).on) out.push(id);
  }
  return out;
}

/** Whether a trigger of the owner's in the recorded home can fire, so automation is served. */
function served(m: YearModel, y: YearWorld): boolean {
  const home = homeOf(y);
  if (!home || y.books.some((b) => b.id === home && b.gone) || m.disabled.has(home) || y.host.needsReauthorization(OWNER)) return false;
  return y.host.triggerList().some((t) => t.user === OWNER && t.documentId === home && !t.spent);
}

const zoneAt = (b: Book, at: number): string => {
  let zone = b.zones[0]!.zone;
  for (const z of b.zones) if (z.at <= at) zone = z.zone;
  return zone;
};

const dayIn = (zone: string, at: number): string => new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(at);

/** Minutes after a midnight in the zone: a spend this close to midnight may be counted on either day. */
const nearMidnight = (zone: string, at: number): boolean => dayIn(zone, at) !== dayIn(zone, at - 10 * 60 * 1000);

const QUOTA = { urlFetch: 20_000, properties: 50_000, mail: 100, triggerRuntimeMs: 90 * 60 * 1000 };
const STORE = { value: 9 * 1024, total: 500 * 1024 };

/** What the stories reached, for YEAR_DEBUG: a promise is only as good as the states it was checked in. */
export const coverage = { runs: 0, accepted: 0, rebought: 0, cappedDays: 0, stops: 0, looksAfterADay: 0, zonesWithSpend: 0 };

/** Every promise, after every command. */
export function checkPromises(m: YearModel, y: YearWorld): void {
  const now = y.host.clock.now();

  // No stop without a message: the stop's start is noted here; looks are checked when they happen.
  if (automatedNow(y).length && !served(m, y)) {
    if (m.stopSince === undefined) coverage.stops++;
    m.stopSince ??= now;
  } else delete m.stopSince;

  // No key paid twice inside its re-check age, per account.
  const times = new Map<string, number[]>();
  for (const a of y.accepted) {
    const k = `${a.apiKey}|${a.email}`;
    times.set(k, [...(times.get(k) ?? []), a.at]);
  }
  for (const [k, list] of times) {
    const email = k.slice(k.indexOf('|') + 1);
    const book = y.books.find((b) => domainOf(b.id) === bookOf(email));
    const age = (book?.staleDays ?? 0) * DAY;
    for (let i = 1; i < list.length; i++)
      // Stamps keep the minute.
      if (age === 0 || list[i]! - list[i - 1]! < age - 60_000)
        broken('paid-twice', 'a key paid again inside its re-check age', {
          key: email,
          account: k.slice(0, k.indexOf('|')) === KEY ? 'owner' : 'other',
          at: list.map((t) => new Date(t).toISOString()),
          staleDays: book?.staleDays,
        });
  }

  // No day's cap exceeded, in any time zone the spreadsheet had at a spend of the two days before.
  for (const b of y.books) {
    const spends = y.accepted.filter((a) => a.apiKey !== BOB_KEY && bookOf(a.email) === domainOf(b.id)).map((a) => a.at);
    for (const t of spends) {
      const recent = spends.filter((s) => s > t - 2 * DAY && s <= t);
      const zones = new Set(recent.map((s) => zoneAt(b, s)));
      for (const z of zones) {
        if (nearMidnight(z, t)) continue;
        const day = dayIn(z, t);
        const n = recent.filter((s) => dayIn(z, s) === day && !nearMidnight(z, s)).length;
        if (n > b.capDay) broken('cap', "a day's cap exceeded", { book: b.id, zone: z, day, spent: n, cap: b.capDay });
      }
    }
  }

  // No trigger left behind: each belongs to the home or to a spreadsheet with a job of its user's;
  // one that no longer does (the home moved, its jobs ended) goes by the time it has fired once more.
  const home = homeOf(y);
  const live: Record<string, Set<string>> = { [OWNER]: docsWithLiveJobs(y, OWNER), [BOB]: docsWithLiveJobs(y, BOB) };
  const idle = new Map<string, number>();
  for (const t of y.host.triggerList()) {
    if (t.spent || (t.user === OWNER && t.documentId === home) || live[t.user]?.has(t.documentId)) continue;
    const firedThen = m.idleTriggers.get(t.uid);
    if (firedThen !== undefined && t.fired > firedThen)
      broken('trigger-left', 'a trigger with nothing to do, still there after it fired', { user: t.user, document: t.documentId, home });
    idle.set(t.uid, firedThen ?? t.fired);
  }
  m.idleTriggers = idle;

  // Every property store within Apps Script's limits.
  const stores: Array<[string, Record<string, string>]> = [
    ['owner', y.host.userProperties(OWNER)],
    ['bob', y.host.userProperties(BOB)],
    ['script', y.host.scriptProperties()],
    ...y.books.filter((b) => !b.gone).map((b) => [`document ${b.id}`, y.host.documentProperties(b.id)] as [string, Record<string, string>]),
  ];
  for (const [name, store] of stores) {
    let total = 0;
    for (const [k, v] of Object.entries(store)) {
      total += utf8Length(k) + utf8Length(v);
      if (utf8Length(v) > STORE.value) broken('store', 'a property value over 9 KB', { store: name, key: k, bytes: utf8Length(v) });
    }
    if (total > STORE.total) broken('store', 'a property store over 500 KB', { store: name, bytes: total });
  }

  // Apps Script's daily quotas for a consumer account: the add-on keeps well inside them on its
  // own (a day the user's other scripts spent is theirs), and no trigger is refused for runtime.
  for (const d of y.host.quotaHistory(OWNER)) {
    if (d.triggerRuntimeMs > QUOTA.triggerRuntimeMs) broken('quota', 'trigger runtime over 90 min a day', d);
    if (m.spentDays.has(d.dayStartedAt)) continue;
    for (const q of ['urlFetch', 'properties', 'mail'] as const)
      if (d[q] > QUOTA[q] / 2) broken('quota', `over half the day's ${q} quota`, d);
  }
  if (y.results.some((r) => /too much computer time/.test(r.error?.message ?? '')))
    broken('quota', 'a trigger refused for the day’s runtime', {});

  // No formula in any cell but those the person typed; the API keys nowhere, in any letter case.
  const keys = [KEY, OTHER_KEY, BOB_KEY].map((k) => k.toLowerCase());
  const seen = (what: string, text: string) => {
    const low = text.toLowerCase();
    for (const k of keys) if (low.includes(k)) broken('key-leak', `an API key in ${what}`, { key: k.slice(-5) });
  };
  for (const b of y.books.filter((x) => !x.gone)) {
    const doc = y.host.document(b.id);
    for (const s of doc.sheets) {
      s.rows.forEach((r, i) =>
        r.cells.forEach((c, j) => {
          if (c?.formula && !y.typedFormulas.has(c.formula))
            broken('formula', 'a formula written in a cell', {
              book: b.id,
              sheet: s.name,
              cell: `${letter(j)}${i + 1}`,
              formula: c.formula,
            });
        }),
      );
      seen(`a cell of ${b.id}`, JSON.stringify(s.rows.map((r) => r.cells.map((c) => c?.value ?? null))));
    }
    seen(`a toast in ${b.id}`, JSON.stringify(doc.toasts));
    seen(`the document properties of ${b.id}`, JSON.stringify(y.host.documentProperties(b.id)));
  }
  seen('a log', y.host.logs.text());
  seen('an e-mail', JSON.stringify(y.host.mail));
  seen('what a person was shown', JSON.stringify(y.shown));
  seen('script properties', JSON.stringify(y.host.scriptProperties()));
}

/**
 * The end of the story: the person comes back, opens every automated spreadsheet and its Auto
 * tab (a stop of more than a day must be told there, or by e-mail), and the promises hold.
 */
export function finish(m: YearModel, y: YearWorld): void {
  y.refusedUntil = 0;
  y.outage.until = 0;
  y.books.forEach((b, i) => {
    if (b.gone || !b.on) return;
    new Open(i).run(m, y);
    new Look(i).run(m, y);
  });
  // Then puts everything right (the add-on enabled, the key connected) and lets the rows flow.
  for (const id of m.disabled) if (!y.books.some((b) => b.id === id && b.gone)) y.host.setAddonEnabled(id, true);
  m.disabled.clear();
  new KeyChange('own').run(m, y);
  y.books.forEach((b, i) => {
    if (!b.gone && b.on) new Look(i).run(m, y);
  });
  pass(y, 3 * HOUR);
  checkPromises(m, y);
  coverage.runs++;
  coverage.accepted += y.accepted.length;
  coverage.rebought += y.accepted.length - new Set(y.accepted.map((a) => `${a.apiKey}|${a.email}`)).size;
  for (const b of y.books) {
    const days = new Map<string, number>();
    for (const a of y.accepted)
      if (bookOf(a.email) === domainOf(b.id)) days.set(dayIn(b.zones[0]!.zone, a.at), (days.get(dayIn(b.zones[0]!.zone, a.at)) ?? 0) + 1);
    coverage.cappedDays += [...days.values()].filter((n) => n === b.capDay).length;
    if (b.zones.length > 1 && y.accepted.some((a) => bookOf(a.email) === domainOf(b.id) && a.at > b.zones[1]!.at))
      coverage.zonesWithSpend++;
  }
}
