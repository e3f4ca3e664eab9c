// The local Apps Script host: loads the bundle into a fresh bare context for each execution,
// supplies the fake services, runs entry points as executions with an auth mode and a time limit,
// fires triggers within the daily quotas, recalculates custom-function cells, and exposes what
// happened (requests sent, e-mail sent, calls made) for tests to inspect.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CacheStores, FakeCacheService } from './cache';
import { VirtualClock } from './clock';
import { runBundle } from './compiled-bundle';
import { cellResult, type CellResult } from './custom-functions';
import { HostFailure, Messages } from './errors';
import { newExecution, type AuthModeName, type Execution, type ExecutionKind, type LogEntry } from './execution';
import { FakeHtmlService } from './html';
import { Instrumenter } from './instrument';
import { sidebarArguments, sidebarReturnValue } from './json-bridge';
import { bundleFiles, declaredFunctions, type DeclaredFunction } from './loader';
import { FakeLockService, LockTable, type LockScope } from './lock';
import { FakeConsole, FakeLogger, LogSink } from './logger';
import { FakeMailApp, type SentMail } from './mail';
import { FakePropertiesService, PropertyStores } from './properties';
import { QuotaLedger, type CallQuota, type DailyQuotas, type QuotaDay, type QuotaUse } from './quotas';
import { argumentsOf, computationKey, functionCells, needsRun, recordRun, type RecalculateOptions } from './recalculation';
import { createRealm, type Realm } from './realm';
import { Runtime } from './runtime';
import type { ScriptTimeModel } from './script-time';
import { FakeSession } from './session';
import type { CostReport } from './stats';
import { parseA1 } from './spreadsheet/a1';
import { SheetHelper } from './spreadsheet/sheet-helper';
import { FakeSpreadsheet, FakeSpreadsheetApp } from './spreadsheet/spreadsheet';
import { SpreadsheetModel } from './spreadsheet/spreadsheet-model';
import { UiRecorder, type MenuEntry } from './spreadsheet/ui';
import { SyncHttpClient } from './sync-http';
import {
  FakeScriptApp,
  MAX_TRIGGERS_PER_USER,
  TriggerRegistry,
  type BackgroundOneShots,
  type DeploymentMode,
  type TriggerRecord,
} from './triggers';
import { FakeUrlFetchApp, FetchRouter, type RecordedRequest, type Route } from './url-fetch';
import { FakeUtilities } from './utilities';
import { AddonStanding } from './addon-state';
import {
  defaultUnknowables,
  type CustomFunctionDocument,
  type CustomFunctionDocumentProperties,
  type MissedOneShots,
  type TriggerDocument,
  type Unknowables,
} from './unknowables';

export interface HostOptions {
  /** The folder holding the built bundle (Code.js) and its HTML files. */
  bundleDir: string;
  /** Which files of the folder are script files; default: every `.js` file. */
  filter?: (file: string) => boolean;
  /** The spreadsheet's owner, and the default user. */
  owner?: string;
  spreadsheetName?: string;
  spreadsheetTimeZone?: string;
  scriptTimeZone?: string;
  /** Base URL prefix -> in-process handler or loopback base URL. */
  routes?: Record<string, Route>;
  clockStart?: Date | number;
  /** Title of the add-on menu (`createAddonMenu`). */
  addonMenuTitle?: string;
  /** Enforce the Editor add-on trigger rules (default true). */
  addOnRules?: boolean;
  /** Daily quotas per user; default CONSUMER_DAILY_QUOTAS, enforced. */
  quotas?: Partial<DailyQuotas>;
  /** Installable triggers a user may have in the script, across documents (default 20). */
  maxTriggersPerUser?: number;
  /** 'test' models Deploy → Test deployments, where installable triggers cannot be created (default 'published'). */
  deployment?: DeploymentMode;
  /** 'none' runs time-driven triggers with no active spreadsheet (default 'active'; see unknowables.ts for every default). */
  triggerDocument?: TriggerDocument;
  /** 'refused': a one-shot due within the hour cannot be made from a time-driven run; 'refusedAnywhere': from any run (default 'allowed'). */
  backgroundOneShots?: BackgroundOneShots;
  /** What a custom function gets of the document's properties (default 'read-write'; see unknowables.ts). */
  customFunctionDocumentProperties?: CustomFunctionDocumentProperties;
  /** 'none': a custom function gets no document lock and no document cache (default 'given'). */
  customFunctionDocument?: CustomFunctionDocument;
  /** A one-shot due while its trigger cannot fire: 'late' fires it once it can (the default), 'dropped' never. */
  missedOneShots?: MissedOneShots;
  /**
   * How the script's own JavaScript time (loading the bundle, and its code between service
   * calls, measured on this machine) moves the virtual clock: 'measured' (default), 'none', or a
   * function of each measured stretch in ms. See ScriptTimeModel.
   */
  scriptTime?: ScriptTimeModel;
  /**
   * Spill custom functions' 2-D answers into the neighbouring cells, as Sheets shows them (#REF!
   * when data is in the way). Default false: a 2-D answer stays in its cell.
   */
  spill?: boolean;
  /**
   * The script's OAuth scopes, in place of the bundle's appsscript.json (`oauthScopes`), e.g. to
   * run the add-on under the full `spreadsheets` scope. Without either, every call is allowed, as
   * Apps Script grants the scopes a script without a list uses.
   */
  oauthScopes?: readonly string[];
}

