// A person's run settings (user properties) and each sheet's column mapping (document
// properties: the mapping describes the sheet, not the person, and holds no secret).
import * as z from 'zod/mini';
import { parseInput } from '../addon/input-errors';
import type { Role } from '../sheet/columns';

const SETTINGS = 'prospecting.settings';

export const SettingsSchema = z.object({
  revealEmail: z._default(z.boolean(), false),
  revealPhones: z._default(z.boolean(), false),
  fields: z._default(z.enum(['basic', 'all']), 'basic'),
  skipExcluded: z._default(z.boolean(), false),
});
export type Settings = z.infer<typeof SettingsSchema>;

export function readSettings(): Settings {
  const raw = PropertiesService.getUserProperties().getProperty(SETTINGS);
  try {
    return SettingsSchema.parse(raw ? JSON.parse(raw) : {});
  } catch {
    return SettingsSchema.parse({});
  }
}

/** Checks and keeps the settings; a bad one is refused with a sentence naming it. */
export function writeSettings(settings: z.input<typeof SettingsSchema>): Settings {
  const parsed = parseInput(SettingsSchema, settings, 'setting');
  PropertiesService.getUserProperties().setProperty(SETTINGS, JSON.stringify(parsed));
  return parsed;
}

function mappingKey(sheetId: number): string {
  return `prospecting.mapping.${sheetId}`;
}

export function readSavedMapping(sheetId: number): Partial<Record<Role, string | null>> | undefined {
  const raw = PropertiesService.getDocumentProperties().getProperty(mappingKey(sheetId));
  if (!raw) return undefined;
  try {
    return JSON.parse(raw) as Partial<Record<Role, string | null>>;
  } catch {
    return undefined;
  }
}

export function saveMapping(sheetId: number, mapping: Partial<Record<Role, string | null>>): void {
  PropertiesService.getDocumentProperties().setProperty(mappingKey(sheetId), JSON.stringify(mapping));
}
