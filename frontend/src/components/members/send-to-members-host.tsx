import { createContext, lazy, Suspense, useCallback, useContext, useState, type ReactNode } from 'react';
import type { SendSource } from '@/lib/members-api';

/**
 * The dialog (with the members' schemas and so zod) loads when it is first opened: the dashboards whose
 * rows carry the button draw without it (decision 296, e2e/first-load.e2e.ts).
 */
const SendToMembersDialog = lazy(() =>
  import('./send-to-members-dialog').then((m) => ({ default: m.SendToMembersDialog })),
);

/** Opens "Send to members…" for a voucher or a batch; `what` is what the title names. */
type OpenSendToMembers = (source: SendSource, what: string) => void;

const SendToMembersContext = createContext<OpenSendToMembers | null>(null);

export function useOpenSendToMembers(): OpenSendToMembers {
  const open = useContext(SendToMembersContext);
  if (!open) throw new Error('useOpenSendToMembers must be used inside <SendToMembersHost>');
  return open;
}

const keyOf = (source: SendSource) =>
  'qrCodeId' in source ? `code:${source.qrCodeId}` : `batch:${source.batchId}`;

/**
 * One "Send to members…" dialog for the signed-in screens, held above the routes' tables: a row's button
 * only asks for it, so the dialog (and a send's progress) outlives the row, which a list's refresh can
 * drop while the messages go out. Opened again for the same voucher or batch it is the same dialog;
 * another source starts afresh. (Its form is drawn only while open, so a close does drop what was typed.)
 */
export function SendToMembersHost({ children }: { children: ReactNode }) {
  const [target, setTarget] = useState<{ key: string; source: SendSource; what: string } | null>(null);
  const [open, setOpen] = useState(false);
  const show = useCallback<OpenSendToMembers>((source, what) => {
    const key = keyOf(source);
    setTarget((current) => (current?.key === key ? current : { key, source, what }));
    setOpen(true);
  }, []);
  const close = useCallback(() => setOpen(false), []);
  return (
    <SendToMembersContext.Provider value={show}>
      {children}
      {target && (
        <Suspense fallback={null}>
          <SendToMembersDialog
            key={target.key}
            open={open}
            source={target.source}
            what={target.what}
            onClose={close}
          />
        </Suspense>
      )}
    </SendToMembersContext.Provider>
  );
}
