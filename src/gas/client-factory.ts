// Builds the API client for Apps Script: UrlFetchApp transport, Utilities.sleep, the real clock.
import { ProspectingClient, type ClientOptions } from '../api/client';
import { API_BASE_URL } from '../config';
import { createUrlFetchTransport } from './url-fetch-transport';

export function createClient(apiKey: string, options: Partial<ClientOptions> = {}): ProspectingClient {
  return new ProspectingClient(createUrlFetchTransport(API_BASE_URL, apiKey), {
    sleep: (ms) => Utilities.sleep(ms),
    now: () => Date.now(),
    ...options,
  });
}