export type { TriggerDocument } from './unknowables';

export interface RunOptions {
  user?: string;
  mode?: AuthModeName;
  kind?: ExecutionKind;
  spreadsheetId?: string;
  /** Run with no active spreadsheet whatever the trigger rules (a trigger of a deleted spreadsheet). */
  noDocument?: boolean;
}

export interface ExecutionResult {
  ok: boolean;
  /** The function's return value (undefined when it threw or timed out). */
  value: unknown;
  error?: { name: string; message: string; stack?: string };
  timedOut: boolean;
  execution: Execution;
  elapsedMs: number;
  logs: LogEntry[];
  calls: Record<string, number>;
}

export interface CustomFunctionResult {
  /** What the cell shows: the value, or `#ERROR!` when the function threw or timed out. */
  cell: CellResult;
  /** The error a user sees on hovering `#ERROR!`. */
  error?: string;
  /** From `recalculate`: the cell that ran, e.g. `Sheet1!B2`. */
  at?: string;
  timedOut: boolean;
  result: ExecutionResult;
}

const SERVICE_GLOBALS = [
  'SpreadsheetApp',
  'PropertiesService',
  'CacheService',
  'LockService',
  'Session',
  'Logger',
  'console',
  'Utilities',
  'HtmlService',
  'ScriptApp',
  'UrlFetchApp',
  'MailApp',
] as const;

/** The `oauthScopes` of the bundle folder's appsscript.json, if it has one that names any. */
function manifestScopes(bundleDir: string): string[] | undefined {
  const file = path.join(bundleDir, 'appsscript.json');
  if (!fs.existsSync(file)) return undefined;
  const scopes = (JSON.parse(fs.readFileSync(file, 'utf8')) as { oauthScopes?: unknown }).oauthScopes;
  return Array.isArray(scopes) ? scopes.map(String) : undefined;
}

export class AppsScriptHost {
  readonly clock: VirtualClock;
  readonly runtime: Runtime;
  readonly ui: UiRecorder;
  readonly owner: string;
  readonly declared: DeclaredFunction[];
  readonly triggers: TriggerRegistry;
  readonly logs: LogSink;
  /** Each user's daily use of the quotas. */
  readonly quota: QuotaLedger;
  private triggerDocument: TriggerDocument;
  private cfDocumentProperties: CustomFunctionDocumentProperties;
  private customFunctionDocument: CustomFunctionDocument;
  /** Where the add-on is disabled, who uninstalled it, who must re-authorize it. */
  readonly standing: AddonStanding;
  private readonly documents = new Map<string, SpreadsheetModel>();
  private readonly defaultDocumentId: string;
  private readonly properties = new PropertyStores();
  private readonly caches: CacheStores;
  private readonly locks = new LockTable();
  private readonly router: FetchRouter;
  private readonly outbox: SentMail[] = [];
  private http?: SyncHttpClient;
  private readonly services: Record<(typeof SERVICE_GLOBALS)[number], object>;
  private readonly filter: (file: string) => boolean;
  private lastLoad: string[] = [];
  /** The script's OAuth scopes: the option, else the bundle's appsscript.json; undefined when neither names any. */
  readonly scopes: ReadonlySet<string> | undefined;

