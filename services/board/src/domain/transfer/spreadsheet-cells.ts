// A CSV opened in a spreadsheet runs any cell that starts like a formula: a title
// `=HYPERLINK("http://evil.example","click")` becomes a link, `=cmd|calc` (DDE) a command. OWASP's
// advice: start such a cell with a `'`, which spreadsheets read as "text" and don't show. Cells
// already starting with `'` before one of those get one more, so our importer, taking one away,
// gives back exactly what was exported. docs/decisions/0051-csv-cells-never-formulas.md

/** What a spreadsheet may take for the start of a formula: `=`, `+`, `-`, `@`, tab, CR. */
const formulaStart = /^'*[=+\-@\t\r]/;

/** A cell as written to a CSV export: never a formula. */
export const spreadsheetSafe = (cell: string) => (formulaStart.test(cell) ? `'${cell}` : cell);

/** A cell as read from a CSV import: `spreadsheetSafe` undone (only where it would have added its `'`). */
export const fromSpreadsheetSafe = (cell: string) =>
  cell.startsWith("'") && formulaStart.test(cell) ? cell.slice(1) : cell;
