// The sidebar's behaviour: the connect screen. Text from the server is set with textContent only.
import { server } from './server';

function el<T extends HTMLElement>(id: string): T {
  const found = document.getElementById(id);
  if (!found) throw new Error(`missing #${id}`);
  return found as T;
}

type View = 'connect' | 'account';

function show(view: View): void {
  for (const section of Array.from(document.querySelectorAll<HTMLElement>('.view'))) {
    section.hidden = section.id !== `view-${view}`;
  }
}

function setError(message: string | undefined): void {
  const box = el('error');
  box.textContent = message ?? '';
  box.hidden = !message;
}

/** Runs a server call with the busy indicator up and every control disabled; failures are shown. */
async function busy<T>(label: string, work: () => Promise<T>): Promise<T | undefined> {
  const controls = Array.from(document.querySelectorAll<HTMLButtonElement | HTMLInputElement | HTMLSelectElement>('button, input, select'));
  el('busy-text').textContent = label;
  el('busy').hidden = false;
  setError(undefined);
  controls.forEach((c) => (c.disabled = true));
  try {
    return await work();
  } catch (e) {
    setError(e instanceof Error && e.message ? e.message : 'Something went wrong. Try again.');
    return undefined;
  } finally {
    controls.forEach((c) => (c.disabled = false));
    el('busy').hidden = true;
  }
}

interface Connection {
  connected: boolean;
  accountName: string;
  maskedKey: string;
}

function render(connection: Connection): void {
  if (connection.connected) {
    el('account-name').textContent = connection.accountName;
    el('masked-key').textContent = connection.maskedKey;
    show('account');
    el<HTMLButtonElement>('disconnect-button').focus();
  } else {
    el<HTMLInputElement>('api-key').value = '';
    show('connect');
    el<HTMLInputElement>('api-key').focus();
  }
}

el<HTMLFormElement>('connect-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const key = el<HTMLInputElement>('api-key').value.trim();
  if (!key) {
    setError('Enter your API key.');
    return;
  }
  void busy('Checking the key…', () => server.connect(key)).then((c) => c && render(c));
});

el('disconnect-button').addEventListener('click', () => {
  void busy('Disconnecting…', () => server.disconnect()).then((c) => c && render(c));
});

interface Settings {
  revealEmail: boolean;
  revealPhones: boolean;
  fields: 'basic' | 'all';
  skipExcluded: boolean;
}

function renderSettings(s: Settings): void {
  el<HTMLInputElement>('set-reveal-email').checked = s.revealEmail;
  el<HTMLInputElement>('set-reveal-phones').checked = s.revealPhones;
  el<HTMLInputElement>('set-skip-excluded').checked = s.skipExcluded;
  el<HTMLSelectElement>('set-fields').value = s.fields;
}

el<HTMLFormElement>('settings-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const settings: Settings = {
    revealEmail: el<HTMLInputElement>('set-reveal-email').checked,
    revealPhones: el<HTMLInputElement>('set-reveal-phones').checked,
    skipExcluded: el<HTMLInputElement>('set-skip-excluded').checked,
    fields: el<HTMLSelectElement>('set-fields').value === 'all' ? 'all' : 'basic',
  };
  void busy('Saving…', () => server.saveSettings(settings)).then((s) => {
    if (!s) return;
    renderSettings(s);
    el('settings-saved').hidden = false;
  });
});

void busy('Loading…', async () => {
  const [connection, settings] = await Promise.all([server.getConnection(), server.getSettings()]);
  return { connection, settings };
}).then((loaded) => {
  if (!loaded) return;
  render(loaded.connection);
  renderSettings(loaded.settings);
  if (loaded.connection.connected && document.body.dataset.view === 'settings') el('settings-title').scrollIntoView();
});
