// ScriptApp: installable triggers kept per user and document with Apps Script's limit (20 per user
// per script), the Editor add-on rules (one trigger of each event type per user per document;
// recurring clock triggers at most hourly; optionally, no short one-shot made from a time-driven
// run, or from any run) and no triggers at all in a test deployment, plus the AuthMode enum. The
// host fires due clock triggers from this registry.
import { GasError, Messages } from './errors';
import type { Runtime } from './runtime';
import type { Shape } from './shape';
import type { BackgroundOneShots } from './unknowables';

export type { BackgroundOneShots } from './unknowables';

export type EventTypeName = 'CLOCK' | 'ON_OPEN' | 'ON_EDIT' | 'ON_CHANGE' | 'ON_FORM_SUBMIT';

export interface TriggerRecord {
  uid: string;
  handler: string;
  user: string;
  documentId: string;
  eventType: EventTypeName;
  createdAt: number;
  /** Clock triggers: when it fires next. */
  dueAt?: number;
  /** Recurring clock triggers: the period. */
  everyMs?: number;
  /**
   * A one-shot that has fired. Apps Script keeps it among the project's triggers (and it still
   * counts toward the add-on's one-per-type limit) until the script deletes it.
   */
  spent: boolean;
  fired: number;
  /** Its document was deleted and it was kept: it fires without an active spreadsheet. */
  orphaned?: boolean;
  /** Times it came due while it could not fire (the add-on disabled, uninstalled, or awaiting re-authorization). */
  missed?: number;
}

const HOUR = 60 * 60 * 1000;
const EVENT_WORDS: Record<EventTypeName, string> = {
  CLOCK: 'time-based',
  ON_OPEN: 'open',
  ON_EDIT: 'edit',
  ON_CHANGE: 'change',
  ON_FORM_SUBMIT: 'form submit',
};

/** Apps Script's limit of installable triggers per user per script. */
export const MAX_TRIGGERS_PER_USER = 20;

/** How the add-on runs: installed from a published deployment, or through Deploy → Test deployments. */
export type DeploymentMode = 'published' | 'test';

/** A one-shot due sooner than this after it is made counts as short. */
export const SHORT_ONE_SHOT_MS = 60 * 60 * 1000;

export class TriggerRegistry {
  readonly triggers: TriggerRecord[] = [];
  private nextUid = 1000001;
  /** A test deployment supports no installable triggers; the host switches this at run time. */
  deployment: DeploymentMode = 'published';
  /** See BackgroundOneShots; the host switches this at run time. */
  backgroundOneShots: BackgroundOneShots = 'allowed';

  constructor(
    readonly addOnRules: boolean,
    readonly maxPerUser = MAX_TRIGGERS_PER_USER,
  ) {}

  /** `fromTimeDriven`: the trigger is made during an execution a time-driven trigger started. */
  add(t: Omit<TriggerRecord, 'uid' | 'spent' | 'fired'>, fromTimeDriven = false): TriggerRecord {
    if (this.deployment === 'test') throw new GasError(Messages.testAsAddOn);
    if (this.addOnRules) {
      if (t.everyMs !== undefined && t.everyMs < HOUR) throw new GasError(Messages.addOnRecurrence);
      const short = t.eventType === 'CLOCK' && t.everyMs === undefined && (t.dueAt ?? 0) - t.createdAt < SHORT_ONE_SHOT_MS;
      if (short && this.backgroundOneShots === 'refusedAnywhere') throw new GasError(Messages.clockEventsApart);
      if (short && fromTimeDriven && this.backgroundOneShots === 'refused') throw new GasError(Messages.backgroundOneShotRefused);
      const same = this.triggers.filter((x) => x.user === t.user && x.documentId === t.documentId && x.eventType === t.eventType);
      if (same.length > 0) throw new GasError(Messages.tooManyTriggers(EVENT_WORDS[t.eventType]));
    }
    // Counted across every document, spent one-shots included: they stay until deleted.
    if (this.triggers.filter((x) => x.user === t.user).length >= this.maxPerUser) throw new GasError(Messages.scriptTooManyTriggers);
    const record: TriggerRecord = { ...t, uid: String(this.nextUid++), spent: false, fired: 0 };
    this.triggers.push(record);
    return record;
  }

  remove(uid: string): void {
    const i = this.triggers.findIndex((t) => t.uid === uid);
    if (i >= 0) this.triggers.splice(i, 1);
  }

  byUid(uid: string): TriggerRecord | undefined {
    return this.triggers.find((t) => t.uid === uid);
  }

