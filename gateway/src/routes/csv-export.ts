import type { FastifyReply } from 'fastify';
import { Readable } from 'node:stream';
import { csvRow, type CsvCell } from './csv';
import { attachment } from './rendering.controller';

/** A CSV export read from a service one page at a time (each page one call). */
export interface PagedCsv<Page> {
  header: CsvCell[];
  /** The request's query as sent: its own `limit` and `cursor` are dropped, the rest are the filters. */
  query: unknown;
  /** One page of the export for these filters (and the cursor of the page before). */
  fetchPage: (filters: Record<string, unknown>) => Promise<Page>;
  /** A page's CSV lines, each ending in CRLF. */
  lines: (page: Page) => string[];
  nextCursor: (page: Page) => string | null;
  /** The download's name, from the first page (an export may name its range). */
  fileName: (first: Page) => string;
}

/**
 * Streams a paged export as an RFC 4180 CSV download, so no process holds more than a page. The first
 * page is fetched before the answer starts, so a bad query is still a 400 with its message.
 */
export async function sendPagedCsv<Page>(reply: FastifyReply, csv: PagedCsv<Page>): Promise<void> {
  const sent = (csv.query && typeof csv.query === 'object' ? csv.query : {}) as Record<string, unknown>;
  const { limit: _limit, cursor: _cursor, ...filters } = sent;
  const first = await csv.fetchPage(filters);
  async function* body(): AsyncGenerator<string> {
    yield `\ufeff${csvRow(csv.header)}`;
    let page = first;
    for (;;) {
      const lines = csv.lines(page);
      if (lines.length) yield lines.join('');
      const cursor = csv.nextCursor(page);
      if (!cursor) return;
      page = await csv.fetchPage({ ...filters, cursor });
    }
  }
  await reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', attachment(csv.fileName(first)))
    .header('cache-control', 'private, no-store')
    .send(Readable.from(body()));
}
