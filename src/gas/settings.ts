// A person's run settings (user properties) and each sheet's column mapping (document
// properties: the mapping describes the sheet, not the person, and holds no secret).
import type * as z from 'zod/mini';
import { boolean, oneOf } from '../api/kinds';
import { withDefaults } from '../api/checks';
import { parseInput } from '../api/input-errors';
import { lazy } from '../base/lazy';
import type { Role } from '../sheet/columns';
import { documentProperties } from './active-document';
import { parseStored } from './stored-json';
import { userProperties } from './user-store';

const SETTINGS = 'prospecting.settings';

export const settingsSchema = lazy(() =>
  withDefaults(
    { revealEmail: boolean(), revealPhones: boolean(), fields: oneOf(['basic', 'all']), skipExcluded: boolean() },
    { revealEmail: false, revealPhones: false, fields: 'basic', skipExcluded: false },
  ),
);
/**
 * The schema as a value, built when this module loads: for code outside the bundle. The add-on
 * calls `settingsSchema()`; nothing in it reads this name, so the build drops the line (it is
 * marked pure) and loading the bundle still builds no schema.
 */
export const SettingsSchema = /* @__PURE__ */ settingsSchema();
export type Settings = z.infer<ReturnType<typeof settingsSchema>>;
/** What the sidebar's settings form may send. */
export type SettingsInput = z.input<ReturnType<typeof settingsSchema>>;

export const readSettings = (): Settings => {
  const raw = userProperties().getProperty(SETTINGS);
  try {
    return settingsSchema().parse(raw ? JSON.parse(raw) : {});
  } catch {
    return settingsSchema().parse({});
  }
};

/** Checks and keeps the settings; a bad one is refused with a sentence naming it. */
export const writeSettings = (settings: SettingsInput): Settings => {
  const parsed = parseInput(settingsSchema(), settings, 'setting');
  userProperties().setProperty(SETTINGS, JSON.stringify(parsed));
  return parsed;
};

const mappingKey = (sheetId: number): string => `prospecting.mapping.${sheetId}`;

export const readSavedMapping = (sheetId: number): Partial<Record<Role, string | null>> | undefined =>
  parseStored(documentProperties().getProperty(mappingKey(sheetId)));

export const saveMapping = (sheetId: number, mapping: Partial<Record<Role, string | null>>): void => {
  documentProperties().setProperty(mappingKey(sheetId), JSON.stringify(mapping));
};
