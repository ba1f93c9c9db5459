/**
 * Trainer/athlete/coach vouchers (issue 13; spec §2 Trainer/Athlete QR, §3 trainer payload, saved
 * configuration and analytics response, §5 trainer form, §7 Trainer, §9 trainer defaults). Trainer codes
 * are vouchers (qr_type 'trainer') in the vouchers service; their rules live in a typed row beside them.
 */

// One file per aggregate under trainers/, re-exported here by name (importers keep importing this
// file; the folder's shared helpers stay out of the package's exports).
export {
  TRAINER_USAGE_LIMITS,
  TRAINER_DEFAULT_DISCOUNT,
  TRAINER_DEFAULT_VALID_DAYS,
  TRAINER_MAX_VALID_DAYS,
  TRAINER_BATCH_MAX,
  TRAINER_NAME_MESSAGE,
  TRAINER_NAMES_MESSAGE,
  splitTrainerNames,
  validHoursSchema,
  trainerRulesSchema,
  TRAINER_PARTNER_TYPES,
  PARTNER_NAME_REQUIRED,
  COUPON_TITLE_REQUIRED,
  type ValidHours,
  type TrainerRules,
} from './trainers/rules';
export {
  generateTrainerQrRequestSchema,
  trainerFormSchema,
  trainerCodeSchema,
  generateTrainerQrResponseSchema,
  trainerConfigSchema,
  savedTrainerConfigSchema,
  type GenerateTrainerQrRequest,
  type GenerateTrainerQrInput,
  type TrainerCode,
  type GenerateTrainerQrResponse,
  type TrainerConfig,
  type SavedTrainerConfig,
} from './trainers/codes';
export {
  TRAINER_SORTS,
  TRAINER_SORT_DEFAULT_ORDER,
  TRAINER_STATUSES,
  trainerListQuerySchema,
  trainerPageSchema,
  type TrainerSort,
  type TrainerStatusFilter,
  type TrainerListQuery,
} from './trainers/lists';
export {
  ANALYTICS_MAX_DAYS,
  trainerAnalyticsQuerySchema,
  trainerRedemptionSchema,
  trainerAnalyticsRowSchema,
  trainerAnalyticsSchema,
  trainerExportPageRequestSchema,
  trainerExportRowSchema,
  trainerExportPageSchema,
  type TrainerAnalyticsQuery,
  type TrainerRedemption,
  type TrainerAnalyticsRow,
  type TrainerAnalytics,
  type TrainerExportRow,
  type TrainerExportPage,
} from './trainers/analytics';
