// One table for the whole run: every bench returns rows, run.ts prints them together.

export type Unit = 'ms' | 'bytes' | '/s' | 'count';
export type Target = { atMost: number } | { atLeast: number };
export type Row = {
  metric: string;
  /** null when the figure could not be taken (`note` says why). */
  measured: number | null;
  unit: Unit;
  target?: Target;
  note?: string;
};

/** KB = 1,024 bytes, as the bundle budget and the delivery journey count. */
const KB = (bytes: number) => `${(bytes / 1024).toFixed(bytes < 10 * 1024 ? 2 : 1)} KB`;

function format(value: number, unit: Unit): string {
  if (!Number.isFinite(value)) return 'n/a';
  switch (unit) {
    case 'ms':
      return `${value.toFixed(value < 10 ? 2 : 1)} ms`;
    case 'bytes':
      return KB(value);
    case '/s':
      return `${value.toFixed(0)}/s`;
    case 'count':
      return value.toLocaleString('en');
  }
}

export function met(row: Row): boolean | null {
  if (!row.target || row.measured === null || !Number.isFinite(row.measured)) return null;
  return 'atMost' in row.target ? row.measured <= row.target.atMost : row.measured >= row.target.atLeast;
}

export function formatTable(rows: Row[]): string {
  const cells = rows.map((row) => {
    const ok = met(row);
    const target = row.target
      ? 'atMost' in row.target
        ? `≤ ${format(row.target.atMost, row.unit)}`
        : `≥ ${format(row.target.atLeast, row.unit)}`
      : '';
    return [
      row.metric,
      row.measured === null ? 'n/a' : format(row.measured, row.unit),
      target,
      ok === null ? (row.target ? 'n/a' : '') : ok ? 'yes' : 'NO',
      row.note ?? '',
    ];
  });
  const header = ['metric', 'measured', 'target', 'met', 'note'];
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) =>
    c
      .map((v, i) => (i === 1 || i === 2 ? v.padStart(widths[i]!) : v.padEnd(widths[i]!)))
      .join(' | ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('-|-'), ...cells.map(line)].join('\n');
}
