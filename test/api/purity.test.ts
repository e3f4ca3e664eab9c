// The API client is pure logic: no Apps Script global appears in src/api.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { APPS_SCRIPT_GLOBALS } from '../support/bare-context';

test('src/api names no Apps Script service', () => {
  const dir = join(__dirname, '../../src/api');
  const offenders: string[] = [];
  for (const file of readdirSync(dir)) {
    const text = readFileSync(join(dir, file), 'utf8').replace(/\/\/.*$/gm, '');
    for (const name of APPS_SCRIPT_GLOBALS) {
      if (new RegExp(`\\b${name}\\b`).test(text)) offenders.push(`${file}: ${name}`);
    }
  }
  expect(offenders).toEqual([]);
});
