// Answers found where the spreadsheet holds them: only a row whose inputs send the key gives its
// answer, rows of a key that disagree give none, a stamp naming other inputs gives none, an answer
// serves a run only with every column it writes (and the reveals it pays for), and the planner
// copies what it is given instead of sending it. A seeded property tries to break "never across keys".
import fc from 'fast-check';
import {
  answersOnSheet,
  answersUnplaced,
  lastPaid,
  reusableSince,
  serves,
  unplacedKey,
  type ShownAnswer,
} from '../../src/jobs/reused-answers';
import { keysWanted, planRun } from '../../src/jobs/planner';
import { readStatus, reusedStatus, shownOutcome, answeredBeforeStatus, countLabel } from '../../src/jobs/row-status';
import { hash, stampText } from '../../src/jobs/row-stamp';
import { detectMapping } from '../../src/sheet/columns';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2026, 10, 29);
const HEAD = ['Name', 'Email', 'Email · Result', 'Email · Catch-all'];
const keys = (...emails: string[]) => new Set(emails.map((e) => `e:${e}`));

test('a reused status reads as its outcome, dated; a row told its key was paid elsewhere shows no answer', () => {
  const text = reusedStatus('Deliverable', NOW);
  expect(text).toBe('Deliverable · reused, paid 2026-11-29');
  expect(readStatus(text)).toEqual({ kind: 'done', outcome: 'Deliverable', reusedAt: '2026-11-29' });
  expect(countLabel(text)).toBe('Deliverable');
  expect(shownOutcome(text)).toBe('Deliverable');
  expect(shownOutcome(answeredBeforeStatus(NOW))).toBeUndefined();
  // Words a person typed that only look like it are not the add-on's.
  expect(readStatus('Great lead · reused, paid 2026-11-29').kind).toBe('other');
  expect(shownOutcome('deliverable')).toBeUndefined();
});

test('a sheet gives the answers its rows show for the keys asked, under the header row wherever it is', () => {
  const rows = [
    ['Leads for Q3'],
    HEAD,
    ['A', 'a@x.io', 'Deliverable', 'false'],
    ['B', 'B@X.io ', 'Risky', 'true'],
    ['C', 'c@x.io', 'Queued', ''],
    ['D', 'd@x.io', 'Error: refused', ''],
    ['E', 'e@x.io', 'ok, called', 'true'],
  ];
  const found = answersOnSheet('email', rows, keys('a@x.io', 'b@x.io', 'c@x.io', 'd@x.io', 'e@x.io', 'z@x.io'), {});
  expect([...found.keys()].sort()).toEqual(['e:a@x.io', 'e:b@x.io']);
  expect(found.get('e:b@x.io')).toEqual({ outcome: 'Risky', cells: new Map([['Email · Catch-all', 'true']]) });
  // Without the action's status column, a sheet holds no answer of it.
  expect(answersOnSheet('person', rows, keys('a@x.io'), {}).size).toBe(0);
});

test('rows of one key that disagree give none; rows that agree give it', () => {
  const rows = [
    HEAD,
    ['A', 'a@x.io', 'Deliverable', 'false'],
    ['A', 'a@x.io', 'Undeliverable', 'false'],
    ['B', 'b@x.io', 'Risky', ''],
    ['B', 'b@x.io', 'Risky', ''],
  ];
  const found = answersOnSheet('email', rows, keys('a@x.io', 'b@x.io'), {});
  expect([...found.keys()]).toEqual(['e:b@x.io']);
});

test("a row whose stamp names other inputs was typed over: it gives no answer; the person's mapping reads the inputs", () => {
  const head = ['Work address', 'Email · Result', 'Email · Catch-all', 'Email · Checked'];
  const rows = [
    head,
    ['a@x.io', 'Deliverable', '', stampText(NOW, hash('e:old@x.io'))],
    ['b@x.io', 'Risky', '', stampText(NOW, hash('e:b@x.io'))],
  ];
  expect(answersOnSheet('email', rows, keys('a@x.io', 'b@x.io'), {}).size).toBe(0);
  const found = answersOnSheet('email', rows, keys('a@x.io', 'b@x.io'), {}, { email: 'Work address' });
  expect([...found.keys()]).toEqual(['e:b@x.io']);
});

test('the unplaced-results sheet gives answers by the key it shows; any other sheet under its name gives none', () => {
  const rows = [
    ['Key', 'Status', 'Email · Catch-all'],
    [unplacedKey('e:a@x.io'), 'Deliverable', 'true'],
    ['b@x.io', 'Queued', ''],
  ];
  expect(unplacedKey('n:ann lee|acme.io')).toBe('ann lee at acme.io');
  const found = answersUnplaced('email', rows, keys('a@x.io', 'b@x.io'));
  expect([...found]).toEqual([['e:a@x.io', { outcome: 'Deliverable', cells: new Map([['Email · Catch-all', 'true']]) }]]);
  expect(
    answersUnplaced(
      'email',
      [
        ['Email', 'Result'],
        ['a@x.io', 'Deliverable'],
      ],
      keys('a@x.io'),
    ).size,
  ).toBe(0);
});

