// The stamp a row carries per action once automation watches its sheet: when it was last sent
// and a fingerprint of what it sent then, so a later run tells a changed row from a paid one.
import { rowInput, rowKey, type ActionId, type ActionOptions } from './action-catalog';
import { ROLES, type ColumnMapping } from '../sheet/columns';

/** The stamp column of each action automation can run. */
export const STAMP_HEADERS: Partial<Record<ActionId, string>> = {
  email: 'Email · Checked',
  person: 'Person · Checked',
  company: 'Company · Checked',
};

// Read once: a global read per character costs more than the character where globals are looked
// up through the script's context (the local host runs the bundle so).
const imul = Math.imul;

/** FNV-1a, 32 bits, in base 36: short, and the same in Apps Script and here. */
export const hash = (text: string): string => {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
};

/**
 * What a row sends, in a word (`id`): the key it is sent (and found again) by (`key`, as the paid
 * ledger keeps it), or its mapped cells when it cannot be sent (`sends` false); undefined for a blank row. Two rows sending the
 * same have the same one.
 */
export const rowFingerprint = (
  action: ActionId,
  values: ReadonlyArray<unknown>,
  mapping: ColumnMapping,
  options: ActionOptions,
): { id: string; sends: boolean; key?: string } | undefined => {
  // The key alone, when the email decides it: no payload is built.
  const key = rowKey(action, values, mapping, options);
  if (key !== undefined) return { id: hash(key), sends: true, key };
  if ('blank' in rowInput(action, values, mapping, options)) return undefined;
  const cells = ROLES.map((r) => {
    const at = mapping[r];
    return at === undefined ? '' : String(values[at] ?? '');
  });
  return { id: hash(JSON.stringify(cells)), sends: false };
};

/** `2026-11-26 14:03 UTC · 1x2y3z`: when, to the minute, and what. */
export const stampText = (at: number, fingerprint: string): string =>
  `${new Date(at).toISOString().slice(0, 16).replace('T', ' ')} UTC · ${fingerprint}`;

const STAMP = /^(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d) UTC · ([0-9a-z]+)$/;

/** A stamp cell read back; undefined when it holds no stamp (empty, or edited by a person). */
export const readStamp = (cell: unknown): { at: number; fingerprint: string } | undefined => {
  const m = typeof cell === 'string' ? STAMP.exec(cell.trim()) : null;
  if (!m) return undefined;
  const [y, mo, d, h, mi] = m.slice(1, 6).map(Number) as [number, number, number, number, number];
  return { at: Date.UTC(y, mo - 1, d, h, mi), fingerprint: m[6]! };
};
