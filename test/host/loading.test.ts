// Loading the bundle: a bare Apps Script realm, no service touched by top-level code, and the
// declared functions found the way Apps Script sees them.
import * as path from 'node:path';
import { AppsScriptHost } from '../../emulator';
import { makeHost } from './helpers';

describe('loading the bundle', () => {
  it('records no service access when top-level code only defines functions', () => {
    const host = makeHost();
    expect(host.load()).toEqual([]);
    host.open();
    expect(host.loadAccesses()).toEqual([]);
  });

  it('reports every service a bundle touches while loading', () => {
    const host = new AppsScriptHost({ bundleDir: path.join(__dirname, 'fixtures', 'touchy') });
    expect(host.load()).toEqual(['CacheService', 'CacheService.getScriptCache', 'Session']);
  });

  it('gives the script only Apps Script globals and arrays of its own realm', () => {
    const host = makeHost();
    const env = host.run('environment').value as Record<string, unknown>;
    for (const name of ['require', 'process', 'setTimeout', 'fetch', 'URL', 'TextEncoder', 'Buffer', 'module']) {
      expect([name, env[name]]).toEqual([name, 'undefined']);
    }
    expect(env.console).toBe('object');
    expect(env.arrayIsRealmArray).toBe(true);
  });

  it('reads the virtual clock through Date', () => {
    // No script time: Date.now() and new Date() read one after the other must give the same
    // instant, which the script's own time between them could carry over a millisecond.
    const host = makeHost({ clockStart: Date.UTC(2030, 0, 1), scriptTime: 'none' });
    const env = host.run('environment').value as { now: number; newDate: number };
    expect(env.now).toBe(env.newDate);
    expect(Math.abs(env.now - Date.UTC(2030, 0, 1))).toBeLessThan(1000);
  });

  it('finds top-level declarations and @customfunction, not functions assigned to globalThis', () => {
    const host = makeHost();
    const names = host.declared.map((d) => d.name);
    expect(names).toContain('onOpen');
    expect(names).not.toContain('assignedOnly');
    expect(host.declared.find((d) => d.name === 'ENRICH')?.customFunction).toBe(true);
    expect(host.declared.find((d) => d.name === 'echo')?.customFunction).toBe(false);
    expect(host.run('assignedOnly').value).toBe('assigned');
  });

  it('keeps no global state between executions, as each execution loads afresh', () => {
    const host = makeHost();
    host.run('echo', [1]);
    const env = host.run('environment').value as Record<string, unknown>;
    expect(env).toBeDefined();
    expect(host.run('noSuchFunction').error?.message).toBe('Script function not found: noSuchFunction');
  });
});
