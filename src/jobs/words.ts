// How messages write counts and credits: `12,345 rows`, `1.5 email credits (0.5 for each person
// found) and 1 phone credit`.
import { thousands } from '../api/input-errors';
import { estimateCredits, type ActionId, type ActionOptions } from './actions';

/** `1 row`, `12,345 rows`. */
export const plural = (n: number, word: string): string => `${thousands(n)} ${word}${n === 1 ? '' : 's'}`;

/**
 * The most `rows` distinct rows of an action may spend, in words: '' when they spend no credit. A
 * person found costs half an email credit (the spec's rate): an estimate that counts halves says so.
 */
export const creditWords = (action: ActionId, rows: number, options: ActionOptions): string => {
  const { email, phone } = estimateCredits(action, rows, options);
  const halves = estimateCredits(action, 1, options).email % 1 ? ' (0.5 for each person found)' : '';
  return [email && plural(email, 'email credit') + halves, phone && plural(phone, 'phone credit')].filter(Boolean).join(' and ');
};
