// The local service's own page of a lead list, which each list's `url` opens once the service
// knows its address: plain HTML, every text of the list escaped, no script, nothing loaded.
import type { LocalResponse } from '../toolkit/local-http';
import type { LeadListView } from './handlers/lead-lists';

/** Leads the page lists; a larger list says how many more it holds. */
export const LEADS_SHOWN = 1000;

const HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  // Nothing on the page runs or loads: a name that reads as markup stays text either way.
  'content-security-policy': "default-src 'none'",
  'x-content-type-options': 'nosniff',
  'cache-control': 'no-store',
};

/** Text as HTML shows it, never as markup. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(status: number, title: string, body: string): LocalResponse {
  return {
    status,
    headers: HEADERS,
    body: `<!doctype html>\n<html lang="en">\n<head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>\n<body>\n${body}\n</body>\n</html>\n`,
  };
}

const cells = (texts: string[], tag: 'td' | 'th'): string => `<tr>${texts.map((t) => `<${tag}>${escapeHtml(t)}</${tag}>`).join('')}</tr>`;

/** The page of a list, or a 404 page when the service has no list with that id. */
export function leadListPage(view: LeadListView | undefined): LocalResponse {
  if (!view) return page(404, 'No such lead list', '<h1>No such lead list</h1>\n<p>The local service has no lead list with this id.</p>');
  const more = view.total - view.leads.length;
  return page(
    200,
    `Lead list: ${view.name}`,
    [
      `<h1>${escapeHtml(view.name)}</h1>`,
      `<p>Status: ${escapeHtml(view.status)} · Type: ${escapeHtml(view.type)} · ${view.total} lead${view.total === 1 ? '' : 's'} matched</p>`,
      '<table border="1">',
      cells(['Name', 'Email', 'Company'], 'th'),
      ...view.leads.map((l) => cells([l.name, l.email, l.company], 'td')),
      '</table>',
      ...(more > 0 ? [`<p>And ${more} more.</p>`] : []),
    ].join('\n'),
  );
}
