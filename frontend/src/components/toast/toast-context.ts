import { createContext, useContext } from 'react';

/** Spec section 8: two kinds of toast. */
export type ToastKind = 'default' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  kind?: ToastKind;
}

export interface ToastApi {
  toast: (input: ToastInput) => void;
  dismiss: () => void;
}

export const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}
