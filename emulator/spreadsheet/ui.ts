// The spreadsheet UI: menus, alerts and prompts answered from a queue the test fills (or by a
// responder, a person at a page), and the sidebars and dialogs shown, all recorded for inspection.
import { GasError, HostFailure } from '../errors';
import type { Runtime } from '../runtime';
import { FakeHtmlOutput } from '../html';

export type ButtonName = 'OK' | 'CANCEL' | 'YES' | 'NO' | 'CLOSE';
export type ButtonSetName = 'OK' | 'OK_CANCEL' | 'YES_NO' | 'YES_NO_CANCEL';

const BUTTON_SETS: Record<ButtonSetName, ButtonName[]> = {
  OK: ['OK'],
  OK_CANCEL: ['OK', 'CANCEL'],
  YES_NO: ['YES', 'NO'],
  YES_NO_CANCEL: ['YES', 'NO', 'CANCEL'],
};

export type MenuEntry =
  | { type: 'item'; caption: string; functionName: string }
  | { type: 'separator' }
  | { type: 'submenu'; title: string; entries: MenuEntry[] };

export interface MenuRecord {
  kind: 'addon' | 'custom';
  title: string;
  entries: MenuEntry[];
  user: string;
}

export interface ShownHtml {
  kind: 'sidebar' | 'modal' | 'modeless';
  html: string;
  title: string;
  width: number;
  height: number;
  user: string;
  at: number;
}

export interface DialogRecord {
  kind: 'alert' | 'prompt';
  title: string;
  prompt: string;
  buttons: ButtonSetName;
  answer: DialogAnswer;
  user: string;
}

/** What an alert or prompt asks, as a responder sees it. */
export interface DialogRequest {
  kind: 'alert' | 'prompt';
  title: string;
  prompt: string;
  buttons: ButtonSetName;
  /** The buttons the dialog offers, in Sheets' order. */
  offered: ButtonName[];
  user: string;
}

/** Answers a dialog nobody queued an answer for (a person at a page); it may block until they do. */
export type DialogResponder = (request: DialogRequest) => DialogAnswer;

export interface DialogAnswer {
  button: ButtonName;
  /** The text typed into a prompt. */
  text?: string;
}

/** What the UI showed, per host; tests read it and queue dialog answers here. */
export class UiRecorder {
  readonly menus: MenuRecord[] = [];
  readonly shown: ShownHtml[] = [];
  readonly dialogs: DialogRecord[] = [];
  private answers: DialogAnswer[] = [];
  /**
   * Consulted for a dialog when no answer is queued. Without one, such a dialog is a test's
   * mistake (a HostFailure); queued answers always go first.
   */
  responder: DialogResponder | undefined;

  constructor(readonly addonMenuTitle: string) {}

  /** Queues the user's answers to the next alerts or prompts, in order. */
  answer(...answers: (DialogAnswer | ButtonName)[]): void {
    for (const a of answers) this.answers.push(typeof a === 'string' ? { button: a } : a);
  }

  pendingAnswers(): number {
    return this.answers.length;
  }

  _take(kind: 'alert' | 'prompt', prompt: string, buttons: ButtonSetName, title = '', user = ''): DialogAnswer {
    const a = this.answers.shift() ?? this.responder?.({ kind, title, prompt, buttons, offered: [...BUTTON_SETS[buttons]], user });
    if (!a) throw new HostFailure(`The script showed an ${kind} nobody answered: "${prompt}". Queue an answer with host.ui.answer(...).`);
    if (!BUTTON_SETS[buttons].includes(a.button) && a.button !== 'CLOSE') {
      throw new HostFailure(`The ${kind} "${prompt}" offers ${BUTTON_SETS[buttons].join('/')}, not ${a.button}.`);
    }
    return a;
  }

  sidebars(): ShownHtml[] {
    return this.shown.filter((s) => s.kind === 'sidebar');
  }

  menuFor(user: string): MenuRecord | undefined {
    return [...this.menus].reverse().find((m) => m.user === user);
  }
}

export class FakeMenu {
  static readonly kind = 'SpreadsheetApp.Menu';
  private readonly entries: MenuEntry[] = [];

