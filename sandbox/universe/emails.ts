// Email validation outcomes: documented addresses give a fixed result, the rest a stable draw.
import { unit } from '../hash';
import { isUnknownDomain } from './companies';

type EmailResult = 'deliverable' | 'risky' | 'undeliverable' | 'unknown';

export interface Validation {
  result: EmailResult;
  catch_all: boolean;
}

const FIXED: ReadonlyArray<EmailResult> = ['undeliverable', 'risky', 'unknown', 'deliverable'];

/** Shares of ordinary addresses per result, and of domains that accept every address. */
const CATCH_ALL_SHARE = 0.08;

export function validateEmail(seed: number, raw: string): Validation {
  const email = raw.trim().toLowerCase();
  const [local = '', domain = ''] = email.split('@');
  if (domain === 'catch-all.example') return { result: 'risky', catch_all: true };
  for (const r of FIXED) {
    if (local.startsWith(r) || domain === `${r}.example`) return { result: r, catch_all: false };
  }
  if (domain === 'notfound.example' || domain === 'gdpr-removed.example' || isUnknownDomain(domain)) {
    return { result: 'undeliverable', catch_all: false };
  }
  if (domain === 'example.com') return { result: 'deliverable', catch_all: false };
  if (unit(seed, 'catch-all', domain) < CATCH_ALL_SHARE) return { result: 'risky', catch_all: true };
  const u = unit(seed, 'validation', email);
  const result: EmailResult = u < 0.8 ? 'deliverable' : u < 0.9 ? 'undeliverable' : u < 0.96 ? 'risky' : 'unknown';
  return { result, catch_all: false };
}
