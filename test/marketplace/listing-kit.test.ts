// The Marketplace listing kit (docs/marketplace/): each image at the size Google asks for, read
// from its PNG header; the listing's texts within Google's limits and different from each other;
// the scopes' justification matching the manifests, the full build's and the narrow one's; the
// hosted pages self-contained and naming the one address the add-on sends data to.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { addonManifest } from '../../scripts/addon-manifest';
import { API_BASE_URL } from '../../src/config';

const root = join(__dirname, '../..');
const kit = join(root, 'docs/marketplace');
const read = (file: string) => readFileSync(join(kit, file), 'utf8');

/** Width and height from a PNG's IHDR chunk; throws on a file that is not a PNG. */
function pngSize(file: string): { width: number; height: number } {
  const bytes = readFileSync(file);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (!bytes.subarray(0, 8).equals(signature) || bytes.toString('ascii', 12, 16) !== 'IHDR') throw new Error(`${file} is not a PNG`);
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** The sections of a Markdown file by their `## ` heading: the text up to the next heading, trimmed. */
function sections(markdown: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of markdown.split(/^## /m).slice(1)) {
    const [heading, ...body] = part.split('\n');
    out[heading!.trim()] = body.join('\n').trim();
  }
  return out;
}

describe('the images', () => {
  test.each([
    ['icon-128.png', 128, 128],
    ['icon-32.png', 32, 32],
    ['banner-220x140.png', 220, 140],
  ])('%s is %i×%i', (file, width, height) => {
    expect(pngSize(join(kit, file))).toEqual({ width, height });
  });

  test('the screenshots are several, each 1280×800', () => {
    const shots = readdirSync(join(kit, 'screenshots')).filter((f) => f.endsWith('.png'));
    expect(shots.length).toBeGreaterThanOrEqual(3);
    for (const shot of shots) expect([shot, pngSize(join(kit, 'screenshots', shot))]).toEqual([shot, { width: 1280, height: 800 }]);
  });

  test('each image has its SVG source', () => {
    for (const svg of ['icon.svg', 'banner.svg']) expect(read(join('art', svg))).toMatch(/^<svg [^>]*viewBox=/);
  });
});

describe('the listing texts', () => {
  const listing = sections(read('listing.md'));
  const name = listing['Application name']!;
  const short = listing['Short description']!;
  const detailed = listing['Detailed description']!;

  test('the name is 50 characters or fewer, names no Google product, and is the add-on menu’s', () => {
    expect(name).toBe('Prospecting for Sheets');
    expect(name.length).toBeLessThanOrEqual(50);
    expect(name).not.toMatch(/google/i);
  });

  test('the short description is one line of 200 characters or fewer', () => {
    expect(short.length).toBeGreaterThan(50);
    expect(short.length).toBeLessThanOrEqual(200);
    expect(short).not.toMatch(/\n/);
  });

  test('the detailed description is under 16,000 characters and says more than the short one, in other words', () => {
    expect(detailed.length).toBeLessThan(16000);
    expect(detailed.length).toBeGreaterThan(short.length * 4);
    expect(detailed).not.toContain(short);
    // Not the short one padded: its first sentence is another.
    expect(detailed.split('.')[0]).not.toBe(short.split('.')[0]);
  });

  test('a category and a price are given', () => {
    expect(listing['Category']).toMatch(/\S/);
    expect(listing['Pricing']).toMatch(/\S/);
  });
});

describe('the scopes and their justification', () => {
  const justification = read('scopes.md');
  const explained = [...justification.matchAll(/^### (https:\/\/\S+)$/gm)].map((m) => m[1]!);
  const asked = [...new Set([...addonManifest(false).oauthScopes, ...addonManifest(true).oauthScopes])];

  test('the manifests ask for no scope the justification does not explain, and it explains none they lack', () => {
    expect([...explained].sort()).toEqual([...asked].sort());
    expect(new Set(explained).size).toBe(explained.length);
  });

  test('the narrow build differs from the full one by the spreadsheets scope alone', () => {
    const full = addonManifest(false).oauthScopes;
    const narrow = addonManifest(true).oauthScopes;
    expect(full.filter((s) => !narrow.includes(s))).toEqual(['https://www.googleapis.com/auth/spreadsheets']);
    expect(narrow.filter((s) => !full.includes(s))).toEqual(['https://www.googleapis.com/auth/spreadsheets.currentonly']);
  });

  test.each(asked)('%s: its section names a feature and the source files that need it, which exist', (scope) => {
    const section = justification.split(`### ${scope}\n`)[1]!.split(/^### /m)[0]!;
    expect(section).toMatch(/\*Feature: [^*]+\*/);
    const files = [...section.matchAll(/`(src\/[\w/.-]+\.ts)`/g)].map((m) => m[1]!);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect([file, existsSync(join(root, file))]).toEqual([file, true]);
  });
});

describe('the pages a publisher hosts', () => {
  test.each(['privacy.html', 'terms.html', 'support.html'])(
    '%s is self-contained HTML with only the publisher’s blanks to fill',
    (page) => {
      const html = read(page);
      expect(html).toMatch(/^<!doctype html>/i);
      expect(html).not.toMatch(/<script|<link|<img|<iframe|@import|url\(/i);
      for (const [, href] of html.matchAll(/href="([^"]*)"/g)) expect(href).toMatch(/^[\w-]+\.html$/);
      const blanks = new Set([...html.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]));
      for (const blank of blanks) expect(['PUBLISHER', 'SUPPORT_EMAIL', 'DATE']).toContain(blank);
    },
  );

  test('the privacy policy names the one address data is sent to, and where the key is kept', () => {
    const html = read('privacy.html');
    expect(html).toContain(addonManifest(false).urlFetchWhitelist[0]);
    expect(addonManifest(false).urlFetchWhitelist[0]).toBe(`${API_BASE_URL}/`);
    expect(html).toMatch(/API key<\/strong>[^<]*in your own user properties/);
  });
});
