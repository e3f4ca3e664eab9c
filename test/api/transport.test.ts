// Pure helpers every transport shares.
import { buildQuery, parseRetryAfter, redact, resolveUrl } from '../../src/api/transport';

describe('transport helpers', () => {
  test('relative links resolve against the base address, with or without a base path', () => {
    expect(resolveUrl('https://api.example', { path: '/people/enrichment-requests/5?page[after]=x' })).toBe(
      'https://api.example/people/enrichment-requests/5?page[after]=x',
    );
    expect(resolveUrl('https://api.example/v1/', { path: '/territories', query: { name: 'a b' } })).toBe(
      'https://api.example/v1/territories?name=a%20b',
    );
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

  test('redact removes the secret whatever its letter case', () => {
    const key = 'sk_live_Ab12Cd';
    expect(redact(`echo ${key.toUpperCase()} / ${key.toLowerCase()} / sK_LiVe_aB12cD`, [key])).toBe(
      'echo [redacted] / [redacted] / [redacted]',
    );
  });

  test('redact removes the secret URL-encoded and JSON-escaped, in any case', () => {
    const key = 'sk/live+Ab12=="x"';
    const encoded = encodeURIComponent(key);
    const escaped = JSON.stringify(key).slice(1, -1);
    const slashEscaped = escaped.replace(/\//g, '\\/');
    const text = [key, encoded, encoded.toLowerCase(), escaped, slashEscaped, slashEscaped.toUpperCase()].join(' | ');
    expect(redact(text, [key])).toBe(Array.from({ length: 6 }, () => '[redacted]').join(' | '));
    // Read back as JSON, a redacted echo holds no key.
    const body = JSON.stringify({ detail: `you sent Bearer ${key.toUpperCase()}` }).replace(/\//g, '\\/');
    expect(JSON.parse(redact(body, [key])).detail.toLowerCase()).not.toContain(key.toLowerCase());
  });

  test('redact leaves short secrets and other text alone', () => {
    expect(redact('abc ABC', ['abc'])).toBe('abc ABC');
    expect(redact('nothing here', ['sk_live_123'])).toBe('nothing here');
    expect(redact('a.b*c', ['x.y*z'])).toBe('a.b*c');
  });
});
