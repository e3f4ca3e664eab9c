// The page's calls to its server: commands as JSON POSTs, the state by long poll, grid windows.
import type { Commands, GridWindow, PageState } from '../protocol';

export class ApiError extends Error {}

async function answer<T>(res: Response): Promise<T> {
  const body = (await res.json().catch(() => ({}))) as T & { error?: string };
  if (!res.ok) throw new ApiError(body.error ?? `HTTP ${res.status}`);
  return body;
}

export async function command<K extends keyof Commands>(name: K, body: Commands[K]): Promise<unknown> {
  const res = await fetch(`/api/${name}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return answer(res);
}

export async function answerDialog(id: number, button: string, text?: string): Promise<void> {
  await fetch('/api/dialog', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ id, button, text }),
  });
}

export async function pollState(after: number): Promise<PageState | null> {
  const res = await fetch(`/api/state?after=${after}`);
  return answer<PageState | null>(res);
}

export async function gridWindow(sheet: string, offset: number): Promise<GridWindow> {
  const res = await fetch(`/api/grid?sheet=${encodeURIComponent(sheet)}&offset=${offset}`);
  return answer<GridWindow>(res);
}

export function exportUrl(sheet: string): string {
  return `/api/export?sheet=${encodeURIComponent(sheet)}`;
}
