import { useEffect, useState } from 'react';
import { useDebouncedValue } from '@/lib/use-debounced-value';

/**
 * A text box bound to a value the URL keeps: it types freely, the URL follows after a pause (one
 * request per pause, not per key), and a URL changed under it (Back, a link) refills it.
 */
export function useUrlText(applied: string, apply: (text: string) => void) {
  const [text, setText] = useState(applied);
  const typed = useDebouncedValue(text.trim());
  useEffect(() => {
    if (typed !== applied) apply(typed);
    // Only a new pause writes; the URL changing under the box refills it below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typed]);
  const [shown, setShown] = useState(applied);
  if (shown !== applied) {
    setShown(applied);
    if (text.trim() !== applied) setText(applied);
  }
  return [text, setText] as const;
}
