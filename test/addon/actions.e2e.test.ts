// Each action end to end: the built bundle in the local host, from the menu, against the local
// service, with the triggers carrying the job on; what the sheet and the service end up with.
import { processingStatus } from '../../src/jobs/row-status';
import { addonWorld, column, connect, OWNER, runTriggers, type World } from '../support/addon-world';

const ALPHA = 'demo-key-alpha';

function people(n: number, start = 0): unknown[][] {
  return Array.from({ length: n }, (_, i) => {
    const k = start + i;
    const company = ['harborlogistics', 'bluefinanalytics', 'cedarhealth', 'zenithsoftware'][k % 4]!;
    return [`First${k}`, `Last${k}`, `first${k}.last${k}@${company}.com`, `https://www.${company}.com/about`, `Title ${k}`];
  });
}
const HEADER = ['First Name', 'Last Name', 'Email', 'Website', 'Title'];

function setup(rows: unknown[][], opts: Parameters<typeof addonWorld>[0] = {}): World {
  const w = addonWorld(opts);
  w.host.sheet().load([HEADER, ...rows]);
  w.host.open();
  connect(w, ALPHA);
  w.host.select(`Sheet1!A1:E${rows.length + 1}`);
  return w;
}

function runMenu(w: World, caption: string, answers: string[] = []) {
  if (answers.length) w.host.ui.answer(...(answers as never[]));
  const r = w.host.clickMenu(caption);
  if (!r.ok) throw new Error(`${caption} failed: ${r.error?.message}`);
  runTriggers(w);
  return r;
}

test('enrich people: confirmed cost, results in the rows, triggers removed at the end', () => {
  const w = setup(people(40), { service: { processingRate: 2 } });
  runMenu(w, 'Enrich people', ['YES']);
  const dialog = w.host.ui.dialogs[0]!;
  expect(dialog.prompt).toMatch(/40 distinct rows/);
  expect(dialog.prompt).toMatch(/up to 20 email credits/);
  const statuses = column(w, 'Person · Status');
  expect(statuses.every((s) => ['Enriched', 'Not found', 'Removed for privacy'].includes(String(s)))).toBe(true);
  const names = column(w, 'Person · Name');
  statuses.forEach((s, i) => expect(Boolean(names[i])).toBe(s === 'Enriched'));
  expect(w.service.account(ALPHA)!.spent.email).toBe(statuses.filter((s) => s === 'Enriched').length * 0.5);
  expect(w.host.triggerList()).toEqual([]);
});

test('enrich people adds the email and phone columns only when emails or phones are revealed: they would stay empty', () => {
  const w = setup(people(8));
  const headers = () => w.host.sheet().values()[0]!;
  const enrich = (options: Record<string, boolean>) => {
    const r = w.host.callFromSidebar('startRun', [{ action: 'person', options, rerun: true, confirmed: true }]);
    if (!r.ok) throw new Error(r.error?.message);
    runTriggers(w);
  };
  enrich({});
  expect(headers()).toEqual(expect.arrayContaining(['Person · Status', 'Person · Name', 'Person · Title']));
  expect(headers().filter((h) => h === 'Person · Email' || h === 'Person · Phones')).toEqual([]);
  enrich({ revealEmail: true });
  expect(headers()).toContain('Person · Email');
  expect(headers()).not.toContain('Person · Phones');
  expect(column(w, 'Person · Email').some((e) => String(e).includes('@'))).toBe(true);
  enrich({ revealPhones: true });
  expect(column(w, 'Person · Phones').some((p) => String(p).includes(': '))).toBe(true);
});

test('enrich companies: no credits, no question; a website is reduced to its domain', () => {
  const w = setup(people(12));
  runMenu(w, 'Enrich companies');
  expect(w.host.ui.dialogs).toHaveLength(0);
  expect(column(w, 'Company · Status').every((s) => s === 'Enriched')).toBe(true);
  const websites = column(w, 'Company · Website');
  column(w, 'Website').forEach((site, i) =>
    expect(String(websites[i])).toContain(
      String(site)
        .replace(/^https:\/\/www\./, '')
        .replace(/\/about$/, ''),
    ),
  );
});

