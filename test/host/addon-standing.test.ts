// The add-on's standing that Google keeps and never tells the script (disabled in a document,
// uninstalled, waiting for re-authorization, a trigger deleted by its user), and the unknowables'
// policies: short one-shots refused anywhere, custom functions without the document's lock and cache.
import { HostFailure, UNKIND_ANSWERS, KIND_ANSWERS, defaultUnknowables } from '../../emulator';
import { makeHost } from './helpers';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const BOB = 'bob@example.com';

describe('the add-on disabled in a document', () => {
  it('silences the triggers made in it, runs onOpen in NONE, and lets them fire again once enabled', () => {
    const host = makeHost();
    const start = host.clock.now();
    host.run('schedule', ['hours', 1]);
    host.setAddonEnabled('spreadsheet-1', false);
    expect(host.open().value).toBe('NONE');
    expect(host.runTriggersUntil(start + 3 * HOUR + MINUTE)).toEqual([]);
    // Still listed: the script cannot tell.
    expect(host.run('listTriggers').value).toHaveLength(1);
    expect(host.triggerList()[0]).toEqual(expect.objectContaining({ fired: 0, missed: 3 }));
    host.setAddonEnabled('spreadsheet-1', true);
    expect(host.open().value).toBe('LIMITED');
    const runs = host.runTriggersUntil(start + 5 * HOUR + MINUTE);
    expect(runs.map((r) => Math.round((r.execution.startedAt - start) / MINUTE))).toEqual([240, 300]);
  });

  it('leaves the triggers of other documents firing', () => {
    const host = makeHost();
    host.addSpreadsheet('other');
    host.run('schedule', ['hours', 1]);
    host.run('schedule', ['hours', 1], { spreadsheetId: 'other' });
    host.setAddonEnabled('spreadsheet-1', false);
    const runs = host.runTriggersUntil(host.clock.now() + HOUR);
    expect(runs.map((r) => r.trigger.documentId)).toEqual(['other']);
  });

  it('fires a one-shot that came due while disabled once enabled, under the late policy', () => {
    const host = makeHost({ missedOneShots: 'late' });
    const start = host.clock.now();
    host.run('schedule', ['after', 10 * MINUTE]);
    host.setAddonEnabled('spreadsheet-1', false);
    expect(host.runTriggersUntil(start + 2 * HOUR)).toEqual([]);
    host.setAddonEnabled('spreadsheet-1', true);
    const late = host.fireNextTrigger();
    expect(late?.ok).toBe(true);
    expect(late?.execution.startedAt).toBe(start + 2 * HOUR);
  });

  it('drops a one-shot that came due while disabled, under the dropped policy', () => {
    const host = makeHost({ missedOneShots: 'dropped' });
    const start = host.clock.now();
    host.run('schedule', ['after', 10 * MINUTE]);
    host.setAddonEnabled('spreadsheet-1', false);
    expect(host.runTriggersUntil(start + 2 * HOUR)).toEqual([]);
    host.setAddonEnabled('spreadsheet-1', true);
    expect(host.fireNextTrigger()).toBeUndefined();
    // Spent without running, and still listed until the script deletes it.
    expect(host.triggerList()[0]).toEqual(expect.objectContaining({ spent: true, fired: 0, missed: 1 }));
  });

  it('is enabled again by the add-on’s menu used in the document', () => {
    const host = makeHost();
    host.run('schedule', ['hours', 1]);
    host.setAddonEnabled('spreadsheet-1', false);
    host.open();
    expect(host.clickMenu('Write note').ok).toBe(true);
    expect(host.open().value).toBe('LIMITED');
    expect(host.runTriggersUntil(host.clock.now() + HOUR)).toHaveLength(1);
  });
});

describe('the add-on uninstalled by a user', () => {
  it('deletes that user’s triggers by default, and takes away their menu until they install it again', () => {
    const host = makeHost();
    host.run('schedule', ['hours', 1]);
    host.run('schedule', ['hours', 1], { user: BOB });
    host.open();
    host.uninstallAddon(host.owner);
    expect(host.triggerList().map((t) => t.user)).toEqual([BOB]);
    expect(() => host.clickMenu('Write note')).toThrow(HostFailure);
    expect(() => host.open()).toThrow(HostFailure);
    expect(() => host.callFromSidebar('whoAmI')).toThrow(HostFailure);
    expect(host.runTriggersUntil(host.clock.now() + HOUR).map((r) => r.trigger.user)).toEqual([BOB]);
    expect(host.installAddon(host.owner).execution.mode).toBe('FULL');
    expect(host.open().ok).toBe(true);
  });

  it('under triggers "kept", keeps them silent until the user installs the add-on again', () => {
    const host = makeHost();
    const start = host.clock.now();
    host.run('schedule', ['hours', 1]);
    host.uninstallAddon(host.owner, { triggers: 'kept' });
    expect(host.runTriggersUntil(start + 2 * HOUR + MINUTE)).toEqual([]);
    host.installAddon(host.owner);
    expect(host.runTriggersUntil(start + 3 * HOUR + MINUTE)).toHaveLength(1);
  });
});

