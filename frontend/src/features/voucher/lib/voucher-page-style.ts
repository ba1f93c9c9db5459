import { VOUCHER_PAGE_CSS, VOUCHER_PAGE_TOKENS } from '@avpass/contracts/voucher-page-look';

const { NAVY_950, NAVY_900, TEXT, MUTED, DIVIDER, DISPLAY } = VOUCHER_PAGE_TOKENS;
const ERROR = '#d92d20';
const FOCUS = '#0b9474';

/**
 * What only the script's page draws, beside the classes it shares with the first HTML: the buttons (as
 * the theme's MuiButton: contained secondary, outlined, text), Redeem's question and sale field, the
 * toasts, Share, the wallet badges, the trainer's header, the loading outline.
 */
const SCRIPT_CSS = `
:where(:focus-visible){outline:3px solid ${FOCUS};outline-offset:2px}
.vs ::selection{background-color:#d4f7ec;color:${NAVY_950}}
@media (prefers-reduced-motion:reduce){.vs *,.vs-toast *{transition-duration:.01ms!important;animation-duration:.01ms!important}}
.vs-icon{width:20px;height:20px;flex-shrink:0}
.vs-action{display:flex;flex-direction:column;gap:16px}
.vs-btn{display:inline-flex;align-items:center;justify-content:center;gap:8px;width:100%;min-height:42px;padding:8px 22px;border:0;border-radius:10px;background:none;font:inherit;font-size:.9375rem;font-weight:700;letter-spacing:.01em;line-height:1.75;color:${NAVY_900};cursor:pointer;text-decoration:none;transition:background-color .25s,box-shadow .25s,transform .25s,border-color .25s}
.vs-btn:focus-visible{outline:3px solid ${FOCUS};outline-offset:2px}
.vs-btn:disabled{cursor:default;pointer-events:none}
.vs-btn-text:hover{background-color:rgba(11,31,58,.04)}
.vs-confirm .vs-btn-text{min-height:48px}
.vs-btn-cta{min-height:60px;font-size:1.1rem;border-radius:24px;background-color:#14c299;background-image:linear-gradient(135deg,#3ddbb3 0%,#0fa882 100%);box-shadow:0 10px 30px -10px #14c29999;color:${NAVY_950}}
.vs-btn-cta:hover{filter:brightness(1.05);transform:translateY(-1px)}
.vs-btn-cta:disabled{background:rgba(0,0,0,.12);box-shadow:none;color:rgba(0,0,0,.26)}
.vs-btn-glass{min-height:48px;border-radius:24px;border:1px solid rgba(255,255,255,.14);background:rgba(255,255,255,.06);color:#fff}
.vs-btn-glass:hover{border-color:rgba(255,255,255,.5)}
.vs-btn-small{width:auto;min-height:30px;padding:4px 10px;font-size:.8125rem}
.vs-btn-contained{width:auto;margin-top:12px;background:${NAVY_900};color:#fff}
.vs-spin{width:20px;height:20px;border-radius:50%;border:3px solid currentColor;border-right-color:transparent;animation:vs-spin 1s linear infinite}
@keyframes vs-spin{to{transform:rotate(360deg)}}
.vs-confirm{display:flex;flex-direction:column;gap:12px;padding:16px;border-radius:24px;border:2px solid #14c299}
.vs-confirm-q{text-align:center}
.vs-confirm-q p{margin:0;color:${MUTED};line-height:1.6}
.vs-confirm-q .vs-h6{font-family:${DISPLAY};font-weight:700;font-size:1.05rem;line-height:1.35;color:${TEXT}}
.vs-confirm label{font-weight:600;line-height:1.6}
.vs-input{font:inherit;font-size:1.1rem;padding:12px;border-radius:16px;border:1px solid ${DIVIDER};color:${TEXT};background:#fff}
.vs-input:focus-visible{outline:3px solid ${FOCUS};outline-offset:2px}
.vs-input[aria-invalid=true]{border-color:${ERROR}}
.vs-field-help{margin:-8px 0 0;font-size:.875rem;line-height:1.55;color:${MUTED}}
.vs-field-help.vs-error{color:${ERROR}}
.vs-below-js{margin-top:20px;display:flex;flex-direction:column;gap:16px}
.vs-share{display:flex;flex-direction:column;gap:8px}
.vs-share input{font:inherit;padding:12px;border-radius:16px;border:1px solid rgba(255,255,255,.14);background:#fff;color:${TEXT}}
.vs-wallet{display:flex;flex-wrap:wrap;justify-content:center;align-items:center;gap:8px}
.vs-wallet a,.vs-wallet button{display:inline-flex;align-items:center;justify-content:center;min-height:44px;padding:0;border:0;border-radius:10px;background:none;cursor:pointer}
.vs-wallet a:focus-visible,.vs-wallet button:focus-visible{outline:3px solid ${FOCUS};outline-offset:3px}
.vs-wallet [aria-busy=true]{opacity:.7;cursor:progress}
.vs-trainer{display:flex;align-items:center;gap:16px}
.vs-trainer>div{min-width:0}
.vs-photo{width:76px;height:76px;flex-shrink:0;border-radius:50%;overflow:hidden;display:grid;place-items:center;font-size:1.6rem;background-image:linear-gradient(135deg,#3ddbb3 0%,#0fa882 100%);color:${NAVY_950};border:3px solid #7ce9cd}
.vs-photo img{width:100%;height:100%;object-fit:cover}
.vs-trainer p{margin:0}
.vs-trainer .vs-trainer-name{font-family:${DISPLAY};font-weight:700;font-size:1.2rem;line-height:1.2;color:#fff}
.vs-trainer .vs-trainer-role{color:#7ce9cd;font-weight:700;line-height:1.6}
.vs-trainer .vs-trainer-member{font-size:.75rem;line-height:1.66;color:rgba(255,255,255,.72);font-weight:600}
.vs-where .vs-place-name{display:flex;align-items:center;gap:10px;margin-bottom:2px}
.vs-where .vs-place-name h3{margin:0}
.vs-place-name img{width:28px;height:28px;object-fit:contain;border-radius:4px;flex-shrink:0}
.vs-where .vs-btn{margin-top:8px;min-height:44px;text-decoration:none}
.vs-bone{display:block;height:1.2em;margin:4px 0;border-radius:4px;background:rgba(0,0,0,.11);animation:vs-pulse 1.5s ease-in-out .5s infinite}
.vs-head .vs-bone{background:rgba(255,255,255,.14)}
@keyframes vs-pulse{50%{opacity:.4}}
.vs-toast{position:fixed;z-index:1400;top:8px;left:8px;right:8px}
.vs-toast>div{display:flex;align-items:flex-start;gap:12px;padding:6px 8px 6px 16px;border-radius:10px;background:${NAVY_900};color:#fff;font-size:.875rem;line-height:1.43;box-shadow:0 2px 4px rgba(16,24,40,.06),0 16px 32px -8px rgba(11,31,58,.18)}
.vs-toast>div>svg{width:22px;height:22px;margin-top:7px;flex-shrink:0;color:#14c299}
.vs-toast>div[data-kind=destructive]{background:${ERROR}}
.vs-toast>div[data-kind=destructive]>svg{color:#fff}
.vs-toast .vs-toast-text{flex:1;min-width:0;padding:8px 0}
.vs-toast .vs-alert-title{font-weight:700;font-size:1rem;line-height:1.5;margin:-2px 0 2px}
.vs-toast button{display:grid;place-items:center;width:34px;height:34px;margin-top:2px;padding:5px;border:0;border-radius:50%;background:none;color:inherit;cursor:pointer}
.vs-toast button:focus-visible{outline:3px solid #fff}
@media (min-width:600px){.vs-toast{top:auto;bottom:24px;left:24px;right:auto;max-width:420px}}
`;

/**
 * Adds the page's CSS once: the classes it shares with the first HTML only when the gateway's copy is
 * not there (the page opened from within the app, or the plain index.html), then its own.
 */
export function ensureVoucherPageStyle(): void {
  if (typeof document === 'undefined' || document.querySelector('style[data-voucher-page-script]')) return;
  const style = document.createElement('style');
  style.setAttribute('data-voucher-page-script', '');
  const shared = document.querySelector('style[data-voucher-page-style]') ? '' : VOUCHER_PAGE_CSS;
  style.textContent = shared + SCRIPT_CSS;
  document.head.append(style);
}
