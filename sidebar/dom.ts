// DOM helpers that only ever put data on the page as text (textContent, value, attributes set
// one by one), never as HTML.

export function el<T extends HTMLElement>(id: string): T {
  const found = document.getElementById(id);
  if (!found) throw new Error(`missing #${id}`);
  return found as T;
}

type Attrs = Record<string, string | boolean | number | undefined>;

/** A new element with attributes and text content; children are appended in order. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: Array<Node | string>
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === false) continue;
    if (name === 'text') node.textContent = String(value);
    else node.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children) node.append(typeof child === 'string' ? document.createTextNode(child) : child);
  return node;
}

export function clear(node: Element): void {
  while (node.firstChild) node.removeChild(node.firstChild);
}

/** A select's options from [value, label] pairs, keeping the current choice when it still exists. */
export function fillSelect(select: HTMLSelectElement, options: ReadonlyArray<readonly [string, string]>, selected?: string): void {
  const keep = selected ?? select.value;
  clear(select);
  for (const [value, label] of options) select.append(h('option', { value, text: label }));
  if (options.some(([v]) => v === keep)) select.value = keep;
}

export function checked(id: string): boolean {
  return el<HTMLInputElement>(id).checked;
}

export function value(id: string): string {
  return el<HTMLInputElement | HTMLSelectElement>(id).value.trim();
}

/** A select's value as one of the choices the page offers (`allowed`); the first when it is none of them. */
export function choice<const T extends string>(id: string, allowed: readonly [T, ...T[]]): T {
  const v = value(id);
  return allowed.find((a) => a === v) ?? allowed[0];
}

/** Flashes a footer once (its class `fresh` restarted): a new estimate shows where the eye is. */
export function freshen(node: HTMLElement): void {
  node.classList.remove('fresh');
  void node.offsetWidth;
  node.classList.add('fresh');
  node.scrollIntoView({ block: 'nearest' });
}
