// What a person does to sheets from their tabs (rename, duplicate, delete) and to the day's
// quotas and the document lock from elsewhere, as the host models them with Apps Script's words.
import { API, FakeService, makeHost } from './helpers';

describe('a person renames, duplicates and deletes sheets', () => {
  it('renames a sheet, keeping its id, and refuses a name another sheet has in any letter case', () => {
    const host = makeHost();
    host.sheet().load([['a', 1]]);
    host.sheet('Other');
    const id = host.spreadsheet.sheetByName('Sheet1')!.sheetId;
    host.userRenameSheet('Sheet1', 'Prospects');
    expect(host.spreadsheet.sheetByName('Prospects')!.sheetId).toBe(id);
    expect(host.run('sheetCall', ['Prospects', 'getName']).value).toMatchObject({ result: 'Prospects' });
    expect(() => host.userRenameSheet('Prospects', 'other')).toThrow(
      'A sheet with the name "other" already exists. Please enter another name.',
    );
  });

  it('duplicates a sheet as "Copy of …" right after it, with a new id and its cells, notes and frozen rows', () => {
    const host = makeHost();
    host
      .sheet()
      .load([['Email'], ['a@x.com'], ['=1+1']])
      .setFrozenRows(1);
    host.sheet('Last');
    expect(host.userDuplicateSheet('Sheet1')).toBe('Copy of Sheet1');
    expect(host.userDuplicateSheet('Sheet1')).toBe('Copy of Sheet1 2');
    const doc = host.spreadsheet;
    expect(doc.sheets.map((s) => s.name)).toEqual(['Sheet1', 'Copy of Sheet1 2', 'Copy of Sheet1', 'Last']);
    const copy = doc.sheetByName('Copy of Sheet1')!;
    expect(copy.sheetId).not.toBe(doc.sheetByName('Sheet1')!.sheetId);
    expect(copy.frozenRows).toBe(1);
    expect(host.sheet('Copy of Sheet1').values()).toEqual([['Email'], ['a@x.com'], [2]]);
    expect(host.sheet('Copy of Sheet1').cell('A3').formula).toBe('=1+1');
    // The copy is its own: a change to one leaves the other.
    host.sheet('Copy of Sheet1').userEdit('A2', 'b@x.com');
    expect(host.sheet().values()[1]).toEqual(['a@x.com']);
  });

  it('deletes a sheet (the script no longer finds it by id or name) but never the last one', () => {
    const host = makeHost();
    host.sheet().load([['a']]);
    host.sheet('Other');
    host.select('Sheet1!A1');
    const id = host.spreadsheet.sheetByName('Sheet1')!.sheetId;
    host.userDeleteSheet('Sheet1');
    expect(host.spreadsheet.sheetById(id)).toBeUndefined();
    expect(host.spreadsheet.activeSheet().name).toBe('Other');
    expect(host.run('sheetCall', ['Other', 'getIndex']).value).toMatchObject({ result: 1 });
    expect(() => host.userDeleteSheet('Other')).toThrow("You can't remove all the sheets in a document.");
  });
});

describe('the day and the lock, spent elsewhere', () => {
  it("refuses the user's next fetch once the day's URL fetch quota is used up, until the day ends", () => {
    const service = new FakeService();
    const host = makeHost({ routes: { [API]: service } });
    expect(host.run('fetchText', [`${API}/ok`]).ok).toBe(true);
    host.useUpQuota('urlFetch');
    const refused = host.run('catchFetch', [`${API}/ok`]);
    expect(refused.value).toMatchObject({ isError: true, message: 'Service invoked too many times for one day: urlfetch.' });
    expect(service.received).toHaveLength(1);
    // Another user's day is their own.
    expect(host.run('fetchText', [`${API}/ok`], { user: 'other@acme.example' }).ok).toBe(true);
    host.clock.advance(24 * 60 * 60 * 1000);
    expect(host.run('fetchText', [`${API}/ok`]).ok).toBe(true);
  });

  it('holds the document lock for a while; a hold that ran out can be taken again', () => {
    const host = makeHost();
    host.holdLock('document', { releaseAfterMs: 60_000 });
    expect(host.run('tryLock', [5000]).value).toMatchObject({ got: false });
    host.clock.advance(60_000);
    // The first hold ran out: holding it again is allowed.
    const again = host.holdLock('document', { releaseAfterMs: 1000 });
    again.release();
    expect(host.run('tryLock', [0]).value).toMatchObject({ got: true });
  });
});