test('validate emails: each row gets its result, malformed and blank rows a reason, duplicates paid once', () => {
  const rows = [
    ...people(6),
    ['Dup', 'Licate', '  FIRST0.LAST0@HARBORLOGISTICS.COM ', '', ''],
    ['Bad', 'Email', 'jane.doe@', '', ''],
    ['', '', '', '', ''],
    ['Risky', 'One', 'risky@catch-all.example', '', ''],
  ];
  const w = setup(rows);
  runMenu(w, 'Validate emails', ['YES']);
  const results = column(w, 'Email · Result');
  expect(results.slice(0, 6).every((r) => ['Deliverable', 'Risky', 'Undeliverable', 'Unknown'].includes(String(r)))).toBe(true);
  expect(results[6]).toBe(results[0]);
  expect(results[7]).toBe('Skipped: not a valid email address');
  expect(results[8]).toBe('');
  expect(results[9]).toBe('Risky');
  expect(w.service.account(ALPHA)!.spent.email).toBe(7);
});

test('create a lead list: named by the person, owned by them, rows marked as added', () => {
  const rows = people(5).map((r) => [r[0], r[1], String(r[2]).replace(/@.*/, '@example.com'), r[3], r[4]]);
  const w = setup([...rows, ['Nobody', 'Here', 'nobody@notfound.example', '', '']]);
  w.host.ui.answer({ button: 'OK', text: 'Q4 outreach' }, 'YES');
  const r = w.host.clickMenu('Create a lead list');
  expect(r.ok).toBe(true);
  runTriggers(w);
  expect(column(w, 'Lead list · Status')).toEqual([...rows.map(() => 'Added to list'), 'Not found']);
  const jobs = w.host.callFromSidebar('listJobs', []).value as Array<{ action: string; links: string[]; state: string }>;
  expect(jobs[0]).toMatchObject({ action: 'lead_list', state: 'done' });
  expect(jobs[0]!.links[0]).toMatch(/^https?:\/\//);
  const created = w.host.requests.find((q) => q.method.toLowerCase() === 'post' && q.url.endsWith('/lead-lists'))!;
  expect(JSON.parse(created.body)).toMatchObject({ name: 'Q4 outreach', owner: OWNER, type: 'email' });
});

test('a lead list without a name and an owner is refused before anything is marked or sent', () => {
  const w = setup(people(2));
  const r = w.host.callFromSidebar('startRun', [{ action: 'lead_list', confirmed: true }]);
  expect(r.error?.message).toMatch(/Give the lead list a name and an owner/);
  expect(w.host.sheet().values()[0]).toEqual(HEADER);
  expect(w.host.requests.filter((q) => q.url.endsWith('/lead-lists'))).toHaveLength(0);
});

test('a lead list takes its type from the mapped columns: profile URLs when there is no email column', () => {
  const w = addonWorld();
  w.host.sheet().load([
    ['Name', 'LinkedIn URL'],
    ['Sam Lee', 'https://www.linkedin.com/in/found-sam-lee'],
    ['Kim Park', 'https://www.linkedin.com/in/found-kim-park'],
  ]);
  w.host.open();
  connect(w, ALPHA);
  w.host.select('Sheet1!A1:B3');
  const r = w.host.callFromSidebar('startRun', [
    { action: 'lead_list', list: { name: 'By profile', owner: OWNER }, options: { enrich: true }, confirmed: true },
  ]);
  expect(r.ok).toBe(true);
  runTriggers(w);
  expect(column(w, 'Lead list · Status')).toEqual(['Added to list', 'Added to list']);
  const created = w.host.requests.find((q) => q.method.toLowerCase() === 'post' && q.url.endsWith('/lead-lists'))!;
  expect(JSON.parse(created.body)).toMatchObject({ type: 'profile' });
});

test('without a key every action says how to connect, and sends nothing', () => {
  const w = addonWorld();
  w.host.sheet().load([HEADER, ...people(2)]);
  w.host.open();
  w.host.select('Sheet1!A1:E3');
  for (const caption of ['Enrich people', 'Enrich companies', 'Validate emails', 'Create a lead list', 'Check running jobs now']) {
    w.host.ui.answer('OK');
    expect(w.host.clickMenu(caption).ok).toBe(true);
  }
  expect(w.host.ui.dialogs.every((d) => /Connect your API key first/.test(d.prompt))).toBe(true);
  expect(w.host.requests).toHaveLength(0);
});

test('a formula-looking value from the service is written as text', () => {
  const w = setup([['Eve', 'Hostile', 'eve@hostile-widgets.com', 'hostile-widgets.com', 'CEO']]);
  runMenu(w, 'Enrich companies');
  const values = w.host.sheet().values();
  const col = values[0]!.indexOf('Company · Name');
  const cell = w.host.sheet().cell(`${String.fromCharCode(65 + col)}2`);
  expect(cell.formula).toBe('');
  expect(cell.value).toBe('=HYPERLINK("https://attacker.example/","Click me")');
});

test('rows already done are skipped unless asked to run again', () => {
  const w = setup(people(4));
  runMenu(w, 'Validate emails', ['YES']);
  const spent = w.service.account(ALPHA)!.spent.email;
  w.host.ui.answer('OK');
  w.host.clickMenu('Validate emails');
  expect(w.host.ui.dialogs.at(-1)!.prompt).toMatch(/Nothing to send.*4 rows already done/);
  expect(w.service.account(ALPHA)!.spent.email).toBe(spent);
  // From the sidebar, with "run again", they are sent once more.
  const view = w.host.callFromSidebar('startRun', [{ action: 'email', rerun: true, confirmed: true }]);
  expect(view.ok).toBe(true);
  runTriggers(w);
  expect(w.service.account(ALPHA)!.spent.email).toBe(spent + 4);
});

test('the detected mapping is shown and can be changed; a mapping that cannot work is refused', () => {
  const w = setup(people(3));
  const ok = w.host.callFromSidebar('previewRun', [{ action: 'person' }]).value as { mapping: Array<{ role: string; header: string }> };
  expect(ok.mapping).toEqual(
    expect.arrayContaining([
      { role: 'email', label: 'Email', header: 'Email' },
      { role: 'domain', label: 'Company domain or website', header: 'Website' },
    ]),
  );
  const refused = w.host.callFromSidebar('previewRun', [{ action: 'person', mapping: { email: null, first_name: null, last_name: null } }]);
  expect(refused.ok).toBe(false);
  expect(refused.error?.message).toMatch(/needs an Email or Profile URL column/);
  const wrong = w.host.callFromSidebar('previewRun', [{ action: 'person', mapping: { email: 'Mail' } }]);
  expect(wrong.error?.message).toMatch(/no column headed "Mail"/);
  // A changed mapping used for a run is remembered for the sheet.
  expect(w.host.callFromSidebar('startRun', [{ action: 'person', mapping: { title: null }, confirmed: true }]).ok).toBe(true);
  const later = w.host.callFromSidebar('previewRun', [{ action: 'person', rerun: true }]).value as {
    mapping: Array<{ role: string; header: string }>;
  };
  expect(later.mapping.find((m) => m.role === 'title')!.header).toBe('');
  expect(ok.mapping.find((m) => m.role === 'title')!.header).toBe('Title');
});

test("a start's own read plans its first send: the sheet is read once, every row marked", () => {
  // Distinct domains: one part of 3,000, not read before the start returns.
  const w = setup(people(3000).map((r, k) => [...r.slice(0, 3), `https://www.pioneer${k}.com/about`, r[4]]));
  w.host.resetStats();
  const r = w.host.callFromSidebar('startRun', [{ action: 'company', confirmed: true }], OWNER);
  if (!r.ok) throw new Error(r.error?.message);
  // One read of the sheet, and one of the helper sheet whose formula tells the hidden rows.
  expect(w.host.stats()['SpreadsheetApp.Range.getValues']).toBe(2);
  expect(w.host.stats()['SpreadsheetApp.Range.setFormulaR1C1']).toBe(1);
  expect(column(w, 'Company · Status').every((m) => m === processingStatus(1))).toBe(true);
  runTriggers(w);
  expect(new Set(column(w, 'Company · Status'))).toEqual(new Set(['Enriched']));
  const websites = column(w, 'Company · Website');
  column(w, 'Website').forEach((site, i) => expect(String(websites[i])).toContain(`pioneer${i}.com`));
});

test('from the menu, the start after the confirm dialog asks neither which rows are hidden nor for the exclusion lists again', () => {
  const w = setup(people(40));
  const saved = w.host.callFromSidebar(
    'saveSettings',
    [{ revealEmail: false, revealPhones: false, skipExcluded: true, fields: 'basic' }],
    OWNER,
  );
  if (!saved.ok) throw new Error(saved.error?.message);
  w.host.resetStats();
  const before = w.host.requests.length;
  runMenu(w, 'Enrich people', ['YES']);
  expect(w.host.ui.dialogs[0]!.prompt).toMatch(/40 distinct rows/);
  // One question per selected row (the header row included), not one per row per look.
  expect(w.host.stats()['SpreadsheetApp.Sheet.isRowHiddenByUser']).toBe(41);
  const paths = w.host.requests.slice(before).map((q) => new URL(q.url).pathname);
  expect(paths.filter((p) => p === '/excluded-domains')).toHaveLength(1);
  expect(paths.filter((p) => p === '/excluded-emails')).toHaveLength(1);
  expect(column(w, 'Person · Status').every((s) => ['Enriched', 'Not found', 'Removed for privacy'].includes(String(s)))).toBe(true);
});

test('a job counts only its own rows: rows done by an earlier run or refused at its start are not its progress', () => {
  const w = setup([...people(6), ['Bad', 'Email', 'jane.doe@', '', '']]);
  runMenu(w, 'Validate emails', ['YES']);
  // Five more rows, and the whole sheet selected again: the six done rows are skipped.
  const more = people(5, 100);
  const sheet = w.host.sheet();
  const values = sheet.values();
  sheet.load([...values, ...more.map((r) => [...r, ...Array(values[0]!.length - r.length).fill('')])]);
  w.host.select(`Sheet1!A1:E${values.length + more.length}`);
  const started = w.host.callFromSidebar('startRun', [{ action: 'email', confirmed: true }], OWNER);
  if (!started.ok) throw new Error(started.error?.message);
  runTriggers(w);
  const jobs = w.host.callFromSidebar('listJobs', [], OWNER).value as Array<{
    total: number;
    finished: number;
    counts: Record<string, number>;
  }>;
  const latest = jobs[0]!;
  expect(latest.total).toBe(5);
  expect(latest.finished).toBe(5);
  expect(Object.values(latest.counts).reduce((a, b) => a + b, 0)).toBe(5);
  // The first job still counts its own six results and the refused row.
  const first = jobs[1]!;
  expect([first.total, first.finished]).toEqual([6, 6]);
});

describe('free text a job keeps is refused when too long, in one sentence, before anything changes', () => {
  /** What must stay as it was: the sheet, the service's requests, the jobs and the user's properties. */
  function untouched(w: World) {
    return {
      values: w.host.sheet().values(),
      requests: w.host.requests.length,
      properties: w.host.userProperties(),
      sheets: w.host.spreadsheet.sheets.map((s) => s.name),
    };
  }

  function refusal(w: World, input: object): string {
    const before = untouched(w);
    const r = w.host.callFromSidebar('startRun', [{ ...input, confirmed: true }]);
    expect(r.ok).toBe(false);
    const message = r.error!.message;
    expect(message).toMatch(/^[A-Z][^\n]*\.$/);
    expect(message.split(/[.!?](?:\s|$)/).filter(Boolean)).toHaveLength(1);
    expect(message).not.toMatch(/Argument too large/);
    expect(w.host.callFromSidebar('previewRun', [input]).error?.message).toBe(message);
    expect(untouched(w)).toEqual(before);
    return message;
  }

  test("a lead list's name of 9,000 characters, from the sidebar and from the menu", () => {
    const w = setup(people(3));
    const long = 'Q4 outreach: '.repeat(692) + 'EMEA';
    const message = refusal(w, { action: 'lead_list', list: { name: long, owner: OWNER } });
    expect(message).toBe("A lead list's name can be at most 255 characters; this one has 9,000.");
    const before = untouched(w);
    w.host.ui.answer({ button: 'OK', text: long }, 'OK');
    expect(w.host.clickMenu('Create a lead list').ok).toBe(true);
    expect(w.host.ui.dialogs.at(-1)).toMatchObject({ kind: 'alert', prompt: message });
    expect(untouched(w)).toEqual(before);
  });

  test('a name of 255 characters is kept whole and sent', () => {
    const w = setup(people(2));
    const name = `${'N'.repeat(254)}!`;
    expect(w.host.callFromSidebar('startRun', [{ action: 'lead_list', list: { name, owner: OWNER }, confirmed: true }]).ok).toBe(true);
    runTriggers(w);
    const created = w.host.requests.find((q) => q.method.toLowerCase() === 'post' && q.url.endsWith('/lead-lists'))!;
    expect(JSON.parse(created.body)).toMatchObject({ name });
  });

  test("an owner too long for an email address, and an input column's header too long to keep", () => {
    const w = setup(people(3));
    const owner = `${'o'.repeat(9000)}@acme.example`;
    expect(refusal(w, { action: 'lead_list', list: { name: 'Q4', owner } })).toBe(
      'The owner is not a valid email address: it has a part before the @ that is not 1 to 64 characters long.',
    );
    const domainOwner = `me@${'d'.repeat(250)}.example`;
    expect(refusal(w, { action: 'lead_list', list: { name: 'Q4', owner: domainOwner } })).toMatch(/^The owner is not a valid email/);
    const header = `Email ${'(work address) '.repeat(600)}`.trim();
    w.host.sheet().load([[...HEADER.slice(0, 2), header, ...HEADER.slice(3)], ...people(3)]);
    expect(refusal(w, { action: 'email', mapping: { email: header } })).toBe(
      `The header of the column read as Email is ${header.length.toLocaleString('en-US')} characters long; rename it to at most 255.`,
    );
  });

  test('texts each within bounds but too many bytes together (three bytes a character)', () => {
    const w = setup(people(3));
    const wide = (c: string) => c.repeat(250);
    const headers = [wide('名'), wide('姓'), wide('邮'), 'Website', wide('职')];
    w.host.sheet().load([headers, ...people(3)]);
    const mapping = { first_name: headers[0], last_name: headers[1], email: headers[2], title: headers[4] };
    const list = { name: '第四季度'.repeat(25), owner: OWNER };
    expect(refusal(w, { action: 'lead_list', list, mapping })).toMatch(
      /^The names and column headers this run keeps take 3,\d{3} bytes together, more than the 3,072 a run can keep; shorten the longest\.$/,
    );
    const fewer = { first_name: headers[0], last_name: headers[1], email: headers[2], title: null };
    expect(w.host.callFromSidebar('previewRun', [{ action: 'lead_list', list, mapping: fewer }]).ok).toBe(true);
  });
});
