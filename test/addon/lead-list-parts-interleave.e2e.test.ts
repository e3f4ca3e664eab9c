// Two parts of one job added to the same existing list are processed side by side, and the list
// lists some of the first part's leads in front of the second's: each part still finds all of its own.
import { addonWorld, column, connect, OWNER, runTriggers, type World } from '../support/addon-world';

const KEY = 'demo-key-alpha';
function call(w: World, method: string, path: string, body?: unknown) {
  const r = w.service.handle({
    method,
    path,
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
    body: body === undefined ? '' : JSON.stringify(body),
  });
  return { status: r.status, json: JSON.parse(r.body) as Record<string, unknown> };
}

test('every row of a two-part addition whose lead is in the list says Added to list', () => {
  const n = 1003;
  const rows = [['Name', 'Email'], ...Array.from({ length: n }, (_, i) => [`P${i}`, `p${i}@example.com`])];
  const w = addonWorld();
  w.host.sheet().load(rows);
  w.host.open();
  connect(w, KEY);
  w.host.setProperties('script', { 'prospecting.partSize': '1000' });
  w.host.select(`Sheet1!A1:B${rows.length}`);
  const made = call(w, 'POST', '/lead-lists', { name: 'Existing', owner: OWNER, type: 'email', leads: [{ email: 'x@notfound.example' }] });
  const id = String(made.json.id);
  const r = w.host.callFromSidebar('startRun', [{ action: 'lead_list', listId: id, options: {}, confirmed: true }]);
  expect(r.ok).toBe(true);
  runTriggers(w);
  const statuses = column(w, 'Lead list · Status');
  const counts: Record<string, number> = {};
  for (const s of statuses) counts[String(s)] = (counts[String(s)] ?? 0) + 1;
  // Every p…@example.com matches a person: the service lists all 1003 leads.
  let listed = 0;
  let path: string | undefined = `/lead-lists/${id}?page[size]=1000`;
  while (path) {
    const page = call(w, 'GET', path).json as { leads: unknown[]; _links: { next?: { href: string } } };
    listed += page.leads.length;
    path = page._links.next?.href;
  }
  expect(listed).toBe(n);
  expect(counts).toEqual({ 'Added to list': n });
});
