// A seeded property over adding rows to sequences through the built bundle: sends interleaved with
// sorts, edits, deletes and rows left Sending, the service failing (429, 5xx, lost connections,
// answers too slow to arrive), previews and reruns. Afterwards every row says what became of it,
// no lead went to a sequence twice, and each "Added" row holds the lead its sequence took.
// Replay a failure with SEQ_SEED (and SEQ_PATH) as fast-check prints them; SEQ_RUNS runs more.
import fc from 'fast-check';
import type { FaultOptions } from '../../sandbox';
import { expectEachLeadOnce, KEY, sequenceWorld, type SequenceWorld } from '../support/sequence-world';

const HEADER = ['First name', 'Last name', 'Email', 'LinkedIn URL'];
const SEQUENCES = ['Q4 Outbound - Enterprise', 'Inbound Follow-up', 'Event Attendees'];
const STATUS = 'Sequence · Status';
/** How a row ends: added, a reason it was not, or an error that says it may have gone through. */
const FINAL =
  /^(Added to .+|Skipped: (already in this sequence|on the exclusion list|contacted in the last 30 days|in another (active|draft) sequence|repeated in the selection|no email or profile URL)|Error: .*check before sending it again\.)$/;

type Kind = 'new' | 'profile' | 'known' | 'repeat' | 'none' | 'blank';

const act = fc.oneof(
  fc.record({ a: fc.constant('sort' as const), column: fc.integer({ min: 1, max: 4 }), asc: fc.boolean() }),
  fc.record({ a: fc.constant('edit' as const), pick: fc.nat(1000) }),
  fc.record({ a: fc.constant('delete' as const), pick: fc.nat(1000) }),
);

