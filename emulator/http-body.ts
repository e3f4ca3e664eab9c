// A request or response body, held as the text it was made from or as the bytes that came over
// the wire; each form is made from the other only when asked for.

// String.prototype.isWellFormed (Node 20) is newer than the ES2022 library the host is typed with.
const isWellFormed = (s: string): boolean => (s as string & { isWellFormed(): boolean }).isWellFormed();

export class Body {
  private constructor(
    private text: string | undefined,
    private raw: Buffer | undefined,
  ) {}

  static fromText(text: string): Body {
    return new Body(text, undefined);
  }

  static fromBytes(bytes: Buffer): Body {
    return new Body(undefined, bytes);
  }

  /** The bytes: the text encoded as UTF-8 when it came as text. */
  get bytes(): Buffer {
    if (this.raw === undefined) this.raw = Buffer.from(this.text ?? '', 'utf8');
    return this.raw;
  }

  /**
   * The bytes decoded as UTF-8. Well-formed text encodes and decodes to itself, so a body that
   * came as such text (every JSON page of the local service, up to megabytes) is not converted;
   * text with a lone surrogate reads back with U+FFFD in its place, as the bytes do.
   */
  utf8(): string {
    if (this.text === undefined || !isWellFormed(this.text)) this.text = this.bytes.toString('utf8');
    return this.text;
  }

  latin1(): string {
    return this.bytes.toString('latin1');
  }
}