describe('re-authorization needed', () => {
  it('silences the user’s triggers until they use the menu, which re-authorizes and runs the item', () => {
    const host = makeHost();
    const start = host.clock.now();
    host.run('schedule', ['hours', 1]);
    host.run('schedule', ['hours', 1], { user: BOB });
    host.open();
    host.requireReauthorization(host.owner);
    expect(host.runTriggersUntil(start + HOUR + MINUTE).map((r) => r.trigger.user)).toEqual([BOB]);
    expect(host.needsReauthorization(host.owner)).toBe(true);
    const click = host.clickMenu('Write note');
    expect(click.ok).toBe(true);
    expect(click.execution.mode).toBe('FULL');
    expect(host.needsReauthorization(host.owner)).toBe(false);
    expect(
      host
        .runTriggersUntil(start + 2 * HOUR + MINUTE)
        .map((r) => r.trigger.user)
        .sort(),
    ).toEqual([BOB, host.owner].sort());
  });

  it('is ended by a sidebar call as well', () => {
    const host = makeHost();
    host.requireReauthorization(host.owner);
    expect(host.callFromSidebar('whoAmI').ok).toBe(true);
    expect(host.needsReauthorization(host.owner)).toBe(false);
  });
});

describe('a trigger deleted by its user on the triggers page', () => {
  it('is gone without the script being told', () => {
    const host = makeHost();
    const uid = host.run('schedule', ['hours', 1]).value as string;
    host.userDeleteTrigger(uid);
    expect(host.run('listTriggers').value).toEqual([]);
    expect(host.runTriggersUntil(host.clock.now() + 2 * HOUR)).toEqual([]);
    expect(() => host.userDeleteTrigger(uid)).toThrow(HostFailure);
  });
});

describe('short one-shots refused anywhere', () => {
  it('refuses one from a menu or sidebar too, with the reported words, and still allows hourly and later ones', () => {
    const host = makeHost({ backgroundOneShots: 'refusedAnywhere' });
    const refused = host.run('schedule', ['after', 59 * MINUTE], { kind: 'menu' });
    expect(refused.error?.message).toBe('Clock events must be scheduled at least 1 hour(s) apart.');
    expect(host.run('schedule', ['after', HOUR + MINUTE], { kind: 'menu' }).ok).toBe(true);
    host.run('deleteAllTriggers');
    expect(host.run('schedule', ['hours', 1], { kind: 'sidebar' }).ok).toBe(true);
  });
});

describe('custom functions and the document’s lock and cache', () => {
  it('gives both under "given", neither under "none", and leaves other executions alone', () => {
    const host = makeHost({ customFunctionDocument: 'given' });
    expect(host.runCustomFunction('DOCUMENT_SERVICES', []).cell).toBe('lock, cache');
    host.setCustomFunctionDocument('none');
    expect(host.runCustomFunction('DOCUMENT_SERVICES', []).cell).toBe('no lock, no cache');
    expect(host.run('DOCUMENT_SERVICES').value).toBe('lock, cache');
  });
});

describe('the unknowables’ defaults', () => {
  it('are the kind answers unless the environment asks for the unkind ones', () => {
    expect(defaultUnknowables({})).toEqual(KIND_ANSWERS);
    expect(defaultUnknowables({ APPS_SCRIPT_UNKNOWABLES: 'unkind' })).toEqual(UNKIND_ANSWERS);
    expect(defaultUnknowables({ APPS_SCRIPT_UNKNOWABLES: 'triggerDocument, missedOneShots' })).toEqual({
      ...KIND_ANSWERS,
      triggerDocument: 'none',
      missedOneShots: 'dropped',
    });
    expect(() => defaultUnknowables({ APPS_SCRIPT_UNKNOWABLES: 'rude' })).toThrow(/kind/);
  });

  it('are taken by a host built with the unkind answers in the environment', () => {
    const before = process.env.APPS_SCRIPT_UNKNOWABLES;
    process.env.APPS_SCRIPT_UNKNOWABLES = 'unkind';
    try {
      const host = makeHost();
      expect(host.runCustomFunction('DOCUMENT_SERVICES', []).cell).toBe('no lock, no cache');
      expect(host.run('schedule', ['after', MINUTE], { kind: 'menu' }).ok).toBe(false);
    } finally {
      if (before === undefined) delete process.env.APPS_SCRIPT_UNKNOWABLES;
      else process.env.APPS_SCRIPT_UNKNOWABLES = before;
    }
  });
});
