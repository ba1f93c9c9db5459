/** The trainer calls of spec section 7 ("Trainer"). TanStack Query keys start with the URL. */
export const TRAINER_URLS = {
  generate: '/api/generate-trainer-qr',
  adminList: '/api/qr-codes/trainers',
  companyList: '/api/partner-assigned-qr-codes',
  config: '/api/trainer-config',
  uploadImage: '/api/upload-trainer-image',
  analytics: '/api/trainer-analytics',
  exportCsv: '/api/trainer-analytics/export',
} as const;

export interface AnalyticsFilters {
  startDate?: string;
  endDate?: string;
  /** A trainer code's id, or '' for all. */
  trainerId?: string;
}

/** `?startDate=&endDate=&trainerId=` with the blank ones left out. */
export function analyticsQuery(filters: AnalyticsFilters): string {
  const params = new URLSearchParams();
  if (filters.startDate) params.set('startDate', filters.startDate);
  if (filters.endDate) params.set('endDate', filters.endDate);
  if (filters.trainerId) params.set('trainerId', filters.trainerId);
  const text = params.toString();
  return text ? `?${text}` : '';
}
