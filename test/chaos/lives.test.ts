// The lives campaign: model-based job lives (fast-check commands) through the built add-on in the
// local host, every promise checked after every command and once the jobs ran out.
import fc from 'fast-check';
import { connect } from '../support/addon-world';
import type { Fault } from './chaos-world';
import {
  Cancel,
  Connection,
  coverage,
  Edit,
  EditMidRequest,
  EditorStart,
  FireTrigger,
  LockBusy,
  newModel,
  Poll,
  QuotaSpent,
  ServiceFault,
  settle,
  Start,
  TimePasses,
  TriggerRules,
  type LivesModel,
  type SheetEdit,
} from './lives-commands';
import { EDITOR, EDITOR_KEY, livesWorld, OWNER, OWNER_KEY, sheetValues, type LivesWorld, type SheetSpec } from './lives-world';

const RUNS = Number(process.env.LIVES_RUNS ?? 300);
const SEED = process.env.LIVES_SEED === undefined ? undefined : Number(process.env.LIVES_SEED);
/** With the seed, replays one printed counterexample: `LIVES_SEED=… LIVES_PATH=… LIVES_REPLAY=… npx jest test/chaos/lives`. */
const PATH = process.env.LIVES_PATH;
/** The commands' own replay path, printed in the counterexample as replayPath="…"; needed with LIVES_PATH. */
const REPLAY = process.env.LIVES_REPLAY;
/** Leaves these commands out (comma-separated names), to look past a failure already known. */
const WITHOUT = new Set((process.env.LIVES_WITHOUT ?? '').split(',').filter(Boolean));

const action = fc.constantFrom('email' as const, 'company' as const, 'person' as const);
const pick = fc.nat(40);
/** How long a 429 asks to wait, as a share of the 900 seconds the fault route allows (evenly: a short wait is no likelier). */
const wait = fc.noBias(fc.integer({ min: 0, max: 899 })).map((s) => s / 900);

/** The person's edits, by name (LIVES_WITHOUT may name them too). */
const EDITS: Record<SheetEdit['e'], fc.Arbitrary<SheetEdit>> = {
  sort: fc.record({ e: fc.constant('sort' as const), column: fc.nat(8), asc: fc.boolean() }),
  insertRows: fc.record({ e: fc.constant('insertRows' as const), at: pick, count: fc.integer({ min: 1, max: 2 }) }),
  deleteRows: fc.record({ e: fc.constant('deleteRows' as const), pick, count: fc.integer({ min: 1, max: 2 }) }),
  insertColumn: fc.record({ e: fc.constant('insertColumn' as const), at: fc.nat(8) }),
  deleteColumn: fc.record({
    e: fc.constant('deleteColumn' as const),
    which: fc.constantFrom('input' as const, 'status' as const, 'result' as const),
    action,
  }),
  clearStatus: fc.record({ e: fc.constant('clearStatus' as const), action }),
  clearKey: fc.record({ e: fc.constant('clearKey' as const), pick, action }),
  editKey: fc.record({ e: fc.constant('editKey' as const), pick, action }),
  rename: fc.constant({ e: 'rename' as const }),
  duplicate: fc.constant({ e: 'duplicate' as const }),
  deleteSheet: fc.constant({ e: 'deleteSheet' as const }),
};
/** Edits that shape the table are drawn more often than those that end the sheet's story. */
const EDIT_WEIGHT: Partial<Record<SheetEdit['e'], number>> = { sort: 2, insertRows: 2, deleteRows: 2, editKey: 2 };
const sheetEdit: fc.Arbitrary<SheetEdit> = fc.oneof(
  ...Object.entries(EDITS)
    .filter(([name]) => !WITHOUT.has(name))
    .map(([name, arbitrary]) => ({ weight: EDIT_WEIGHT[name as SheetEdit['e']] ?? 1, arbitrary })),
);

const FAULTS = (['r429', 'r500', 'drop', 'html', 'cutoff', 'enum', 'echoKey'] as Fault[]).filter((f) => !WITHOUT.has(f));

type LivesCommand = fc.Command<LivesModel, LivesWorld>;
const cmd = <T>(arb: fc.Arbitrary<T>, make: (t: T) => LivesCommand): fc.Arbitrary<LivesCommand> => arb.map(make);
const one = (make: () => LivesCommand): fc.Arbitrary<LivesCommand> => fc.constant(null).map(make);

