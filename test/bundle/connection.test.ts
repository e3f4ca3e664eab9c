// Connecting through the built bundle: the key is checked with /account-info, kept only in the
// user's properties, and shown back only as the account name and a masked key.
import { loadBundle } from '../support/bare-context';

const KEY = 'demo-key-alpha-000123';
/** Nothing spent yet, today or this month. */
const NONE = { today: [], month: [] };

function setup(status = 200) {
  const user = new Map<string, string>();
  const document = new Map<string, string>();
  const requests: Array<{ url: string; headers: Record<string, string> }> = [];
  const store = (m: Map<string, string>) => ({
    getProperty: (k: string) => m.get(k) ?? null,
    setProperties: (o: Record<string, string>) => {
      for (const [k, v] of Object.entries(o)) m.set(k, v);
    },
    deleteProperty: (k: string) => {
      m.delete(k);
    },
    getProperties: () => Object.fromEntries(m),
  });
  const bundle = loadBundle({
    PropertiesService: { getUserProperties: () => store(user), getDocumentProperties: () => store(document) },
    // The Connected view reads the day's spend, in the spreadsheet's time zone.
    Utilities: { sleep: () => {}, formatDate: (d: Date) => d.toISOString().slice(0, 10) },
    SpreadsheetApp: { getActiveSpreadsheet: () => ({ getId: () => 'spreadsheet-1', getSpreadsheetTimeZone: () => 'UTC' }) },
    LockService: { getDocumentLock: () => ({ tryLock: () => true, releaseLock: () => {} }) },
    ScriptApp: { getUserTriggers: () => [] },
    UrlFetchApp: {
      fetch(url: string, params: { headers: Record<string, string> }) {
        requests.push({ url, headers: params.headers });
        const body =
          status === 200
            ? { id: '00000000-0000-4000-8000-000000000001', name: 'Acme Sales' }
            : { object: 'error', _errors: [{ code: 'unauthorized', title: 'Unauthorized', detail: 'bad key' }] };
        return { getResponseCode: () => status, getContentText: () => JSON.stringify(body), getHeaders: () => ({}) };
      },
    },
  });
  return { ...bundle, user, document, requests };
}

test('a good key is checked, stored in user properties and shown masked', () => {
  const { evaluate, user, document, requests } = setup();
  expect(evaluate('getConnection()')).toEqual({ connected: false, accountName: '', maskedKey: '', spent: NONE });
  const view = evaluate<{ connected: boolean; accountName: string; maskedKey: string }>(`connect(" ${KEY} ")`);
  expect(view).toEqual({ connected: true, accountName: 'Acme Sales', maskedKey: '••••••••0123', spent: NONE });
  expect(JSON.stringify(view)).not.toContain(KEY);
  expect(requests).toHaveLength(1);
  expect(requests[0]!.url).toBe('https://api.amplemarket.com/account-info');
  expect(requests[0]!.headers.Authorization).toBe(`Bearer ${KEY}`);
  expect([...user.values()]).toContain(KEY);
  expect(document.size).toBe(0);
  expect(evaluate('disconnect()')).toEqual({ connected: false, accountName: '', maskedKey: '', spent: NONE });
  expect(user.size).toBe(0);
});

test('a refused key is not stored and the message says what to do', () => {
  const { evaluate, user } = setup(401);
  expect(() => evaluate(`connect(${JSON.stringify(KEY)})`)).toThrow(/did not accept this API key/);
  expect(user.size).toBe(0);
});

test('input that cannot be a key is refused before any request', () => {
  const { evaluate, requests } = setup();
  expect(() => evaluate('connect("short")')).toThrow(/too short/);
  expect(() => evaluate('connect("has a space in it")')).toThrow(/no spaces/);
  expect(() => evaluate('connect(42)')).toThrow();
  expect(requests).toHaveLength(0);
});
