import { VOUCHER_PAGE_TOKENS } from '@avpass/contracts/voucher-page-look';

const { NAVY_900, TEXT, MUTED, DIVIDER } = VOUCHER_PAGE_TOKENS;

/**
 * The member pass's look (issue 43), added by its own chunk when the pass is drawn (the sign-in page
 * never carries it). The QR is black on white with its quiet zone, at least 240 CSS pixels wide (a
 * till's camera reads it off a phone held at arm's length), and never scaled below that.
 */
const PASS_CSS = `
.ms-pass{display:flex;flex-direction:column;align-items:center;gap:12px;padding:16px;margin-bottom:20px;border:1px solid ${DIVIDER};border-radius:18px;background:#fff;text-align:center}
.ms-pass-top{display:flex;flex-direction:column;align-items:center;gap:2px}
.ms-pass-top .ms-h2{margin:0}
.ms-pass-holder{margin:0;font-size:1.25rem;font-weight:800;color:${TEXT}}
.ms-pass-qr{width:min(100%,294px);min-width:240px;background:#fff;color:#000;line-height:0}
.ms-pass-qr svg{display:block;width:100%;height:auto}
.ms-pass-bar{width:min(100%,294px);height:6px;border-radius:3px;background:#e4e8ef;overflow:hidden}
.ms-pass-bar div{height:100%;background:${NAVY_900};transform-origin:left center;transition:transform 1s linear}
@media (prefers-reduced-motion:reduce){.ms-pass-bar div{transition:none}}
.ms-pass-next{margin:0;font-weight:700;color:${TEXT};font-variant-numeric:tabular-nums}
.ms-pass-help{max-width:32em}
.ms-pass-wait{display:flex;flex-direction:column;align-items:center;gap:10px;min-height:120px;justify-content:center;font-weight:700;color:${TEXT}}
.ms-pass-wait p{margin:0}
.ms-pass-wallet{display:flex;flex-wrap:wrap;justify-content:center;gap:8px}
.ms-pass-done{margin:0;color:#05603a;font-weight:600}
.ms-pass-lost{font-size:.95rem}
.ms-dialog{max-width:min(92vw,420px);border:0;border-radius:18px;padding:20px;color:${TEXT}}
.ms-dialog::backdrop{background:rgba(5,13,28,.6)}
.ms-dialog .ms-note{color:${MUTED};margin-bottom:12px}
.ms-dialog-actions{display:flex;flex-wrap:wrap;justify-content:flex-end;gap:8px;margin-top:8px}
`;

export function ensurePassStyle(): void {
  if (typeof document === 'undefined' || document.querySelector('style[data-member-pass]')) return;
  const style = document.createElement('style');
  style.setAttribute('data-member-pass', '');
  style.textContent = PASS_CSS;
  document.head.append(style);
}
