import CssBaseline from '@mui/material/CssBaseline';
import Box from '@mui/material/Box';
import ThemeProvider from '@mui/system/ThemeProvider';
import { QueryClientProvider } from '@tanstack/react-query';
import { VoucherPage } from '@/features/voucher/components/voucher-page';
import { createQueryClient } from '@/lib/query-client';
import { theme } from '@/theme';
import { mount } from './mount';
import { VoucherToastProvider } from './voucher-toast';

/**
 * The theme as MUI's own ThemeProvider passes a theme without CSS variables (`vars: null`), given to
 * the system's provider directly: the material one also carries the CSS-variables provider, which this
 * page does not use (issue 28: the voucher page's JavaScript budget).
 */
const voucherTheme = { ...theme, vars: null };

/**
 * What a member's phone loads for /voucher/{id}: the voucher page and the providers it needs, without
 * the router, the navigation bar or any admin screen
 * (docs/decisions/0036-a-phone-opening-a-voucher-loads-only-the-voucher-page.md). Its links are plain links
 * that load the full app.
 */
export function mountVoucherShell(id: string): void {
  mount(
    <ThemeProvider theme={voucherTheme}>
      <CssBaseline />
      <QueryClientProvider client={createQueryClient()}>
        <VoucherToastProvider>
          <Box component="main" id="main-content" tabIndex={-1} sx={{ outline: 'none' }}>
            <VoucherPage id={id} />
          </Box>
        </VoucherToastProvider>
      </QueryClientProvider>
    </ThemeProvider>,
  );
}