  constructor(private readonly options: HostOptions) {
    this.clock = new VirtualClock(options.clockStart);
    this.runtime = new Runtime(this.clock, options.scriptTime ?? 'measured');
    this.owner = options.owner ?? 'owner@example.com';
    this.ui = new UiRecorder(options.addonMenuTitle ?? 'Add-on');
    this.triggers = new TriggerRegistry(options.addOnRules ?? true, options.maxTriggersPerUser ?? MAX_TRIGGERS_PER_USER);
    this.triggers.deployment = options.deployment ?? 'published';
    const unknowables = defaultUnknowables();
    this.triggers.backgroundOneShots = options.backgroundOneShots ?? unknowables.backgroundOneShots;
    this.triggerDocument = options.triggerDocument ?? unknowables.triggerDocument;
    this.customFunctionDocument = options.customFunctionDocument ?? unknowables.customFunctionDocument;
    this.cfDocumentProperties = options.customFunctionDocumentProperties ?? unknowables.customFunctionDocumentProperties;
    this.standing = new AddonStanding(options.missedOneShots ?? unknowables.missedOneShots);
    this.quota = new QuotaLedger(options.quotas);
    this.logs = new LogSink(this.runtime);
    this.caches = new CacheStores(() => this.clock.now());
    this.filter = options.filter ?? ((f) => f.endsWith('.js'));
    const scopes = options.oauthScopes ?? manifestScopes(options.bundleDir);
    this.scopes = scopes ? new Set(scopes) : undefined;

    const doc = new SpreadsheetModel(
      'spreadsheet-1',
      options.spreadsheetName ?? 'Prospects',
      this.owner,
      options.spreadsheetTimeZone ?? 'Etc/UTC',
    );
    doc.addSheet('Sheet1');
    this.documents.set(doc.id, doc);
    this.defaultDocumentId = doc.id;

    this.router = new FetchRouter(options.routes ?? {}, () => (this.http ??= new SyncHttpClient()), this.runtime);
    const scriptId = 'local-script';
    this.services = {
      SpreadsheetApp: new FakeSpreadsheetApp(this.runtime, (id) => this.document(id), this.ui, {
        find: (id) => this.documents.get(id),
        scopes: () => this.scopes,
      }),
      PropertiesService: new FakePropertiesService(
        this.properties,
        this.runtime,
        (exec) => this.quotaUser(exec),
        (user) => this.quota.charge(user, 'properties', 1, this.clock.now()),
        () => this.cfDocumentProperties,
      ),
      CacheService: new FakeCacheService(this.caches, this.runtime),
      LockService: new FakeLockService(this.locks, this.runtime),
      Session: new FakeSession(this.runtime, options.scriptTimeZone ?? 'Etc/UTC', scriptId),
      Logger: new FakeLogger(this.logs),
      console: new FakeConsole(this.logs, () => this.clock.now()),
      Utilities: new FakeUtilities(this.runtime, scriptId),
      HtmlService: new FakeHtmlService(options.bundleDir),
      ScriptApp: new FakeScriptApp(this.triggers, this.runtime, scriptId),
      UrlFetchApp: new FakeUrlFetchApp(this.router, this.runtime, (n) =>
        this.quota.charge(this.quotaUser(this.runtime.exec()), 'urlFetch', n, this.clock.now()),
      ),
      MailApp: new FakeMailApp(this.runtime, this.outbox, {
        scopes: () => this.scopes,
        charge: (n) => this.quota.charge(this.quotaUser(this.runtime.exec()), 'mail', n, this.clock.now()),
        remaining: () => this.quota.remaining(this.quotaUser(this.runtime.exec()), 'mail', this.clock.now()),
      }),
    };

    this.declared = bundleFiles(options.bundleDir, this.filter).flatMap((f) =>
      declaredFunctions(fs.readFileSync(f, 'utf8'), path.basename(f)),
    );
    // A cell may call any top-level function not ending in `_`; other unknown names read #NAME?.
    for (const d of this.declared) if (!d.name.endsWith('_')) doc.customFunctions.add(d.name.toUpperCase());
  }

  /**
   * Whose quotas an execution spends: its user, except that a custom function runs anonymously
   * and spends (and reads the user properties of) the spreadsheet's owner.
   */
  private quotaUser(exec: Execution): string {
    return exec.mode === 'CUSTOM_FUNCTION' ? this.document(exec.spreadsheetId).owner : exec.user;
  }

  // ---- deployment ----

  /** Switches between a published add-on and a test deployment (which cannot create installable triggers). */
  setDeployment(mode: DeploymentMode): void {
    this.triggers.deployment = mode;
  }

  /** Whether short one-shots may be made from time-driven runs, or from any run, from now on (see BackgroundOneShots). */
  setBackgroundOneShots(policy: BackgroundOneShots): void {
    this.triggers.backgroundOneShots = policy;
  }

  /** What custom functions get of the document's properties from now on (see custom-function-properties.ts). */
  setCustomFunctionDocumentProperties(policy: CustomFunctionDocumentProperties): void {
    this.cfDocumentProperties = policy;
  }

  /** Whether custom functions from now on get the document's lock and cache ('given') or null for both ('none'). */
  setCustomFunctionDocument(policy: CustomFunctionDocument): void {
    this.customFunctionDocument = policy;
  }

  /** The answer each unknowable takes now (see unknowables.ts). */
  get unknowables(): Unknowables {
    return {
      triggerDocument: this.triggerDocument,
      backgroundOneShots: this.triggers.backgroundOneShots,
      customFunctionDocument: this.customFunctionDocument,
      customFunctionDocumentProperties: this.cfDocumentProperties,
      missedOneShots: this.standing.missedOneShots,
    };
  }

