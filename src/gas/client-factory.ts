// Builds the API client for Apps Script (UrlFetchApp transport, Utilities.sleep, the real clock),
// with the connected key or the sentence that says how to connect.
import { fail } from '../base/fail';
import { ProspectingClient, type ClientOptions } from '../api/client';
import { ADDON_NAME, API_BASE_URL } from '../config';
import { readConnection } from './key-store';
import { createUrlFetchTransport } from './url-fetch-transport';
import { timeNow } from './clock';

export const createClient = (apiKey: string, options: Partial<ClientOptions> = {}): ProspectingClient =>
  new ProspectingClient(createUrlFetchTransport(API_BASE_URL, apiKey), {
    sleep: (ms) => Utilities.sleep(ms),
    now: timeNow,
    ...options,
  });

export const NOT_CONNECTED = `Connect your API key first: open Extensions › ${ADDON_NAME} › Open sidebar.`;

/** A client with the connected key; throws how to connect when there is none. */
export const requireClient = (options?: Partial<ClientOptions>): ProspectingClient => {
  const connection = readConnection();
  if (!connection) fail(NOT_CONNECTED);
  return createClient(connection.apiKey, options);
};
