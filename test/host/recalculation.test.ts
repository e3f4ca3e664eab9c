// Recalculation as Sheets does it: only custom-function cells never computed, rewritten, changed
// or failed run again; errors keep their hover text; the cells of one recalculation start together.
import { API, FakeService, makeHost } from './helpers';

const ranCells = (results: { at?: string }[]) => results.map((r) => r.at).sort();

describe('recalculate', () => {
  it('runs every custom-function cell the first time, then only cells whose formula or argument values changed', () => {
    const host = makeHost();
    host.setProperties('user', { apiKey: 'K' });
    host.sheet().load([
      ['a.com', '=ENRICH(A1)', '=1+1'],
      ['b.com', '=ENRICH(A2)', ''],
      ['c.com', '=ENRICH(A1:A2)', ''],
    ]);
    expect(ranCells(host.recalculate())).toEqual(['Sheet1!B1', 'Sheet1!B2', 'Sheet1!B3']);
    expect(host.recalculate()).toEqual([]);

    // A user changes an argument: the cells that read it run, the others do not.
    host.sheet().userEdit('A2', 'z.com');
    expect(ranCells(host.recalculate())).toEqual(['Sheet1!B2', 'Sheet1!B3']);
    expect(
      host
        .sheet()
        .values()
        .map((r) => r[1]),
    ).toEqual(['a.com via K', 'z.com via K', 'a.com via K']);

    // The same value typed again changes nothing; a property change alone is not seen by Sheets.
    host.sheet().userEdit('A1', 'a.com');
    host.setProperties('user', { apiKey: 'NEW' });
    expect(host.recalculate()).toEqual([]);
    expect(host.sheet().cell('B1').value).toBe('a.com via K');

    // Forcing runs everything.
    expect(host.recalculate({ all: true })).toHaveLength(3);
    expect(host.sheet().cell('B1').value).toBe('a.com via NEW');
  });

  it('runs again a cell whose last run threw or timed out, and keeps the error a user sees on hover', () => {
    const host = makeHost();
    host.sheet().load([
      ['acme', '=BOOM(A1)'],
      ['bad co', '=BOOM(A2)'],
      ['', '=SLOW()'],
    ]);
    const first = host.recalculate();
    expect(ranCells(first)).toEqual(['Sheet1!B1', 'Sheet1!B2', 'Sheet1!B3']);
    expect(host.sheet().cell('B2')).toMatchObject({ value: '#ERROR!', error: 'No company called bad co' });
    expect(host.sheet().cell('B3')).toMatchObject({ value: '#ERROR!', error: 'Exceeded maximum execution time' });
    expect(host.sheet().cell('B1')).toMatchObject({ value: 'ok acme', error: '' });
    expect(first.find((r) => r.at === 'Sheet1!B2')?.error).toBe('No company called bad co');

    // Nothing changed, but the failed cells run again.
    expect(ranCells(host.recalculate())).toEqual(['Sheet1!B2', 'Sheet1!B3']);

    // Fixed input: the cell answers and its error is gone; then it is left alone.
    host.sheet().userEdit('A2', 'good co');
    host.sheet().userEdit('B3', '=BOOM("fine")');
    expect(ranCells(host.recalculate())).toEqual(['Sheet1!B2', 'Sheet1!B3']);
    expect(host.sheet().cell('B2')).toMatchObject({ value: 'ok good co', error: '' });
    expect(host.recalculate()).toEqual([]);
  });

  it('counts a cell written since its last run as never computed, whoever wrote it', () => {
    const host = makeHost();
    host.sheet().load([['a', '=BOOM(A1)', '=BOOM(A1)', '=BOOM(A1)']]);
    expect(host.recalculate()).toHaveLength(3);

    // The same formula written again, by the script and by a user.
    host.run('writeCell', ['B1', '=BOOM(A1)']);
    host.sheet().userEdit('C1', '=BOOM(A1)');
    expect(ranCells(host.recalculate())).toEqual(['Sheet1!B1', 'Sheet1!C1']);

    // Cleared by the script, then typed back as it was.
    host.run('writeCells', ['D1:D1', [['']]]);
    expect(host.recalculate()).toEqual([]);
    host.sheet().userEdit('D1', '=BOOM(A1)');
    expect(ranCells(host.recalculate())).toEqual(['Sheet1!D1']);
  });

  it('starts the cells of one recalculation together, so their requests go out as a burst', () => {
    const service = new FakeService();
    // No script time: the five requests must go out at exactly the shared start, which each
    // cell's loading would otherwise move by a different fraction of a millisecond.
    const host = makeHost({ routes: { [API]: service }, scriptTime: 'none' });
    host.sheet().load(Array.from({ length: 5 }, (_, i) => [`${API}/slow?n=${i}`, `=FETCHED(A${i + 1})`]));
    const start = host.clock.now();
    const results = host.recalculate();
    expect(results).toHaveLength(5);
    expect(results.every((r) => r.cell === 200)).toBe(true);
    expect(new Set(results.map((r) => r.result.execution.startedAt))).toEqual(new Set([start]));
    expect(host.requests.map((r) => r.at)).toEqual(Array(5).fill(start));
    // The clock stands at the latest end, not at the sum of the five.
    const latest = Math.max(...results.map((r) => r.result.execution.startedAt + r.result.elapsedMs));
    expect(host.clock.now()).toBe(latest);
    expect(latest - start).toBeLessThan(2 * 2500);
  });

  it('runs the cells one after another when asked', () => {
    const host = makeHost({ routes: { [API]: new FakeService() } });
    host.sheet().load(Array.from({ length: 3 }, (_, i) => [`${API}/slow?n=${i}`, `=FETCHED(A${i + 1})`]));
    const start = host.clock.now();
    const results = host.recalculate({ concurrent: false });
    const starts = results.map((r) => r.result.execution.startedAt);
    expect(starts[0]).toBe(start);
    expect(starts[1]).toBeGreaterThanOrEqual(start + 2500);
    expect(starts[2]).toBeGreaterThanOrEqual(start + 2 * 2500);
    expect(host.clock.now()).toBeGreaterThanOrEqual(start + 3 * 2500);
  });

  it('keeps cells that run together from seeing what the others cached after the shared start', () => {
    const together = makeHost({ routes: { [API]: new FakeService() } });
    const cells = [
      [`${API}/ok`, '=CACHED_FETCH(A1)'],
      ['', '=CACHED_FETCH(A1)'],
      ['', '=CACHED_FETCH(A1)'],
    ];
    together.sheet().load(cells);
    expect(together.recalculate().map((r) => r.cell)).toEqual(['fetched 200', 'fetched 200', 'fetched 200']);
    expect(together.requests).toHaveLength(3);

    const inTurn = makeHost({ routes: { [API]: new FakeService() } });
    inTurn.sheet().load(cells);
    expect(inTurn.recalculate({ concurrent: false }).map((r) => r.cell)).toEqual(['fetched 200', 'cached 200', 'cached 200']);
    expect(inTurn.requests).toHaveLength(1);
  });
});
