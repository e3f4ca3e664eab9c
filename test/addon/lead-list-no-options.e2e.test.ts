// A lead list the service shows without `options` (optional in the spec's lead_list) may spend
// credits on every row added: it is priced at the most, and a run on it must be confirmed.
import { addonWorld, connect, OWNER } from '../support/addon-world';
import type { LocalRequest } from '../../sandbox';

const KEY = 'demo-key-alpha';

test('a list whose options are not shown is priced at the most, never taken for one that costs nothing', () => {
  const w = addonWorld({
    route: (service) => ({
      handle(req: LocalRequest) {
        const res = service.handle(req);
        if (req.method.toUpperCase() !== 'GET' || !/\/lead-lists/.test(req.path)) return res;
        const body = JSON.parse(res.body) as Record<string, unknown> & { lead_lists?: Array<Record<string, unknown>> };
        delete body.options;
        for (const l of body.lead_lists ?? []) delete l.options;
        return { ...res, body: JSON.stringify(body) };
      },
    }),
  });
  w.host.sheet().load([
    ['Name', 'Email'],
    ['A', 'a1@example.com'],
    ['B', 'b1@example.com'],
  ]);
  w.host.open();
  connect(w, KEY);
  w.host.select('Sheet1!A1:B3');
  const made = w.service.handle({
    method: 'POST',
    path: '/lead-lists',
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Validated',
      owner: OWNER,
      type: 'email',
      leads: [{ email: 'x@notfound.example' }],
      options: { enrich: true, validate_email: true, reveal_phone_numbers: true },
    }),
  });
  const id = String((JSON.parse(made.body) as { id: string }).id);
  const lists = w.host.callFromSidebar('listLeadLists', []).value as Array<{ note: string }>;
  expect(lists[0]!.note).toBe(
    'Each row added may cost up to 1.5 email credits (0.5 for 1 person found; 1 for 1 email validated) and 1 phone credit (1 for 1 phone revealed).',
  );
  const preview = w.host.callFromSidebar('previewRun', [{ action: 'lead_list', listId: id, options: {} }]).value as {
    credits: { email: number; phone: number };
    needsConfirmation: boolean;
  };
  expect(preview.credits).toEqual({ email: 3, phone: 2 });
  expect(preview.needsConfirmation).toBe(true);
  const unconfirmed = w.host.callFromSidebar('startRun', [{ action: 'lead_list', listId: id, options: {} }]);
  expect(unconfirmed.error?.message).toMatch(/^Please confirm first/);
  expect(w.host.requests.filter((q) => q.url.endsWith('/leads'))).toHaveLength(0);
});
