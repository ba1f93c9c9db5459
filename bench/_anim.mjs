import { chromium } from 'playwright-core';
import { execSync } from 'node:child_process';
const base = process.argv[2]; const reduce = process.argv[3] === 'reduce'; const path = process.argv[4] ?? '/dashboard';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox','--disable-background-networking','--disable-gpu','--no-first-run','--disable-component-update','--disable-sync'] });
const ctx = await browser.newContext({ viewport: { width: 1366, height: 900 }, reducedMotion: reduce ? 'reduce' : 'no-preference' });
const page = await ctx.newPage();
await page.goto(base + '/login');
await page.locator('input[name="username"]').fill('admin');
await page.locator('input[name="password"]').fill('e2e-admin-password');
await page.getByRole('button', { name: 'Sign in' }).click();
await page.waitForURL(u => !u.pathname.startsWith('/login'));
await page.goto(base + path); await page.waitForTimeout(3000);
const cpu = () => {
  const rows = execSync('ps -eo pid=,ppid=,times=').toString().trim().split('\n').map(l => l.trim().split(/\s+/).map(Number));
  const mine = new Set([process.pid]); let grew = true;
  while (grew) { grew = false; for (const [pid, ppid] of rows) if (mine.has(ppid) && !mine.has(pid)) { mine.add(pid); grew = true; } }
  return rows.filter(([pid]) => mine.has(pid) && pid !== process.pid).reduce((s, r) => s + r[2], 0);
};
const a = cpu(); await page.waitForTimeout(20000); const b = cpu();
console.log(path, reduce ? 'reduce' : 'motion', 'chromium CPU-s in 20 s idle:', b - a);
await browser.close();
