// The seeded sequences as the start-up output and the read-only view show them: every account's,
// with their statuses, and leads to try that really are skipped for the reason shown.
import { createLocalService } from '../../sandbox';
import { inspectRoute } from '../../sandbox/inspect-routes';
import { sequenceLines } from '../../sandbox/startup-lines';
import { SEQUENCE_STATUSES } from '../../sandbox/universe/sequences';
import { harness } from './helpers';

test('the view lists each account’s sequences, whether they accept leads, and leads to try', () => {
  const service = createLocalService({ seed: 1 });
  const view = JSON.parse(inspectRoute(service, { method: 'GET', path: '/_sandbox/accounts', headers: {}, body: '' })!.body);
  for (const a of view.accounts) {
    expect(new Set(a.sequences.map((s: { status: string }) => s.status))).toEqual(new Set(SEQUENCE_STATUSES));
    for (const s of a.sequences) expect(s.accepts_leads).toBe(s.status === 'active' || s.status === 'paused');
    expect(a.lead_examples.in_sequence.length).toBe(a.sequences.length);
    expect(a.lead_examples.recently_contacted.length).toBeGreaterThan(0);
  }
});

test('the leads shown are skipped for the reasons shown, and leads added are counted', () => {
  const h = harness();
  const view = h.service.sequences('demo-key-alpha')!;
  const active = view.sequences.find((s) => s.status === 'active')!;
  const inIt = view.lead_examples.in_sequence.find((e) => e.sequence === active.name)!.email;
  const r = h.call('POST', `/sequences/${active.id}/leads`, {
    leads: [{ email: inIt }, { email: view.lead_examples.recently_contacted[0] }, { email: 'new.one@fresh.example' }],
  });
  expect(r.json.already_in_sequence_and_skipped).toEqual([{ email: inIt, profile_url: null }]);
  expect(r.json.recently_contacted_and_skipped).toHaveLength(1);
  expect(h.service.sequences('demo-key-alpha')!.sequences.find((s) => s.id === active.id)!.leads_added).toBe(1);
});

test('the start-up lines show each sequence with its id and status, and the leads to try', () => {
  const service = createLocalService({ seed: 1 });
  const view = service.sequences('demo-key-alpha')!;
  const lines = sequenceLines([
    {
      key: 'demo-key-alpha',
      sequences: view.sequences,
      inSequence: view.lead_examples.in_sequence,
      recentlyContacted: view.lead_examples.recently_contacted,
    },
  ]);
  for (const s of view.sequences) expect(lines.some((l) => l.includes(s.id) && l.includes(s.status) && l.endsWith(s.name))).toBe(true);
  expect(lines.some((l) => l.includes(view.lead_examples.recently_contacted[0]!))).toBe(true);
  expect(sequenceLines([])).toEqual([]);
});
