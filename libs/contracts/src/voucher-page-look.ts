/*
 * The public voucher page's look in plain CSS and its icons, one copy for both of its drawings: the
 * first HTML the gateway sends (gateway/src/http/voucher-snapshot-card.ts, in a <style> element) and the
 * script's page (frontend/src/features/voucher, the same classes), so the script takes over without
 * moving anything the member reads, and the page needs neither MUI nor Emotion (decision 304). Theme
 * tokens as values (frontend/src/theme/tokens.ts); no zod here: the page's script imports this module.
 */
/** The theme's tokens the page's CSS uses; the script's own rules (buttons, toasts) take them from here too. */
export const VOUCHER_PAGE_TOKENS = {
  NAVY_950: '#050d1c',
  NAVY_900: '#0b1f3a',
  TEXT: '#141b27',
  MUTED: '#5f6b7e',
  DIVIDER: '#dfe3ea',
  DISPLAY: `Montserrat,Inter,"Segoe UI Variable Display","Segoe UI",system-ui,-apple-system,Roboto,sans-serif`,
} as const;
const { NAVY_950, NAVY_900, TEXT, MUTED, DIVIDER, DISPLAY } = VOUCHER_PAGE_TOKENS;
const BODY = `Inter,"Segoe UI Variable","Segoe UI",system-ui,-apple-system,Roboto,"Helvetica Neue",Arial,sans-serif`;

