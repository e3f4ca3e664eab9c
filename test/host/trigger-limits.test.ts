// Trigger limits beyond the add-on rules: 20 installable triggers per user per script (spent
// one-shots included), no trigger creation in a test deployment, and time-driven triggers that
// run with no active spreadsheet.
import { makeHost } from './helpers';

const TOO_MANY = 'This script has too many triggers. Triggers must be deleted from the script before more can be added.';
const TEST_MODE =
  'The add-on attempted an action that is not permitted in Test as add-on mode. To use this action, you must deploy the add-on.';

describe('20 triggers per user per script', () => {
  it('allows a user 20 triggers and refuses the 21st, whoever else has triggers', () => {
    const host = makeHost({ addOnRules: false });
    for (let i = 0; i < 20; i++) expect(host.run('schedule', ['hours', 1]).ok).toBe(true);
    const refused = host.run('schedule', ['hours', 1]);
    expect(refused.error).toEqual(expect.objectContaining({ name: 'Exception', message: TOO_MANY }));
    expect(host.triggerList({ user: host.owner })).toHaveLength(20);
    expect(host.run('schedule', ['hours', 1], { user: 'bob@example.com' }).ok).toBe(true);
  });

  it('counts across documents and keeps counting spent one-shots until they are deleted', () => {
    const host = makeHost();
    // One one-shot in each of 20 documents: the add-on rule allows one per document.
    const uids = Array.from(
      { length: 20 },
      (_, i) => host.run('schedule', ['after', 1000 + i], { spreadsheetId: `doc-${i}` }).value as string,
    );
    expect(host.runTriggersUntil(host.clock.now() + 60000).every((r) => r.ok)).toBe(true);
    expect(host.triggerList().every((t) => t.spent)).toBe(true);

    // All 20 fired and are spent, yet a 21st document still cannot have one.
    expect(host.run('schedule', ['after', 1000], { spreadsheetId: 'doc-20' }).error?.message).toBe(TOO_MANY);
    expect(host.run('listTriggers').value).toHaveLength(20);

    host.run('deleteTriggerByUid', [uids[7]]);
    expect(host.run('schedule', ['after', 1000], { spreadsheetId: 'doc-20' }).ok).toBe(true);
    expect(host.run('schedule', ['after', 1000], { spreadsheetId: 'doc-21' }).error?.message).toBe(TOO_MANY);
  });

  it('takes its number from HostOptions.maxTriggersPerUser', () => {
    const host = makeHost({ addOnRules: false, maxTriggersPerUser: 2 });
    expect(host.run('schedule', ['hours', 1]).ok).toBe(true);
    expect(host.run('schedule', ['hours', 2]).ok).toBe(true);
    expect(host.run('schedule', ['hours', 3]).error?.message).toBe(TOO_MANY);
  });
});

describe('test deployment', () => {
  it('refuses to create installable triggers, and allows them once published', () => {
    const host = makeHost({ deployment: 'test' });
    const refused = host.run('schedule', ['after', 60000]);
    expect(refused.error).toEqual(expect.objectContaining({ name: 'Exception', message: TEST_MODE }));
    expect(host.triggerList()).toHaveLength(0);
    // Reading the project's triggers is allowed.
    expect(host.run('listTriggers').value).toEqual([]);

    host.setDeployment('published');
    expect(host.run('schedule', ['after', 60000]).ok).toBe(true);
    host.setDeployment('test');
    host.run('deleteAllTriggers');
    expect(host.run('schedule', ['after', 60000]).error?.message).toBe(TEST_MODE);
  });

  it('publishes by default', () => {
    expect(makeHost().run('schedule', ['after', 60000]).ok).toBe(true);
  });
});

describe('time-driven triggers with no active spreadsheet', () => {
  it('gives a trigger null active spreadsheet, sheet and range, and no document stores', () => {
    const host = makeHost({ triggerDocument: 'none' });
    const uid = host.run('schedule', ['after', 1000, 'whereAmI']).value as string;
    const fired = host.fireNextTrigger()!;
    expect(fired.ok).toBe(true);
    expect(JSON.parse(host.userProperties().seen!)).toEqual({
      triggerUid: uid,
      activeSpreadsheet: false,
      active: false,
      activeSheet: false,
      activeRange: false,
      documentProperties: false,
      documentLock: false,
      documentCache: false,
      projectTriggers: 1,
      userTriggers: "The parameters (null) don't match the method signature for ScriptApp.getUserTriggers.",
    });
  });

  it('leaves every other kind of execution its spreadsheet', () => {
    const host = makeHost({ triggerDocument: 'none' });
    const menu = host.run('whereAmI', [], { kind: 'menu' });
    expect(menu.value).toMatchObject({
      activeSpreadsheet: true,
      active: true,
      activeSheet: true,
      activeRange: true,
      documentProperties: true,
      userTriggers: 0,
    });
  });

  it('switches at run time', () => {
    const host = makeHost();
    host.run('schedule', ['hours', 1, 'whereAmI']);
    host.fireNextTrigger();
    expect(JSON.parse(host.userProperties().seen!)).toMatchObject({ activeSpreadsheet: true, documentProperties: true, userTriggers: 1 });
    host.setTriggerDocument('none');
    host.fireNextTrigger();
    expect(JSON.parse(host.userProperties().seen!)).toMatchObject({
      activeSpreadsheet: false,
      documentProperties: false,
      projectTriggers: 1,
    });
    host.setTriggerDocument('active');
    host.fireNextTrigger();
    expect(JSON.parse(host.userProperties().seen!)).toMatchObject({ activeSpreadsheet: true });
  });
});
