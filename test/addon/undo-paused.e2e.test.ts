// A job paused (its key refused) has not ended: its card offers no undo then, and once it goes on
// and ends, the run is undone whole, as any other.
import { OWNER } from '../support/addon-world';
import { append, faultWorld, hours, leads } from '../support/automation-world';

interface View {
  id: string;
  state: string;
  message: string;
  undo?: boolean;
}

test('a paused job offers no undo; resumed and ended, it is undone whole', () => {
  const w = faultWorld();
  const sheet = leads(w);
  append(sheet, 30);
  w.host.select('Sheet1!A1:A31');
  // The key is refused between the batch's start and its first read: the job pauses.
  w.fault('refuse-reads');
  const start = w.host.callFromSidebar('startRun', [{ action: 'email', confirmed: true }], OWNER);
  expect(start.error?.message).toBeUndefined();
  const id = (start.value as View).id;
  const view = () => (w.host.callFromSidebar('listJobs', [], OWNER).value as View[]).find((j) => j.id === id)!;
  hours(w, 0.1);
  expect(view().state).toBe('paused');
  expect(view().undo).toBeUndefined();
  // The key works again: running the action again resumes the job, which ends.
  w.fault('none');
  expect(w.host.callFromSidebar('startRun', [{ action: 'email', confirmed: true }], OWNER).error?.message).toBeUndefined();
  hours(w, 0.1);
  expect(view().state).toBe('done');
  expect(view().undo).toBe(true);
  expect(w.host.callFromSidebar('undoRun', [id], OWNER).ok).toBe(true);
  expect(view().message).toMatch(/^Undone: 30 rows put back as before the run\./);
});
