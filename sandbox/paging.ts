// Cursor paging: opaque cursors signed for the resource and account they were issued for, page
// sizes checked against each endpoint's bounds, and the `_links` of a page.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { invalidParameter } from './errors';
import { queryString, type QueryParams } from './request';

export interface PageBounds {
  default: number;
  min: number;
  max: number;
}

export const BATCH_PAGE: PageBounds = { default: 100, min: 1, max: 1000 };
export const TERRITORY_PAGE: PageBounds = { default: 20, min: 1, max: 20 };
export const JOB_OPENING_PAGE: PageBounds = { default: 10, min: 1, max: 100 };
export const EXCLUSION_PAGE: PageBounds = { default: 100, min: 1, max: 1000 };
/** Sequences and lead lists. */
export const INDEX_PAGE: PageBounds = { default: 20, min: 1, max: 100 };

interface Link {
  href: string;
}
export interface Links {
  self: Link;
  prev?: Link;
  next?: Link;
}

export interface PageWindow {
  start: number;
  size: number;
}

export class Pager {
  private readonly secret: string;

  constructor(seed: number) {
    this.secret = `cursor-secret|${seed}`;
  }

  private mac(binding: string, offset: number): string {
    return createHmac('sha256', this.secret).update(`${binding}|${offset}`).digest('base64url').slice(0, 22);
  }

  cursor(binding: string, offset: number): string {
    return `${Buffer.from(`o${offset}`).toString('base64url')}.${this.mac(binding, offset)}`;
  }

  private offsetOf(cursor: string, binding: string, pointer: string): number {
    const bad = () => invalidParameter(pointer, 'The cursor is invalid: use the link from the previous page');
    const [head, mac, extra] = cursor.split('.');
    if (!head || !mac || extra !== undefined) throw bad();
    const m = /^o(\d{1,9})$/.exec(Buffer.from(head, 'base64url').toString('utf8'));
    if (!m) throw bad();
    const offset = Number(m[1]);
    const want = Buffer.from(this.mac(binding, offset));
    const got = Buffer.from(mac);
    if (want.length !== got.length || !timingSafeEqual(want, got)) throw bad();
    return offset;
  }

  /** The window a request asks for; `binding` names the resource and account the cursor must belong to. */
  window(query: QueryParams, bounds: PageBounds, binding: string): PageWindow {
    const rawSize = queryString(query, 'page[size]');
    let size = bounds.default;
    if (rawSize !== undefined) {
      if (!/^\d+$/.test(rawSize) || Number(rawSize) < bounds.min || Number(rawSize) > bounds.max) {
        throw invalidParameter('/page/size', `page[size] must be a whole number from ${bounds.min} to ${bounds.max}`);
      }
      size = Number(rawSize);
    }
    const after = queryString(query, 'page[after]');
    const before = queryString(query, 'page[before]');
    if (after !== undefined && before !== undefined) {
      throw invalidParameter('/page/before', 'page[after] and page[before] cannot be used together');
    }
    if (after !== undefined) return { start: this.offsetOf(after, binding, '/page/after'), size };
    if (before !== undefined) {
      const end = this.offsetOf(before, binding, '/page/before');
      return { start: Math.max(0, end - size), size: Math.min(size, end) };
    }
    return { start: 0, size };
  }

  /**
   * Links of a page. `path` is the resource path; `params` the filters to carry along. Hrefs use
   * percent-encoded brackets so they are valid URLs for every HTTP client.
   */
  links(path: string, params: Array<[string, string]>, win: PageWindow, total: number, binding: string, pageSize: number): Links {
    const href = (extra: Array<[string, string]>) => {
      const all = [...params, ...extra];
      return all.length === 0 ? path : `${path}?${all.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')}`;
    };
    const links: Links = { self: { href: href([]) } };
    const end = win.start + win.size;
    if (end < total) {
      links.next = {
        href: href([
          ['page[size]', String(pageSize)],
          ['page[after]', this.cursor(binding, end)],
        ]),
      };
    }
    if (win.start > 0) {
      links.prev = {
        href: href([
          ['page[size]', String(pageSize)],
          ['page[before]', this.cursor(binding, win.start)],
        ]),
      };
    }
    return links;
  }
}

/** The page size a request asked for (for links), or the default. */
export function requestedSize(query: QueryParams, bounds: PageBounds): number {
  const raw = queryString(query, 'page[size]');
  return raw === undefined ? bounds.default : Number(raw);
}
