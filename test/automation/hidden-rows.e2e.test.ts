// Automation leaves the rows the person hid or filtered out, as a run from the menu does, and says
// how many it left; on a large sheet one formula finds them, not a call per row.
import { append, autoView as view, faultWorld, hours, leads, saveAuto as save, validated } from '../support/automation-world';

test('rows hidden by hand or by a filter are not sent by automation, and the tab says how many were left', () => {
  const w = faultWorld();
  const sheet = leads(w);
  save(w);
  const emails = append(sheet, 10);
  sheet.userHideRows(3, 2);
  const filteredOut = emails[6]!;
  sheet.userFilter((values) => values[0] !== filteredOut);
  hours(w, 1.5);
  expect([...validated(w)].sort()).toEqual(emails.filter((_, i) => i !== 1 && i !== 2 && i !== 6).sort());
  expect(view(w).status).toMatch(/3 hidden or filtered rows are left out/);
  // Shown again, they are sent: they were left, not taken for done.
  sheet.clearFilter();
  w.host.spreadsheet.sheets[0]!.rows.forEach((r) => r && (r.hiddenByUser = false));
  hours(w, 1);
  expect([...validated(w)].sort()).toEqual([...emails].sort());
  expect(view(w).status).not.toMatch(/hidden/);
});

test('on a sheet of 3,000 due rows with 300 hidden, one look finds them: no call per row', () => {
  const w = faultWorld();
  const sheet = leads(w);
  save(w, { capPerRun: 5000, capPerDay: 5000 });
  const emails = append(sheet, 3000);
  for (let row = 11; row <= 3001; row += 10) sheet.userHideRows(row);
  w.host.resetStats();
  hours(w, 1.5);
  const shown = emails.filter((_, i) => (i + 2) % 10 !== 1);
  expect(new Set(validated(w))).toEqual(new Set(shown));
  expect(view(w).status).toMatch(/300 hidden or filtered rows are left out/);
  expect(w.host.stats()['SpreadsheetApp.Sheet.isRowHiddenByUser'] ?? 0).toBe(0);
});
