/*
 * The voucher page's look in plain CSS, for the first HTML (gateway/src/http/voucher-snapshot-card.ts):
 * the same boxes, sizes and colours as the React page (frontend/src/features/voucher, theme tokens), so
 * the script's page replaces it without moving what the member is reading. Styles only: the CSP allows
 * inline styles (MUI injects them too); scripts stay 'self'.
 */
const NAVY_950 = '#050d1c';
const NAVY_900 = '#0b1f3a';
const TEXT = '#141b27';
const MUTED = '#5f6b7e';
const DIVIDER = '#dfe3ea';
const DISPLAY = `Montserrat,Inter,"Segoe UI Variable Display","Segoe UI",system-ui,-apple-system,Roboto,sans-serif`;
const BODY = `Inter,"Segoe UI Variable","Segoe UI",system-ui,-apple-system,Roboto,"Helvetica Neue",Arial,sans-serif`;

export const SNAPSHOT_STYLE = `<style>
body{margin:0}
.vs{min-height:100vh;min-height:100dvh;background-color:${NAVY_900};background-image:radial-gradient(1200px 600px at 85% -10%,#0fa88240 0%,transparent 60%),radial-gradient(900px 500px at -10% 110%,#3a5f9555 0%,transparent 55%),linear-gradient(160deg,${NAVY_950} 0%,${NAVY_900} 55%,#12294a 100%);padding:20px 0;font-family:${BODY};color:${TEXT};line-height:1.5;-webkit-font-smoothing:antialiased}
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
.vs-where h2{margin:0;font-weight:800;font-size:1rem;line-height:1.5}
.vs-where p{margin:4px 0 0;font-size:.875rem;color:${MUTED}}
.vs-where ul{margin:10px 0 0;padding:0;display:flex;flex-direction:column;gap:12px}
.vs-where li{list-style:none;min-width:0}
.vs-where h3{margin:0 0 2px;font-weight:800;font-size:1.05rem;overflow-wrap:anywhere}
.vs-where a{display:flex;align-items:center;gap:8px;min-height:44px;color:${NAVY_900};font-weight:600;text-decoration:underline;text-decoration-color:#14c299;text-underline-offset:3px;overflow-wrap:anywhere}
.vs-where a svg{width:20px;height:20px;flex-shrink:0;color:${MUTED}}
.vs-where a:focus-visible,.vs a:focus-visible{outline:3px solid #0b9474;outline-offset:2px}
.vs-text h2{margin:0;color:${MUTED};font-size:.7rem;font-weight:800;letter-spacing:.14em;line-height:2.66;text-transform:uppercase}
.vs-text p{margin:0;font-size:.875rem;line-height:1.55;white-space:pre-line}
.vs-instructions{padding:16px;border-radius:24px;background:#edfcf7;border:1px solid #d4f7ec}
.vs-alert{position:relative;padding:6px 16px 6px 50px;border-radius:10px;font-size:.875rem;line-height:1.43;background:#fef6e9;color:${TEXT}}
.vs-alert>svg{position:absolute;left:16px;top:13px;width:22px;height:22px;color:#f5a524}
.vs-alert>div{padding:6px 0}
.vs-alert-info{background:#f3f6fa}.vs-alert-info>svg{color:#284a7a}
.vs-alert-success{background:#d1fadf}.vs-alert-success>svg{color:#067647}
.vs-alert strong{display:block}.vs-alert .vs-alert-title{font-weight:700;font-size:1rem;line-height:1.5;margin:-2px 0 2px}
.vs-slot{min-height:60px}
.vs-till{display:flex;flex-direction:column;align-items:center;gap:8px;text-align:center}
.vs-till h2{margin:0;color:${MUTED};font-size:.7rem;font-weight:800;letter-spacing:.14em;line-height:2.66;text-transform:uppercase}
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
.vs-missing a{display:inline-flex;align-items:center;margin-top:12px;min-height:50px;padding:0 28px;border-radius:10px;border:1.5px solid #0b1f3a80;color:${NAVY_900};font-size:1rem;font-weight:700;text-decoration:none}
@media (min-width:600px){.vs-missing{padding:56px 24px}.vs{padding:40px 0}.vs-col{padding:0 24px}.vs-brand{margin-bottom:28px}.vs-head{padding:24px 28px 28px}.vs-body{padding:24px 28px}}
</style><noscript><style>.vs-slot,.vs-below{display:none}</style></noscript>`;
