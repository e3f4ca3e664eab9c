// An existing lead list deleted at the service while rows are being added to it: the job ends its
// rows saying so, once, and never pauses for an account that is connected.
import type { LocalRequest, LocalResponse } from '../../sandbox';
import { addonWorld, column, connect, OWNER, runTriggers } from '../support/addon-world';

const ALPHA = 'demo-key-alpha';

test('a list deleted at the service mid-job: every row ends saying the list was deleted, with no week of retries', () => {
  let deleted = '';
  const w = addonWorld({
    service: { processingRate: 0.05 },
    route: (svc) => ({
      handle(req: LocalRequest): LocalResponse {
        // Deleted in the service's own application: the list is unknown from then on.
        if (deleted && req.path.startsWith(`/lead-lists/${deleted}`))
          return {
            status: 404,
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ object: 'error', _errors: [{ code: 'not_found', title: 'Not Found', detail: 'No such lead list' }] }),
          };
        return svc.handle(req);
      },
    }),
  });
  const rows = Array.from({ length: 306 }, (_, i) => [`Person ${i}`, `person.${i}@company${i % 9}.example`]);
  w.host.sheet().load([['Name', 'Email'], ...rows]);
  w.host.open();
  connect(w, ALPHA);
  const made = w.service.handle({
    method: 'POST',
    path: '/lead-lists',
    headers: { authorization: `Bearer ${ALPHA}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Existing list',
      owner: OWNER,
      type: 'email',
      leads: [{ email: 'someone@else.example' }],
      options: { enrich: false, validate_email: false, reveal_phone_numbers: false },
    }),
  });
  const listId = String((JSON.parse(made.body) as { id: string }).id);
  w.host.select('Sheet1!A1:B307');
  const r = w.host.callFromSidebar('startRun', [{ action: 'lead_list', listId, options: {}, partSize: 100, confirmed: true }]);
  expect(r.error?.message).toBeUndefined();
  deleted = listId;
  const before = w.host.requests.length;
  runTriggers(w, 50);
  const status = column(w, 'Lead list · Status').map(String);
  expect(status.filter((s) => /^(Queued|Processing|Paused)/.test(s))).toEqual([]);
  expect(status.filter((s) => /belong to the account/.test(s))).toEqual([]);
  expect(status.filter((s) => /lead list was deleted/.test(s)).length).toBeGreaterThan(0);
  const jobs = w.host.callFromSidebar('listJobs', []).value as Array<{ state: string }>;
  expect(jobs[0]!.state).not.toMatch(/running|paused/);
  // Once: a request or two finds the list gone, not a week of looks.
  expect(w.host.requests.length - before).toBeLessThan(6);
});