/** Every command, by name, with how often it is drawn. */
const COMMANDS: Record<string, { weight: number; arb: fc.Arbitrary<LivesCommand> }> = {
  start: {
    weight: 6,
    arb: cmd(
      fc.tuple(action, pick, pick, fc.constantFrom('sidebar' as const, 'menu' as const), fc.option(wait, { nil: undefined })),
      ([a, f, t, v, b]) => new Start(a, f, t, v, b),
    ),
  },
  cancel: { weight: 1, arb: one(() => new Cancel()) },
  edit: { weight: 4, arb: cmd(sheetEdit, (e) => new Edit(e)) },
  editMidRequest: { weight: 3, arb: cmd(sheetEdit, (e) => new EditMidRequest(e)) },
  disconnect: { weight: 1, arb: one(() => new Connection('disconnect')) },
  otherKey: { weight: 1, arb: one(() => new Connection('other')) },
  reconnect: { weight: 1, arb: one(() => new Connection('original')) },
  editor: { weight: 1, arb: one(() => new EditorStart()) },
  poll: { weight: 1, arb: one(() => new Poll()) },
  trigger: { weight: 5, arb: one(() => new FireTrigger()) },
  lockBusy: { weight: 1, arb: cmd(fc.integer({ min: 1000, max: 10 * 60_000 }), (ms) => new LockBusy(ms)) },
  quotaSpent: { weight: 1, arb: one(() => new QuotaSpent()) },
  triggerRules: { weight: 1, arb: cmd(fc.tuple(fc.boolean(), fc.boolean()), ([r, d]) => new TriggerRules(r, d)) },
  dayPasses: { weight: 1, arb: one(() => new TimePasses(1)) },
  hundredDays: { weight: 1, arb: one(() => new TimePasses(100)) },
  fault: {
    weight: 3,
    arb: cmd(
      fc.tuple(fc.constantFrom(...FAULTS), fc.integer({ min: 1, max: 3 }), wait, fc.boolean()),
      ([f, n, d, r]) => new ServiceFault(f, n, d, r),
    ),
  },
};

// fc.commands draws its arbitraries evenly: a command drawn more often is listed more often.
const commands = Object.entries(COMMANDS)
  .filter(([name]) => !WITHOUT.has(name))
  .flatMap(([, c]) => Array.from({ length: c.weight }, () => c.arb));

const sheetSpec: fc.Arbitrary<SheetSpec> = fc.record({
  rows: fc.array(
    fc.record({
      kind: fc.oneof(
        { weight: 8, arbitrary: fc.constant('plain' as const) },
        { weight: 1, arbitrary: fc.constantFrom('dup' as const, 'blank' as const) },
      ),
      firm: fc.nat(5),
    }),
    { minLength: 3, maxLength: 20 },
  ),
  partSize: fc.integer({ min: 2, max: 6 }),
});

/** What happened in a run, for LIVES_DEBUG: every sheet, the requests, the jobs, the logs. */
function debugDump(w: LivesWorld): string {
  return JSON.stringify(
    {
      sheets: w.host.spreadsheet.sheets.map((s) => ({ name: s.name, values: w.host.sheet(s.name).values() })),
      requests: w.host.requests.map((q) => `${new Date(q.at).toISOString()} ${q.user} ${q.method} ${q.url} ${q.status ?? '-'}`),
      accepted: w.accepted,
      jobs: [OWNER, EDITOR].map((u) => w.host.callFromSidebar('listJobs', [], u).value),
      logs: w.host.logs.text(),
      now: new Date(w.host.clock.now()).toISOString(),
      triggers: w.host.triggerList().map((t) => ({ ...t, due: t.dueAt === undefined ? null : new Date(t.dueAt).toISOString() })),
      // The owner's job and trigger records (not their key).
      records: Object.fromEntries(Object.entries(w.host.userProperties(OWNER)).filter(([k]) => /^(job|prospecting\.trigger)\./.test(k))),
    },
    null,
    1,
  );
}

const timing = { commands: 0, settle: 0 };

test(`lives: ${RUNS} generated job lives keep every promise after every step`, () => {
  fc.assert(
    fc.property(
      sheetSpec,
      fc.commands(commands, { maxCommands: 16, size: 'medium', ...(REPLAY ? { replayPath: REPLAY } : {}) }),
      (spec, cmds) => {
        const w = livesWorld();
        w.host.sheet().load(sheetValues(spec)).setFrozenRows(1);
        // Small parts, so that a few rows make a job of several parts.
        w.host.setProperties('script', { 'prospecting.partSize': String(spec.partSize) });
        w.host.open();
        connect(w, OWNER_KEY);
        w.host.open({ user: EDITOR });
        connect(w, EDITOR_KEY, EDITOR);
        const model = newModel(w, w.host.spreadsheet.sheetByName('Sheet1')!.sheetId);
        try {
          const t0 = Date.now();
          fc.modelRun(() => ({ model, real: w }), cmds);
          const t1 = Date.now();
          settle(model, w);
          timing.commands += t1 - t0;
          timing.settle += Date.now() - t1;
          if (process.env.LIVES_TRACE) console.log(String(cmds));
        } catch (e) {
          if (process.env.LIVES_DEBUG) console.log(debugDump(w));
          throw e;
        }
      },
    ),
    { numRuns: RUNS, seed: SEED, path: PATH, endOnFailure: PATH !== undefined, verbose: 1 },
  );
  if (process.env.LIVES_DEBUG)
    console.log(
      `commands ${timing.commands} ms, settle ${timing.settle} ms; checks ${coverage.checks}, with rows waiting ${coverage.waiting}, in ${coverage.runsWithWaiting} runs`,
    );
});