  /** What becomes of a one-shot that comes due while its trigger cannot fire, from now on (see MissedOneShots). */
  setMissedOneShots(policy: MissedOneShots): void {
    this.standing.missedOneShots = policy;
  }

  // ---- the add-on's standing (see addon-state.ts for Google's pages) ----

  /**
   * The add-on disabled in a spreadsheet (Extensions › Add-ons › Manage add-ons, "Use in this
   * document" off) or enabled again: while disabled, the installable triggers made in it do not
   * fire and `open` runs onOpen in NONE mode; enabled again, they fire as before.
   */
  setAddonEnabled(spreadsheetId: string, enabled: boolean): void {
    this.document(spreadsheetId);
    this.standing.setEnabled(spreadsheetId, enabled);
  }

  /**
   * The add-on uninstalled by `user`: none of their installable triggers fires, and they have no
   * menu or sidebar (`open`, `clickMenu` and `callFromSidebar` for them are test mistakes).
   * Whether Apps Script deletes the triggers or keeps them for a reinstall is not documented:
   * `triggers: 'removed'` (the default) deletes them, `'kept'` keeps them silent until `installAddon`.
   */
  uninstallAddon(user: string, how: { triggers?: 'removed' | 'kept' } = {}): void {
    this.standing.setInstalled(user, false);
    if ((how.triggers ?? 'removed') === 'removed') for (const t of this.triggerList({ user })) this.triggers.remove(t.uid);
  }

  /** The add-on installed (again) by `user`: runs `onInstall` in FULL mode as `install` does. */
  installAddon(user: string): ExecutionResult {
    this.standing.setInstalled(user, true);
    return this.install({ user });
  }

  /**
   * The add-on needs `user`'s authorization again (a new version asks for more scopes): their
   * triggers do not fire until they run the add-on from its menu or sidebar, which shows Google's
   * authorization prompt; the host takes it as granted and runs the function (see `clickMenu`).
   */
  requireReauthorization(user: string): void {
    this.standing.setNeedsReauthorization(user, true);
  }

  /** Whether `user` must still re-authorize the add-on. */
  needsReauthorization(user: string): boolean {
    return this.standing.needsReauthorization(user);
  }

  /** A trigger deleted by its user on the Apps Script triggers page (My triggers); the script is not told. */
  userDeleteTrigger(uid: string): void {
    if (!this.triggers.byUid(uid)) throw new HostFailure(`no trigger ${uid}`);
    this.triggers.remove(uid);
  }

  /** The user's FULL-mode run from a menu or sidebar: a test mistake once uninstalled; it re-authorizes. */
  private userRun(user: string, what: string): void {
    if (!this.standing.installedFor(user)) throw new HostFailure(`${user} uninstalled the add-on: no ${what}`);
    this.standing.setNeedsReauthorization(user, false);
  }

  /** Whether time-driven triggers from now on run with their spreadsheet active ('active') or none ('none'). */
  setTriggerDocument(mode: TriggerDocument): void {
    this.triggerDocument = mode;
  }

  // ---- documents and sheets ----

  document(id = this.defaultDocumentId): SpreadsheetModel {
    const d = this.documents.get(id);
    if (!d) throw new HostFailure(`no spreadsheet ${id}`);
    return d;
  }

  get spreadsheet(): SpreadsheetModel {
    return this.document();
  }

  /** Another spreadsheet the user can open (SpreadsheetApp.openById), with one sheet, Sheet1. */
  addSpreadsheet(id: string, name = id): SpreadsheetModel {
    if (this.documents.has(id)) throw new HostFailure(`spreadsheet ${id} exists`);
    const doc = new SpreadsheetModel(id, name, this.owner, this.options.spreadsheetTimeZone ?? 'Etc/UTC');
    doc.addSheet('Sheet1');
    for (const d of this.declared) if (!d.name.endsWith('_')) doc.customFunctions.add(d.name.toUpperCase());
    this.documents.set(id, doc);
    return doc;
  }

  /**
   * A spreadsheet deleted for good (Drive's trash emptied): opening it by id fails as for an id
   * never known. Whether Apps Script keeps firing the add-on triggers made in a deleted document
   * is not documented: `triggers: 'removed'` (the default) drops them with it; `'kept'` leaves them
   * to fire, and they then run without an active spreadsheet.
   */
  deleteSpreadsheet(id: string, how: { triggers?: 'removed' | 'kept' } = {}): void {
    if (id === this.defaultDocumentId) throw new HostFailure('the default spreadsheet cannot be deleted');
    if (!this.documents.delete(id)) throw new HostFailure(`no spreadsheet ${id}`);
    for (const t of [...this.triggers.triggers].filter((t) => t.documentId === id)) {
      if ((how.triggers ?? 'removed') === 'removed') this.triggers.remove(t.uid);
      else t.orphaned = true;
    }
  }

