// The API key and the connected account's name, kept in the user's own properties only
// (document and script properties are shared with every editor).
import { deleteUserValues, putUserValues, userValues } from './user-store';

const KEY = 'prospecting.apiKey';
const ACCOUNT = 'prospecting.accountName';

export interface StoredConnection {
  apiKey: string;
  accountName: string;
}

export function readConnection(): StoredConnection | undefined {
  const values = userValues();
  const apiKey = values[KEY];
  if (!apiKey) return undefined;
  return { apiKey, accountName: values[ACCOUNT] ?? '' };
}

export function saveConnection(connection: StoredConnection): void {
  putUserValues({ [KEY]: connection.apiKey, [ACCOUNT]: connection.accountName });
}

export function clearConnection(): void {
  deleteUserValues([KEY, ACCOUNT]);
}
