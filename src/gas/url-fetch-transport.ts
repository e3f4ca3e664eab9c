// The Transport over UrlFetchApp: bearer header, JSON bodies, muteHttpExceptions, links resolved
// against the base address, Retry-After read, and the key redacted from all it returns or throws
// (body, headers, error messages), in any letter case and in its encoded forms.
import { errorText } from '../base/fail';
import { isDailyQuotaMessage, NetworkError, QuotaError } from '../api/errors';
import {
  lowerCaseHeaders,
  parseRetryAfter,
  redactor,
  resolveUrl,
  type ApiRequest,
  type ApiResponse,
  type Transport,
} from '../api/transport';
import { timeNow } from './clock';

type FetchRequest = GoogleAppsScript.URL_Fetch.URLFetchRequest;

const JSON_TYPE = 'application/json';
type HttpResponse = GoogleAppsScript.URL_Fetch.HTTPResponse;

export const createUrlFetchTransport = (baseUrl: string, apiKey: string): Transport => {
  const redact = redactor([apiKey]);

  const toFetchRequest = (req: ApiRequest): FetchRequest => {
    const request: FetchRequest = {
      url: resolveUrl(baseUrl, req),
      method: req.method.toLowerCase() as GoogleAppsScript.URL_Fetch.HttpMethod,
      headers: { Authorization: `Bearer ${apiKey}`, Accept: JSON_TYPE },
      muteHttpExceptions: true,
      // A redirect could carry the Authorization header to another host.
      followRedirects: false,
    };
    if (req.body !== undefined) {
      request.contentType = JSON_TYPE;
      request.payload = JSON.stringify(req.body);
    }
    return request;
  };

  const toResponse = (res: HttpResponse): ApiResponse => {
    // A gateway may echo the Authorization header back in one of its own.
    const headers = lowerCaseHeaders(res.getHeaders() as Record<string, unknown>, redact);
    const retryAfter = parseRetryAfter(headers['retry-after'], timeNow());
    const response: ApiResponse = { status: res.getResponseCode(), headers, text: redact(res.getContentText()) };
    if (retryAfter !== undefined) response.retryAfter = retryAfter;
    return response;
  };

  const networkError = (e: unknown): NetworkError | QuotaError => {
    const message = errorText(e);
    // A spent daily quota is no fault of the service: it is a wait, never retried at once.
    return new (isDailyQuotaMessage(message) ? QuotaError : NetworkError)(redact(message));
  };

  const send = (req: ApiRequest): ApiResponse => {
    const { url, ...params } = toFetchRequest(req);
    let res: HttpResponse;
    try {
      res = UrlFetchApp.fetch(url, params);
    } catch (e) {
      throw networkError(e);
    }
    return toResponse(res);
  };

  return {
    send,
    sendAll(reqs) {
      if (reqs.length === 0) return [];
      try {
        return UrlFetchApp.fetchAll(reqs.map(toFetchRequest)).map(toResponse);
      } catch {
        // fetchAll fails whole when one request gets no answer: find out which, one by one.
        return reqs.map((req) => {
          try {
            return send(req);
          } catch (e) {
            return e as Error;
          }
        });
      }
    },
  };
};
