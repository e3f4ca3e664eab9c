// The page's menu bar, as in Sheets: File (import, export, a large sheet), Data (sort, filter) and
// Extensions, whose add-on menu is the one the add-on's onOpen built in the host. The keyboard works
// as the WAI menu pattern says: arrows move, → opens a submenu and ← closes it, Enter or Space runs
// an item, Home and End jump, Escape closes, and focus goes back to the menu's button.
import type { MenuItem } from '../protocol';
import { clear, make } from './dom';

export interface Entry {
  label: string;
  run?: () => void;
  items?: Entry[];
  separator?: boolean;
}

/** The item buttons of one menu list, in order (not those of its submenus). */
function itemsOf(list: Element): HTMLButtonElement[] {
  return [...list.children].flatMap((li) => {
    const b = li.querySelector<HTMLButtonElement>(':scope > button[role="menuitem"]');
    return b ? [b] : [];
  });
}

function setOpen(holder: Element, cls: 'open' | 'sub-open', open: boolean): void {
  holder.classList.toggle(cls, open);
  holder.querySelector(':scope > button')?.setAttribute('aria-expanded', String(open));
}

export class MenuBar {
  private addonKey = '';

  constructor(
    private readonly bar: HTMLElement,
    private readonly fixed: { file: Entry[]; data: Entry[] },
    private readonly runAddonItem: (caption: string) => void,
  ) {
    document.addEventListener('click', () => this.closeAll());
    bar.addEventListener('keydown', (e) => this.key(e));
    // Escape closes a menu opened with the mouse, wherever the focus went.
    document.addEventListener('keydown', (e) => {
      const open = bar.querySelector('.menu.open');
      if (e.key !== 'Escape' || !open || bar.contains(e.target as Node)) return;
      this.closeAll();
      open.querySelector<HTMLButtonElement>('.menu-title')?.focus();
    });
    // Tabbing out of a menu closes it.
    bar.addEventListener('focusout', (e) => {
      if (e.relatedTarget instanceof Node && !bar.contains(e.relatedTarget)) this.closeAll();
    });
    this.render('Add-on', []);
  }

  private closeAll(): void {
    for (const open of this.bar.querySelectorAll('.open')) setOpen(open, 'open', false);
    for (const open of this.bar.querySelectorAll('.sub-open')) setOpen(open, 'sub-open', false);
  }

  private titles(): HTMLButtonElement[] {
    return [...this.bar.querySelectorAll<HTMLButtonElement>('.menu-title')];
  }

  /** Opens a top-level menu (closing the others) and focuses its first or last item. */
  private openMenu(title: HTMLButtonElement, focus: 'first' | 'last' | 'none'): void {
    this.closeAll();
    const wrap = title.parentElement!;
    setOpen(wrap, 'open', true);
    const items = itemsOf(wrap.querySelector(':scope > .menu-list')!);
    if (focus !== 'none') (focus === 'first' ? items[0] : items[items.length - 1])?.focus();
  }

  /** The top-level menu beside the one holding `el`, `step` to the right (wrapping). */
  private neighbour(el: Element, step: 1 | -1): HTMLButtonElement {
    const titles = this.titles();
    const here = titles.indexOf(el.closest('.menu')!.querySelector<HTMLButtonElement>(':scope > .menu-title')!);
    return titles[(here + step + titles.length) % titles.length]!;
  }

  private openSub(li: Element): void {
    setOpen(li, 'sub-open', true);
    itemsOf(li.querySelector(':scope > .menu-list')!)[0]?.focus();
  }

  /** Closes every menu and puts the focus back on the button of the menu that held `el`. */
  private closeTo(el: Element): void {
    const title = el.closest('.menu')?.querySelector<HTMLButtonElement>(':scope > .menu-title');
    this.closeAll();
    title?.focus();
  }

  private activate(item: HTMLButtonElement): void {
    const li = item.parentElement!;
    if (li.classList.contains('has-sub')) this.openSub(li);
    else item.click();
  }

