// Utilities: sleep on the virtual clock, base64, digests and HMAC as signed bytes (Java's
// bytes, as Apps Script returns them), UUIDs, date formatting and a minimal Blob.
import { createHash, createHmac } from 'node:crypto';
import { GasError } from './errors';
import { formatDate } from './format-date';
import type { Runtime } from './runtime';

type ByteInput = string | number[];

const toSigned = (buf: Uint8Array): number[] => Array.from(buf, (b) => (b > 127 ? b - 256 : b));

function toBuffer(data: ByteInput, charset?: string): Buffer {
  if (Array.isArray(data)) return Buffer.from(data.map((b) => b & 0xff));
  return Buffer.from(String(data), charset === 'US_ASCII' ? 'latin1' : 'utf8');
}

const DIGESTS: Record<string, string> = { MD5: 'md5', SHA_1: 'sha1', SHA_256: 'sha256', SHA_384: 'sha384', SHA_512: 'sha512' };
const MACS: Record<string, string> = {
  HMAC_MD5: 'md5',
  HMAC_SHA_1: 'sha1',
  HMAC_SHA_256: 'sha256',
  HMAC_SHA_384: 'sha384',
  HMAC_SHA_512: 'sha512',
};

export class FakeBlob {
  static readonly kind = 'Utilities.Blob';

  constructor(
    private bytes: Buffer,
    private contentType: string | null,
    private name: string | null,
  ) {}

  getBytes(): number[] {
    return toSigned(this.bytes);
  }

  getDataAsString(charset?: string): string {
    return this.bytes.toString(charset === 'US_ASCII' ? 'latin1' : 'utf8');
  }

  getContentType(): string | null {
    return this.contentType;
  }

  setContentType(contentType: string | null): this {
    this.contentType = contentType;
    return this;
  }

  getName(): string | null {
    return this.name;
  }

  setName(name: string): this {
    this.name = name;
    return this;
  }

  setDataFromString(string: string): this {
    this.bytes = Buffer.from(string, 'utf8');
    return this;
  }

  copyBlob(): FakeBlob {
    return new FakeBlob(Buffer.from(this.bytes), this.contentType, this.name);
  }

  isGoogleType(): boolean {
    return false;
  }
}

export function blobFrom(data: ByteInput, contentType?: string | null, name?: string | null): FakeBlob {
  return new FakeBlob(toBuffer(data), contentType ?? null, name ?? null);
}

export class FakeUtilities {
  static readonly kind = 'Utilities';
  static readonly enums = ['DigestAlgorithm', 'MacAlgorithm', 'Charset'] as const;
  readonly DigestAlgorithm = Object.freeze({
    MD2: 'MD2',
    MD5: 'MD5',
    SHA_1: 'SHA_1',
    SHA_256: 'SHA_256',
    SHA_384: 'SHA_384',
    SHA_512: 'SHA_512',
  });
  readonly MacAlgorithm = Object.freeze({
    HMAC_MD5: 'HMAC_MD5',
    HMAC_SHA_1: 'HMAC_SHA_1',
    HMAC_SHA_256: 'HMAC_SHA_256',
    HMAC_SHA_384: 'HMAC_SHA_384',
    HMAC_SHA_512: 'HMAC_SHA_512',
  });
  readonly Charset = Object.freeze({ US_ASCII: 'US_ASCII', UTF_8: 'UTF_8' });
  private uuidCounter = 0;

  constructor(
    private readonly runtime: Runtime,
    private readonly seed: string,
  ) {}

  sleep(milliseconds: number): void {
    const ms = Number(milliseconds);
    if (!(ms >= 0)) throw new GasError('Invalid argument: milliseconds');
    // Apps Script caps one sleep at 5 minutes.
    this.runtime.spend('Utilities.sleep', Math.min(ms, 300000));
    this.runtime.checkDeadline(this.runtime.exec());
  }

  base64Encode(data: ByteInput, charset?: string): string {
    return toBuffer(data, charset).toString('base64');
  }

  base64EncodeWebSafe(data: ByteInput, charset?: string): string {
    return toBuffer(data, charset).toString('base64').replace(/\+/g, '-').replace(/\//g, '_');
  }

  base64Decode(encoded: string, _charset?: string): number[] {
    return toSigned(Buffer.from(String(encoded), 'base64'));
  }

  base64DecodeWebSafe(encoded: string, _charset?: string): number[] {
    return toSigned(Buffer.from(String(encoded).replace(/-/g, '+').replace(/_/g, '/'), 'base64'));
  }

  computeDigest(algorithm: string, value: ByteInput, charset?: string): number[] {
    const alg = DIGESTS[String(algorithm)];
    if (!alg) throw new GasError('Invalid argument: algorithm');
    return toSigned(createHash(alg).update(toBuffer(value, charset)).digest());
  }

  computeHmacSignature(algorithm: string, value: ByteInput, key: ByteInput, charset?: string): number[] {
    const alg = MACS[String(algorithm)];
    if (!alg) throw new GasError('Invalid argument: algorithm');
    return toSigned(createHmac(alg, toBuffer(key, charset)).update(toBuffer(value, charset)).digest());
  }

  computeHmacSha256Signature(value: ByteInput, key: ByteInput, charset?: string): number[] {
    return this.computeHmacSignature('HMAC_SHA_256', value, key, charset);
  }

  /** Version-4 shaped and deterministic per host, so test runs repeat. */
  getUuid(): string {
    const h = createHash('sha256').update(`${this.seed}:${this.uuidCounter++}`).digest('hex');
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${((parseInt(h.charAt(16), 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
  }

  formatDate(date: Date, timeZone: string, format: string): string {
    if (Object.prototype.toString.call(date) !== '[object Date]')
      throw new GasError("The parameters don't match the method signature for Utilities.formatDate.");
    return formatDate(new Date(date.getTime()), timeZone, format);
  }

  formatString(template: string, ...args: unknown[]): string {
    let i = 0;
    return String(template).replace(/%(-?\d*)(\.\d+)?([sdf%])/g, (_m, _w: string, prec: string | undefined, conv: string) => {
      if (conv === '%') return '%';
      const v = args[i++];
      if (conv === 'd') return String(Math.trunc(Number(v)));
      if (conv === 'f') return Number(v).toFixed(prec ? Number(prec.slice(1)) : 6);
      return String(v);
    });
  }

  newBlob(data: ByteInput, contentType?: string, name?: string): FakeBlob {
    return blobFrom(data, contentType, name);
  }
}
