// Automation's claim on its sheet stays its owner's when Google rotates the temporary user key
// (every 30 days), while another editor is still kept off it.
import { connect, OWNER } from '../support/addon-world';
import { append, autoView as view, faultWorld, hours, KEY, leads, saveAuto as save, validated } from '../support/automation-world';

const BOB = 'bob@acme.example';
const DAY = 24 * 60 * 60 * 1000;

const startRun = (w: ReturnType<typeof faultWorld>, user: string) => {
  w.host.select('Sheet1!A1:A30');
  return w.host.callFromSidebar('startRun', [{ action: 'email', options: {}, confirmed: true }], user);
};

test('45 days after automation was turned on, its owner still changes its cap and runs the action by hand; another editor still cannot', () => {
  const w = faultWorld();
  const sheet = leads(w);
  append(sheet, 3);
  save(w, { capPerRun: 100, capPerDay: 500 });
  hours(w, 1.5);
  expect(validated(w)).toHaveLength(3);
  w.host.clock.advance(45 * DAY);
  hours(w, 1.5);
  // The owner's own change and own run: never "another editor's automation".
  expect(save(w, { capPerRun: 100, capPerDay: 600 }).status).toMatch(/^Watching/);
  append(sheet, 2);
  const mine = startRun(w, OWNER);
  expect(mine.error?.message).toBeUndefined();
  expect(validated(w).length).toBeGreaterThanOrEqual(5);
  // Another editor is still told apart, named by the account automation pays with.
  w.host.open({ user: BOB });
  connect(w, 'demo-key-bravo', BOB);
  expect(startRun(w, BOB).error?.message).toMatch(/Another editor's automation \(account "Form owner"\)/);
  expect(() => save(w, {}, undefined, BOB)).toThrow(/Another editor/);
  // The owner's automation goes on.
  connect(w, KEY);
  expect(view(w).status).toMatch(/^Watching/);
});

test('a claim stored under a temporary key since rotated stays the owner’s automation’s, and another editor is still kept off', () => {
  const w = faultWorld();
  const sheet = leads(w);
  append(sheet, 3);
  save(w);
  // As stored before claims named a lasting id: the temporary key of that month.
  const key = Object.keys(w.host.documentProperties()).find((k) => k.startsWith('prospecting.running.'))!;
  const [claim] = JSON.parse(w.host.documentProperties()[key]!) as Array<Record<string, unknown>>;
  w.host.setProperties('document', { [key]: JSON.stringify([{ ...claim, user: 'temporary-key-of-october' }]) });
  w.host.clock.advance(45 * DAY);
  expect(save(w, { capPerRun: 100, capPerDay: 700 }).status).toMatch(/^Watching/);
  expect(startRun(w, OWNER).error?.message).toBeUndefined();
  w.host.open({ user: BOB });
  connect(w, 'demo-key-bravo', BOB);
  expect(startRun(w, BOB).error?.message).toMatch(/Another editor's automation/);
});
