// Authorization modes: what onOpen (LIMITED/NONE), custom functions and triggers may not do.
import { makeHost } from './helpers';

const EXTERNAL = 'https://www.googleapis.com/auth/script.external_request';

describe('authorization modes', () => {
  it('builds the add-on menu from onOpen in LIMITED mode', () => {
    const host = makeHost();
    const r = host.open({ user: 'ann@example.com' });
    expect(r.ok).toBe(true);
    expect(r.value).toBe('LIMITED');
    expect(
      host.ui
        .menuFor('ann@example.com')
        ?.entries.filter((e) => e.type === 'item')
        .map((e) => e.type === 'item' && e.functionName),
    ).toEqual(['openSidebar', 'writeNote']);
  });

  it('refuses UrlFetchApp in LIMITED mode with Apps Script’s message', () => {
    const host = makeHost();
    const r = host.run('catchFetch', ['https://api.prospecting.example/ok'], { mode: 'LIMITED', kind: 'simpleTrigger' });
    expect(r.value).toEqual({
      isError: true,
      name: 'Exception',
      message: `You do not have permission to call UrlFetchApp.fetch. Required permissions: ${EXTERNAL}`,
      text: `Exception: You do not have permission to call UrlFetchApp.fetch. Required permissions: ${EXTERNAL}`,
    });
    expect(host.requests).toHaveLength(0);
  });

  it('refuses a sidebar in LIMITED mode but shows it in FULL mode', () => {
    const host = makeHost();
    const limited = host.run('openSidebar', [], { mode: 'LIMITED', kind: 'simpleTrigger' });
    expect(limited.error?.message).toMatch(/^You do not have permission to call Ui.showSidebar/);
    host.open();
    const full = host.clickMenu('Open sidebar');
    expect(full.ok).toBe(true);
    expect(host.ui.sidebars()).toHaveLength(1);
    expect(host.ui.sidebars()[0]).toMatchObject({ title: 'Prospecting', user: 'owner@example.com' });
    expect(host.ui.sidebars()[0]!.html).toContain('data-initial-view="connect"');
  });

  it('allows properties in LIMITED mode but nothing but the menu in NONE mode', () => {
    const host = makeHost();
    expect(host.run('setProperty', ['document', 'k', 'v'], { mode: 'LIMITED', kind: 'simpleTrigger' }).ok).toBe(true);
    expect(host.open({ mode: 'NONE' }).ok).toBe(true);
    expect(host.run('getProperty', ['document', 'k'], { mode: 'NONE', kind: 'simpleTrigger' }).error?.message).toBe(
      'You do not have permission to call PropertiesService.getDocumentProperties',
    );
  });

  it('refuses writes from a custom function', () => {
    const host = makeHost();
    const res = host.runCustomFunction('WRITE_FROM_CELL', []);
    expect(res.cell).toBe('#ERROR!');
    expect(res.error).toBe('You do not have permission to call setValue');
    expect(host.sheet().cell('Z1').value).toBe('');
  });

  it('gives a custom function the owner’s user properties, whoever recalculates', () => {
    const host = makeHost({ owner: 'owner@example.com' });
    host.run('setProperty', ['user', 'apiKey', 'OWNER-KEY'], { user: 'owner@example.com' });
    host.run('setProperty', ['user', 'apiKey', 'EDITOR-KEY'], { user: 'editor@example.com' });
    const res = host.runCustomFunction('ENRICH', [[['a.com'], ['b.com']]], { asUser: 'editor@example.com' });
    expect(res.cell).toEqual([['a.com via OWNER-KEY'], ['b.com via OWNER-KEY']]);
  });

  it('gives a custom function no user email', () => {
    const host = makeHost();
    const r = host.run('whoAmI', [], { mode: 'CUSTOM_FUNCTION', kind: 'customFunction', user: 'ann@example.com' });
    expect(r.value).toEqual({ active: '', effective: '' });
    expect(host.run('whoAmI', [], { user: 'ann@example.com' }).value).toEqual({ active: 'ann@example.com', effective: 'ann@example.com' });
  });

  it('recalculates custom-function cells from their ranges', () => {
    const host = makeHost();
    host.setProperties('user', { apiKey: 'K' });
    host.sheet().load([['a.com'], ['b.com'], ['=ENRICH(A1:A2)'], ['=ENRICH(A1)']]);
    expect(host.sheet().cell('A3').value).toBe('#ERROR!');
    host.recalculate();
    expect(host.sheet().cell('A3').value).toBe('a.com via K');
    expect(host.sheet().cell('A4').value).toBe('a.com via K');
    expect(host.sheet().cell('A3').formula).toBe('=ENRICH(A1:A2)');
  });

  it('refuses the UI to a time-driven trigger', () => {
    const host = makeHost();
    expect(host.run('alertFromTrigger', [], { kind: 'trigger' }).error?.message).toBe(
      'Cannot call SpreadsheetApp.getUi() from this context.',
    );
  });
});
