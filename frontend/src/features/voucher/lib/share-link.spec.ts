import { describe, expect, it, vi } from 'vitest';
import { shareLink, type SharedLink } from './share-link';

const LINK: SharedLink = {
  title: 'Harbor Physio Recovery',
  text: 'Harbor Physio Recovery: 20% OFF',
  url: 'https://club.example/voucher/3f1c2a4e-8b7d-4c1a-9e2f-0a1b2c3d4e5f',
};

const domError = (name: string) => Object.assign(new Error(name), { name });

describe('sharing a voucher link', () => {
  it("opens the phone's share sheet with the voucher's title, text and link", async () => {
    const share = vi.fn(async () => undefined);
    const writeText = vi.fn(async () => undefined);
    await expect(shareLink(LINK, { share, clipboard: { writeText } })).resolves.toBe('shared');
    expect(share).toHaveBeenCalledWith(LINK);
    expect(writeText).not.toHaveBeenCalled();
  });

  it('a member who closes the share sheet has cancelled, and nothing is copied', async () => {
    const writeText = vi.fn(async () => undefined);
    const share = vi.fn(async () => Promise.reject(domError('AbortError')));
    await expect(shareLink(LINK, { share, clipboard: { writeText } })).resolves.toBe('cancelled');
    expect(writeText).not.toHaveBeenCalled();
  });

  it('copies the link when the browser has no share sheet', async () => {
    const writeText = vi.fn(async () => undefined);
    await expect(shareLink(LINK, { clipboard: { writeText } })).resolves.toBe('copied');
    expect(writeText).toHaveBeenCalledWith(LINK.url);
  });

  it('copies the link when the share sheet refuses it', async () => {
    const writeText = vi.fn(async () => undefined);
    const refused = { share: vi.fn(async () => Promise.reject(domError('NotAllowedError'))) };
    await expect(shareLink(LINK, { ...refused, clipboard: { writeText } })).resolves.toBe('copied');
    const cannot = { share: vi.fn(async () => undefined), canShare: () => false };
    await expect(shareLink(LINK, { ...cannot, clipboard: { writeText } })).resolves.toBe('copied');
    expect(cannot.share).not.toHaveBeenCalled();
  });

  it('leaves the link to copy by hand when the clipboard is refused too', async () => {
    const writeText = vi.fn(async () => Promise.reject(domError('NotAllowedError')));
    await expect(shareLink(LINK, { clipboard: { writeText } })).resolves.toBe('manual');
    await expect(shareLink(LINK, {})).resolves.toBe('manual');
  });
});