  /** The clock trigger due first that has not fired for good, passing over those `waits` holds back. */
  nextDue(waits: (t: TriggerRecord) => boolean = () => false): TriggerRecord | undefined {
    let best: TriggerRecord | undefined;
    for (const t of this.triggers) {
      if (t.eventType !== 'CLOCK' || t.spent || t.dueAt === undefined || waits(t)) continue;
      if (!best || t.dueAt < (best.dueAt ?? Infinity)) best = t;
    }
    return best;
  }

  /** After a firing: a one-shot is spent, a recurring trigger moves to its next period. */
  markFired(uid: string, now: number): void {
    const t = this.byUid(uid);
    if (!t) return;
    t.fired++;
    if (t.everyMs === undefined) t.spent = true;
    else while ((t.dueAt ?? now) <= now) t.dueAt = (t.dueAt ?? now) + t.everyMs;
  }
}

type TriggerApi = Shape<GoogleAppsScript.Script.Trigger, 'getHandlerFunction' | 'getUniqueId' | 'getTriggerSourceId'>;

export class FakeTrigger implements TriggerApi {
  static readonly kind = 'ScriptApp.Trigger';

  constructor(readonly _record: TriggerRecord) {}

  getHandlerFunction(): string {
    return this._record.handler;
  }

  getUniqueId(): string {
    return this._record.uid;
  }

  getEventType(): string {
    return this._record.eventType;
  }

  getTriggerSource(): string {
    return this._record.eventType === 'CLOCK' ? 'CLOCK' : 'SPREADSHEETS';
  }

  getTriggerSourceId(): string {
    return this._record.eventType === 'CLOCK' ? '' : this._record.documentId;
  }
}

interface BuilderContext {
  registry: TriggerRegistry;
  runtime: Runtime;
  handler: string;
}

export class FakeClockTriggerBuilder {
  static readonly kind = 'ScriptApp.ClockTriggerBuilder';
  private dueAt?: number;
  private everyMs?: number;

  constructor(private readonly ctx: BuilderContext) {}

  after(durationMilliseconds: number): this {
    this.dueAt = this.ctx.runtime.clock.now() + Math.max(0, Number(durationMilliseconds));
    return this;
  }

  at(date: Date): this {
    this.dueAt = new Date(date).getTime();
    return this;
  }

  everyMinutes(n: number): this {
    if (![1, 5, 10, 15, 30].includes(Number(n))) throw new GasError('The value passed to everyMinutes must be 1, 5, 10, 15 or 30.');
    // An add-on learns at once that minutes are too often, before `create()`.
    if (this.ctx.registry.addOnRules) throw new GasError(Messages.addOnRecurrence);
    this.everyMs = Number(n) * 60 * 1000;
    return this;
  }

  everyHours(n: number): this {
    if (!Number.isInteger(Number(n)) || Number(n) < 1) throw new GasError('Invalid argument: hours');
    this.everyMs = Number(n) * HOUR;
    return this;
  }

  everyDays(n: number): this {
    if (!Number.isInteger(Number(n)) || Number(n) < 1) throw new GasError('Invalid argument: days');
    this.everyMs = Number(n) * 24 * HOUR;
    return this;
  }

  atHour(_hour: number): this {
    return this;
  }

  nearMinute(_minute: number): this {
    return this;
  }

  inTimezone(_timezone: string): this {
    return this;
  }

  create(): FakeTrigger {
    const exec = this.ctx.runtime.exec();
    const now = this.ctx.runtime.clock.now();
    if (this.dueAt === undefined && this.everyMs === undefined) throw new GasError('Missing time-based trigger schedule.');
    const record = this.ctx.registry.add(
      {
        handler: this.ctx.handler,
        user: exec.user,
        documentId: exec.spreadsheetId,
        eventType: 'CLOCK',
        createdAt: now,
        dueAt: this.dueAt ?? now + (this.everyMs ?? 0),
        ...(this.everyMs !== undefined ? { everyMs: this.everyMs } : {}),
      },
      exec.kind === 'trigger',
    );
    return new FakeTrigger(record);
  }
}

export class FakeSpreadsheetTriggerBuilder {
  static readonly kind = 'ScriptApp.SpreadsheetTriggerBuilder';
  private eventType: EventTypeName = 'ON_OPEN';

  constructor(
    private readonly ctx: BuilderContext,
    private readonly documentId: string,
  ) {}

  onOpen(): this {
    this.eventType = 'ON_OPEN';
    return this;
  }

  onEdit(): this {
    this.eventType = 'ON_EDIT';
    return this;
  }

