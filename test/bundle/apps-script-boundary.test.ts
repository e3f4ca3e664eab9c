// Apps Script is touched only in src/gas: the API client, the sheet model, the job engine and
// the add-on's surface name no Apps Script service, so they run (and are tested) anywhere.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { APPS_SCRIPT_GLOBALS } from '../support/bare-context';

const SRC = join(__dirname, '../../src');

function offenders(folder: string): string[] {
  const out: string[] = [];
  for (const file of readdirSync(join(SRC, folder))) {
    const text = readFileSync(join(SRC, folder, file), 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/\/\/.*$/gm, '');
    for (const name of APPS_SCRIPT_GLOBALS) {
      if (new RegExp(`\\b${name}\\b`).test(text)) out.push(`${folder}/${file}: ${name}`);
    }
  }
  return out;
}

test.each(['api', 'sheet', 'jobs', 'addon'])('src/%s names no Apps Script service', (folder) => {
  expect(offenders(folder)).toEqual([]);
});

test('every folder of src but gas is checked', () => {
  const folders = readdirSync(SRC, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
  expect(folders.sort()).toEqual(['addon', 'api', 'gas', 'jobs', 'sheet']);
});
