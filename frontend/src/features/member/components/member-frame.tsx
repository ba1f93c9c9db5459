import type { ReactNode } from 'react';

/** The voucher page's frame: the brand, then one card with a dark head and a white body. */
export function MemberFrame({ head, children }: { head: ReactNode; children: ReactNode }) {
  return (
    <div className="vs">
      <div className="vs-col">
        <div className="vs-brand" aria-hidden="true">
          <span className="vs-mark">AV</span>
          <span>AV Pass</span>
        </div>
        <div className="vs-card">
          <div className="vs-head">{head}</div>
          <div className="vs-body">{children}</div>
        </div>
      </div>
    </div>
  );
}