const event = fc.oneof(
  { weight: 4, arbitrary: fc.record({ e: fc.constant('run' as const), sequence: fc.nat(SEQUENCES.length - 1), overrides: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ e: fc.constant('preview' as const) }) },
  { weight: 2, arbitrary: fc.record({ e: fc.constant('act' as const), act }) },
  { weight: 1, arbitrary: fc.record({ e: fc.constant('strand' as const), pick: fc.nat(1000) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      e: fc.constant('faults' as const),
      rate429: fc.integer({ min: 0, max: 30 }),
      rate500: fc.integer({ min: 0, max: 20 }),
      drop: fc.integer({ min: 0, max: 20 }),
      slow: fc.integer({ min: 0, max: 20 }),
      slowMs: fc.constantFrom(5000, 70000),
      seed: fc.nat(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ e: fc.constant('healthy' as const) }) },
);

const scenario = fc.record({
  kinds: fc.array(fc.constantFrom<Kind>('new', 'new', 'profile', 'known', 'repeat', 'none', 'blank'), { maxLength: 40 }),
  /** More new people, so a run takes more than one request. */
  filler: fc.oneof(fc.integer({ min: 0, max: 20 }), fc.integer({ min: 240, max: 560 })),
  order: fc.nat(),
  events: fc.array(event, { minLength: 1, maxLength: 10 }),
  /** What the person does while the n-th lead-adding request is out. */
  inFlight: fc.array(fc.record({ at: fc.integer({ min: 1, max: 12 }), act }), { maxLength: 4 }),
});
type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

function rowsOf(w: SequenceWorld, s: Scenario): unknown[][] {
  const view = w.service.sequences(KEY)!;
  const known = [...view.lead_examples.in_sequence.map((e) => e.email), ...view.lead_examples.recently_contacted];
  const kinds = [...s.kinds, ...Array<Kind>(s.filler).fill('new')];
  // A reproducible shuffle, so that special rows fall anywhere among the requests.
  for (let i = kinds.length - 1, x = s.order; i > 0; i--, x = (x * 1103515245 + 12345) >>> 0) {
    const j = x % (i + 1);
    [kinds[i], kinds[j]] = [kinds[j]!, kinds[i]!];
  }
  const emails: string[] = [];
  return kinds.map((kind, i) => {
    const id = `r${i}`;
    switch (kind) {
      case 'new':
        emails.push(`n${i}@chaos${i % 7}.example`);
        return [`F${i}`, id, emails.at(-1), ''];
      case 'profile':
        return [`F${i}`, id, '', `https://www.linkedin.com/in/chaos-${i}`];
      case 'known':
        emails.push(known[i % known.length]!);
        return [`F${i}`, id, emails.at(-1), ''];
      case 'repeat':
        return [`F${i}`, id, emails.length ? `mailto:${emails[i % emails.length]!.toUpperCase()}` : '', ''];
      case 'none':
        return [`F${i}`, id, '', ''];
      case 'blank':
        return ['', '', '', ''];
    }
  });
}

/** The sheet's columns by header, and its rows below the header. */
function table(w: SequenceWorld) {
  const [header = [], ...rows] = w.host.sheet().values();
  const col = (name: string) => header.indexOf(name);
  return { rows, email: col('Email'), profile: col('LinkedIn URL'), id: col('Last name'), status: col(STATUS) };
}

let fresh = 0;

const person = (r: unknown[], t: ReturnType<typeof table>) =>
  String(r[t.email] ?? '')
    .replace(/^mailto:/i, '')
    .toLowerCase() || String(r[t.profile] ?? '');

/**
 * What the person does to the sheet: never to the header row, nor to a row already added (its
 * lead stays as it was taken), nor to a row whose person another row repeats (deleting the one
 * sent would rightly let the repeat go, and the same person go twice).
 */
function perform(w: SequenceWorld, a: Scenario['inFlight'][number]['act']): void {
  const sheet = w.host.sheet();
  const t = table(w);
  if (a.a === 'sort') {
    sheet.userSort(a.column, a.asc);
    return;
  }
  const count = new Map<string, number>();
  for (const r of t.rows) count.set(person(r, t), (count.get(person(r, t)) ?? 0) + 1);
  const open = t.rows
    .map((r, i) => ({ r, row: i + 2 }))
    .filter(({ r }) => (t.status < 0 || !/^Added to /.test(String(r[t.status] ?? ''))) && (count.get(person(r, t)) ?? 0) < 2);
  if (open.length === 0) return;
  const { row } = open[a.pick % open.length]!;
  if (a.a === 'delete') sheet.userDeleteRows(row);
  // A new email never seen before: a lead a sequence took is never typed into another row.
  else sheet.userEdit(`C${row}`, `edited${fresh++}@chaos-edit.example`);
}

function runScenario(s: Scenario): void {
  const w = sequenceWorld();
  const sheet = w.host.sheet();
  sheet.load([HEADER, ...rowsOf(w, s)]);
  sheet.setFrozenRows(1);
  const selectAll = () => w.host.select(`Sheet1!A1:D${Math.max(2, sheet.values().length)}`);
  let sent = 0;
  const handle = w.service.handle;
  w.service.handle = (req) => {
    if (req.path.includes('/leads')) {
      sent++;
      for (const f of s.inFlight) if (f.at === sent) perform(w, f.act);
    }
    return handle(req);
  };
  const run = (sequence: string, overrides: boolean) => {
    selectAll();
    const input = {
      sequenceId: w.ids[sequence],
      mapping: { 'First name': 'first_name' },
      overrides: overrides ? { ignore_recently_contacted: true, ignore_exclusion_list: true } : {},
    };
    // A call may fail whole (the service down when the sequences are read): it marks nothing then.
    return w.host.callFromSidebar('runSequenceAdd', [input]);
  };
  for (const ev of s.events) {
    if (ev.e === 'run') run(SEQUENCES[ev.sequence]!, ev.overrides);
    else if (ev.e === 'preview') {
      selectAll();
      const before = JSON.stringify(sheet.values());
      w.host.callFromSidebar('previewSequenceAdd', [{ sequenceId: w.ids[SEQUENCES[0]!] }]);
      expect(JSON.stringify(sheet.values())).toBe(before);
    } else if (ev.e === 'act') perform(w, ev.act);
    else if (ev.e === 'strand') {
      // A row left Sending by a run that was cut off.
      const t = table(w);
      const open = t.rows.map((r, i) => ({ r, row: i + 2 })).filter(({ r }) => t.status >= 0 && !/^Added to /.test(String(r[t.status])));
      if (open.length) sheet.userEdit(`${String.fromCharCode(65 + t.status)}${open[ev.pick % open.length]!.row}`, 'Sending');
    } else if (ev.e === 'faults') {
      const faults: FaultOptions = {
        rate429: ev.rate429 / 100,
        rate500: ev.rate500 / 100,
        dropRate: ev.drop / 100,
        slowRate: ev.slow / 100,
        slowMs: ev.slowMs,
        seed: ev.seed,
      };
      w.service.setFaults(faults);
    } else w.service.setFaults({});
  }
  // The service is well again and the person sends until nothing is left.
  w.service.setFaults({});
  s.inFlight.length = 0;
  for (let i = 0; i < 3; i++) expect(run(SEQUENCES[0]!, false).error?.message).toBeUndefined();

  const t = table(w);
  const byId = new Map(w.taken.map((l) => [`${l.sequence}|${l.email ?? l.profile_url}`, l]));
  for (const r of t.rows) {
    if (!r[t.id]) continue;
    const status = String(r[t.status] ?? '');
    expect(status).toMatch(FINAL);
    const added = /^Added to (.+)$/.exec(status);
    if (!added) continue;
    // The row's own lead, in the form the add-on sends it, is one its sequence took.
    const email = String(r[t.email] ?? '')
      .replace(/^mailto:/i, '')
      .toLowerCase();
    const profile = String(r[t.profile] ?? '').replace(/^https:\/\/www\./, 'https://');
    const sequence = w.ids[added[1]!];
    expect(byId.has(`${sequence}|${email}`) || byId.has(`${sequence}|${profile}`) ? '' : `${String(r[t.id])} ${email || profile}`).toBe('');
  }
  expectEachLeadOnce(w);
}

test('sends among sorts, edits, deletes, faults and reruns: every row says what became of it, no lead goes twice', () => {
  fc.assert(
    fc.property(scenario, (s) => runScenario(s)),
    {
      seed: Number(process.env.SEQ_SEED ?? 20261126),
      path: process.env.SEQ_PATH,
      numRuns: Number(process.env.SEQ_RUNS ?? 30),
      endOnFailure: process.env.SEQ_PATH !== undefined,
      verbose: 1,
    },
  );
}, 600000);
