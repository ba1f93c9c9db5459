import Box from '@mui/material/Box';
import { VoucherPage } from '@/features/voucher/components/voucher-page';
import { mount } from './mount';
import { AppProviders } from './providers';

/**
 * What a member's phone loads for /voucher/{id}: the voucher page and the providers it needs, without
 * the router, the navigation bar or any admin screen (decision in docs/decisions.md). Its links are
 * plain links that load the full app.
 */
export function mountVoucherShell(id: string): void {
  mount(
    <AppProviders>
      <Box component="main" id="main-content" tabIndex={-1} sx={{ outline: 'none' }}>
        <VoucherPage id={id} />
      </Box>
    </AppProviders>,
  );
}
