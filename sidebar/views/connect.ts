// The Connect view: the key, the account it belongs to, a masked key, and the menu settings.
import { busy } from '../busy';
import { el } from '../dom';
import { showError } from '../error-banner';
import { server, type ServerResult } from '../server';
import { creditText } from '../numbers';

type Connection = ServerResult<'getConnection'>;
type Settings = ServerResult<'getSettings'>;

let onChange: (connected: boolean) => void = () => {};

function showSpend({ spent }: Connection): void {
  el('spent-today').textContent = creditText(spent.today, 'Nothing yet');
  el('spent-month').textContent = creditText(spent.month, 'Nothing yet');
}

function render(connection: Connection): void {
  el('connect-out').hidden = connection.connected;
  el('connect-in').hidden = !connection.connected;
  el('account-name').textContent = connection.accountName;
  el('masked-key').textContent = connection.maskedKey;
  showSpend(connection);
  el<HTMLInputElement>('api-key').value = '';
  onChange(connection.connected);
}

function renderSettings(s: Settings): void {
  el<HTMLInputElement>('set-reveal-email').checked = s.revealEmail;
  el<HTMLInputElement>('set-reveal-phones').checked = s.revealPhones;
  el<HTMLInputElement>('set-skip-excluded').checked = s.skipExcluded;
  el<HTMLSelectElement>('set-fields').value = s.fields;
}

/** Reads the spend again as the Connected view is shown: jobs may have spent since. */
export function reloadConnection(): void {
  // Only the figures change: a key being typed is left alone.
  if (el('connect-in').hidden) return;
  server.getConnection().then(showSpend, () => {
    // The figures shown stand; the next showing tries again.
  });
}

export function initConnect(changed: (connected: boolean) => void): Promise<boolean> {
  onChange = changed;
  el<HTMLFormElement>('connect-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const key = el<HTMLInputElement>('api-key').value.trim();
    if (!key) {
      showError('Enter your API key.', 'connect');
      return;
    }
    void busy('Checking the key…', () => server.connect(key), el('connect-form')).then((c) => c && render(c));
  });
  el('disconnect-button').addEventListener('click', () => {
    void busy('Disconnecting…', () => server.disconnect(), el('connect-in')).then((c) => c && render(c));
  });
  el<HTMLFormElement>('settings-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const settings: Parameters<typeof server.saveSettings>[0] = {
      revealEmail: el<HTMLInputElement>('set-reveal-email').checked,
      revealPhones: el<HTMLInputElement>('set-reveal-phones').checked,
      skipExcluded: el<HTMLInputElement>('set-skip-excluded').checked,
      fields: el<HTMLSelectElement>('set-fields').value === 'all' ? 'all' : 'basic',
    };
    void busy('Saving…', () => server.saveSettings(settings), el('settings-form')).then((s) => {
      if (!s) return;
      renderSettings(s);
      el('settings-saved').hidden = false;
    });
  });
  return busy(
    'Loading…',
    async () => {
      const [connection, settings] = await Promise.all([server.getConnection(), server.getSettings()]);
      render(connection);
      renderSettings(settings);
      return connection.connected;
    },
    el('view-connect'),
    true,
  ).then((c) => Boolean(c));
}
