// The row's life: held and failed rows by their status words; answered, stale or new by the paid
// ledger, whatever else the status cell says.
import { isAnswered, rowLife, DAY_MS } from '../../src/jobs/row-life';
import { readStatus } from '../../src/jobs/row-status';

const NOW = Date.UTC(2026, 10, 29);
const paid = new Map([['e:ann@x.com', NOW - 3 * DAY_MS]]);
const life = (cell: string, key = 'e:ann@x.com', days = 0) => rowLife(readStatus(cell), key, paid, NOW, days).s;

test('a job holds a queued, sending, processing or paused row, whatever the ledger says', () => {
  for (const cell of ['Queued', 'Sending', 'Processing (part 2)', 'Paused (part 1): the key was refused']) expect(life(cell)).toBe('held');
});

test('a row that failed, was skipped or canceled is not answered, even when its key was paid for elsewhere on the sheet', () => {
  for (const cell of ['Error: Not sent: no credits', 'Skipped: no email to validate', 'Canceled before it was sent'])
    expect(life(cell)).toBe('failed');
});

test("the ledger answers a key whatever the result cell holds: empty, a person's note, or a word in another case", () => {
  for (const cell of ['', 'ok', 'called him, bounced', 'deliverable', 'Deliverable']) expect(life(cell)).toBe('answered');
  expect(isAnswered(readStatus('ok'), 'e:ann@x.com', paid, NOW)).toBe(true);
});

test('a key the ledger lacks is new unless the cell shows a result (from before the ledger)', () => {
  expect(life('', 'e:bob@x.com')).toBe('new');
  expect(life('ok', 'e:bob@x.com')).toBe('new');
  expect(life('Deliverable', 'e:bob@x.com')).toBe('answered');
});

test('an answer goes stale at the re-check age, never when the age is 0', () => {
  expect(life('Deliverable', 'e:ann@x.com', 3)).toBe('stale');
  expect(life('Deliverable', 'e:ann@x.com', 4)).toBe('answered');
  expect(life('Deliverable', 'e:ann@x.com', 0)).toBe('answered');
});
