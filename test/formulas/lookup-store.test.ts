// The lookup cache's pure parts: UTF-8 sizes as the cache counts them, exact query keys spread
// over a fixed set of buckets, and buckets that keep the newest answers within the byte limit.
import fc from 'fast-check';
import { ANSWER_MINUTES, BUCKETS, bucketKey, mergeBucket, queryKey, readBucket, type Lasting } from '../../src/formulas/lookup-store';
import { utf8Length } from '../../src/sheet/utf8';

test("utf8Length counts what Node's encoder counts, for any text (lone surrogates included)", () => {
  fc.assert(
    fc.property(fc.string({ unit: 'binary' }), (text) => {
      expect(utf8Length(text)).toBe(Buffer.byteLength(text, 'utf8'));
    }),
    { seed: 7, numRuns: 2000 },
  );
  expect(utf8Length('東京')).toBe(6);
  expect(utf8Length('😀')).toBe(4);
  expect(utf8Length('\ud800x')).toBe(4);
});

test('query keys are exact; bucket keys are short, few, and versioned by the stored fields', () => {
  expect(queryKey({ domain: 'acme.com' })).toBe('domain:acme.com');
  expect(queryKey({ email: 'a@b.co' })).not.toBe(queryKey({ profile_url: 'a@b.co' }));
  const long = `x${'y'.repeat(5000)}@example.com`;
  const key = bucketKey('person', ['name', 'title'], queryKey({ email: long }));
  expect(key.length).toBeLessThan(40);
  const buckets = new Set(Array.from({ length: 20000 }, (_, i) => bucketKey('company', ['name'], queryKey({ domain: `company${i}.com` }))));
  expect(buckets.size).toBe(BUCKETS);
  expect(bucketKey('company', ['name'], 'domain:acme.com')).not.toBe(bucketKey('company', ['name', 'size'], 'domain:acme.com'));
});

test('a bucket answers the queries it holds, exactly, until they are six hours old', () => {
  const answers = new Map<string, Lasting>([
    ['domain:acme.com', { row: ['Acme', 12] }],
    ['domain:gone.invalid', { message: 'not found' }],
  ]);
  const text = mergeBucket(null, answers, 1000);
  const read = readBucket(text, ['domain:acme.com', 'domain:gone.invalid', 'domain:acme.co', 'constructor'], 1000);
  expect([...read.entries()]).toEqual([...answers.entries()]);
  expect(readBucket(text, ['domain:acme.com'], 1000 + ANSWER_MINUTES - 1).size).toBe(1);
  expect(readBucket(text, ['domain:acme.com'], 1000 + ANSWER_MINUTES).size).toBe(0);
  expect(readBucket('not json', ['domain:acme.com'], 1000).size).toBe(0);
});

test('a merged bucket stays within its byte limit with multi-byte text, keeping the newest answers', () => {
  fc.assert(
    fc.property(
      fc.array(fc.record({ q: fc.string({ minLength: 1, maxLength: 12 }), text: fc.string({ unit: 'grapheme', maxLength: 120 }) }), {
        maxLength: 40,
      }),
      fc.integer({ min: 100, max: 3000 }),
      (writes, limit) => {
        let text: string | null = null;
        writes.forEach((w, i) => {
          text = mergeBucket(text, new Map([[w.q, { row: [w.text] }]]), 100 + i, limit);
          expect(utf8Length(text)).toBeLessThanOrEqual(limit);
        });
        // The newest answer of each query is kept unless a newer one took its room, or it
        // could never fit alone.
        const latest = new Map(writes.map((w, i) => [w.q, i] as const));
        const fits = (i: number) =>
          utf8Length(JSON.stringify(writes[i]!.q)) + utf8Length(JSON.stringify([100 + i, [writes[i]!.text]])) + 4 <= limit;
        const held = (i: number) => readBucket(text, [writes[i]!.q], 200).has(writes[i]!.q);
        const kept = [...latest.values()].filter(held);
        const lost = [...latest.values()].filter((i) => !held(i) && fits(i));
        if (kept.length && lost.length) expect(Math.min(...kept)).toBeGreaterThan(Math.max(...lost));
        if (writes.length) expect(held(writes.length - 1)).toBe(fits(writes.length - 1));
        for (const i of kept) expect(readBucket(text, [writes[i]!.q], 200).get(writes[i]!.q)).toEqual({ row: [writes[i]!.text] });
      },
    ),
    { seed: 11, numRuns: 200 },
  );
});

test('counted in bytes, not characters: three-byte text fills a bucket at a third of the characters', () => {
  const big = '東'.repeat(20000); // 20,000 characters, 60,000 bytes
  let text = mergeBucket(null, new Map([['domain:a.com', { row: [big] }]]), 1, 99000);
  text = mergeBucket(text, new Map([['domain:b.com', { row: [big] }]]), 2, 99000);
  expect(text.length).toBeLessThan(99000);
  expect(readBucket(text, ['domain:a.com', 'domain:b.com'], 2).size).toBe(1);
  expect(readBucket(text, ['domain:b.com'], 2).size).toBe(1);
  // One answer larger than a whole value is not kept, and does not push the others out.
  text = mergeBucket(text, new Map([['domain:huge.com', { row: ['東'.repeat(40000)] }]]), 3, 99000);
  expect(readBucket(text, ['domain:huge.com', 'domain:b.com'], 3).size).toBe(1);
  expect(readBucket(text, ['domain:b.com'], 3).size).toBe(1);
});
