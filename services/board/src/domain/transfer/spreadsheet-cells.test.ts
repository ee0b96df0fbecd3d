import { fromSpreadsheetSafe, spreadsheetSafe } from './spreadsheet-cells';

describe('spreadsheet-safe cells', () => {
  it.each(['=1+1', '+1', '-1', '@A1', '\tcmd', '\rcmd', "'=x", "''+x"])('quotes %j and gives it back', (cell) => {
    expect(spreadsheetSafe(cell)).toBe(`'${cell}`);
    expect(fromSpreadsheetSafe(spreadsheetSafe(cell))).toBe(cell);
  });

  it.each(['plain', "it's", "'quoted", '1-2', 'a=b', ''])('leaves %j as it is, both ways', (cell) => {
    expect(spreadsheetSafe(cell)).toBe(cell);
    expect(fromSpreadsheetSafe(cell)).toBe(cell);
  });
});