  /** A sheet of the default spreadsheet for tests to load and inspect, created if missing. */
  sheet(name = 'Sheet1'): SheetHelper {
    const doc = this.document();
    return new SheetHelper(doc, doc.sheetByName(name) ?? doc.addSheet(name));
  }

  /** Sets the user's selection, e.g. `'Sheet1!A2:C5'` or several ranges (a range list). */
  select(...a1: string[]): void {
    const doc = this.document();
    const ranges = a1.map((ref) => {
      const a = parseA1(ref);
      const sheet = a.sheetName !== undefined ? doc.sheetByName(a.sheetName) : doc.activeSheet();
      if (!sheet) throw new HostFailure(`no sheet in ${ref}`);
      return {
        sheetId: sheet.sheetId,
        row: a.row,
        column: a.column,
        numRows: (a.lastRow ?? sheet.maxRows) - a.row + 1,
        numColumns: (a.lastColumn ?? sheet.maxColumns) - a.column + 1,
      };
    });
    doc.selectRanges(ranges);
  }

  /** Renames a sheet of the default spreadsheet on its tab, as a user does. */
  userRenameSheet(name: string, newName: string): void {
    const doc = this.document();
    doc.renameSheet(this.sheetModel(doc, name), newName);
  }

  /** Duplicates a sheet of the default spreadsheet from its tab ("Copy of …"); returns the copy's name. */
  userDuplicateSheet(name: string): string {
    const doc = this.document();
    return doc.duplicateSheet(this.sheetModel(doc, name)).name;
  }

  /** Deletes a sheet of the default spreadsheet from its tab, as a user does; the last one cannot go. */
  userDeleteSheet(name: string): void {
    const doc = this.document();
    doc.removeSheet(this.sheetModel(doc, name));
  }

  private sheetModel(doc: SpreadsheetModel, name: string) {
    const sheet = doc.sheetByName(name);
    if (!sheet) throw new HostFailure(`no sheet named "${name}" in ${doc.name}`);
    return sheet;
  }

  // ---- executions ----

  private loadInto(exec: Execution): { sandbox: Record<string, unknown>; realm: Realm; instr: Instrumenter } {
    const sandbox: Record<string, unknown> = {};
    // The script's Date reads the clock with its own time so far charged.
    const realm = createRealm(sandbox, () => Math.floor(this.runtime.scriptNow()));
    const instr = new Instrumenter(this.runtime, realm);
    for (const name of SERVICE_GLOBALS) {
      const service = this.services[name];
      Object.defineProperty(sandbox, name, {
        configurable: true,
        enumerable: false,
        get: () => {
          this.runtime.noteGlobal(name);
          return instr.wrap(service);
        },
      });
    }
    exec.loading = true;
    // Loading the bundle (compiling it, running its top-level code) is the script's time, as in Apps Script.
    this.runtime.resumeScript();
    try {
      runBundle(this.options.bundleDir, this.filter, realm.context);
    } finally {
      this.runtime.pauseScript();
      exec.loading = false;
    }
    this.lastLoad = [...exec.loadAccesses];
    return { sandbox, realm, instr };
  }

  /** Runs `functionName(...args)` as one execution; the script's errors come back in the result. */
  run(functionName: string, args: unknown[] = [], opts: RunOptions = {}): ExecutionResult {
    const kind = opts.kind ?? 'editor';
    const exec = newExecution({
      functionName,
      user: opts.user ?? this.owner,
      mode: opts.mode ?? 'FULL',
      kind,
      spreadsheetId: opts.spreadsheetId ?? this.defaultDocumentId,
      startedAt: this.clock.now(),
      activeDocument: !opts.noDocument && !(kind === 'trigger' && this.triggerDocument === 'none'),
      documentServices: !(kind === 'customFunction' && this.customFunctionDocument === 'none'),
    });
    // A time-driven trigger's run time counts toward the day it started in.
    const triggerDay = kind === 'trigger' ? this.quota.day(exec.user, exec.startedAt) : undefined;
    this.runtime.enter(exec);
    let value: unknown;
    let thrown: unknown;
    let threw = false;
    try {
      const { sandbox, realm, instr } = this.loadInto(exec);
      const fn = sandbox[functionName];
      if (typeof fn !== 'function') throw realm.exception(Messages.scriptFunctionNotFound(functionName));
      const scriptArgs = args.map((a) => instr.toScript(a));
      this.runtime.resumeScript();
      value = (fn as (...a: unknown[]) => unknown)(...scriptArgs);
    } catch (e) {
      threw = true;
      thrown = e;
    } finally {
      this.runtime.leave(exec);
      this.locks.releaseAllOf(exec.id, this.clock.now());
      if (triggerDay) triggerDay.triggerRuntimeMs += this.clock.now() - exec.startedAt;
    }
    const failure = exec.failures[0];
    if (failure) throw failure;
    if (thrown instanceof HostFailure) throw thrown;
    const result: ExecutionResult = {
      ok: !threw && !exec.timedOut,
      value: threw || exec.timedOut ? undefined : value,
      timedOut: exec.timedOut,
      execution: exec,
      elapsedMs: this.clock.now() - exec.startedAt,
      logs: exec.logs,
      calls: exec.calls.counts(),
    };
    if (exec.timedOut) result.error = { name: 'Exception', message: Messages.timeout };
    else if (threw) {
      const e = thrown as { name?: unknown; message?: unknown; stack?: unknown } | undefined;
      result.error = {
        name: typeof e?.name === 'string' ? e.name : 'Error',
        message: typeof e?.message === 'string' ? e.message : String(thrown),
        ...(typeof e?.stack === 'string' ? { stack: e.stack } : {}),
      };
    }
    return result;
  }

