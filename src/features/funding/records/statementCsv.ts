import { istDay } from '../../../../contract/calendar.ts';
import { apiBasePath, sessionHeaders } from '../../../../contract/envelope.ts';
import { statementCsvPath, statementPdfPath } from '../../../../contract/funding.ts';
import type { ReaderLanguage } from '../../../../contract/language.ts';
import { session } from '../../auth/sessionStore.ts';

// The statement as a CSV or PDF file: a plain GET (not a JSON command) that needs the session
// headers, so it is fetched and saved from a blob rather than opened as a link.

/** Today in IST (statement days are IST days), whatever the device's zone. */
export function istToday(now: Date = new Date()): string {
  return istDay(now.getTime());
}

/** The default range: the first of this month to today, in IST. */
export function thisMonthRange(now: Date = new Date()): { from: string; to: string } {
  const today = istToday(now);
  return { from: `${today.slice(0, 8)}01`, to: today };
}

export type DownloadResult = { ok: true } | { ok: false; msg: string | null };

export type StatementFormat = 'csv' | 'pdf';
const statementPaths: Record<StatementFormat, string> = { csv: statementCsvPath, pdf: statementPdfPath };

/** Fetches the statement for [from, to] as a CSV or PDF (same query), its reasons written in `language`, and hands it to the browser as a file. */
export async function downloadStatement(format: StatementFormat, from: string, to: string, language: ReaderLanguage): Promise<DownloadResult> {
  const url = new URL(`${apiBasePath}${statementPaths[format]}`, window.location.href);
  url.searchParams.set('from', from);
  url.searchParams.set('to', to);
  url.searchParams.set('lang', language);
  const headers: Record<string, string> = {};
  if (session.token && session.account) {
    headers[sessionHeaders.token] = session.token;
    headers[sessionHeaders.account] = session.account;
  }
  let response: Response;
  try {
    response = await fetch(url.toString(), { headers });
  } catch {
    return { ok: false, msg: null };
  }
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || type.includes('application/json')) {
    // A refusal comes back as the usual envelope; its key is translated by the caller.
    const body = (await response.json().catch(() => null)) as { msg?: unknown } | null;
    return { ok: false, msg: typeof body?.msg === 'string' ? body.msg : response.status === 401 ? 'not_logged_in' : null };
  }
  saveFile(await response.blob(), `ledgerline-statement-${from}-to-${to}.${format}`);
  return { ok: true };
}

function saveFile(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns: free it a moment later.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
