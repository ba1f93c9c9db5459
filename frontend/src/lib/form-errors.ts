import type { z } from 'zod';
import { scrollClearOfHeader } from './scroll-into-view';

/** First message per top-level field of a failed schema parse, for showing under inputs. */
export function firstIssuePerField(error: z.ZodError): Record<string, string> {
  const byField: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    if (field && !(field in byField)) byField[field] = issue.message;
  }
  return byField;
}

/** A field in error: MUI marks the input (or a select's combobox, or a radio group) aria-invalid. */
const INVALID = '[aria-invalid="true"]:not([aria-hidden="true"])';
const FOCUSABLE = [
  'input:not([type="hidden"]):not(:disabled)',
  'select:not(:disabled)',
  'textarea:not(:disabled)',
  'button:not(:disabled)',
  '[tabindex]:not([tabindex="-1"])',
].join(', ');

function isShown(element: HTMLElement): boolean {
  return element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden';
}

/** What to focus for a field in error: the element itself, or (a radio group) its first control. */
function focusTarget(element: HTMLElement): HTMLElement | null {
  const target = element.matches(FOCUSABLE) ? element : element.querySelector<HTMLElement>(FOCUSABLE);
  return target && isShown(target) ? target : null;
}

/** The first field in error inside `container`, in document (reading) order. */
export function firstInvalidField(container: ParentNode): HTMLElement | null {
  for (const element of container.querySelectorAll<HTMLElement>(INVALID)) {
    if (!isShown(element)) continue;
    const target = focusTarget(element);
    if (target) return target;
  }
  return null;
}

/** Frames to wait for the errors to render (React commits a state update within one or two). */
const MAX_FRAMES = 10;

/**
 * After a submit that failed validation: scrolls to the first field in error (clear of the sticky
 * header) and focuses it, so the user sees what to fix instead of a click that seemed to do nothing.
 * Call it right after setting the errors; it waits for them to render. `within` is the form or dialog
 * (default: the one holding the focus, else the whole page).
 */
export function focusFirstError(within?: Element | null): void {
  const from = within ?? document.activeElement;
  const scope: Element | null = from?.closest('form, [role="dialog"]') ?? null;
  let frames = 0;
  const attempt = () => {
    const field = firstInvalidField(scope?.isConnected ? scope : document);
    if (!field) {
      if (++frames < MAX_FRAMES) requestAnimationFrame(attempt);
      return;
    }
    // The whole field (label and message) in view; a dialog scrolls its own content.
    const whole = field.closest('.MuiFormControl-root') ?? field;
    if (field.closest('[role="dialog"]')) whole.scrollIntoView({ block: 'nearest' });
    else scrollClearOfHeader(whole);
    field.focus({ preventScroll: true });
  };
  requestAnimationFrame(attempt);
}
