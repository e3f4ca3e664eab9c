// dist/appsscript.json as the build writes it: the repository's manifest with the fetch whitelist
// derived from the API's address, and, for the narrow build, `spreadsheets.currentonly` in place
// of the full `spreadsheets` scope. Shared by the build and the listing kit's checks.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { API_BASE_URL } from '../src/config';

export const SPREADSHEETS = 'https://www.googleapis.com/auth/spreadsheets';
export const CURRENT_ONLY = `${SPREADSHEETS}.currentonly`;

export interface AddonManifest {
  oauthScopes: string[];
  urlFetchWhitelist: string[];
  [field: string]: unknown;
}

function whitelistPrefix(baseUrl: string): string {
  const m = /^(https:\/\/[^/]+)(\/.*)?$/.exec(baseUrl);
  if (!m) throw new Error(`API_BASE_URL must be an https address: ${baseUrl}`);
  const path = (m[2] ?? '/').replace(/\/?$/, '/');
  return `${m[1]}${path}`;
}

/** The manifest of the full build, or of the narrow one (`narrow`): one scope differs. */
export function addonManifest(narrow = false): AddonManifest {
  const manifest = JSON.parse(readFileSync(join(__dirname, '..', 'appsscript.json'), 'utf8')) as AddonManifest;
  if (narrow) manifest.oauthScopes = manifest.oauthScopes.map((s) => (s === SPREADSHEETS ? CURRENT_ONLY : s));
  manifest.urlFetchWhitelist = [whitelistPrefix(API_BASE_URL)];
  return manifest;
}
