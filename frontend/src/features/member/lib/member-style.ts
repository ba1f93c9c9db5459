import { VOUCHER_PAGE_CSS, VOUCHER_PAGE_TOKENS } from '@avpass/contracts/voucher-page-look';

const { NAVY_950, NAVY_900, TEXT, MUTED, DIVIDER, DISPLAY } = VOUCHER_PAGE_TOKENS;
const ERROR = '#b42318';
const FOCUS = '#0b9474';

/**
 * The member's screens draw as the voucher page does (decision 304): plain elements, the voucher
 * page's classes (`vs-*`, voucher-page-look) and a few of their own (`ms-*`), no MUI or Emotion.
 */
const MEMBER_CSS = `
:where(:focus-visible){outline:3px solid ${FOCUS};outline-offset:2px}
.ms-h1{margin:0;font-family:${DISPLAY};font-weight:700;font-size:1.45rem;line-height:1.25;color:#fff}
.ms-sub{margin:6px 0 0;color:rgba(255,255,255,.8);line-height:1.5}
.ms-h2{margin:0 0 10px;font-family:${DISPLAY};font-weight:700;font-size:1.1rem;color:${TEXT}}
.ms-form{display:flex;flex-direction:column;gap:10px}
.ms-form label{font-weight:600}
.ms-input{font:inherit;font-size:1.05rem;padding:12px;border-radius:14px;border:1px solid #8a94a6;color:${TEXT};background:#fff;width:100%}
.ms-input[aria-invalid=true]{border-color:${ERROR}}
.ms-btn{display:inline-flex;align-items:center;justify-content:center;min-height:48px;padding:10px 20px;border:0;border-radius:24px;font:inherit;font-weight:700;cursor:pointer;background:${NAVY_900};color:#fff;text-decoration:none}
.ms-btn:disabled{opacity:.6;cursor:progress}
.ms-btn-quiet{background:none;color:${NAVY_900};border:1px solid ${DIVIDER}}
.ms-error{margin:0;color:${ERROR};font-size:.95rem}
.ms-note{margin:0;color:${MUTED};line-height:1.55}
.ms-rule{border:0;border-top:1px solid ${DIVIDER};margin:4px 0}
.ms-list{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:10px}
.ms-item{display:block;padding:14px 16px;border-radius:14px;border:1px solid ${DIVIDER};color:${TEXT};text-decoration:none;background:#fff}
.ms-item:hover{border-color:${NAVY_900}}
.ms-item-top{display:flex;justify-content:space-between;gap:10px;align-items:baseline}
.ms-item-title{font-weight:700;overflow-wrap:anywhere}
.ms-item-discount{flex-shrink:0;padding:2px 10px;border-radius:999px;background:#d4f7ec;color:${NAVY_950};font-weight:800}
.ms-item-meta{margin:4px 0 0;color:${MUTED};font-size:.92rem}
.ms-done .ms-item-discount{background:#eceff3}
.ms-credit{display:flex;justify-content:space-between;padding:12px 16px;border-radius:14px;background:#f1f4f8;font-weight:700}
.ms-stack{display:flex;flex-direction:column;gap:12px;align-items:flex-start}
.ms-stack .ms-h2{margin:0}
.ms-bar{display:flex;justify-content:space-between;align-items:center;gap:10px}
`;

export function ensureMemberPageStyle(): void {
  if (typeof document === 'undefined' || document.querySelector('style[data-member-page]')) return;
  const style = document.createElement('style');
  style.setAttribute('data-member-page', '');
  const shared = document.querySelector('style[data-voucher-page-style],style[data-voucher-page-script]')
    ? ''
    : VOUCHER_PAGE_CSS;
  style.textContent = shared + MEMBER_CSS;
  document.head.append(style);
}
