// A key refused mid-job and then working again: running the action again over the rows the
// person's own paused job holds resumes that job at once; nothing is sent or paid twice.
import { column } from '../support/addon-world';
import { append, faultWorld, hours, leads, validated } from '../support/automation-world';

test('running the action again over its own paused job resumes it at once when the key works', () => {
  const w = faultWorld();
  const sheet = leads(w);
  const emails = append(sheet, 60);
  w.host.select('Sheet1!A1:A61');
  // The key is refused between the batch's start and its first read: the job pauses.
  w.fault('refuse-reads');
  const first = w.host.callFromSidebar('startRun', [{ action: 'email', confirmed: true }]);
  expect(first.error?.message).toBeUndefined();
  hours(w, 0.1);
  expect(column(w, 'Email · Result').every((s) => /^Paused \(part 1\): the API key was refused/.test(String(s)))).toBe(true);
  // The key works again; the person runs the action again on the same rows.
  w.fault('none');
  const again = w.host.callFromSidebar('startRun', [{ action: 'email', confirmed: true }]);
  expect(again.error?.message).toBeUndefined();
  expect((again.value as { message: string }).message).toMatch(/paused job on these rows went on/);
  // Minutes later, not at the job's next look an hour on, every row has its answer, paid once.
  hours(w, 0.1);
  expect(column(w, 'Email · Result').filter((s) => !/^(Deliverable|Risky|Undeliverable|Unknown)$/.test(String(s)))).toEqual([]);
  expect(validated(w).sort()).toEqual([...emails].sort());
});