  onChange(): this {
    this.eventType = 'ON_CHANGE';
    return this;
  }

  onFormSubmit(): this {
    this.eventType = 'ON_FORM_SUBMIT';
    return this;
  }

  create(): FakeTrigger {
    const exec = this.ctx.runtime.exec();
    return new FakeTrigger(
      this.ctx.registry.add({
        handler: this.ctx.handler,
        user: exec.user,
        documentId: this.documentId,
        eventType: this.eventType,
        createdAt: this.ctx.runtime.clock.now(),
      }),
    );
  }
}

export class FakeTriggerBuilder {
  static readonly kind = 'ScriptApp.TriggerBuilder';

  constructor(private readonly ctx: BuilderContext) {}

  timeBased(): FakeClockTriggerBuilder {
    return new FakeClockTriggerBuilder(this.ctx);
  }

  forSpreadsheet(sheet: unknown): FakeSpreadsheetTriggerBuilder {
    const exec = this.ctx.runtime.exec();
    if (sheet == null && !exec.activeDocument)
      throw new GasError(Messages.parametersDontMatch('null', 'ScriptApp.TriggerBuilder.forSpreadsheet'));
    const id = typeof sheet === 'string' ? sheet : ((sheet as { getId?: () => string } | null)?.getId?.() ?? exec.spreadsheetId);
    return new FakeSpreadsheetTriggerBuilder(this.ctx, id);
  }
}

export class FakeAuthorizationInfo {
  static readonly kind = 'ScriptApp.AuthorizationInfo';

  getAuthorizationStatus(): string {
    return 'NOT_REQUIRED';
  }

  getAuthorizationUrl(): string | null {
    return null;
  }
}

export class FakeScriptApp {
  static readonly kind = 'ScriptApp';
  static readonly enums = ['AuthMode', 'TriggerSource', 'EventType', 'AuthorizationStatus'] as const;
  readonly AuthMode = Object.freeze({ NONE: 'NONE', CUSTOM_FUNCTION: 'CUSTOM_FUNCTION', LIMITED: 'LIMITED', FULL: 'FULL' });
  readonly TriggerSource = Object.freeze({
    SPREADSHEETS: 'SPREADSHEETS',
    CLOCK: 'CLOCK',
    FORMS: 'FORMS',
    DOCUMENTS: 'DOCUMENTS',
    CALENDAR: 'CALENDAR',
  });
  readonly EventType = Object.freeze({
    CLOCK: 'CLOCK',
    ON_OPEN: 'ON_OPEN',
    ON_EDIT: 'ON_EDIT',
    ON_FORM_SUBMIT: 'ON_FORM_SUBMIT',
    ON_CHANGE: 'ON_CHANGE',
  });
  readonly AuthorizationStatus = Object.freeze({ REQUIRED: 'REQUIRED', NOT_REQUIRED: 'NOT_REQUIRED' });

  constructor(
    private readonly registry: TriggerRegistry,
    private readonly runtime: Runtime,
    private readonly scriptId: string,
  ) {}

  newTrigger(functionName: string): FakeTriggerBuilder {
    return new FakeTriggerBuilder({ registry: this.registry, runtime: this.runtime, handler: String(functionName) });
  }

  getProjectTriggers(): FakeTrigger[] {
    const user = this.runtime.exec().user;
    return this.registry.triggers.filter((t) => t.user === user).map((t) => new FakeTrigger(t));
  }

  getUserTriggers(document: unknown): FakeTrigger[] {
    const exec = this.runtime.exec();
    // Without an active spreadsheet a script has no document to pass (getActiveSpreadsheet() is null).
    if (document == null && !exec.activeDocument) throw new GasError(Messages.parametersDontMatch('null', 'ScriptApp.getUserTriggers'));
    const id = (document as { getId?: () => string } | null)?.getId?.() ?? exec.spreadsheetId;
    return this.registry.triggers.filter((t) => t.user === exec.user && t.documentId === id).map((t) => new FakeTrigger(t));
  }

  deleteTrigger(trigger: FakeTrigger): void {
    if (!(trigger instanceof FakeTrigger)) throw new GasError('Invalid argument: trigger');
    if (trigger._record.user !== this.runtime.exec().user) return;
    this.registry.remove(trigger._record.uid);
  }

  getScriptId(): string {
    return this.scriptId;
  }

  getOAuthToken(): string {
    return `ya29.fake-token-for-${this.runtime.exec().user}`;
  }

  getAuthorizationInfo(_authMode: string): FakeAuthorizationInfo {
    return new FakeAuthorizationInfo();
  }
}
