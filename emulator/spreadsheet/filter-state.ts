// A sheet's filter (the range it covers and the values hidden per column) and how a span of rows
// or columns moves when rows or columns are inserted or deleted, as Sheets moves a filter's range.

/** A run of rows or columns, 1-based. */
export interface Span {
  start: number;
  count: number;
}

/** The span after `count` rows (or columns) are inserted before position `before`. */
export function spanAfterInsert(span: Span, before: number, count: number): Span {
  if (before <= span.start) return { start: span.start + count, count: span.count };
  if (before <= span.start + span.count - 1) return { start: span.start, count: span.count + count };
  return span;
}

/** The span after positions `start..start+count-1` are deleted; undefined when none of it is left. */
export function spanAfterDelete(span: Span, start: number, count: number): Span | undefined {
  const end = start + count - 1;
  const spanEnd = span.start + span.count - 1;
  const before = Math.max(0, Math.min(end, span.start - 1) - start + 1);
  const overlap = Math.max(0, Math.min(end, spanEnd) - Math.max(start, span.start) + 1);
  const left = span.count - overlap;
  return left > 0 ? { start: span.start - before, count: left } : undefined;
}

/** Where a single position goes after a delete; undefined when it was deleted. */
export function positionAfterDelete(position: number, start: number, count: number): number | undefined {
  if (position < start) return position;
  if (position < start + count) return undefined;
  return position - count;
}

export interface FilterState {
  rows: Span;
  columns: Span;
  /** Display values hidden per sheet column; a filter made from a predicate has none. */
  hiddenValues: Map<number, string[]>;
  /** The time zone display values were compared in, to apply the criteria again. */
  timeZone?: string;
}

/** Renumbers the filtered columns; true when a filtered column went away. */
export function moveFilterColumns(filter: FilterState, move: (column: number) => number | undefined): boolean {
  const moved = new Map<number, string[]>();
  for (const [column, values] of filter.hiddenValues) {
    const to = move(column);
    if (to !== undefined) moved.set(to, values);
  }
  const lost = moved.size < filter.hiddenValues.size;
  filter.hiddenValues = moved;
  return lost;
}
