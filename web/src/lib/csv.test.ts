import { describe, expect, it, vi } from 'vitest';
import { buildCsv, csvFileName, downloadCsv } from '@/lib/csv';

interface Row {
  name: string;
  note: string | null;
  count: number;
}

const columns = [
  { header: 'Name', value: (row: Row) => row.name },
  { header: 'Note', value: (row: Row) => row.note },
  { header: 'Count', value: (row: Row) => row.count },
];

describe('buildCsv', () => {
  it('writes the header, then one line per row in column order', () => {
    const csv = buildCsv<Row>(
      [
        { name: 'Ada', note: 'first', count: 1 },
        { name: 'Grace', note: null, count: 2 },
      ],
      columns,
    );
    expect(csv).toBe('Name,Note,Count\nAda,first,1\nGrace,,2\n');
  });

  it('quotes cells holding separators, quotes or line breaks', () => {
    const csv = buildCsv<Row>([{ name: 'Lovelace, Ada', note: 'says "hi"\nthen leaves', count: 0 }], columns);
    expect(csv).toBe('Name,Note,Count\n"Lovelace, Ada","says ""hi""\nthen leaves",0\n');
  });

  it('keeps text that starts like a formula as text, numbers as numbers', () => {
    const csv = buildCsv<Row>(
      [
        { name: '=HYPERLINK("http://x","y")', note: '@SUM(A1)', count: -3 },
        { name: '+1 555 0100', note: '-x', count: 0 },
        { name: 'Ada = Lovelace', note: 'a-b', count: 1 },
      ],
      columns,
    );
    expect(csv).toBe(
      'Name,Note,Count\n"\'=HYPERLINK(""http://x"",""y"")",\'@SUM(A1),-3\n\'+1 555 0100,\'-x,0\nAda = Lovelace,a-b,1\n',
    );
  });

  it('keeps a header that starts like a formula as text (headers can be names users typed)', () => {
    const typed = [{ header: '=cmd|calc', value: (row: Row) => row.name }];
    expect(buildCsv<Row>([{ name: 'Ada', note: null, count: 1 }], typed)).toBe("'=cmd|calc\nAda\n");
  });

  it('writes just the header when there are no rows', () => {
    expect(buildCsv<Row>([], columns)).toBe('Name,Note,Count\n');
  });
});

describe('csvFileName', () => {
  it('stamps the local time as YYYY-MM-DD_HH-mm-ss', () => {
    expect(csvFileName('PolicyAcceptance', new Date(2026, 2, 1, 14, 5, 9))).toBe(
      'PolicyAcceptance-2026-03-01_14-05-09.csv',
    );
    expect(csvFileName('Report', new Date(2025, 11, 31, 0, 0, 0))).toBe('Report-2025-12-31_00-00-00.csv');
  });
});

describe('downloadCsv', () => {
  it('downloads the text as a UTF-8 CSV file through a temporary link', async () => {
    let blob: Blob | undefined;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      blob = b as Blob;
      return 'blob:csv-1';
    });
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });

    downloadCsv('A,B\n1,2\n', 'Report-2026-03-01_14-05-09.csv');

    expect(clicked).toHaveLength(1);
    expect(clicked[0]?.download).toBe('Report-2026-03-01_14-05-09.csv');
    expect(clicked[0]?.getAttribute('href')).toBe('blob:csv-1');
    expect(clicked[0]?.isConnected).toBe(false);
    expect(blob?.type).toBe('text/csv;charset=utf-8');
    const bytes = new Uint8Array(await (blob as Blob).arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3))).toBe('A,B\n1,2\n');
    await vi.waitFor(() => expect(revoke).toHaveBeenCalledWith('blob:csv-1'));
  });
});
