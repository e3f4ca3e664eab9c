// HtmlService: HTML outputs built from strings or from `<name>.html` files beside the bundle.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { GasError, Messages } from './errors';
import type { Shape } from './shape';

type HtmlOutputApi = Shape<
  GoogleAppsScript.HTML.HtmlOutput,
  'getContent' | 'setTitle' | 'getTitle' | 'setWidth' | 'getWidth' | 'setHeight' | 'getHeight' | 'append' | 'setContent'
>;

export class FakeHtmlOutput implements HtmlOutputApi {
  static readonly kind = 'HtmlService.HtmlOutput';
  private title = '';
  private width = 300;
  private height = 0;

  constructor(private content: string) {}

  getContent(): string {
    return this.content;
  }

  setContent(content: string): this {
    this.content = content;
    return this;
  }

  append(addedContent: string): this {
    this.content += addedContent;
    return this;
  }

  setTitle(title: string): this {
    this.title = title;
    return this;
  }

  getTitle(): string {
    return this.title;
  }

  setWidth(width: number): this {
    this.width = width;
    return this;
  }

  getWidth(): number {
    return this.width;
  }

  setHeight(height: number): this {
    this.height = height;
    return this;
  }

  getHeight(): number {
    return this.height;
  }

  setSandboxMode(_mode: unknown): this {
    return this;
  }

  setXFrameOptionsMode(_mode: unknown): this {
    return this;
  }

  addMetaTag(_name: string, _content: string): this {
    return this;
  }

  setFaviconUrl(_url: string): this {
    return this;
  }
}

export class FakeHtmlService {
  static readonly kind = 'HtmlService';
  static readonly enums = ['SandboxMode', 'XFrameOptionsMode'] as const;
  readonly SandboxMode = Object.freeze({ EMULATED: 'EMULATED', IFRAME: 'IFRAME', NATIVE: 'NATIVE' });
  readonly XFrameOptionsMode = Object.freeze({ ALLOWALL: 'ALLOWALL', DEFAULT: 'DEFAULT' });

  constructor(private readonly folder: string) {}

  createHtmlOutput(html?: string): FakeHtmlOutput {
    return new FakeHtmlOutput(html ?? '');
  }

  createHtmlOutputFromFile(filename: string): FakeHtmlOutput {
    const file = path.join(this.folder, filename.endsWith('.html') ? filename : `${filename}.html`);
    if (!fs.existsSync(file)) throw new GasError(Messages.noHtmlFile(filename));
    return new FakeHtmlOutput(fs.readFileSync(file, 'utf8'));
  }
}
