// The tab bar: a proper tablist, with arrow keys, Home and End moving between tabs.
export type Tab = 'connect' | 'run' | 'jobs' | 'tools' | 'find' | 'automation';

const listeners: Array<(tab: Tab) => void> = [];
/** The view on show: Connect, as the page opens, until a tab is chosen. */
let current: Tab = 'connect';

export function shownTab(): Tab {
  return current;
}

function tabs(): HTMLButtonElement[] {
  return Array.from(document.querySelectorAll<HTMLButtonElement>('[role="tab"]'));
}

export function showTab(tab: Tab, focus = false): void {
  current = tab;
  for (const t of tabs()) {
    const on = t.dataset.tab === tab;
    t.setAttribute('aria-selected', String(on));
    t.tabIndex = on ? 0 : -1;
    const panel = document.getElementById(t.getAttribute('aria-controls') ?? '');
    if (panel) panel.hidden = !on;
    if (on && focus) t.focus();
  }
  for (const l of listeners) l(tab);
}

export function onTab(listener: (tab: Tab) => void): void {
  listeners.push(listener);
}

export function initTabs(): void {
  const all = tabs();
  all.forEach((t, i) => {
    t.addEventListener('click', () => showTab(t.dataset.tab as Tab));
    t.addEventListener('keydown', (e) => {
      const next =
        e.key === 'ArrowRight'
          ? i + 1
          : e.key === 'ArrowLeft'
            ? i - 1
            : e.key === 'Home'
              ? 0
              : e.key === 'End'
                ? all.length - 1
                : undefined;
      if (next === undefined) return;
      e.preventDefault();
      showTab(all[(next + all.length) % all.length]!.dataset.tab as Tab, true);
    });
  });
}
