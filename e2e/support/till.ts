import type { Browser, BrowserContext, Page } from 'playwright-core';
import { newPhoneContext, signIn } from './browser';
import type { StaffUser } from './partners';

// The till's steps every till file takes: a partner's staff member signs in on a phone (their
// dashboard first, as every partner's sign-in lands there) and opens /till.

/** Signs the staff member in and waits for their dashboard. */
export async function signInStaff(page: Page, baseUrl: string, staff: StaffUser): Promise<void> {
  await signIn(page, baseUrl, staff.username, staff.password);
  await page.waitForURL(`${baseUrl}/company-dashboard`);
}

/** Signs the staff member in and opens the till (its heading drawn). */
export async function openTill(page: Page, baseUrl: string, staff: StaffUser): Promise<void> {
  await signInStaff(page, baseUrl, staff);
  await page.goto(`${baseUrl}/till`);
  await page.getByRole('heading', { name: 'Till', level: 1 }).waitFor();
}

/** A phone (PHONE, touch, 2×) in `browser`, the camera allowed when asked, and a tab in it. */
export async function tillPhone(
  browser: Browser,
  baseUrl: string,
  grantCamera = false,
): Promise<{ phone: BrowserContext; tab: Page }> {
  const phone = await newPhoneContext(browser);
  if (grantCamera) await phone.grantPermissions(['camera'], { origin: baseUrl });
  return { phone, tab: await phone.newPage() };
}