/** The page's classes (`vs-*`): the card, its notices, the code for the till, the not-found panel. */
export const VOUCHER_PAGE_CSS = `body{margin:0}
.vs{min-height:100vh;min-height:100dvh;background-color:${NAVY_900};background-image:radial-gradient(1200px 600px at 85% -10%,#0fa88240 0%,transparent 60%),radial-gradient(900px 500px at -10% 110%,#3a5f9555 0%,transparent 55%),linear-gradient(160deg,${NAVY_950} 0%,${NAVY_900} 55%,#12294a 100%);padding:20px 0;font-family:${BODY};color:${TEXT};line-height:1.6;-webkit-font-smoothing:antialiased}
.vs *{box-sizing:border-box}
.vs-col{width:100%;max-width:460px;margin:0 auto;padding:0 16px}
.vs-brand{display:flex;justify-content:center;align-items:center;gap:10px;margin-bottom:20px;color:#fff;font-family:${DISPLAY};font-weight:800;font-size:1.05rem;letter-spacing:-.01em}
.vs-mark{position:relative;width:32px;height:32px;border-radius:16px;display:grid;place-items:center;background:#1b365f;border:1px solid rgba(255,255,255,.14);font-weight:900;font-size:13.44px;letter-spacing:-.04em}
.vs-mark::after{content:"";position:absolute;top:-3px;right:-3px;width:10px;height:10px;border-radius:50%;background-image:linear-gradient(135deg,#3ddbb3 0%,#0fa882 100%)}
.vs-card{border-radius:18px;background:#fff;box-shadow:0 24px 60px -20px rgba(0,0,0,.55)}
.vs-head{padding:24px 20px 28px;border-radius:18px 18px 0 0;background-image:linear-gradient(135deg,${NAVY_900} 0%,#1b365f 60%,#087a60 140%);color:#fff;overflow:hidden}
.vs-logo{width:76px;height:76px;border-radius:32px;overflow:hidden;display:grid;place-items:center;background:#fff;border:2px solid rgba(255,255,255,.14)}
.vs-logo.vs-initials{background-image:linear-gradient(135deg,#3ddbb3 0%,#0fa882 100%);font-family:${DISPLAY};font-weight:900;font-size:1.9rem;letter-spacing:-.03em;color:${NAVY_950}}
.vs-logo img{width:100%;height:100%;object-fit:contain;padding:8px}
.vs-title{margin:20px 0 0;font-family:${DISPLAY};font-weight:700;font-size:1.5rem;line-height:1.25;letter-spacing:-.02em;overflow-wrap:anywhere}
.vs-type{margin:4px 0 0;color:rgba(255,255,255,.72);font-weight:600;line-height:1.6}
.vs-discount{display:inline-flex;margin-top:20px;padding:8px 18px;border-radius:999px;background-image:linear-gradient(135deg,#3ddbb3 0%,#0fa882 100%);color:${NAVY_950};font-family:${DISPLAY};font-weight:900;font-size:1.6rem;line-height:1.1;letter-spacing:-.01em}
.vs-perf{padding-top:2px;background:#fff}
.vs-perf div{position:relative;height:0;margin:0 20px;border-top:2px dashed ${DIVIDER}}
.vs-perf div::before,.vs-perf div::after{content:"";position:absolute;top:-14px;width:28px;height:28px;border-radius:50%;background:${NAVY_900}}
.vs-perf div::before{left:-34px}.vs-perf div::after{right:-34px}
.vs-body{padding:24px 20px;border-radius:0 0 18px 18px;display:flex;flex-direction:column;gap:20px;background:#fff}
.vs-dl{margin:0;display:grid;grid-template-columns:1fr 1fr;gap:16px}
.vs-dl>div{min-width:0}.vs-dl .vs-wide{grid-column:1/-1}
.vs-dl dt{display:block;color:${MUTED};font-size:.68rem;line-height:1.6;font-weight:800;letter-spacing:.14em;text-transform:uppercase}
.vs-dl dd{margin:0;font-weight:700;font-size:1.05rem;line-height:1.35;overflow-wrap:anywhere}
.vs-usage{display:flex;align-items:center;gap:8px;flex-wrap:wrap}
.vs-badge{display:inline-flex;align-items:center;height:24px;padding:0 8px;border-radius:8px;font-size:.75rem;font-weight:700;border:1px solid #c5ccd8;color:${TEXT}}
.vs-badge-active{background:#067647;color:#fff;border:0}.vs-badge-expired{border-color:#f5a524;color:#f5a524}
.vs-where{padding:16px;border-radius:24px;background:#f5f7fa;border:1px solid ${DIVIDER}}
.vs-where h2{margin:0;font-weight:800;font-size:1rem;line-height:1.6}
.vs-where p{margin:4px 0 0;font-size:.875rem;color:${MUTED}}
.vs-where ul{margin:10px 0 0;padding:0;display:flex;flex-direction:column;gap:12px}
.vs-where li{list-style:none;min-width:0}
.vs-where h3{margin:0 0 2px;font-weight:800;font-size:1.05rem;overflow-wrap:anywhere}
.vs-where a{display:flex;align-items:center;gap:8px;min-height:44px;color:${NAVY_900};font-weight:600;text-decoration:underline;text-underline-offset:3px;overflow-wrap:anywhere}
.vs-where a svg{width:20px;height:20px;flex-shrink:0;color:${MUTED}}
.vs-where a:focus-visible,.vs a:focus-visible{outline:3px solid #0b9474;outline-offset:2px}
.vs-text h2{margin:0;color:${MUTED};font-size:.7rem;font-weight:800;letter-spacing:.14em;line-height:1.8;text-transform:uppercase}
.vs-text p{margin:0;font-size:.875rem;line-height:1.55;white-space:pre-line}
.vs-instructions{padding:16px;border-radius:24px;background:#edfcf7;border:1px solid #d4f7ec}
.vs-alert{position:relative;padding:6px 16px 6px 50px;border-radius:10px;font-size:.875rem;line-height:1.55;background:#fef6e9;color:${TEXT}}
.vs-alert>svg{position:absolute;left:16px;top:13px;width:22px;height:22px;color:#f5a524}
.vs-alert>div{padding:6px 0}
.vs-alert-info{background:#f3f6fa}.vs-alert-info>svg{color:#284a7a}
.vs-alert-success{background:#d1fadf}.vs-alert-success>svg{color:#067647}
.vs-alert strong{display:block}.vs-alert-success strong{display:inline}.vs-alert .vs-alert-title{font-weight:700;font-size:1rem;line-height:1.5;margin:-2px 0 2px}
.vs-slot{min-height:60px}
.vs-till{display:flex;flex-direction:column;align-items:center;gap:8px;text-align:center}
.vs-till h2{margin:0;color:${MUTED};font-size:.7rem;font-weight:800;letter-spacing:.14em;line-height:1.8;text-transform:uppercase}
.vs-staff{padding:16px;border-radius:24px;border:2px solid #14c299}
.vs-staff h2{margin:0;font-family:${DISPLAY};font-weight:700;font-size:1.05rem;line-height:1.35;color:${TEXT};letter-spacing:0;text-transform:none}
.vs-qr{width:200px;aspect-ratio:1;background:#fff;color:#000}.vs-staff .vs-qr{width:min(100%,300px)}
.vs-code{margin:0;font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-weight:700;font-size:1.15rem;letter-spacing:.18em;line-height:1.6}
.vs-staff .vs-code{font-size:1.6rem}
.vs-help{margin:-4px 0 0;font-size:.75rem;line-height:1.66;color:${MUTED}}
.vs-below{margin-top:20px;min-height:48px}
.vs-missing{display:flex;flex-direction:column;align-items:center;gap:12px;padding:40px 24px;text-align:center;border-radius:32px;border:1px dashed ${DIVIDER};background:#fff}
.vs-disc{width:64px;height:64px;border-radius:50%;display:grid;place-items:center;margin-bottom:8px;background:#fee4e2;color:#d92d20}
.vs-disc svg{width:32px;height:32px}
.vs-missing p{margin:0;max-width:440px;font-size:.875rem;line-height:1.55;color:${MUTED}}
.vs-missing .vs-missing-title{font-family:${DISPLAY};font-size:1.2rem;font-weight:700;line-height:1.3;color:${TEXT}}
.vs-missing a{display:inline-flex;align-items:center;margin-top:12px;min-height:42px;padding:0 18px;border-radius:10px;border:1.5px solid #0b1f3a80;color:${NAVY_900};font-size:.875rem;font-weight:700;text-decoration:none}
@media (min-width:600px){.vs-missing{padding:56px 24px}.vs{padding:40px 0}.vs-col{padding:0 24px}.vs-brand{margin-bottom:28px}.vs-head{padding:24px 28px 28px}.vs-body{padding:24px 28px}}`;

