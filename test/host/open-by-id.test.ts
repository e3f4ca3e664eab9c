// SpreadsheetApp.openById / openByUrl: another spreadsheet the user can open, only under the full
// spreadsheets scope (the manifest's, or the host's override), and never the run's active document.
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { makeHost } from './helpers';

// The sheets fixture's script with the add-on's manifest (spreadsheets.currentonly) beside it.
const CURRENT_ONLY = mkdtempSync(path.join(tmpdir(), 'currentonly-'));
copyFileSync(path.join(__dirname, 'fixtures', 'sheets', 'Code.js'), path.join(CURRENT_ONLY, 'Code.js'));
copyFileSync(path.join(__dirname, 'fixtures', 'currentonly-manifest.json'), path.join(CURRENT_ONLY, 'appsscript.json'));
const FULL = 'https://www.googleapis.com/auth/spreadsheets';

function withOther(options: Parameters<typeof makeHost>[0]) {
  const host = makeHost({ bundleDir: CURRENT_ONLY, ...options });
  host.addSpreadsheet('sheet-two', 'Other book').sheetByName('Sheet1')!.writableCell(1, 1).value = 'hello';
  return host;
}

describe('openById and the script’s scopes', () => {
  it('refuses under the manifest’s spreadsheets.currentonly, with Apps Script’s permission message', () => {
    const host = withOther({});
    expect(host.scopes?.has('https://www.googleapis.com/auth/spreadsheets.currentonly')).toBe(true);
    const r = host.run('openOther', ['sheet-two']);
    expect(r.error?.message).toBe(`You do not have permission to call SpreadsheetApp.openById. Required permissions: ${FULL}`);
  });

  it('opens by id or URL under the full scope, and an unknown id fails', () => {
    const host = withOther({ oauthScopes: [FULL] });
    expect(host.run('openOther', ['sheet-two']).value).toMatchObject({ name: 'Other book', id: 'sheet-two', firstCell: 'hello' });
    expect(host.run('openOther', ['https://docs.google.com/spreadsheets/d/sheet-two/edit#gid=0']).value).toMatchObject({ id: 'sheet-two' });
    expect(host.run('openOther', ['no-such-id']).error?.message).toBe(
      'Unexpected error while getting the method or property openById on object SpreadsheetApp.',
    );
  });

  it('is not the active document: a trigger run without its document still has no active spreadsheet, document lock, properties or cache', () => {
    const host = withOther({ oauthScopes: [FULL], triggerDocument: 'none' });
    const r = host.run('openOther', ['sheet-two'], { kind: 'trigger' });
    expect(r.value).toEqual({
      name: 'Other book',
      id: 'sheet-two',
      firstCell: 'hello',
      activeSpreadsheet: false,
      documentLock: false,
      documentProperties: false,
      documentCache: false,
    });
  });

  it('is refused to custom functions, which cannot open other spreadsheets', () => {
    const host = withOther({ oauthScopes: [FULL] });
    const r = host.run('openOther', ['sheet-two'], { mode: 'CUSTOM_FUNCTION', kind: 'customFunction' });
    expect(r.error?.message).toBe('You do not have permission to call openById');
  });
});
