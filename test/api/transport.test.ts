// Pure helpers every transport shares.
import { buildQuery, parseRetryAfter, redact, resolveUrl } from '../../src/api/transport';

describe('transport helpers', () => {
  test('relative links resolve against the base address, with or without a base path', () => {
    expect(resolveUrl('https://api.example', { path: '/people/enrichment-requests/5?page[after]=x' })).toBe('https://api.example/people/enrichment-requests/5?page[after]=x');
    expect(resolveUrl('https://api.example/v1/', { path: '/territories', query: { name: 'a b' } })).toBe('https://api.example/v1/territories?name=a%20b');
    expect(resolveUrl('https://api.example', { path: '/x?a=1', query: { b: 2 } })).toBe('https://api.example/x?a=1&b=2');
  });

  test('an absolute link outside the base address is refused, so the key never leaves', () => {
    expect(() => resolveUrl('https://api.example', { path: 'https://evil.example/steal' })).toThrow(/outside the configured service/);
    expect(() => resolveUrl('https://api.example', { path: 'https://api.example.evil.example/x' })).toThrow();
    expect(resolveUrl('https://api.example', { path: 'https://api.example/x' })).toBe('https://api.example/x');
  });

  test('query strings skip empty values and repeat array members', () => {
    expect(buildQuery({ a: undefined, b: null, c: false, d: ['x', 'y'] })).toBe('c=false&d%5B%5D=x&d%5B%5D=y');
  });

  test('Retry-After as seconds or as a date', () => {
    expect(parseRetryAfter('12', 0)).toBe(12);
    expect(parseRetryAfter('Thu, 01 Jan 1970 00:00:30 GMT', 0)).toBe(30);
    expect(parseRetryAfter('soon', 0)).toBeUndefined();
    expect(parseRetryAfter(undefined, 0)).toBeUndefined();
  });

  test('redact removes every occurrence of a secret', () => {
    expect(redact('key sk_live_123 and sk_live_123 again', ['sk_live_123'])).toBe('key [redacted] and [redacted] again');
  });
});