  /**
   * Opens the document (the default one, or `spreadsheetId`) as `user`: runs the `onOpen` simple
   * trigger in LIMITED mode, or NONE where the add-on is disabled ("Editor add-on authorization":
   * installed but not enabled in the document).
   */
  open(opts: { user?: string; mode?: 'LIMITED' | 'NONE'; spreadsheetId?: string } = {}): ExecutionResult {
    const user = opts.user ?? this.owner;
    const spreadsheetId = opts.spreadsheetId ?? this.defaultDocumentId;
    if (!this.standing.installedFor(user)) throw new HostFailure(`${user} uninstalled the add-on: its onOpen does not run`);
    const mode = opts.mode ?? (this.standing.enabledIn(spreadsheetId) ? 'LIMITED' : 'NONE');
    const event: Record<string, unknown> = { authMode: mode };
    if (mode === 'LIMITED') event.source = new FakeSpreadsheet(this.document(spreadsheetId), this.runtime);
    return this.run('onOpen', [event], { user, mode, kind: 'simpleTrigger', spreadsheetId });
  }

  /** Installs the add-on for `user`: runs `onInstall` in FULL mode, as Apps Script does. */
  install(opts: { user?: string } = {}): ExecutionResult {
    const event = { authMode: 'FULL', source: new FakeSpreadsheet(this.document(), this.runtime) };
    return this.run('onInstall', [event], { user: opts.user ?? this.owner, mode: 'FULL', kind: 'simpleTrigger' });
  }

  /** Clicks an item of the menu `user`'s onOpen built (by caption), running its function in FULL mode. */
  clickMenu(caption: string, opts: { user?: string } = {}): ExecutionResult {
    const user = opts.user ?? this.owner;
    const menu = this.ui.menuFor(user);
    const find = (entries: MenuEntry[]): string | undefined => {
      for (const e of entries) {
        if (e.type === 'item' && e.caption === caption) return e.functionName;
        if (e.type === 'submenu') {
          const f = find(e.entries);
          if (f) return f;
        }
      }
      return undefined;
    };
    const fn = menu ? find(menu.entries) : undefined;
    if (!fn) throw new HostFailure(`no menu item "${caption}" for ${user}; did onOpen run for this user?`);
    this.userRun(user, 'menu');
    // "Editor add-on authorization": using the add-on's menu in a document enables it there.
    this.standing.setEnabled(this.defaultDocumentId, true);
    return this.run(fn, [], { user, mode: 'FULL', kind: 'menu' });
  }

  /**
   * What `google.script.run.name(...args)` does from a sidebar: the name must be a top-level
   * function not ending in `_`; arguments and the return value cross as JSON-like values. The
   * sidebar is the default spreadsheet's, or `spreadsheetId`'s.
   */
  callFromSidebar(name: string, args: unknown[] = [], user = this.owner, spreadsheetId = this.defaultDocumentId): ExecutionResult {
    const sent = sidebarArguments(args);
    const fn = this.declared.find((d) => d.name === name);
    if (!fn || name.endsWith('_')) {
      throw new HostFailure(
        `google.script.run.${name} is not callable: ${fn ? 'private functions (ending in _) cannot be called' : 'no top-level function declaration with that name'}`,
      );
    }
    this.userRun(user, 'sidebar');
    const result = this.run(name, sent, { user, mode: 'FULL', kind: 'sidebar', spreadsheetId });
    if (result.ok) result.value = sidebarReturnValue(result.value);
    return result;
  }

