/**
 * Text formatting of the bench's figures: a Markdown pipe table padded for the terminal (so the
 * printed table can be pasted into docs/performance.md as it is) and number formats.
 */

/** Shown for a figure that was not measured. */
export const NOT_MEASURED = '–';

/**
 * Formats rows as a Markdown table with padded columns: the first column left-aligned, the
 * others right-aligned. Pipes in cells are escaped.
 * @param headers column titles
 * @param rows cells; a short row is padded with empty cells
 */
export function formatTable(
  headers: readonly string[],
  rows: ReadonlyArray<readonly string[]>,
): string {
  const escape = (cell: string) => cell.replace(/\|/g, '\\|');
  const cells = [headers, ...rows].map((row) =>
    headers.map((_, column) => escape(row[column] ?? '')),
  );
  const widths = headers.map((_, column) =>
    Math.max(3, ...cells.map((row) => [...(row[column] as string)].length)),
  );
  const pad = (cell: string, column: number) => {
    const fill = ' '.repeat((widths[column] as number) - [...cell].length);
    return column === 0 ? cell + fill : fill + cell;
  };
  const line = (row: readonly string[]) => `| ${row.map(pad).join(' | ')} |`;
  const rule = `|${widths
    .map((width, column) =>
      column === 0 ? `:${'-'.repeat(width + 1)}` : `${'-'.repeat(width + 1)}:`,
    )
    .join('|')}|`;
  const [head, ...body] = cells as string[][];
  return [line(head as string[]), rule, ...body.map(line)].join('\n');
}

function finite(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** Requests per second: whole numbers from 100 up, one decimal below. */
export function formatRate(value: number | null | undefined): string {
  if (!finite(value)) return NOT_MEASURED;
  return value >= 100 ? String(Math.round(value)) : value.toFixed(1);
}

/** Milliseconds: two decimals below 10, one below 100, whole numbers above. */
export function formatMs(value: number | null | undefined): string {
  if (!finite(value)) return NOT_MEASURED;
  if (value < 10) return value.toFixed(2);
  if (value < 100) return value.toFixed(1);
  return String(Math.round(value));
}

/** Bytes as KiB with one decimal, e.g. `85.3 KiB`. */
export function formatKiB(bytes: number | null | undefined): string {
  if (!finite(bytes)) return NOT_MEASURED;
  return `${(bytes / 1024).toFixed(1)} KiB`;
}

/** A Lighthouse duration: seconds with one decimal from 1 s up, else milliseconds. */
export function formatDuration(ms: number | null | undefined): string {
  if (!finite(ms)) return NOT_MEASURED;
  return ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms)} ms`;
}

/** A Lighthouse score 0..100 (whole number). */
export function formatScore(score: number | null | undefined): string {
  return finite(score) ? String(Math.round(score)) : NOT_MEASURED;
}

/** Cumulative layout shift with three decimals. */
export function formatCls(cls: number | null | undefined): string {
  return finite(cls) ? cls.toFixed(3) : NOT_MEASURED;
}
