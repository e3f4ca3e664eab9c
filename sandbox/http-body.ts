// Reading request bodies over HTTP so every request gets the spec's error object, never an empty
// answer or a wait without end: a body over the size limit (413), a body shorter than its
// Content-Length (the client stops sending, or closes its side), a body longer than it (bytes
// after it that are not a request), and bytes that are no HTTP request at all (400).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { errorDetail } from './errors';

/** How long a body may pause before it is taken as shorter than its Content-Length. */
const BODY_IDLE_MS = 2000;

interface Reading {
  req: IncomingMessage;
  res: ServerResponse;
  received: number;
  /** Answered, or handed on to be answered: nothing more to do for its body. */
  settled: boolean;
  /** Bytes followed the body that are not a request: the body was longer than its Content-Length. */
  overlong: boolean;
}

/** The request each connection is reading, for the server's `clientError`, which only knows the socket. */
const readings = new WeakMap<Duplex, Reading>();

function errorJson(code: string, detail: string): string {
  return JSON.stringify({ object: 'error', _errors: [errorDetail(code, detail)] });
}

/** Answers with an error and closes the connection: whatever follows on it cannot be trusted to start a request. */
function answerError(res: ServerResponse, status: number, code: string, detail: string): void {
  if (res.headersSent || res.destroyed) return;
  const body = Buffer.from(errorJson(code, detail), 'utf8');
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': String(body.length), connection: 'close' });
  res.end(body);
}

function declaredLength(req: IncomingMessage): string {
  const declared = req.headers['content-length'];
  return declared === undefined ? 'its length' : `its Content-Length of ${declared} bytes`;
}

function shortBody(r: Reading): string {
  return `The body ended after ${r.received} bytes, short of ${declaredLength(r.req)}`;
}

/**
 * Reads `req`'s body and hands it to `onBody` once it is whole, or answers `res` itself with the
 * error object when the body is too large, stops short or runs past its Content-Length.
 */
export function readBody(req: IncomingMessage, res: ServerResponse, maxBytes: number, onBody: (body: string) => void): void {
  const reading: Reading = { req, res, received: 0, settled: false, overlong: false };
  readings.set(req.socket, reading);
  const chunks: Buffer[] = [];
  let idle: NodeJS.Timeout | undefined;
  const stopWaiting = () => {
    if (idle) clearTimeout(idle);
    idle = undefined;
  };
  // A client that sends fewer bytes than it declared and waits would wait for ever: a pause
  // this long with the body unfinished is answered as a short body.
  const waitForMore = () => {
    stopWaiting();
    idle = setTimeout(() => {
      if (reading.settled || req.complete) return;
      reading.settled = true;
      answerError(res, 400, 'unsupported_value', shortBody(reading));
    }, BODY_IDLE_MS);
    idle.unref();
  };
  req.on('data', (chunk: Buffer) => {
    if (reading.settled) return;
    reading.received += chunk.length;
    if (reading.received > maxBytes) {
      // Answered now rather than buffering an oversized body.
      reading.settled = true;
      stopWaiting();
      answerError(res, 413, 'payload_too_large', `The body is larger than ${maxBytes} bytes`);
      return;
    }
    chunks.push(chunk);
    waitForMore();
  });
  req.on('end', () => {
    stopWaiting();
    if (reading.settled) return;
    reading.settled = true;
    if (reading.overlong) {
      answerError(res, 400, 'unsupported_value', `The body is longer than ${declaredLength(req)}: bytes follow it that are not a request`);
      return;
    }
    onBody(Buffer.concat(chunks).toString('utf8'));
  });
  // An aborted body is answered by `answerClientError`; the error itself needs no more.
  req.on('error', stopWaiting);
  res.on('close', () => {
    stopWaiting();
    if (readings.get(req.socket) === reading) readings.delete(req.socket);
  });
  if (!req.complete) waitForMore();
}

function rawError(status: number, reason: string, code: string, detail: string): string {
  const body = Buffer.from(errorJson(code, detail), 'utf8');
  return `HTTP/1.1 ${status} ${reason}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${body.length}\r\nconnection: close\r\n\r\n${body.toString('utf8')}`;
}

/** What to answer bytes that are no HTTP request, by the parser's error code (Node's own choice of status). */
function unreadable(err: Error & { code?: string }): string {
  if (err.code === 'HPE_HEADER_OVERFLOW')
    return rawError(431, 'Request Header Fields Too Large', 'unsupported_value', 'The request headers are too large');
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return rawError(408, 'Request Timeout', 'unsupported_value', 'The request did not arrive in time');
  return rawError(400, 'Bad Request', 'unsupported_value', 'The request could not be read as HTTP');
}

/**
 * The server's `clientError` handler: the parser found bytes it cannot read. During a body that
 * is a body cut short (or one that runs past its Content-Length, when the bytes come after it);
 * anywhere else, bytes that are no request. Each is answered with the error object.
 */
export function answerClientError(err: Error & { code?: string }, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const reading = readings.get(socket);
  if (reading && !reading.settled) {
    if (reading.req.complete) {
      // The parser has the whole body and read on into bytes that are no request; the
      // request's own end (which comes after this) answers for both.
      reading.overlong = true;
      return;
    }
    reading.settled = true;
    answerError(reading.res, 400, 'unsupported_value', shortBody(reading));
    return;
  }
  if (reading && !reading.res.writableEnded) {
    // An earlier request's answer is still on its way: these bytes are answered after it.
    reading.res.once('finish', () => socket.end(unreadable(err)));
    return;
  }
  socket.end(unreadable(err));
}
