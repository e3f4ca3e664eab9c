// Which rows an automated run sends, dates or copies, as row-life.ts and the paid ledger decide.
import { pickRows, type SheetRows } from '../../src/automation/candidates';
import { rowFingerprint, stampText } from '../../src/jobs/row-stamp';

const NOW = Date.UTC(2026, 10, 29, 12);
const DAY = 24 * 60 * 60 * 1000;
const mapping = { email: 0 };
const settings = { action: 'email' as const, options: {}, now: NOW, staleDays: 30, credits: 100 };
const fp = (email: string) => rowFingerprint('email', [email], mapping, {})!.id;

/** Rows of [email, status, stamp], from sheet row 2. */
const sheet = (rows: string[][], paid: Array<[string, number]> = []): SheetRows => ({
  rows: rows.map((values, i) => ({ row: i + 2, values })),
  mapping,
  status: 1,
  stamp: 2,
  paid: new Map(paid),
});

test('a row whose key changed since it was paid for is sent; the unchanged one is not', () => {
  const picked = pickRows(
    sheet(
      [
        ['new@x.com', 'Deliverable', stampText(NOW - DAY, fp('old@x.com'))],
        ['same@x.com', 'Deliverable', stampText(NOW - DAY, fp('same@x.com'))],
      ],
      [
        ['e:old@x.com', NOW - DAY],
        ['e:same@x.com', NOW - DAY],
      ],
    ),
    settings,
  );
  expect(picked.send).toEqual([2]);
});

test('a new row with a key the sheet already shows an answer for copies that answer and sends nothing', () => {
  const picked = pickRows(
    sheet(
      [
        ['a@x.com', 'Risky', stampText(NOW - DAY, fp('a@x.com'))],
        ['a@x.com', '', ''],
      ],
      [['e:a@x.com', NOW - DAY]],
    ),
    settings,
  );
  expect(picked.send).toEqual([]);
  expect(picked.copies).toEqual([{ row: 3, from: 2 }]);
});

test('a stamp from before the ledger is taken as paid at its own time, and a result with no stamp is dated now', () => {
  const picked = pickRows(
    sheet([
      ['a@x.com', 'typed over', stampText(NOW - 2 * DAY, fp('a@x.com'))],
      ['b@x.com', 'Deliverable', ''],
    ]),
    settings,
  );
  expect(picked.send).toEqual([]);
  expect(picked.paid).toEqual([
    { key: 'e:a@x.com', at: NOW - 2 * DAY },
    { key: 'e:b@x.com', at: NOW },
  ]);
  expect(picked.firstStamps.map((s) => s.row)).toEqual([3]);
});

test('a failed row is never sent again unasked and never counted as paid', () => {
  const picked = pickRows(
    sheet([
      ['a@x.com', 'Error: Not sent: no credits', stampText(NOW - DAY, fp('a@x.com'))],
      ['b@x.com', 'Error: Not sent: no credits', ''],
    ]),
    settings,
  );
  expect(picked.send).toEqual([]);
  expect(picked.paid).toEqual([]);
});

test('the credits allowed hold: each distinct key once, the rest left for the next run', () => {
  const picked = pickRows(sheet([['a@x.com'], ['a@x.com'], ['b@x.com'], ['c@x.com']]), { ...settings, credits: 2 });
  expect(picked.send).toEqual([2, 3, 4]);
  expect(picked.credits).toBe(2);
  expect(picked.left).toBe(1);
});

test('a new row whose key was paid for while no row shows its answer says so, and is not bought again', () => {
  const picked = pickRows(sheet([['gone@x.com', '', '']], [['e:gone@x.com', NOW - DAY]]), settings);
  expect(picked.send).toEqual([]);
  expect(picked.told).toEqual([{ row: 2, at: NOW - DAY }]);
  // With no status column (renamed or deleted by the person), nothing is written at all.
  expect(pickRows({ ...sheet([['gone@x.com']], [['e:gone@x.com', NOW - DAY]]), status: -1 }, settings).told).toEqual([]);
});
