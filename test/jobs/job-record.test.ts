// Stored job records read back: checked, and records saved before the job lifecycle brought to it.
import { readJobRecord } from '../../src/jobs/job-record';

const v1 = {
  id: 'job-1',
  action: 'email',
  sheetId: 7,
  sheetName: 'Leads',
  headerRow: 1,
  mapping: { email: 'Email' },
  fields: ['result'],
  options: {},
  partSize: 100,
  parts: [{ n: 1, state: { s: 'reading', id: 'b-1', skip: 3 } }],
  lastProgressAt: 5,
  counts: { Processing: 4 },
  total: 4,
  createdAt: 1,
  updatedAt: 9,
  nextCheckAt: 10,
};

test.each([
  [{ state: 'running' }, { s: 'running', mode: 'sending' }],
  [
    { state: 'running', stopSending: 'No credits.' },
    { s: 'running', mode: 'draining', why: 'No credits.' },
  ],
  [
    { state: 'running', canceled: true, message: 'Canceled.' },
    { s: 'running', mode: 'canceling', why: 'Canceled.' },
  ],
  [{ state: 'paused' }, { s: 'paused', why: 'key', was: { s: 'running', mode: 'sending' }, since: 9, retryAt: 0 }],
  [{ state: 'done' }, { s: 'done' }],
  [
    { state: 'failed', message: 'Some rows could not be processed.' },
    { s: 'failed', why: 'Some rows could not be processed.' },
  ],
])('a version-1 record %j reads as %j, its other fields kept', (old, life) => {
  const read = readJobRecord({ ...v1, ...old });
  expect(read).toMatchObject({ ...v1, v: 2, life });
  expect(read).not.toHaveProperty('state');
  expect(read).not.toHaveProperty('canceled');
  expect(read).not.toHaveProperty('stopSending');
});

test('a damaged record, an unknown state or a newer version is left out, not guessed at', () => {
  expect(readJobRecord({ ...v1, state: 'exploded' })).toBeUndefined();
  expect(readJobRecord({ ...v1, state: 'running', sheetId: 'seven' })).toBeUndefined();
  expect(readJobRecord({ ...v1, state: 'running', parts: [{ n: 1 }] })).toBeUndefined();
  expect(
    readJobRecord({ ...v1, v: 2, life: { s: 'paused', why: 'mystery', was: { s: 'running', mode: 'sending' }, since: 0 } }),
  ).toBeUndefined();
  expect(readJobRecord({ ...v1, v: 3, life: { s: 'done' } })).toBeUndefined();
  expect(readJobRecord('not a record')).toBeUndefined();
  expect(readJobRecord({ ...v1, v: 2, life: { s: 'done' } })).toMatchObject({ id: 'job-1', life: { s: 'done' } });
});
