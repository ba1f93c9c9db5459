import { VoucherPage } from '@/features/voucher/components/voucher-page';
import { mount } from './mount';
import { VoucherToastProvider } from './voucher-toast';

/**
 * What a member's phone loads for /voucher/{id}: the voucher page and the providers it needs, without
 * the router, the navigation bar or any admin screen
 * (docs/decisions/0036-a-phone-opening-a-voucher-loads-only-the-voucher-page.md), without TanStack
 * Query (its calls are plain hooks: issue 40), and without MUI,
 * Emotion or the theme: the page draws with plain CSS shared with the gateway's first HTML (decision
 * 304). Its links are plain links that load the full app.
 */
export function mountVoucherShell(id: string): void {
  mount(
    <VoucherToastProvider>
      <main id="main-content" tabIndex={-1} style={{ outline: 'none' }}>
        <VoucherPage id={id} />
      </main>
    </VoucherToastProvider>,
  );
}
