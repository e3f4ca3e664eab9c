// No silent stop: when the one trigger that serves automation cannot fire (the add-on disabled in
// its spreadsheet, re-authorization needed, the trigger removed), automation notices within a day
// by whatever still runs or is opened, says so where the person looks, and moves where it can.
import { SheetHelper } from '../../emulator/spreadsheet/sheet-helper';
import { OWNER } from '../support/addon-world';
import {
  automateOther,
  append,
  autoView as view,
  faultWorld,
  HOUR,
  hours,
  leads,
  saveAuto as save,
  validated,
} from '../support/automation-world';

/** Automation on the default spreadsheet (the home) and on "Other", each with rows to watch. */
const twoAutomated = () => {
  const w = faultWorld();
  const home = leads(w);
  save(w);
  const other = automateOther(w);
  append(home, 2);
  append(other, 2);
  hours(w, 1.5);
  expect(validated(w)).toHaveLength(4);
  return { w, home, other, homeId: w.host.spreadsheet.id };
};

test('the add-on disabled in the home for three days: the other spreadsheet takes over within a day, says so, and nothing is paid twice', () => {
  const { w, home, other, homeId } = twoAutomated();
  w.host.setAddonEnabled(homeId, false);
  const start = w.host.clock.now();
  const rows = append(other, 3);
  // Within a day, with nobody watching, the other spreadsheet's own trigger notices and takes over.
  hours(w, 24);
  expect(validated(w)).toEqual(expect.arrayContaining(rows));
  const told = w.host.mail.filter((m) => /now runs from "Other"/.test(m.subject));
  expect(told).toHaveLength(1);
  expect(told[0]!.at - start).toBeLessThanOrEqual(24 * HOUR);
  expect(told[0]!.body).toMatch(/has not run since .* the add-on may be disabled or uninstalled/);
  expect(view(w, 'other').status).toMatch(/has not run since .*"Other" runs it from now on/);
  // The home's own rows are served from the other spreadsheet meanwhile (it opens the home by id).
  const homeRows = append(home, 2);
  hours(w, 48);
  expect(validated(w)).toEqual(expect.arrayContaining(homeRows));
  // Enabled again: every row was sent once, and one e-mail said it all.
  w.host.setAddonEnabled(homeId, true);
  hours(w, 6);
  const all = validated(w);
  expect(new Set(all).size).toBe(all.length);
  expect(w.host.mail.filter((m) => /now runs from/.test(m.subject))).toHaveLength(1);
});

test('opening an automated spreadsheet while automation has gone quiet shows a toast saying so, before anything moved', () => {
  const { w, homeId } = twoAutomated();
  // The home's trigger removed by hand, and the other spreadsheet's trigger too: nothing runs.
  for (const t of w.host.triggerList({ user: OWNER })) w.host.userDeleteTrigger(t.uid);
  w.host.clock.advance(4 * HOUR);
  w.host.open({ spreadsheetId: 'other' });
  const toasts = w.host.document('other').toasts.map((t) => t.message);
  expect(toasts.some((m) => /has not run since .*Automate this sheet… to start it again here/.test(m))).toBe(true);
  // Opening the Auto tab there makes that spreadsheet the one that runs automation.
  expect(view(w, 'other').status).toMatch(/"Other" runs it from now on/);
  const doc = w.host.document('other');
  const rows = append(new SheetHelper(doc, doc.sheetByName('Sheet1')!), 1);
  hours(w, 2);
  expect(validated(w)).toEqual(expect.arrayContaining(rows));
  expect(homeId).toBeTruthy();
});

test('automation gone quiet on a day whose property quota is spent: opening a spreadsheet says it could not be checked, and says more once the quota is back', () => {
  const { w } = twoAutomated();
  for (const t of w.host.triggerList({ user: OWNER })) w.host.userDeleteTrigger(t.uid);
  w.host.clock.advance(4 * HOUR);
  // The user's other scripts spend the day's property quota: onOpen can read nothing of automation.
  w.host.useUpQuota('properties', OWNER);
  w.host.open({ spreadsheetId: 'other' });
  const today = w.host.document('other').toasts.map((t) => t.message);
  expect(today.some((m) => /daily quota of property reads is spent, so automation could not be checked/.test(m))).toBe(true);
  expect(today.some((m) => /has not run since/.test(m))).toBe(false);
  // A day later the quota is back, and opening tells the whole story.
  w.host.clock.advance(24 * HOUR);
  w.host.open({ spreadsheetId: 'other' });
  expect(
    w.host
      .document('other')
      .toasts.map((t) => t.message)
      .some((m) => /has not run since/.test(m)),
  ).toBe(true);
});

test('re-authorization needed: every trigger of the person stops; opening a spreadsheet says so, and using the menu starts automation again', () => {
  const { w, home } = twoAutomated();
  w.host.requireReauthorization(OWNER);
  const waiting = append(home, 2);
  hours(w, 5);
  expect(validated(w)).not.toEqual(expect.arrayContaining(waiting));
  w.host.open();
  expect(w.host.spreadsheet.toasts.map((t) => t.message).some((m) => /has not run since/.test(m))).toBe(true);
  // The person uses the menu: Apps Script asks for authorization again, and the triggers fire.
  expect(w.host.clickMenu('Automate this sheet…').ok).toBe(true);
  expect(view(w).status).toMatch(/has not run since .* goes on at its next hourly run/);
  hours(w, 2);
  expect(validated(w)).toEqual(expect.arrayContaining(waiting));
  expect(view(w).status).toMatch(/^Watching/);
});
