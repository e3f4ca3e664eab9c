// How messages write counts and credits: `12,345 rows`, `1.5 email credits and 1 phone credit`.
import { thousands } from '../api/input-errors';
import type { CreditEstimate } from './actions';

/** `1 row`, `12,345 rows`. */
export const plural = (n: number, word: string): string => `${thousands(n)} ${word}${n === 1 ? '' : 's'}`;

/** What an estimate may spend, in words: '' when it spends no credit. */
export const creditWords = ({ email, phone }: CreditEstimate): string =>
  [email && plural(email, 'email credit'), phone && plural(phone, 'phone credit')].filter(Boolean).join(' and ');
