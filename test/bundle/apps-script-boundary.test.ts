// Apps Script is touched only in src/gas: the base helpers, the API client, the sheet model, the job
// engine, the features and the add-on's surface name no Apps Script service, nor does the contract.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { APPS_SCRIPT_GLOBALS } from '../support/bare-context';

const ROOT = join(__dirname, '../..');

function offenders(folder: string): string[] {
  const out: string[] = [];
  for (const file of readdirSync(join(ROOT, folder))) {
    const text = readFileSync(join(ROOT, folder, file), 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/\/\/.*$/gm, '');
    for (const name of APPS_SCRIPT_GLOBALS) {
      if (new RegExp(`\\b${name}\\b`).test(text)) out.push(`${folder}/${file}: ${name}`);
    }
  }
  return out;
}

test.each([
  'src/base',
  'src/api',
  'src/sheet',
  'src/jobs',
  'src/formulas',
  'src/tools',
  'src/runs',
  'src/addon',
  'src/automation',
  'contract',
])('%s names no Apps Script service', (folder) => {
  expect(offenders(folder)).toEqual([]);
});

test('every folder of src but gas is checked', () => {
  const folders = readdirSync(join(ROOT, 'src'), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
  expect(folders.sort()).toEqual(['addon', 'api', 'automation', 'base', 'formulas', 'gas', 'jobs', 'runs', 'sheet', 'tools']);
});
