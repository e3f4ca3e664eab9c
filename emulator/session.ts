// Session: the active and effective user, the script's time zone and the temporary user key.
import { createHash } from 'node:crypto';
import type { Runtime } from './runtime';

/** How long one temporary user key lasts. */
export const KEY_PERIOD_MS = 30 * 24 * 60 * 60 * 1000;

export class FakeUser {
  static readonly kind = 'Session.User';
  constructor(private readonly email: string) {}

  getEmail(): string {
    return this.email;
  }
}

export class FakeSession {
  static readonly kind = 'Session';

  constructor(
    private readonly runtime: Runtime,
    private readonly scriptTimeZone: string,
    private readonly scriptId: string,
  ) {}

  getActiveUser(): FakeUser {
    const exec = this.runtime.exec();
    // Custom functions run anonymously: Apps Script gives no email there.
    return new FakeUser(exec.mode === 'CUSTOM_FUNCTION' ? '' : exec.user);
  }

  getEffectiveUser(): FakeUser {
    const exec = this.runtime.exec();
    return new FakeUser(exec.mode === 'CUSTOM_FUNCTION' ? '' : exec.user);
  }

  getScriptTimeZone(): string {
    return this.scriptTimeZone;
  }

  getActiveUserLocale(): string {
    return 'en';
  }

  /**
   * Class Session, getTemporaryActiveUserKey(): "The temporary key rotates every 30 days and is
   * unique to the script." Each user's key changes every 30 days of the virtual clock, each user
   * on a day of their own (Google does not say when a period starts).
   */
  getTemporaryActiveUserKey(): string {
    const user = this.runtime.exec().user;
    const hash = (text: string) => createHash('sha256').update(text).digest();
    const phase = hash(`${this.scriptId}:${user}`).readUInt32BE(0) % KEY_PERIOD_MS;
    const period = Math.floor((this.runtime.clock.now() + phase) / KEY_PERIOD_MS);
    return hash(`${this.scriptId}:${user}:${period}`).toString('base64url').slice(0, 43);
  }
}