  /** Runs a custom function as Sheets does: CUSTOM_FUNCTION mode, 30 s, anonymous, read-only. */
  runCustomFunction(name: string, args: unknown[], opts: { asUser?: string; spreadsheetId?: string } = {}): CustomFunctionResult {
    if (name.endsWith('_') || !this.declared.some((d) => d.name.toUpperCase() === name.toUpperCase())) {
      return { cell: '#NAME?', error: `Unknown function: '${name}'.`, timedOut: false, result: undefined as unknown as ExecutionResult };
    }
    const declared = this.declared.find((d) => d.name.toUpperCase() === name.toUpperCase())!;
    const result = this.run(declared.name, args, {
      user: opts.asUser ?? this.owner,
      mode: 'CUSTOM_FUNCTION',
      kind: 'customFunction',
      ...(opts.spreadsheetId ? { spreadsheetId: opts.spreadsheetId } : {}),
    });
    if (!result.ok) return { cell: '#ERROR!', error: result.error?.message ?? 'error', timedOut: result.timedOut, result };
    return { cell: cellResult(result.value), timedOut: false, result };
  }

  /**
   * Recalculates custom-function cells as Sheets does, e.g. after a test wrote
   * `=ENRICH_COMPANY(A2:A3)`: only cells never computed (or written since), whose formula or
   * argument values changed, or whose last run failed, unless `all`. The cells start together
   * (see RecalculateOptions.concurrent). Returns the results of the cells that ran.
   */
  recalculate(opts: RecalculateOptions = {}): CustomFunctionResult[] {
    const doc = this.document();
    const concurrent = opts.concurrent ?? true;
    const start = this.clock.now();
    let latest = start;
    const out: CustomFunctionResult[] = [];
    const isBundleFunction = (name: string) => this.declared.some((d) => d.name.toUpperCase() === name.toUpperCase());
    for (const c of functionCells(doc, isBundleFunction, opts.sheet)) {
      // Read just before the cell runs, so a cell fed by another cell sees its new answer.
      const args = argumentsOf(doc, c.sheet, c.call);
      const key = computationKey(c.cell.formula ?? '', args);
      if (!opts.all && !needsRun(c.cell, key)) continue;
      if (concurrent) this.clock.rewindTo(start);
      const res = this.runCustomFunction(c.call.name, args, opts.asUser ? { asUser: opts.asUser } : {});
      latest = Math.max(latest, this.clock.now());
      recordRun(c.cell, key, {
        cell: res.cell,
        failed: res.result ? !res.result.ok : true,
        ...(res.error !== undefined ? { error: res.error } : {}),
      });
      if (this.options.spill) c.sheet.answered(c.cell);
      out.push({ ...res, at: c.at });
    }
    this.clock.advanceTo(latest);
    return out;
  }

  // ---- triggers ----

  triggerList(filter: { user?: string } = {}): TriggerRecord[] {
    return this.triggers.triggers.filter((t) => filter.user === undefined || t.user === filter.user).map((t) => ({ ...t }));
  }

  /**
   * Advances the clock to the next due clock trigger and runs its handler as the user who made
   * it, in FULL mode, with a time-driven event object. Undefined when none is due by `until`.
   */
  fireNextTrigger(until = Infinity): (ExecutionResult & { trigger: TriggerRecord }) | undefined {
    let t = this.triggers.nextDue((x) => this.standing.waits(x));
    // A trigger that cannot fire (see addon-state.ts) lets its time pass without running.
    for (
      ;
      t && t.dueAt !== undefined && t.dueAt <= until && this.standing.silence(t);
      t = this.triggers.nextDue((x) => this.standing.waits(x))
    ) {
      this.clock.advanceTo(t.dueAt);
      this.standing.miss(t, this.clock.now());
    }
    if (!t || t.dueAt === undefined || t.dueAt > until) return undefined;
    this.clock.advanceTo(t.dueAt);
    if (this.quota.triggerRuntimeSpent(t.user, this.clock.now())) {
      // The day's trigger runtime is spent: the trigger fires but its handler does not run.
      const snapshot = { ...t };
      this.triggers.markFired(t.uid, this.clock.now());
      return { ...this.refusedTrigger(t), trigger: snapshot };
    }
    const at = new Date(this.clock.now());
    const event = {
      authMode: 'FULL',
      triggerUid: t.uid,
      year: at.getUTCFullYear(),
      month: at.getUTCMonth() + 1,
      'day-of-month': at.getUTCDate(),
      'day-of-week': at.getUTCDay() === 0 ? 7 : at.getUTCDay(),
      'week-of-year': 0,
      hour: at.getUTCHours(),
      minute: at.getUTCMinutes(),
      second: at.getUTCSeconds(),
      timezone: 'UTC',
    };
    const snapshot = { ...t };
    this.triggers.markFired(t.uid, this.clock.now());
    const result = this.run(t.handler, [event], {
      user: t.user,
      mode: 'FULL',
      kind: 'trigger',
      spreadsheetId: t.documentId,
      ...(t.orphaned ? { noDocument: true } : {}),
    });
    return { ...result, trigger: snapshot };
  }

