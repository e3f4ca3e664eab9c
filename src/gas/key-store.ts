// The API key and the connected account's name, kept in the user's own properties only
// (document and script properties are shared with every editor).
import { deleteUserValues, putUserValues, userValues } from './user-store';

const KEY = 'prospecting.apiKey';
const ACCOUNT = 'prospecting.accountName';
const ACCOUNT_ID = 'prospecting.accountId';

export interface StoredConnection {
  apiKey: string;
  accountName: string;
  /** The account's id, when the key was connected by a version that kept it. */
  accountId?: string;
}

export const readConnection = (): StoredConnection | undefined => {
  const values = userValues();
  const apiKey = values[KEY];
  if (!apiKey) return undefined;
  const connection: StoredConnection = { apiKey, accountName: values[ACCOUNT] ?? '' };
  if (values[ACCOUNT_ID]) connection.accountId = values[ACCOUNT_ID];
  return connection;
};

export const saveConnection = (connection: StoredConnection): void =>
  putUserValues({ [KEY]: connection.apiKey, [ACCOUNT]: connection.accountName, [ACCOUNT_ID]: connection.accountId ?? '' });

/** The account a job is recorded with: whose key can read its batches. */
export const accountOf = (connection: StoredConnection): { id?: string; name: string } =>
  connection.accountId ? { id: connection.accountId, name: connection.accountName } : { name: connection.accountName };

/** Whether the connected key is the account a job was started with (a job without one: any). */
export const isJobAccount = (job: { account?: { id?: string; name: string } }, connection: StoredConnection): boolean => {
  const mine = job.account;
  if (!mine) return true;
  if (mine.id && connection.accountId) return mine.id === connection.accountId;
  return mine.name === connection.accountName;
};

export const clearConnection = (): void => deleteUserValues([KEY, ACCOUNT, ACCOUNT_ID]);
