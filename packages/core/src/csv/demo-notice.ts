/**
 * Exports made while the server runs in demo mode (the bundled snapshot's simulated prices, issue
 * 10) say so: in the file name, and in the file. No comma in the text, so a spreadsheet shows the
 * notice in one cell and a reader that skips `#` comment lines skips all of it.
 */
export const demoExportNotice =
  'Demo data — simulated prices (not real): this server has never reached a real market-data provider';

/** The notice as a first `#` line; our own import looks for its header below it. */
export function withDemoNotice(csv: string): string {
  return `# ${demoExportNotice}\r\n${csv}`;
}

/** `report.csv` → `report-demo-data.csv`. */
export function demoFilename(filename: string): string {
  return filename.replace(/(\.csv)?$/, '-demo-data$1');
}
