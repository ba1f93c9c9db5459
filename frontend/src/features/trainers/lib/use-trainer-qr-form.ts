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
import { apiErrorText, apiFieldErrorTexts } from '@/i18n/api-error-text';
import { useT } from '@/i18n/i18n';
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
import { trainerIssueWords } from './trainer-issue-words';

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
  const t = useT();
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
      const field = batch ? 'trainerNames' : 'trainerName';
      const errors = trainerIssueWords({ [field]: batch ? TRAINER_NAMES_MESSAGE : TRAINER_NAME_MESSAGE }, t);
      setErrors(errors);
      focusFirstError(event.currentTarget);
      toast({ title: t('credits.trainerQr.missing'), description: errors[field], kind: 'destructive' });
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
      setErrors(trainerIssueWords(found, t));
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
            title: t('credits.trainerQr.generated'),
            description: t('credits.trainerQr.generatedText', { name: result.qrCodes[0]?.trainerName ?? '' }),
          });
        } else {
          setGenerated(null);
          setBatchCodes(result.qrCodes);
          toast({
            title: t('credits.trainerQr.batchDone'),
            description: t('credits.trainerQr.batchDoneText', { count: result.count }),
          });
        }
        // Cleared for the next one; the mode (single or batch) stays, the saved config is kept.
        setValues((v) => ({ ...INITIAL_TRAINER_FORM, mode: v.mode }));
        setPartner(null);
      },
      onError: (error) => {
        setErrors(apiFieldErrorTexts(error));
        focusFirstError();
        toast({
          title: t('credits.trainerQr.failed'),
          description: apiErrorText(error, t('credits.trainerQr.failedText')),
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
          title: t('credits.trainerQr.saved'),
          description:
            config.couponTitle && config.couponTitle !== values.couponTitle.trim()
              ? t('credits.trainerQr.savedAs', { title: config.couponTitle })
              : t('credits.trainerQr.savedText'),
        }),
      onError: (error) =>
        toast({
          title: t('credits.error'),
          description: apiErrorText(error, t('credits.trainerQr.saveFailed')),
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
        ? {
            id: config.partnerId,
            name: config.partnerName || t('credits.trainerQr.savedPartner'),
            logoUrl: null,
          }
        : null,
    );
    setErrors({});
    toast({ title: t('credits.trainerQr.applied'), description: t('credits.trainerQr.appliedText') });
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
