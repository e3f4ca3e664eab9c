// The contacts the local service has issued to an account, listed by its API key: the only
// contact ids that `GET /contacts/{id}` answers for that key (for the start-up output and tests).
import type { LocalService } from './service';
import { accountContactIds } from './universe/contacts';

/** The ids of the contacts of the account behind `apiKey`, in a stable order; throws for a key the service does not know. */
export function contactIds(service: LocalService, apiKey: string): string[] {
  const account = service.account(apiKey);
  if (!account) throw new Error('The local service has no account with this API key');
  return accountContactIds(service.seed, account.id);
}
