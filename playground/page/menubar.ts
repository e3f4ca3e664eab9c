// The page's menu bar, as in Sheets: File (import, export, a large sheet), Data (sort, filter) and
// Extensions, whose add-on menu is the one the add-on's onOpen built in the host.
import type { MenuItem } from '../protocol';
import { clear, make } from './dom';

export interface Entry {
  label: string;
  run?: () => void;
  items?: Entry[];
  separator?: boolean;
}

function closeAll(bar: HTMLElement): void {
  for (const open of bar.querySelectorAll('.menu.open')) open.classList.remove('open');
}

function list(bar: HTMLElement, entries: Entry[]): HTMLElement {
  const ul = make('ul', { cls: 'menu-list', attrs: { role: 'menu' } });
  for (const e of entries) {
    if (e.separator) {
      ul.appendChild(make('li', { cls: 'menu-separator', attrs: { role: 'separator' } }));
      continue;
    }
    const item = make('li', { cls: e.items ? 'menu-item has-sub' : 'menu-item' });
    const button = make('button', { text: e.label, attrs: { role: 'menuitem', type: 'button' } });
    item.appendChild(button);
    if (e.items) {
      item.appendChild(list(bar, e.items));
      button.addEventListener('click', (ev) => {
        ev.stopPropagation();
        item.classList.toggle('sub-open');
      });
    } else {
      button.addEventListener('click', (ev) => {
        ev.stopPropagation();
        closeAll(bar);
        e.run?.();
      });
    }
    ul.appendChild(item);
  }
  return ul;
}

export class MenuBar {
  private addonKey = '';

  constructor(
    private readonly bar: HTMLElement,
    private readonly fixed: { file: Entry[]; data: Entry[] },
    private readonly runAddonItem: (caption: string) => void,
  ) {
    document.addEventListener('click', () => closeAll(bar));
    this.render('Add-on', []);
  }

  private menu(title: string, entries: Entry[]): HTMLElement {
    const wrap = make('div', { cls: 'menu' });
    const button = make('button', { cls: 'menu-title', text: title, attrs: { type: 'button', 'aria-haspopup': 'true' } });
    button.addEventListener('click', (ev) => {
      ev.stopPropagation();
      const open = wrap.classList.contains('open');
      closeAll(this.bar);
      if (!open) wrap.classList.add('open');
    });
    wrap.append(button, list(this.bar, entries));
    return wrap;
  }

  private addonEntries(items: MenuItem[]): Entry[] {
    return items.map((i): Entry =>
      i.type === 'separator'
        ? { label: '', separator: true }
        : i.type === 'submenu'
          ? { label: i.title, items: this.addonEntries(i.items) }
          : { label: i.caption, run: () => this.runAddonItem(i.caption) },
    );
  }

  /** Redraws the menus when the add-on's menu changed. */
  render(title: string, items: MenuItem[]): void {
    const key = JSON.stringify([title, items]);
    if (key === this.addonKey) return;
    this.addonKey = key;
    clear(this.bar);
    const addon: Entry[] = items.length
      ? [{ label: title, items: this.addonEntries(items) }]
      : [{ label: 'No add-on menu (onOpen has not run)', run: () => {} }];
    this.bar.append(this.menu('File', this.fixed.file), this.menu('Data', this.fixed.data), this.menu('Extensions', addon));
  }
}
