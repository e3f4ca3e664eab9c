// The API key and the connected account's name, kept in the user's own properties only
// (document and script properties are shared with every editor).
const KEY = 'prospecting.apiKey';
const ACCOUNT = 'prospecting.accountName';

export interface StoredConnection {
  apiKey: string;
  accountName: string;
}

export function readConnection(): StoredConnection | undefined {
  const props = PropertiesService.getUserProperties();
  const apiKey = props.getProperty(KEY);
  if (!apiKey) return undefined;
  return { apiKey, accountName: props.getProperty(ACCOUNT) ?? '' };
}

export function saveConnection(connection: StoredConnection): void {
  PropertiesService.getUserProperties().setProperties({ [KEY]: connection.apiKey, [ACCOUNT]: connection.accountName });
}

export function clearConnection(): void {
  const props = PropertiesService.getUserProperties();
  props.deleteProperty(KEY);
  props.deleteProperty(ACCOUNT);
}
