import type { ReactNode } from 'react';

/** The brand's name and mark: the same in every language. */
const BRAND_NAME = 'AV Pass';
const BRAND_MARK = 'AV';

/** The voucher page's frame: the brand, then one card with a dark head and a white body, then `after`. */
export function MemberFrame({
  head,
  children,
  after,
}: {
  head: ReactNode;
  children: ReactNode;
  after?: ReactNode;
}) {
  return (
    <div className="vs">
      <div className="vs-col">
        <div className="vs-brand" aria-hidden="true">
          <span className="vs-mark">{BRAND_MARK}</span>
          <span>{BRAND_NAME}</span>
        </div>
        <div className="vs-card">
          <div className="vs-head">{head}</div>
          <div className="vs-body">{children}</div>
        </div>
        {after}
      </div>
    </div>
  );
}