test('an answer serves a run only with every column it writes, and a person found only with the reveals the run pays for', () => {
  const person = (cells: Record<string, string>): ShownAnswer => ({ outcome: 'Enriched', cells: new Map(Object.entries(cells)) });
  const basic = ['Person · Name', 'Person · Title'];
  expect(serves(person({ 'Person · Name': 'Ann', 'Person · Title': 'CEO' }), basic, 'person', {})).toBe(true);
  expect(serves(person({ 'Person · Name': 'Ann' }), basic, 'person', {})).toBe(false);
  const withEmail = [...basic, 'Person · Email'];
  expect(
    serves(person({ 'Person · Name': 'Ann', 'Person · Title': 'CEO', 'Person · Email': '' }), withEmail, 'person', { revealEmail: true }),
  ).toBe(false);
  expect(
    serves(person({ 'Person · Name': 'Ann', 'Person · Title': 'CEO', 'Person · Email': 'ann@x.io' }), withEmail, 'person', {
      revealEmail: true,
    }),
  ).toBe(true);
  // An answer with nothing in it (not found) serves any columns.
  expect(serves({ outcome: 'Not found', cells: new Map([['Person · Name', '']]) }, withEmail, 'person', { revealEmail: true })).toBe(true);
});

test('ages and dates: 0 days never reuses; the latest payment of a key dates it', () => {
  expect(reusableSince(NOW, 0)).toBe(Infinity);
  expect(reusableSince(NOW, 30)).toBe(NOW - 30 * DAY);
  expect(lastPaid([new Map([['k', 5]]), new Map([['k', 9]]), new Map()], 'k')).toBe(9);
  expect(lastPaid([new Map([['k', 5]])], 'j')).toBeUndefined();
});

test('the planner copies what it is given: a key to send, or one paid for with no answer on its row, is reused; an excluded row stays excluded', () => {
  const mapping = detectMapping(['Email']);
  const source = [
    { row: 2, values: ['a@x.io'], status: '' },
    { row: 3, values: ['b@x.io'], status: '' },
    { row: 4, values: ['c@x.io'], status: '' },
    { row: 5, values: ['d@x.io'], status: '' },
  ];
  const paid = new Map([['e:b@x.io', NOW - DAY]]);
  const exclusions = { emails: new Set(['d@x.io']), domains: new Set<string>() };
  const first = planRun('email', source, mapping, {}, { paid, exclusions });
  expect([...keysWanted(first)].sort()).toEqual(['e:a@x.io', 'e:b@x.io', 'e:c@x.io']);
  const answer = { outcome: 'Deliverable', cells: new Map(), at: NOW - DAY };
  const reused = new Map(['e:a@x.io', 'e:b@x.io', 'e:d@x.io'].map((k) => [k, answer]));
  const plan = planRun('email', source, mapping, {}, { paid, exclusions, reused });
  expect(plan.rows.map((r) => r.kind)).toEqual(['reused', 'reused', 'send', 'excluded']);
  expect(plan.counts).toMatchObject({ send: 1, distinct: 1, reused: 2, excluded: 1 });
  expect(plan.estimate).toEqual({ email: 1, phone: 0 });
});

// A generated sheet: rows answered by the service (the truth per key), some of them typed over
// after their answer (their stamp still names the old key), some repeated. Whatever the sheet,
// an answer found for a key is that key's own.
test('never across keys: on a stamped sheet, every answer found for a key is the answer the service gave that key', () => {
  const outcomes = ['Deliverable', 'Risky', 'Undeliverable', 'Unknown'];
  const emails = Array.from({ length: 8 }, (_, k) => `p${k}@x.io`);
  const row = fc.record({ sent: fc.nat(7), typed: fc.option(fc.nat(7), { nil: undefined }) });
  fc.assert(
    fc.property(fc.array(row, { maxLength: 30 }), fc.array(fc.nat(3), { minLength: 8, maxLength: 8 }), (rows, truth) => {
      const head = ['Email', 'Email · Result', 'Email · Catch-all', 'Email · Checked'];
      const sheet = [
        head,
        ...rows.map(({ sent, typed }) => [
          emails[typed ?? sent],
          outcomes[truth[sent]!],
          String(truth[sent]! % 2 === 0),
          stampText(NOW, hash(`e:${emails[sent]}`)),
        ]),
      ];
      const found = answersOnSheet('email', sheet, new Set(emails.map((e) => `e:${e}`)), {});
      for (const [key, answer] of found) {
        const k = emails.indexOf(key.slice(2));
        expect(answer.outcome).toBe(outcomes[truth[k]!]);
        expect(answer.cells.get('Email · Catch-all')).toBe(String(truth[k]! % 2 === 0));
      }
    }),
    { seed: Number(process.env.REUSE_SEED ?? 20261129), numRuns: 300 },
  );
});

test('rows told their key was paid for are never sent, even in a run that sends again: an answer found is copied, else they say so', () => {
  const mapping = detectMapping(['Email']);
  const source = [
    { row: 2, values: ['a@x.io'], status: '' },
    { row: 3, values: ['b@x.io'], status: '' },
    { row: 4, values: ['c@x.io'], status: '' },
  ];
  const paid = new Map([
    ['e:a@x.io', NOW - DAY],
    ['e:b@x.io', NOW - 2 * DAY],
  ]);
  const answer = { outcome: 'Risky', cells: new Map(), at: NOW - 3 * DAY };
  const plan = planRun('email', source, mapping, {}, { rerun: true, paid, told: new Set([2, 3]), reused: new Map([['e:a@x.io', answer]]) });
  expect(plan.rows).toEqual([
    { row: 2, kind: 'reused', key: 'e:a@x.io', answer },
    { row: 3, kind: 'done', paidAt: NOW - 2 * DAY, key: 'e:b@x.io' },
    { row: 4, kind: 'send', key: 'e:c@x.io' },
  ]);
  expect(plan.counts).toMatchObject({ send: 1, reused: 1, done: 1 });
});