  constructor(
    private readonly recorder: UiRecorder,
    private readonly runtime: Runtime,
    private readonly menuKind: 'addon' | 'custom',
    private readonly title: string,
  ) {}

  _entries(): MenuEntry[] {
    return this.entries;
  }

  addItem(caption: string, functionName: string): this {
    this.entries.push({ type: 'item', caption, functionName });
    return this;
  }

  addSeparator(): this {
    this.entries.push({ type: 'separator' });
    return this;
  }

  addSubMenu(menu: FakeMenu): this {
    this.entries.push({ type: 'submenu', title: menu.title, entries: menu._entries() });
    return this;
  }

  addToUi(): void {
    const user = this.runtime.exec().user;
    const i = this.recorder.menus.findIndex((m) => m.user === user && m.title === this.title);
    const record: MenuRecord = { kind: this.menuKind, title: this.title, entries: [...this.entries], user };
    if (i >= 0) this.recorder.menus[i] = record;
    else this.recorder.menus.push(record);
  }
}

export class FakePromptResponse {
  static readonly kind = 'SpreadsheetApp.PromptResponse';
  constructor(private readonly answer: DialogAnswer) {}

  getResponseText(): string {
    return this.answer.text ?? '';
  }

  getSelectedButton(): ButtonName {
    return this.answer.button;
  }
}

export class FakeUi {
  static readonly kind = 'SpreadsheetApp.Ui';
  static readonly enums = ['Button', 'ButtonSet'] as const;
  readonly Button = Object.freeze({ CLOSE: 'CLOSE', OK: 'OK', CANCEL: 'CANCEL', YES: 'YES', NO: 'NO' });
  readonly ButtonSet = Object.freeze({ OK: 'OK', OK_CANCEL: 'OK_CANCEL', YES_NO: 'YES_NO', YES_NO_CANCEL: 'YES_NO_CANCEL' });

  constructor(
    private readonly recorder: UiRecorder,
    private readonly runtime: Runtime,
  ) {}

  createAddonMenu(): FakeMenu {
    return new FakeMenu(this.recorder, this.runtime, 'addon', this.recorder.addonMenuTitle);
  }

  createMenu(caption: string): FakeMenu {
    return new FakeMenu(this.recorder, this.runtime, 'custom', caption);
  }

  _dialog(kind: 'alert' | 'prompt', args: unknown[]): DialogAnswer {
    // (prompt) | (prompt, buttons) | (title, prompt, buttons)
    const [title, prompt, buttons] =
      args.length >= 3
        ? [String(args[0]), String(args[1]), args[2]]
        : ['', String(args[0] ?? ''), args[1] ?? (kind === 'alert' ? 'OK' : 'OK')];
    const set = String(buttons) as ButtonSetName;
    if (!(set in BUTTON_SETS)) throw new GasError(`Invalid argument: buttons`);
    const user = this.runtime.exec().user;
    const answer = this.recorder._take(kind, prompt, set, title, user);
    this.recorder.dialogs.push({ kind, title, prompt, buttons: set, answer, user });
    return answer;
  }

  alert(...args: unknown[]): ButtonName {
    return this._dialog('alert', args).button;
  }

  prompt(...args: unknown[]): FakePromptResponse {
    return new FakePromptResponse(this._dialog('prompt', args));
  }

  _show(kind: ShownHtml['kind'], output: unknown, title?: string): void {
    if (!(output instanceof FakeHtmlOutput)) throw new GasError('Invalid argument: userInterface');
    this.recorder.shown.push({
      kind,
      html: output.getContent(),
      title: title ?? output.getTitle(),
      width: output.getWidth(),
      height: output.getHeight(),
      user: this.runtime.exec().user,
      at: this.runtime.clock.now(),
    });
  }

  showSidebar(userInterface: unknown): void {
    this._show('sidebar', userInterface);
  }

  showModalDialog(userInterface: unknown, title: string): void {
    this._show('modal', userInterface, title);
  }

  showModelessDialog(userInterface: unknown, title: string): void {
    this._show('modeless', userInterface, title);
  }
}
