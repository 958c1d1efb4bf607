import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { formatMinorAmount } from '../../contract/currencies.ts';
import { formatMoney } from '../../contract/money.ts';
import type { StatementLine } from '../funding/statementCsv.ts';

// The statement as a PDF: the CSV's lines, amounts grouped as their currency is written
// (rupees in lakh and crore), times in IST. pdf-lib's standard fonts cover WinAnsi only and
// no CJK or Hangul font can be embedded without an extra font engine, so the PDF is written
// in English with ASCII-safe text (docs/statements.md); the CSV carries the reader's language.

const pageSize: [number, number] = [595.28, 841.89]; // A4
const margin = 40;
const lineHeight = 14;
const columns = [
  { title: 'Date (IST)', x: 0, width: 100 },
  { title: 'Transfer', x: 102, width: 48 },
  { title: 'Reason', x: 152, width: 170 },
  { title: 'Change', x: 324, width: 80, right: true },
  { title: 'Balance', x: 406, width: 84, right: true },
  { title: 'Cur.', x: 492, width: 24 },
] as const;

/** Only characters the standard fonts can draw: the rupee sign as "Rs", anything else outside ASCII as "?". */
export function pdfSafeText(text: string): string {
  return text.replace(/₹/g, 'Rs ').replace(/[‐-―]/g, '-').replace(/[^\x20-\x7e]/g, '?');
}

const grouped = (minor: bigint, currency: StatementLine['currency']) => formatMoney(formatMinorAmount(minor, currency), currency, { symbol: false });

/** A line's cells as the PDF writes them: amounts grouped as their currency is (₹12,34,567.00 in lakh and crore). */
export const pdfRowCells = (line: StatementLine): string[] =>
  [line.time, line.transferId, line.reason, line.change === null ? '' : grouped(line.change, line.currency), grouped(line.balance, line.currency), line.currency].map(pdfSafeText);

function fit(text: string, font: PDFFont, size: number, width: number): string {
  if (font.widthOfTextAtSize(text, size) <= width) return text;
  let cut = text;
  while (cut.length > 1 && font.widthOfTextAtSize(`${cut}...`, size) > width) cut = cut.slice(0, -1);
  return `${cut}...`;
}

export async function statementPdf(options: { account: string; from: string; to: string; lines: readonly StatementLine[]; fingerprint: string; generatedAt: string }): Promise<Buffer> {
  const document = await PDFDocument.create();
  document.setTitle(`Ledgerline statement ${options.from} to ${options.to}`);
  document.setProducer('Ledgerline');
  const font = await document.embedFont(StandardFonts.Helvetica);
  const bold = await document.embedFont(StandardFonts.HelveticaBold);
  let page: PDFPage = document.addPage(pageSize);
  let y = pageSize[1] - margin;
  const write = (text: string, x: number, size = 9, face = font) => page.drawText(pdfSafeText(text), { x: margin + x, y, size, font: face, color: rgb(0.1, 0.1, 0.1) });
  const tableHeader = () => {
    for (const column of columns) write(column.title, column.x, 9, bold);
    y -= lineHeight;
  };

  write('Ledgerline account statement', 0, 16, bold);
  y -= 22;
  write(`Account ${options.account}    Period ${options.from} to ${options.to} (IST)    Generated ${options.generatedAt} IST`, 0);
  y -= lineHeight;
  write('Cash (available and frozen). Each amount is in the currency of its line; rupees are grouped in lakh and crore.', 0);
  y -= lineHeight;
  write(`Signed with Ed25519; check with scripts/verify-statement.ts and the key on the About page (fingerprint ${options.fingerprint}).`, 0, 7);
  y -= lineHeight * 1.5;
  tableHeader();
  for (const line of options.lines) {
    if (y < margin + lineHeight) {
      page = document.addPage(pageSize);
      y = pageSize[1] - margin;
      tableHeader();
    }
    const face = line.transferId === '' ? bold : font;
    const cells = pdfRowCells(line);
    columns.forEach((column, index) => {
      const text = fit(cells[index]!, face, 8, column.width);
      const offset = 'right' in column ? column.width - face.widthOfTextAtSize(text, 8) : 0;
      write(text, column.x + offset, 8, face);
    });
    y -= lineHeight;
  }
  return Buffer.from(await document.save());
}
