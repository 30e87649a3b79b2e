import Papa from 'papaparse';

/**
 * CSV as rows of cells, through papaparse (the one CSV reader, ARCHITECTURE.md): quoted fields,
 * doubled quotes, CRLF or LF, and a comma or semicolon separator guessed from the first line. The
 * historical import's mapping step on the page and the import on the server read a file the same way.
 */
export function parseCsv(text: string): string[][] {
  // One line ending throughout: papaparse takes the first line's, and files mix them.
  const body = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const firstLine = body.slice(0, body.search(/\r?\n|$/));
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  const { data } = Papa.parse<string[]>(body, { delimiter, newline: '\n', skipEmptyLines: false });
  // Blank lines (a trailing newline, spacing) are not rows.
  return data.filter((cells) => cells.some((cell) => cell.trim() !== ''));
}
