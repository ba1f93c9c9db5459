import type { z } from 'zod';

/** First message per top-level field of a failed schema parse, for showing under inputs. */
export function firstIssuePerField(error: z.ZodError): Record<string, string> {
  const byField: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    if (field && !(field in byField)) byField[field] = issue.message;
  }
  return byField;
}
