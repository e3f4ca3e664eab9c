// Session: the active and effective user, the script's time zone and the temporary user key.
import { createHash } from 'node:crypto';
import type { Runtime } from './runtime';

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

  getTemporaryActiveUserKey(): string {
    const user = this.runtime.exec().user;
    return createHash('sha256').update(`${this.scriptId}:${user}`).digest('base64url').slice(0, 43);
  }
}
