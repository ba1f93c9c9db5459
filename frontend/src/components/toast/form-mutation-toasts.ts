import { errorMessageOf, fieldErrorsOf } from '@/lib/api-client';
import { useToast } from './toast-context';

/**
 * A form dialog's mutation callbacks: on success a "Success" toast with `success` and `onDone`
 * (close the dialog); on failure the server's field errors to `onFieldErrors` first, then an "Error"
 * toast with the server's message (or `failure`).
 */
export function useFormMutationToasts() {
  const { toast } = useToast();
  return ({
    success,
    failure,
    onDone,
    onFieldErrors,
  }: {
    success: string;
    failure: string;
    onDone: () => void;
    onFieldErrors: (errors: Record<string, string>) => void;
  }) => ({
    onSuccess: () => {
      toast({ title: 'Success', description: success });
      onDone();
    },
    onError: (error: unknown) => {
      onFieldErrors(fieldErrorsOf(error));
      toast({ title: 'Error', description: errorMessageOf(error, failure), kind: 'destructive' });
    },
  });
}
