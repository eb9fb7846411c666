import { stringify } from 'csv-stringify/browser/esm/sync';
import { format } from 'date-fns';
import { downloadBlob } from '@/lib/download';

/** One column of an export: its header and how a row gives the cell. */
export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => string | number | null | undefined;
}

/** The exports' file-name timestamp (spec section 9: YYYY-MM-DD_HH-mm-ss). */
export const CSV_TIMESTAMP_FORMAT = 'yyyy-MM-dd_HH-mm-ss';

/**
 * A text cell as a spreadsheet must read it: one that starts like a formula (=, +, -, @, tab, carriage
 * return) gets a leading apostrophe, so a name such as '=HYPERLINK(...)' typed by a user stays text when an
 * administrator opens the export (OWASP's CSV injection advice).
 */
export function safeCell(value: string | number): string | number {
  return typeof value === 'string' && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * A header line, then one line per row; cells are quoted only when they need it. Missing cells are empty.
 * Headers are made safe too: some come from what users typed (a committee's demographic name).
 */
export function buildCsv<Row>(rows: readonly Row[], columns: readonly CsvColumn<Row>[]): string {
  return stringify(
    rows.map((row) => columns.map((column) => safeCell(column.value(row) ?? ''))),
    { header: true, columns: columns.map((column) => String(safeCell(column.header))) },
  );
}

/** '{prefix}-YYYY-MM-DD_HH-mm-ss.csv' in local time, e.g. 'PolicyAcceptance-2026-03-01_14-05-09.csv'. */
export function csvFileName(prefix: string, at: Date = new Date()): string {
  return `${prefix}-${format(at, CSV_TIMESTAMP_FORMAT)}.csv`;
}

/** A byte order mark, so that spreadsheet programs read the file as UTF-8 (accented names). */
const UTF8_BOM = '\uFEFF';

/** Downloads CSV text as a file. */
export function downloadCsv(csv: string, fileName: string): void {
  downloadBlob(new Blob([UTF8_BOM, csv], { type: 'text/csv;charset=utf-8' }), fileName);
}
