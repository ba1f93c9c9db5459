import { useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { STATEMENT_URLS, withQuery } from './urls';
import { lazySchema } from '@/lib/lazy-schema';

/** Loaded with the call, not with the screen (issue 40). */
const statementPreviewSchema = lazySchema((c) => c.statementPreviewSchema);

/** GET /api/statements/preview: the live figures of a range of business days (a partner: its own). */
export function useStatementPreview(range: { from: string; to: string; partnerId?: string }) {
  const url = withQuery(STATEMENT_URLS.preview, range);
  return useQuery({
    queryKey: [STATEMENT_URLS.preview, url],
    queryFn: ({ signal }) => apiJson(url, statementPreviewSchema, { signal }),
    refetchOnWindowFocus: true,
  });
}