/** Material's rounded icons the page draws (24-unit paths): a place's links (20 px), the notices' (22 px), the buttons'. */
export const VOUCHER_ICONS = {
  map: 'M12 2c-4.2 0-8 3.22-8 8.2 0 3.18 2.45 6.92 7.34 11.23.38.33.95.33 1.33 0C17.55 17.12 20 13.38 20 10.2 20 5.22 16.2 2 12 2m0 10c-1.1 0-2-.9-2-2s.9-2 2-2 2 .9 2 2-.9 2-2 2',
  phone:
    'm19.23 15.26-2.54-.29c-.61-.07-1.21.14-1.64.57l-1.84 1.84c-2.83-1.44-5.15-3.75-6.59-6.59l1.85-1.85c.43-.43.64-1.03.57-1.64l-.29-2.52c-.12-1.01-.97-1.77-1.99-1.77H5.03c-1.13 0-2.07.94-2 2.07.53 8.54 7.36 15.36 15.89 15.89 1.13.07 2.07-.87 2.07-2v-1.73c.01-1.01-.75-1.86-1.76-1.98',
  block:
    'M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2M4 12c0-4.42 3.58-8 8-8 1.85 0 3.55.63 4.9 1.69L5.69 16.9C4.63 15.55 4 13.85 4 12m8 8c-1.85 0-3.55-.63-4.9-1.69L18.31 7.1C19.37 8.45 20 10.15 20 12c0 4.42-3.58 8-8 8',
  check:
    'M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2M9.29 16.29 5.7 12.7a.996.996 0 0 1 0-1.41c.39-.39 1.02-.39 1.41 0L10 14.17l6.88-6.88c.39-.39 1.02-.39 1.41 0s.39 1.02 0 1.41l-7.59 7.59c-.38.39-1.02.39-1.41 0',
  notFound:
    'M15.5 14h-.79l-.28-.27c1.2-1.4 1.82-3.31 1.48-5.34-.47-2.78-2.79-4.99-5.58-5.34C6.54 2.58 3.3 5.38 3.03 9h2.02c.24-2.12 1.92-3.8 4.06-3.98C11.65 4.8 14 6.95 14 9.5c0 2.49-2.01 4.5-4.5 4.5-.17 0-.33-.03-.5-.05v2.02l.01.01c1.8.13 3.47-.47 4.72-1.55l.27.28v.79l4.25 4.25c.41.41 1.08.41 1.49 0s.41-1.08 0-1.49z',
  website:
    'M11.99 2C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2m6.93 6h-2.95c-.32-1.25-.78-2.45-1.38-3.56 1.84.63 3.37 1.91 4.33 3.56M12 4.04c.83 1.2 1.48 2.53 1.91 3.96h-3.82c.43-1.43 1.08-2.76 1.91-3.96M4.26 14C4.1 13.36 4 12.69 4 12s.1-1.36.26-2h3.38c-.08.66-.14 1.32-.14 2s.06 1.34.14 2zm.82 2h2.95c.32 1.25.78 2.45 1.38 3.56-1.84-.63-3.37-1.9-4.33-3.56m2.95-8H5.08c.96-1.66 2.49-2.93 4.33-3.56C8.81 5.55 8.35 6.75 8.03 8M12 19.96c-.83-1.2-1.48-2.53-1.91-3.96h3.82c-.43 1.43-1.08 2.76-1.91 3.96M14.34 14H9.66c-.09-.66-.16-1.32-.16-2s.07-1.35.16-2h4.68c.09.65.16 1.32.16 2s-.07 1.34-.16 2m.25 5.56c.6-1.11 1.06-2.31 1.38-3.56h2.95c-.96 1.65-2.49 2.93-4.33 3.56M16.36 14c.08-.66.14-1.32.14-2s-.06-1.34-.14-2h3.38c.16.64.26 1.31.26 2s-.1 1.36-.26 2z',
  cloudOff:
    'M24 15c0-2.64-2.05-4.78-4.65-4.96C18.67 6.59 15.64 4 12 4c-1.33 0-2.57.36-3.65.97l1.49 1.49C10.51 6.17 11.23 6 12 6c3.04 0 5.5 2.46 5.5 5.5v.5H19c1.66 0 3 1.34 3 3 0 .99-.48 1.85-1.21 2.4l1.41 1.41c1.09-.92 1.8-2.27 1.8-3.81M3.71 4.56c-.39.39-.39 1.02 0 1.41l2.06 2.06h-.42c-3.28.35-5.76 3.34-5.29 6.79C.46 17.84 3.19 20 6.22 20h11.51l1.29 1.29c.39.39 1.02.39 1.41 0s.39-1.02 0-1.41L5.12 4.56a.996.996 0 0 0-1.41 0M6 18c-2.21 0-4-1.79-4-4s1.79-4 4-4h1.73l8 8z',
  share:
    'M18 8h-2c-.55 0-1 .45-1 1s.45 1 1 1h2v11H6V10h2c.55 0 1-.45 1-1s-.45-1-1-1H6c-1.1 0-2 .9-2 2v11c0 1.1.9 2 2 2h12c1.1 0 2-.9 2-2V10c0-1.1-.9-2-2-2M12 16c.55 0 1-.45 1-1V5h1.79c.45 0 .67-.54.35-.85l-2.79-2.79c-.2-.2-.51-.2-.71 0L8.85 4.15c-.31.31-.09.85.36.85H11v10c0 .55.45 1 1 1',
  error:
    'M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2m0 11c-.55 0-1-.45-1-1V8c0-.55.45-1 1-1s1 .45 1 1v4c0 .55-.45 1-1 1m1 4h-2v-2h2z',
  close:
    'M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z',
} as const;
