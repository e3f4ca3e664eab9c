// The request/response shapes the local service handles: the HTTP server and the local
// Apps Script host's UrlFetchApp both speak to the service through these.

export interface LocalRequest {
  method: string;
  /** Path relative to the base address, with its query string, e.g. `/territories?page[size]=5`. */
  path: string;
  /** Header names in lower case. */
  headers: Record<string, string>;
  /**
   * Names (lower case) of headers the request carried more than once: `headers` holds one value
   * each, so a header that must not be ambiguous (Authorization) is refused by name here.
   */
  repeatedHeaders?: string[];
  body: string;
}

export interface LocalResponse {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  body: string;
  /** Set by fault injection: how long the answer took, in ms (a caller with a virtual clock advances it). */
  delayMs?: number;
}

/** Thrown by the handler when fault injection drops the connection: no response at all. */
export class ConnectionDropped extends Error {
  constructor() {
    super('connection dropped');
    this.name = 'ConnectionDropped';
  }
}

export interface LocalHandler {
  handle(req: LocalRequest): LocalResponse;
}
