// The UI's responder: a person answering alerts and prompts as they come (the local page), after
// any answers a test queued, with the dialog's title, text, buttons and user.
import type { DialogRequest } from '../../emulator';
import { makeHost } from './helpers';

describe('a dialog responder', () => {
  it('answers dialogs nobody queued an answer for, seeing what each asks', () => {
    const host = makeHost();
    const asked: DialogRequest[] = [];
    host.ui.responder = (request) => {
      asked.push(request);
      return request.kind === 'prompt' ? { button: 'OK', text: 'typed on the page' } : { button: 'YES' };
    };
    const r = host.run('ask', [], { user: 'ann@example.com' });
    expect(r.value).toBe('typed on the page');
    expect(asked).toEqual([
      {
        kind: 'prompt',
        title: 'Your API key',
        prompt: 'Paste it here',
        buttons: 'OK_CANCEL',
        offered: ['OK', 'CANCEL'],
        user: 'ann@example.com',
      },
      { kind: 'alert', title: '', prompt: 'Save it?', buttons: 'YES_NO', offered: ['YES', 'NO'], user: 'ann@example.com' },
    ]);
    expect(host.ui.dialogs.map((d) => d.answer.button)).toEqual(['OK', 'YES']);
  });

  it('comes after the queued answers', () => {
    const host = makeHost();
    let consulted = 0;
    host.ui.responder = () => {
      consulted++;
      return { button: 'NO' };
    };
    host.ui.answer({ button: 'OK', text: 'queued' });
    expect(host.run('ask').value).toBe('not saved');
    expect(consulted).toBe(1);
  });

  it('is held to the buttons the dialog offers', () => {
    const host = makeHost();
    host.ui.responder = () => ({ button: 'YES' });
    expect(() => host.run('ask')).toThrow(/offers OK\/CANCEL, not YES/);
  });

  it('may close the dialog, which Apps Script reports as CLOSE', () => {
    const host = makeHost();
    host.ui.responder = () => ({ button: 'CLOSE' });
    expect(host.run('ask').value).toBe('cancelled');
  });
});
