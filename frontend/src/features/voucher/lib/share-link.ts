/** What the Share button hands to the phone's share sheet. */
export interface SharedLink {
  title: string;
  text: string;
  url: string;
}

/**
 * How a share ended: sent to the share sheet, cancelled there by the member (not an error), copied to
 * the clipboard, or neither possible (the page then shows the link selected, to copy by hand).
 */
export type ShareOutcome = 'shared' | 'cancelled' | 'copied' | 'manual';

/** The browser features a share uses (the Web Share API and the async clipboard), all optional. */
export interface ShareCapabilities {
  share?: (data: SharedLink) => Promise<void>;
  canShare?: (data: SharedLink) => boolean;
  clipboard?: { writeText: (text: string) => Promise<void> };
}

const isAbort = (error: unknown) => error instanceof Error && error.name === 'AbortError';

/**
 * Shares the voucher's link: the share sheet when the browser has one (a phone), else the link
 * copied. Called straight from the tap, before any other await: Safari allows both only inside the
 * user's gesture. A share sheet that refuses (not allowed, no target) falls back to copying.
 */
export async function shareLink(link: SharedLink, browser: ShareCapabilities): Promise<ShareOutcome> {
  if (browser.share && (!browser.canShare || browser.canShare(link))) {
    try {
      await browser.share(link);
      return 'shared';
    } catch (error) {
      if (isAbort(error)) return 'cancelled';
    }
  }
  if (browser.clipboard) {
    try {
      await browser.clipboard.writeText(link.url);
      return 'copied';
    } catch {
      // Refused (no permission, an insecure page over plain http): the member copies it by hand.
    }
  }
  return 'manual';
}
