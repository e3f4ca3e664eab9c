// "Retry the failed rows" after a start whose answer was lost (a 502 once the service had taken
// the batch): rows that may have been paid for are never sent again without saying so first.
import { column } from '../support/addon-world';
import { append, autoView as view, faultWorld, hours, KEY, leads, saveAuto as save } from '../support/automation-world';

test('a batch taken but answered 502: the alert offers no retry of rows that may be paid, and the retry pays nothing twice', () => {
  const w = faultWorld();
  const sheet = leads(w);
  save(w);
  const spent = () => w.service.account(KEY)!.spent.email;
  w.fault('accept-then-502');
  append(sheet, 10);
  hours(w, 1.5);
  w.fault('none');
  const paid = spent();
  expect(paid).toBe(10);
  expect(column(w, 'Email · Result').every((s) => /It may have started; nothing was re-sent/.test(String(s)))).toBe(true);
  const run = view(w).history[0]!;
  // Nothing the retry may send: these rows may be paid for already.
  expect(run.failed).toBe(0);
  const told = w.host.mail.map((m) => m.body).join('\n');
  expect(told).not.toMatch(/Retry the 10 failed rows/);
  expect(told).toMatch(/10 rows may have been paid for already/);
  expect(w.host.callFromSidebar('retryFailedRows', [run.id]).error?.message).toMatch(/no failed rows/);
  hours(w, 3);
  expect(spent()).toBe(paid);
});

test('running the action again by hand over rows whose request may have started says first that it may pay twice', () => {
  const w = faultWorld();
  const sheet = leads(w);
  w.fault('accept-then-502');
  append(sheet, 4);
  w.host.select('Sheet1!A1:A5');
  expect(w.host.callFromSidebar('startRun', [{ action: 'email', confirmed: true }]).error?.message).toBeUndefined();
  hours(w, 1);
  w.fault('none');
  expect(column(w, 'Email · Result').every((s) => /It may have started/.test(String(s)))).toBe(true);
  const preview = w.host.callFromSidebar('previewRun', [{ action: 'email' }]).value as { summary: string; needsConfirmation: boolean };
  expect(preview.needsConfirmation).toBe(true);
  expect(preview.summary).toMatch(/4 rows failed after the service may have taken them: sending again may pay twice\./);
});
