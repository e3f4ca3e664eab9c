// Room for answers kept past the cache: the oldest kept answers go first, counted in UTF-8 bytes
// against their share of the store, and nothing but kept answers is ever dropped.
import { makeRoom } from '../../src/formulas/kept-answers';

/** A kept answer saved at `minute`, `size` characters of payload. */
const entry = (minute: number, size = 10, char = 'x') => `[${minute},"${char.repeat(size)}"]`;
const bytes = (values: Record<string, string>) =>
  Object.entries(values).reduce((n, [k, v]) => n + Buffer.byteLength(k) + Buffer.byteLength(v), 0);

test('nothing is dropped while the new answers fit', () => {
  const values = { 'pfs.a.k1': entry(5), 'pfs.a.k2': entry(1) };
  expect(makeRoom(values, 10, bytes(values) + 10)).toEqual([]);
});

test('the oldest kept answers are dropped first, only as many as make room', () => {
  const values = { 'pfs.a.new': entry(300), 'pfs.a.old': entry(100), 'pfs.a.mid': entry(200) };
  const each = bytes({ 'pfs.a.old': entry(100) });
  expect(makeRoom(values, each, bytes(values))).toEqual(['pfs.a.old']);
  expect(makeRoom(values, 2 * each, bytes(values))).toEqual(['pfs.a.old', 'pfs.a.mid']);
});

test('values that are not kept answers (the re-check age, settings) neither count against the share nor are dropped', () => {
  const values = { 'pfs.recheck': '45', mapping: '{"email":0}', 'pfs.a.k': entry(1) };
  const kept = bytes({ 'pfs.a.k': entry(1) });
  expect(makeRoom(values, 10, kept + 10)).toEqual([]);
  expect(makeRoom(values, 10, kept + 5)).toEqual(['pfs.a.k']);
  // No room even with every kept answer gone: nothing is kept, and nothing else is dropped.
  expect(makeRoom(values, 10, 9)).toBeUndefined();
});

test('sizes are counted in UTF-8 bytes: three-byte text takes three times the room', () => {
  const values = { 'pfs.a.wide': entry(1, 100, '€'), 'pfs.a.narrow': entry(2, 100) };
  const narrow = bytes({ 'pfs.a.narrow': entry(2, 100) });
  // Room for the narrow entry and 10 bytes more: the wide one (over 300 bytes) must go.
  expect(makeRoom(values, 10, narrow + 10)).toEqual(['pfs.a.wide']);
  expect(makeRoom(values, 10, narrow + 250)).toEqual(['pfs.a.wide']);
});

test('one call drops at most 40 entries: room that needs more is refused', () => {
  // Fifty entries of one size: two-digit keys and minutes.
  const values = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`pfs.a.k${i + 10}`, entry(i + 10)]));
  const each = bytes({ 'pfs.a.k10': entry(10) });
  expect(makeRoom(values, 40 * each, bytes(values))).toHaveLength(40);
  expect(makeRoom(values, 41 * each, bytes(values))).toBeUndefined();
});
