import { brand, displayFontFamily, fontFamily, navy, neutral, radius, red, teal } from '@/theme/tokens';

/**
 * The sign-in screen's look without MUI (issue 40, decision 342): the theme's tokens, drawn as the theme
 * draws its outlined text fields, contained button, card and error alert, so the page that every cashier
 * opens first needs neither MUI nor Emotion. Breakpoints are MUI's (sm 600 px, md 900 px).
 */
const LOGIN_CSS = `
.lg-root{min-height:100dvh;display:grid;grid-template-columns:1fr;font-family:${fontFamily};font-size:1rem;line-height:1.6;color:${neutral[900]};background:${neutral[50]};-webkit-font-smoothing:antialiased;-moz-osx-font-smoothing:grayscale}
.lg-root *,.lg-root *::before,.lg-root *::after{box-sizing:border-box}
.lg-root :focus-visible{outline:3px solid ${brand.focusRing};outline-offset:2px}
.lg-hero{background-image:${brand.heroGradient};color:#fff;padding:20px 20px 96px;display:flex;flex-direction:column;gap:32px}
.lg-top{display:flex;align-items:center;justify-content:space-between;gap:16px}
.lg-home{color:inherit;text-decoration:none;border-radius:${radius.sm}px}
.lg-brand{display:flex;align-items:center;gap:10px;min-width:0}
.lg-tile{position:relative;flex-shrink:0;width:38px;height:38px;border-radius:${radius.sm * 2}px;display:grid;place-items:center;background:${navy[700]};border:1px solid ${brand.glassBorder};color:#fff;font-family:${displayFontFamily};font-weight:900;font-size:15.96px;letter-spacing:-.04em}
.lg-tile::after{content:"";position:absolute;top:-3px;right:-3px;width:10px;height:10px;border-radius:50%;background-image:${brand.accentGradient};box-shadow:${brand.accentGlow}}
.lg-word{font-family:${displayFontFamily};font-weight:800;font-size:1.2rem;letter-spacing:-.01em;white-space:nowrap;line-height:1.6}
.lg-back{display:inline-flex;align-items:center;gap:8px;min-height:34px;padding:4px 18px;border-radius:${radius.sm + 2}px;color:${brand.onDarkMuted};font-size:.8125rem;font-weight:700;letter-spacing:.01em;line-height:1.75;text-decoration:none}
.lg-back:hover{background:rgba(255,255,255,.08)}
.lg-back svg{width:18px;height:18px;margin-left:-2px;fill:currentColor}
.lg-over{color:${teal[300]};font-size:.75rem;font-weight:800;letter-spacing:.14em;line-height:1.8;text-transform:uppercase}
.lg-claim{margin:0;font-family:${displayFontFamily};font-weight:700;font-size:1.5rem;line-height:1.25;letter-spacing:-.02em}
.lg-wide{display:none}
.lg-big{margin:8px 0 16px;max-width:480px;font-family:${displayFontFamily};font-weight:800;font-size:clamp(1.9rem,3vw + .6rem,2.75rem);line-height:1.15;letter-spacing:-.02em}
.lg-points{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:12px}
.lg-points li{display:flex;align-items:center;gap:12px;color:${brand.onDarkMuted}}
.lg-points svg{width:24px;height:24px;flex-shrink:0;fill:${teal[500]}}
.lg-legal{display:none;margin:0;font-size:.75rem;line-height:1.66;letter-spacing:.03333em;color:${brand.onDarkSubtle}}
.lg-side{display:flex;align-items:flex-start;justify-content:center;padding:0 16px 48px;margin-top:-72px}
.lg-card{width:100%;max-width:440px;background:#fff;border:1px solid ${neutral[200]};border-radius:${radius.lg}px;box-shadow:${brand.cardShadow};padding:24px}
.lg-title{margin:0;font-family:${displayFontFamily};font-weight:800;font-size:clamp(1.5rem,2vw + .6rem,2rem);line-height:1.2;letter-spacing:-.02em}
.lg-intro{margin:8px 0 28px}
.lg-form{display:flex;flex-direction:column;gap:20px}
.lg-alert{display:flex;align-items:flex-start;padding:6px 16px;border-radius:${radius.sm + 2}px;background:${red[100]};color:${red[700]};border:1px solid ${red[600]}33;font-size:.875rem;line-height:1.43;letter-spacing:.01071em}
.lg-alert svg{flex-shrink:0;width:22px;height:22px;margin:7px 12px 7px 0;fill:${red[600]};opacity:.9}
.lg-alert p{margin:0;padding:8px 0;min-width:0;overflow:auto}
.lg-field{position:relative;display:flex;flex-direction:column}
.lg-input{width:100%;margin:0;font:inherit;font-size:1rem;line-height:1.4375em;letter-spacing:.00938em;color:${neutral[900]};background:#fff;border:1px solid ${neutral[300]};border-radius:${radius.sm + 2}px;padding:16.5px 14px;height:56px;transition:box-shadow .2s,border-color .2s}
.lg-input:hover{border-color:${neutral[500]}}
.lg-root .lg-input:focus{outline:2px solid ${teal[700]};outline-offset:-2px;border-color:${teal[700]};box-shadow:0 0 0 4px ${teal[100]}}
.lg-input.lg-secret{padding-right:50px}
.lg-label{position:absolute;left:0;top:0;max-width:calc(100% - 24px);padding:0 5px;margin-left:-5px;transform-origin:top left;transform:translate(14px,16px) scale(1);transition:transform .2s,color .2s,background-color .2s;pointer-events:none;color:${neutral[500]};font-weight:500;line-height:1.4375em;letter-spacing:.00938em;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.lg-input:focus~.lg-label,.lg-input:not(:placeholder-shown)~.lg-label,.lg-input:autofill~.lg-label{transform:translate(14px,-9px) scale(.75);max-width:calc(133% - 32px);background:#fff}
.lg-input:focus~.lg-label{color:${navy[600]}}
.lg-eye{position:absolute;right:2px;top:8px;width:40px;height:40px;display:grid;place-items:center;padding:8px;border:0;border-radius:50%;background:none;color:rgba(0,0,0,.54);cursor:pointer}
.lg-eye:hover{background:rgba(0,0,0,.04)}
.lg-root .lg-eye:focus-visible{outline-offset:1px}
.lg-eye svg{width:24px;height:24px;fill:currentColor}
.lg-help{margin:3px 14px 0 2px;font-size:.75rem;font-weight:500;line-height:1.66;letter-spacing:.03333em;color:${red[600]}}
.lg-invalid .lg-input,.lg-invalid .lg-input:hover{border-color:${red[600]}}
/* A field in error keeps the focus ring's colour while focused, as the theme's does, on a red halo. */
.lg-root .lg-invalid .lg-input:focus{border-color:${teal[700]};box-shadow:0 0 0 4px ${red[100]}}
.lg-invalid .lg-label{color:${red[600]}}
.lg-invalid .lg-input:focus~.lg-label{color:${navy[600]}}
.lg-submit{display:inline-flex;align-items:center;justify-content:center;width:100%;min-height:50px;padding:8px 28px;border:0;border-radius:${radius.sm + 2}px;font:inherit;font-size:1rem;font-weight:700;line-height:1.75;letter-spacing:.01em;color:${navy[950]};background-image:${brand.accentGradient};box-shadow:${brand.accentGlow};cursor:pointer;transition:box-shadow .25s,transform .25s,filter .25s}
.lg-submit:hover{filter:brightness(1.05);transform:translateY(-1px)}
.lg-submit:disabled{background:rgba(0,0,0,.12);background-image:none;box-shadow:none;color:rgba(0,0,0,.26);cursor:default;filter:none;transform:none}
.lg-submit svg,.lg-spin{width:22px;height:22px;margin:0 8px 0 -4px;flex-shrink:0;fill:currentColor}
.lg-spin{width:18px;height:18px;margin:0 10px 0 -2px;animation:lg-turn 1.4s linear infinite}
.lg-spin circle{fill:none;stroke:currentColor;stroke-width:3.6;stroke-dasharray:80 200;stroke-linecap:round}
@keyframes lg-turn{to{transform:rotate(360deg)}}
@media (min-width:600px){.lg-hero{padding-left:40px;padding-right:40px}.lg-side{padding:0 32px 48px}.lg-card{padding:36px}}
@media (min-width:900px){.lg-root{grid-template-columns:1.1fr 1fr}.lg-hero{padding:40px 56px}.lg-narrow{display:none}.lg-wide{flex-grow:1;display:flex;flex-direction:column;justify-content:center}.lg-legal{display:block}.lg-side{align-items:center;margin-top:0}}
`;

/** Puts the sign-in screen's CSS in the document once. */
export function ensureLoginStyle(): void {
  if (typeof document === 'undefined' || document.querySelector('style[data-login-look]')) return;
  const style = document.createElement('style');
  style.setAttribute('data-login-look', '');
  style.textContent = LOGIN_CSS;
  document.head.append(style);
}