  /** A trigger execution that failed before its handler ran, with Apps Script's message. */
  private refusedTrigger(t: TriggerRecord): ExecutionResult {
    const execution = newExecution({
      functionName: t.handler,
      user: t.user,
      mode: 'FULL',
      kind: 'trigger',
      spreadsheetId: t.documentId,
      startedAt: this.clock.now(),
      activeDocument: this.triggerDocument === 'active',
    });
    return {
      ok: false,
      value: undefined,
      error: { name: 'Exception', message: Messages.triggerRuntimeQuota },
      timedOut: false,
      execution,
      elapsedMs: 0,
      logs: [],
      calls: {},
    };
  }

  /** Fires due triggers in order until none is due by `until` (or `max` have fired). */
  runTriggersUntil(until: number, max = 1000): (ExecutionResult & { trigger: TriggerRecord })[] {
    const out: (ExecutionResult & { trigger: TriggerRecord })[] = [];
    for (let r = this.fireNextTrigger(until); r; r = out.length < max ? this.fireNextTrigger(until) : undefined) out.push(r);
    this.clock.advanceTo(until === Infinity ? this.clock.now() : until);
    return out;
  }

  // ---- properties, cache, locks ----

  userProperties(user = this.owner): Record<string, string> {
    return Object.fromEntries(this.properties.get('user', user).values);
  }

  documentProperties(spreadsheetId = this.defaultDocumentId): Record<string, string> {
    return Object.fromEntries(this.properties.get('document', spreadsheetId).values);
  }

  scriptProperties(): Record<string, string> {
    return Object.fromEntries(this.properties.get('script').values);
  }

  /** Seeds a property store without going through the script (limits still apply). */
  setProperties(scope: 'user' | 'document' | 'script', values: Record<string, string>, id?: string): void {
    const key = id ?? (scope === 'user' ? this.owner : scope === 'document' ? this.defaultDocumentId : '');
    this.properties.get(scope, key).write(values);
  }

  /** Drops every cache entry, as Apps Script may under memory pressure. */
  evictCaches(): void {
    this.caches.evictAll();
  }

  /** Holds a lock as another execution would, until `release()` or `releaseAfterMs` of virtual time. */
  holdLock(scope: LockScope, opts: { user?: string; spreadsheetId?: string; releaseAfterMs?: number } = {}): { release(): void } {
    const id = scope === 'document' ? (opts.spreadsheetId ?? this.defaultDocumentId) : scope === 'user' ? (opts.user ?? this.owner) : '';
    const releaseAt = opts.releaseAfterMs === undefined ? undefined : this.clock.now() + opts.releaseAfterMs;
    return this.locks.holdExternally(this.locks.key(scope, id), releaseAt, this.clock.now());
  }

  // ---- quotas ----

  /** The user's use of the daily quotas in their current day (zero, and no start, when no day is open). */
  quotaUse(user = this.owner): QuotaUse {
    return this.quota.use(user, this.clock.now());
  }

  /** Spends the rest of the user's day of a call quota, as their other scripts would: the next call is refused. */
  useUpQuota(name: CallQuota, user = this.owner): void {
    this.quota.useUp(user, name, this.clock.now());
  }

  /** Every quota day of the user, oldest first; the last may still be open. */
  quotaHistory(user = this.owner): QuotaDay[] {
    return this.quota.history(user);
  }

  // ---- observation ----

  get requests(): RecordedRequest[] {
    return this.router.requests;
  }

  /** Every message `MailApp.sendEmail` sent, oldest first (nothing leaves the host). */
  get mail(): readonly SentMail[] {
    return this.outbox;
  }

  /** Calls per `Service.Class.method` since the last reset. */
  stats(): Record<string, number> {
    return this.runtime.stats.counts();
  }

  resetStats(): void {
    this.runtime.stats.reset();
  }

  /** The estimated Apps Script time since the last reset: the calls per the cost model, and the script's own time. */
  costReport(): CostReport {
    return this.runtime.stats.report();
  }

  /** Loads the bundle alone (no function runs) and returns the service accesses its top-level code made. */
  load(opts: { mode?: AuthModeName } = {}): string[] {
    const exec = newExecution({
      functionName: '(load)',
      user: this.owner,
      mode: opts.mode ?? 'LIMITED',
      kind: 'load',
      spreadsheetId: this.defaultDocumentId,
      startedAt: this.clock.now(),
    });
    this.runtime.enter(exec);
    try {
      this.loadInto(exec);
    } finally {
      this.runtime.leave(exec);
    }
    return [...exec.loadAccesses];
  }

  /** The service accesses made by top-level code during the latest load. */
  loadAccesses(): string[] {
    return [...this.lastLoad];
  }

  async close(): Promise<void> {
    await this.http?.close();
  }
}
