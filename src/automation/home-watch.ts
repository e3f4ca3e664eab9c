// Whether the one trigger that serves every automated spreadsheet has gone quiet, and the words
// that say so. Google never tells an add-on that its trigger stopped firing (the add-on disabled
// or uninstalled there, waiting to be authorized again, the trigger removed, the home deleted):
// the home's runs leave a beat, and whatever else runs or is opened reads it.
import { HOUR_MS } from './automation-record';

/** The home fires at least hourly while automation is on: three hours without a beat is a stop. */
export const QUIET_MS = 3 * HOUR_MS;
/** Each other automated spreadsheet looks in on the home this often, by its own trigger. */
export const WATCH_MS = 24 * HOUR_MS;

/** The home's last beat, as the user's automation settings keep it. */
export interface Beat {
  tickAt?: number;
  homeName?: string;
}

/** The home has not run automation for too long (never quiet before its first beat). */
export const isQuiet = (beat: Beat, now: number): boolean => beat.tickAt !== undefined && now - beat.tickAt > QUIET_MS;

/** `2026-11-26 14:03 UTC` */
export const utcMinute = (t: number): string => `${new Date(t).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** Why automation stopped, as far as can be known: Google does not say which. */
export const quietWords = (beat: Beat): string =>
  `Automation has not run since ${utcMinute(beat.tickAt ?? 0)}: the add-on may be disabled or uninstalled in "${beat.homeName ?? 'the spreadsheet that ran it'}", need you to authorize it again, or its trigger was removed.`;
