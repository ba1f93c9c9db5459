import {
  PARTNER_NAME_REQUIRED,
  TRAINER_NAME_MESSAGE,
  TRAINER_NAMES_MESSAGE,
  splitTrainerNames,
  trainerFormSchema,
  type TrainerCode,
} from '@avpass/contracts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useToast } from '@/components/toast/toast-context';
import { redemptionModeRequest, useRedemptionMode } from '@/components/form/redemption-mode-field';
import { fundedByRequest, useFundedBy } from '@/components/form/funded-by-field';
import { errorMessageOf, fieldErrorsOf } from '@/lib/api-client';
import { firstIssuePerField, focusFirstError } from '@/lib/form-errors';
import { applyPartnerChoice, type PartnerChoice } from '@/lib/partners-api';
import { useGenerateTrainerQr, useSaveTrainerConfig, useTrainerConfig } from '@/lib/trainers-api';
import {
  applyConfig,
  configOf,
  INITIAL_TRAINER_FORM,
  trainerRequestOf,
  type TrainerFormValues,
} from './trainer-form';

/**
 * The Trainer/Athlete QR form's state: its values and errors, the partner chosen from the directory,
 * generating one code or a batch, and the saved configuration (save, apply).
 */
export function useTrainerQrForm() {
  const [values, setValues] = useState<TrainerFormValues>(INITIAL_TRAINER_FORM);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [generated, setGenerated] = useState<TrainerCode | null>(null);
  // A batch ends with the list of the codes it made (issue 27), in place of the one-code preview.
  const [batchCodes, setBatchCodes] = useState<TrainerCode[] | null>(null);
  const generate = useGenerateTrainerQr();
  const redemption = useRedemptionMode();
  const funding = useFundedBy();
  const saved = useTrainerConfig();
  const save = useSaveTrainerConfig();
  // The partner the codes are for, from the directory; its name fills "Partner name" (editable).
  const [partner, setPartner] = useState<PartnerChoice | null>(null);
  const { toast } = useToast();
  const preview = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (generated) preview.current?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  }, [generated]);

  const choosePartner = (next: PartnerChoice | null) => {
    const filled = applyPartnerChoice({ partner, name: values.partnerName, logoUrl: null }, next);
    setPartner(next);
    setValues((v) => ({ ...v, partnerName: filled.name, partnerId: next?.id ?? '' }));
  };

  const set = <K extends keyof TrainerFormValues>(key: K, value: TrainerFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const batch = values.mode === 'batch';
    if (batch ? !splitTrainerNames(values.trainerNames).length : !values.trainerName.trim()) {
      const message = batch ? TRAINER_NAMES_MESSAGE : TRAINER_NAME_MESSAGE;
      setErrors({ [batch ? 'trainerNames' : 'trainerName']: message });
      focusFirstError(event.currentTarget);
      toast({ title: 'Missing Information', description: message, kind: 'destructive' });
      return;
    }
    const request = {
      ...trainerRequestOf(values),
      ...redemptionModeRequest(redemption.mode),
      ...fundedByRequest(funding.fundedBy),
    };
    const parsed = trainerFormSchema.safeParse(request);
    if (!parsed.success) {
      // The schema stops at a missing title; a missing partner name is said at the same time.
      const found = firstIssuePerField(parsed.error);
      if (!values.partnerName.trim()) found.partnerName ??= PARTNER_NAME_REQUIRED;
      setErrors(found);
      focusFirstError(event.currentTarget);
      return;
    }
    setErrors({});
    generate.mutate(request, {
      onSuccess: (result) => {
        if (result.count === 1) {
          setGenerated(result.qrCodes[0] ?? null);
          setBatchCodes(null);
          toast({
            title: 'QR Code Generated!',
            description: `${result.qrCodes[0]?.trainerName}'s code is ready.`,
          });
        } else {
          setGenerated(null);
          setBatchCodes(result.qrCodes);
          toast({
            title: 'Batch Generation Complete!',
            description: `${result.count} QR codes were created.`,
          });
        }
        // Cleared for the next one; the mode (single or batch) stays, the saved config is kept.
        setValues((v) => ({ ...INITIAL_TRAINER_FORM, mode: v.mode }));
        setPartner(null);
      },
      onError: (error) => {
        setErrors(fieldErrorsOf(error));
        focusFirstError();
        toast({
          title: 'Generation Failed',
          description: errorMessageOf(error, 'Failed to generate trainer QR code.'),
          kind: 'destructive',
        });
      },
    });
  };

  const onSaveConfig = () => {
    const config = configOf(values);
    save.mutate(config, {
      onSuccess: () =>
        toast({
          title: 'Configuration Saved',
          description:
            config.couponTitle && config.couponTitle !== values.couponTitle.trim()
              ? `These settings are kept for your account, the title as "${config.couponTitle}".`
              : 'These settings are kept for your account.',
        }),
      onError: (error) =>
        toast({
          title: 'Error',
          description: errorMessageOf(error, 'Failed to save configuration'),
          kind: 'destructive',
        }),
    });
  };
  const onApplyConfig = () => {
    const config = saved.data?.config;
    if (!config) return;
    setValues((v) => applyConfig(v, config));
    // The saved partner shows under the name the config kept (the directory is not asked again).
    setPartner(
      config.partnerId
        ? { id: config.partnerId, name: config.partnerName || 'Saved partner', logoUrl: null }
        : null,
    );
    setErrors({});
    toast({ title: 'Configuration Applied', description: 'Your saved settings were filled in.' });
  };

  return {
    values,
    set,
    errors,
    setErrors,
    partner,
    choosePartner,
    redemption,
    funding,
    generate,
    generated,
    batchCodes,
    preview,
    saved,
    save,
    onSubmit,
    onSaveConfig,
    onApplyConfig,
  };
}

export type TrainerQrForm = ReturnType<typeof useTrainerQrForm>;
