// dist/Code.js loads where only Apps Script's globals exist, and loading it touches no service:
// top-level code runs in onOpen's limited mode, where most services are forbidden.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DIST, loadBundle } from '../support/bare-context';

beforeAll(() => {
  if (!existsSync(join(DIST, 'Code.js'))) throw new Error('dist/Code.js is missing: run `npm run build` first');
});

test('loading the bundle touches no Apps Script service', () => {
  const { accesses, evaluate } = loadBundle();
  expect(accesses).toEqual([]);
  expect(evaluate('typeof ProspectingAddon.entryPoints')).toBe('object');
});

test('the context has none of Node or the browser', () => {
  const { evaluate } = loadBundle();
  for (const name of [
    'require',
    'process',
    'setTimeout',
    'fetch',
    'URL',
    'URLSearchParams',
    'TextEncoder',
    'Buffer',
    'module',
    'exports',
    'atob',
  ]) {
    expect([name, evaluate(`typeof ${name}`)]).toEqual([name, 'undefined']);
  }
});

test('the stand-ins would notice a service touched at load time', () => {
  const { accesses, evaluate } = loadBundle();
  evaluate('PropertiesService.getUserProperties()');
  expect(accesses).toEqual(['PropertiesService.getUserProperties', 'PropertiesService.getUserProperties()']);
});

test('onOpen in limited mode builds the menu with UI calls only', () => {
  const items: Array<[string, string]> = [];
  const forbidden = (service: string) =>
    new Proxy(
      {},
      {
        get: () => {
          throw new Error(`${service} is not allowed in limited mode`);
        },
      },
    );
  const menu = {
    addItem(label: string, fn: string) {
      items.push([label, fn]);
      return menu;
    },
    addSeparator() {
      return menu;
    },
    addSubMenu() {
      return menu;
    },
    addToUi() {},
  };
  const { evaluate } = loadBundle({
    SpreadsheetApp: { getUi: () => ({ createAddonMenu: () => menu }) },
    UrlFetchApp: forbidden('UrlFetchApp'),
    HtmlService: forbidden('HtmlService'),
    ScriptApp: forbidden('ScriptApp'),
  });
  evaluate('onOpen({ authMode: "LIMITED" })');
  expect(items.length).toBeGreaterThan(0);
  expect(items[0]).toEqual(['Open sidebar', 'openSidebar']);
});
