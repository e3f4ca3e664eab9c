// The route table: which handler answers a method and path, which rate limits the path counts
// against, and 404 / 405 for everything else.
import type { RateRules } from './rate-rules';
import type { Ctx, Reply } from './state';

type Handler = (ctx: Ctx) => Reply;

export interface Route {
  method: string;
  pattern: RegExp;
  handler: Handler;
  /** The limits of its own the endpoint counts against, instead of the default one when present. */
  rates?: RateRules;
}

export type Match = { kind: 'route'; route: Route; params: string[] } | { kind: 'not_found' } | { kind: 'method'; allow: string[] };

/** `/people/enrichment-requests/:id` -> a regular expression capturing the id. */
export function path(template: string): RegExp {
  const src = template
    .split('/')
    .map((part) => (part.startsWith(':') ? '([^/]+)' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${src}/?$`);
}

export function match(routes: ReadonlyArray<Route>, method: string, target: string): Match {
  const allow: string[] = [];
  for (const route of routes) {
    const m = route.pattern.exec(target);
    if (!m) continue;
    if (route.method === method) return { kind: 'route', route, params: m.slice(1) };
    allow.push(route.method);
  }
  return allow.length ? { kind: 'method', allow } : { kind: 'not_found' };
}
