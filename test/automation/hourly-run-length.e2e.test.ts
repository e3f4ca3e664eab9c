// Automation served by its hourly trigger alone, with runs of different lengths: the trigger that
// brings the next run is made early in a run, so each run's hour must count from the run's start;
// counted from later in a long run, the next firing, when that run is quick, finds it not yet due
// and the rows wait two hours.
import { addonWorld, connect } from '../support/addon-world';
import { append, HOUR, KEY, leads, saveAuto, validationsSent } from '../support/automation-world';

test('with only the hourly trigger, long and short runs in turn, a row added between runs is sent by the next run', () => {
  let slow = false;
  const w = addonWorld({
    accounts: [{ key: KEY, name: 'Form owner', credits: { email: 10_000, phone: 0 } }],
    // In a slow hour every stretch of the script's own code is charged 300 ms more than measured:
    // that run spends seconds between making its trigger and starting its automated work.
    scriptTime: (ms) => ms + (slow ? 300 : 0),
  });
  // One-shots refused in the background: the hourly trigger is the only thing that comes back.
  w.host.setBackgroundOneShots('refusedAnywhere');
  w.host.open();
  connect(w, KEY);
  const sheet = leads(w);
  saveAuto(w);
  const start = w.host.clock.now();
  const late: string[] = [];
  for (let h = 0; h < 6; h++) {
    // Half past each hour a row arrives; the run on the hour that follows sends it.
    slow = h % 2 === 0;
    w.host.runTriggersUntil(start + h * HOUR + HOUR / 2);
    const [email] = append(sheet, 1);
    const arrived = w.host.clock.now();
    w.host.runTriggersUntil(start + (h + 1) * HOUR + HOUR / 2 - 1);
    const sent = validationsSent(w).find((s) => s.email === email);
    if (!sent || sent.at - arrived > HOUR) late.push(`${email} (hour ${h})`);
  }
  expect(late).toEqual([]);
  // One trigger serves the spreadsheet throughout.
  expect(w.host.triggerList().filter((t) => !t.spent)).toHaveLength(1);
});
