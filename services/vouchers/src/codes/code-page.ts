import type { CodeSort, SortOrder } from '@avpass/contracts';
import type { VoucherStatus } from '@avpass/domain';
import type { QrCode } from './qr-code.entity';

export interface PageWindow {
  limit: number;
  offset: number;
  search?: string | undefined;
  /** The previous page's nextCursor (keyset); when given, offset is not used. */
  cursor?: string | undefined;
  /** No row after this cursor's row (the end of a range). */
  until?: string | undefined;
  /**
   * The search matches many codes: read the page along the list's index, filtering as it goes,
   * rather than every match through the trigram index and a sort.
   */
  searchInListOrder?: boolean;
  /** The table's sort (issue 27); absent: the list's own order (newest or oldest first). */
  sort?: { sort: CodeSort; order: SortOrder } | undefined;
}

/** Narrows a page of codes further. */
export interface CodeFilter {
  /** Made for this vendor (vendor_id) or assigned to it. */
  vendorId?: string;
  /** The vendor holds many of the codes: its assignment is checked row by row (assignedRowSql). */
  vendorDense?: boolean;
  batchId?: string;
  /** Only codes of this status on the business day `today` ('YYYY-MM-DD'), as the table shows it. */
  status?: { status: VoucherStatus; today: string } | undefined;
}

/** A page of rows and the cursor of the page after it (null when this is the last). */
export interface KeysetPage<T> {
  rows: T[];
  nextCursor: string | null;
}

/** A page that can also be cut short: the cursor of the page that starts after row `index`. */
export type CuttableKeysetPage<T> = KeysetPage<T> & { cursorAfter(index: number): string };

/** What a bare QR render needs of a code: its link, and the two fields its title comes from. */
export type CodeLink = Pick<QrCode, 'id' | 'qrUrl' | 'clinicName' | 'customTitle'>;
