// Loads the built dist/Code.js with gas-local into a context that holds only Apps Script's
// global names, each a recording stand-in unless the test supplies a fake.
import { join } from 'node:path';
import { runInContext, type Context } from 'node:vm';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const gas: { require(folder: string, globals: object, options: { filter(path: string): boolean }): Context } = require('gas-local');

export const DIST = join(__dirname, '../../dist');

export const APPS_SCRIPT_GLOBALS = [
  'SpreadsheetApp',
  'PropertiesService',
  'CacheService',
  'LockService',
  'ScriptApp',
  'UrlFetchApp',
  'Utilities',
  'Session',
  'Logger',
  'HtmlService',
  'DriveApp',
  'GmailApp',
  'MailApp',
  'DocumentApp',
  'FormApp',
  'SlidesApp',
  'CalendarApp',
  'CardService',
  'XmlService',
  'Charts',
  'ContentService',
  'Browser',
  'console',
] as const;

/** A stand-in that records every property read and call made on it. */
function recorder(name: string, log: string[]): unknown {
  const handler: ProxyHandler<() => void> = {
    get(_t, prop) {
      if (typeof prop === 'symbol') return undefined;
      log.push(`${name}.${prop}`);
      return recorder(`${name}.${prop}`, log);
    },
    apply() {
      log.push(`${name}()`);
      return recorder(`${name}()`, log);
    },
  };
  return new Proxy(() => {}, handler);
}

export interface LoadedBundle {
  context: Context;
  /** Every service access made so far through a recording stand-in. */
  accesses: string[];
  evaluate<T = unknown>(code: string): T;
}

export function loadBundle(fakes: Record<string, unknown> = {}): LoadedBundle {
  const accesses: string[] = [];
  const globals: Record<string, unknown> = {};
  for (const name of APPS_SCRIPT_GLOBALS) globals[name] = name in fakes ? fakes[name] : recorder(name, accesses);
  const context = gas.require(DIST, globals, { filter: (p) => p.endsWith('/Code.js') });
  return { context, accesses, evaluate: <T>(code: string) => runInContext(code, context) as T };
}
