// The add-on's standing, which Google keeps and never tells the add-on: the documents it is
// disabled in, the users who uninstalled it, and the users whose authorization must be renewed.
// Each silences installable triggers; the host asks here before firing one.
//
// "Triggers for Editor add-ons" (Google Workspace add-ons guide, section on installable
// triggers) documents that an add-on's triggers stop firing when the user uninstalls the add-on
// and when it is disabled in a document (enabled again, its triggers work again). "Editor add-on
// authorization" documents that a user must re-authorize an add-on whose scopes changed before it
// runs with their authority again, its triggers included. None of these reaches the script: the
// triggers stay listed by ScriptApp, they just do not fire.
import type { TriggerRecord } from './triggers';
import type { MissedOneShots } from './unknowables';

/** Why a trigger is silent, or undefined when it may fire. */
export type Silence = 'disabled' | 'uninstalled' | 'reauthorization';

export class AddonStanding {
  private readonly disabledIn = new Set<string>();
  private readonly uninstalledBy = new Set<string>();
  private readonly reauthorizationFor = new Set<string>();

  constructor(public missedOneShots: MissedOneShots) {}

  setEnabled(documentId: string, enabled: boolean): void {
    if (enabled) this.disabledIn.delete(documentId);
    else this.disabledIn.add(documentId);
  }

  enabledIn(documentId: string): boolean {
    return !this.disabledIn.has(documentId);
  }

  setInstalled(user: string, installed: boolean): void {
    if (installed) this.uninstalledBy.delete(user);
    else this.uninstalledBy.add(user);
  }

  installedFor(user: string): boolean {
    return !this.uninstalledBy.has(user);
  }

  setNeedsReauthorization(user: string, needs: boolean): void {
    if (needs) this.reauthorizationFor.add(user);
    else this.reauthorizationFor.delete(user);
  }

  needsReauthorization(user: string): boolean {
    return this.reauthorizationFor.has(user);
  }

  /** Why this trigger cannot fire now (an orphan of a deleted document has no document to be disabled in). */
  silence(t: TriggerRecord): Silence | undefined {
    if (this.uninstalledBy.has(t.user)) return 'uninstalled';
    if (this.reauthorizationFor.has(t.user)) return 'reauthorization';
    if (!t.orphaned && this.disabledIn.has(t.documentId)) return 'disabled';
    return undefined;
  }

  /** A silent one-shot kept for later ('late'): the registry passes over it until it may fire. */
  waits(t: TriggerRecord): boolean {
    return t.everyMs === undefined && this.missedOneShots === 'late' && this.silence(t) !== undefined;
  }

  /**
   * A silent trigger's time came: a recurring one moves to its next period without running; a
   * one-shot under 'dropped' is spent without running (under 'late' the registry never offers it).
   */
  miss(t: TriggerRecord, now: number): void {
    t.missed = (t.missed ?? 0) + 1;
    if (t.everyMs === undefined) t.spent = true;
    else while ((t.dueAt ?? now) <= now) t.dueAt = (t.dueAt ?? now) + t.everyMs;
  }
}