  private key(e: KeyboardEvent): void {
    const target = e.target as HTMLElement;
    const handled = target.classList.contains('menu-title')
      ? this.titleKey(target as HTMLButtonElement, e.key)
      : this.itemKey(target, e.key);
    if (handled) {
      e.preventDefault();
      e.stopPropagation();
    }
  }

  private titleKey(title: HTMLButtonElement, key: string): boolean {
    if (key === 'ArrowDown' || key === 'Enter' || key === ' ') this.openMenu(title, 'first');
    else if (key === 'ArrowUp') this.openMenu(title, 'last');
    else if (key === 'ArrowRight' || key === 'ArrowLeft') {
      const next = this.neighbour(title, key === 'ArrowRight' ? 1 : -1);
      const wasOpen = title.parentElement!.classList.contains('open');
      this.closeAll();
      next.focus();
      if (wasOpen) this.openMenu(next, 'none');
    } else if (key === 'Escape') this.closeTo(title);
    else return false;
    return true;
  }

  private itemKey(target: HTMLElement, key: string): boolean {
    if (target.getAttribute('role') !== 'menuitem') return false;
    const item = target as HTMLButtonElement;
    const li = item.parentElement!;
    const list = li.parentElement!;
    const items = itemsOf(list);
    const at = items.indexOf(item);
    const parentItem = list.parentElement!.classList.contains('menu-item') ? list.parentElement! : null;
    const move = (i: number) => items[(i + items.length) % items.length]?.focus();
    if (key === 'ArrowDown') move(at + 1);
    else if (key === 'ArrowUp') move(at - 1);
    else if (key === 'Home') move(0);
    else if (key === 'End') move(items.length - 1);
    else if (key === 'Enter' || key === ' ') this.activate(item);
    else if (key === 'ArrowRight') {
      if (li.classList.contains('has-sub')) this.openSub(li);
      else this.openMenu(this.neighbour(item, 1), 'first');
    } else if (key === 'ArrowLeft' || key === 'Escape') {
      if (parentItem) {
        setOpen(parentItem, 'sub-open', false);
        parentItem.querySelector<HTMLButtonElement>(':scope > button')?.focus();
      } else if (key === 'Escape') this.closeTo(item);
      else this.openMenu(this.neighbour(item, -1), 'first');
    } else return false;
    return true;
  }

  private list(entries: Entry[]): HTMLElement {
    const ul = make('ul', { cls: 'menu-list', attrs: { role: 'menu' } });
    for (const e of entries) {
      if (e.separator) {
        ul.appendChild(make('li', { cls: 'menu-separator', attrs: { role: 'separator' } }));
        continue;
      }
      const item = make('li', { cls: e.items ? 'menu-item has-sub' : 'menu-item', attrs: { role: 'none' } });
      const button = make('button', {
        text: e.label,
        attrs: {
          role: 'menuitem',
          type: 'button',
          tabindex: '-1',
          ...(e.items ? { 'aria-haspopup': 'menu', 'aria-expanded': 'false' } : {}),
        },
      });
      item.appendChild(button);
      if (e.items) {
        const sub = this.list(e.items);
        sub.setAttribute('aria-label', e.label);
        item.appendChild(sub);
        button.addEventListener('click', (ev) => {
          ev.stopPropagation();
          setOpen(item, 'sub-open', !item.classList.contains('sub-open'));
        });
      } else {
        button.addEventListener('click', (ev) => {
          ev.stopPropagation();
          this.closeTo(button);
          e.run?.();
        });
      }
      ul.appendChild(item);
    }
    return ul;
  }

  private menu(title: string, entries: Entry[]): HTMLElement {
    const wrap = make('div', { cls: 'menu' });
    const button = make('button', {
      cls: 'menu-title',
      text: title,
      attrs: { type: 'button', 'aria-haspopup': 'menu', 'aria-expanded': 'false' },
    });
    button.addEventListener('click', (ev) => {
      ev.stopPropagation();
      const open = wrap.classList.contains('open');
      this.closeAll();
      if (!open) setOpen(wrap, 'open', true);
    });
    const list = this.list(entries);
    list.setAttribute('aria-label', title);
    wrap.append(button, list);
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
