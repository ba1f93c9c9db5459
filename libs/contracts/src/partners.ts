import { z } from 'zod';
import { languageSchema } from './languages';
import { optionalEmail, optionalText, optionalUrl, uploadUrl } from './common';
import { newPasswordSchema } from './password-policy';
import { safeText } from './text';
import { listQuerySchema, SORT_ORDERS, type SortOrder } from './vouchers';
import { pageLimit } from './validation';

export const PARTNER_CATEGORIES = [
  'Restaurant',
  'Coffee Shop',
  'Sports Shop',
  'Training Facility',
  'Sports Clinic',
  'Fitness Center',
  'Equipment Store',
  'Nutrition Shop',
  'Physical Therapy',
  'Athletic Wear',
  'Entertainment',
  'Retail',
  'Service',
  'Healthcare',
  'Education',
] as const;

const categoriesField = z
  .array(z.string().trim().min(1).max(60))
  .max(20, 'At most 20 categories')
  .optional()
  .transform((v) => [...new Set(v ?? [])]);

export const createVendorRequestSchema = z.object({
  name: z
    .string({ error: 'Partner name is required' })
    .trim()
    .min(1, 'Partner name is required')
    .max(200, 'Partner name must be at most 200 characters'),
  /** The name on contracts and payments (the payout export's "Legal name"); empty: the display name. */
  legalName: optionalText(200),
  email: optionalEmail('Valid email required'),
  phone: optionalText(50),
  website: optionalUrl(),
  address: optionalText(500),
  categories: categoriesField,
  description: optionalText(5000),
  contactInfo: optionalText(1000),
});
export type CreateVendorRequest = z.input<typeof createVendorRequestSchema>;

export const updateVendorRequestSchema = z
  .object({
    name: z
      .string({ error: 'Partner name is required' })
      .trim()
      .min(1, 'Partner name is required')
      .max(200, 'Partner name must be at most 200 characters'),
    legalName: optionalText(200),
    email: optionalEmail('Valid email required'),
    phone: optionalText(50),
    website: optionalUrl(),
    address: optionalText(500),
    categories: z.array(z.string().trim().min(1).max(60)).max(20, 'At most 20 categories'),
    description: optionalText(5000),
    contactInfo: optionalText(1000),
    galleryPhotos: z.array(uploadUrl()).max(50, 'At most 50 gallery photos'),
    logoUrl: uploadUrl().nullable(),
    isActive: z.boolean(),
  })
  .partial();
export type UpdateVendorRequest = z.input<typeof updateVendorRequestSchema>;

export const vendorSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  /** Added with issue 39 (null from a partners service that predates it): null when none was given. */
  legalName: z.string().nullable().default(null),
  email: z.string().nullable(),
  logoUrl: z.string().nullable(),
  contactInfo: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  address: z.string().nullable(),
  categories: z.array(z.string()),
  galleryPhotos: z.array(z.string()),
  description: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
});
export type Vendor = z.infer<typeof vendorSchema>;

/** GET /api/companies: what the assign dialog and pickers need. */
export const companySummarySchema = vendorSchema.pick({
  id: true,
  name: true,
  email: true,
  logoUrl: true,
  isActive: true,
});
export type CompanySummary = z.infer<typeof companySummarySchema>;

export const publicPartnerSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  logoUrl: z.string().nullable(),
  contactInfo: z.string().nullable(),
  activeOffers: z.number().int().nonnegative(),
  totalQrCodes: z.number().int().nonnegative(),
});
export type PublicPartner = z.infer<typeof publicPartnerSchema>;

/**
 * GET /api/public/partners?cursor=&limit=&search=: every active partner, in the order they joined
 * (keyset over (created_at, id)); `search` keeps names containing the text (any case). Without any of
 * the three the answer is the old list (the first PUBLIC_PARTNERS_LIMIT), for clients of spec §7.
 */
export const publicPartnersQuerySchema = z.object({
  cursor: z.string().max(400, 'cursor must be at most 400 characters').optional(),
  limit: pageLimit(100).optional(),
  search: z
    .union([z.literal(''), safeText().trim().max(200, 'search must be at most 200 characters')])
    .optional(),
});
export type PublicPartnersQuery = z.input<typeof publicPartnersQuerySchema>;
export const publicPartnerPageSchema = z.object({
  items: z.array(publicPartnerSchema),
  /** Pass as `?cursor=` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
  /**
   * On the first page (no cursor): how many active partners the search matches in all ("Showing 40 of
   * 132 partners"). Counted with the page, so as fresh as it (PUBLIC_CACHE_MS); at most ~10,000 rows.
   */
  total: z.number().int().nonnegative().optional(),
});
export type PublicPartnerPage = z.infer<typeof publicPartnerPageSchema>;
/** The old list (no query) or a page. */
export const publicPartnersResponseSchema = z.union([publicPartnerSchema.array(), publicPartnerPageSchema]);

/** Internal: the public details of a few partners by id (unknown ids are left out). */
export const vendorsByIdsRequestSchema = z.object({ ids: z.array(z.string().uuid()).max(500) });
export const vendorsByIdsResponseSchema = z.object({ vendors: z.array(vendorSchema) });

export const PHOTO_TYPES = ['logo', 'gallery'] as const;
export type PhotoType = (typeof PHOTO_TYPES)[number];
export const addVendorPhotoRequestSchema = z.object({
  vendorId: z.string().uuid('Not a valid id'),
  photoType: z.enum(PHOTO_TYPES, 'Photo type must be logo or gallery'),
  url: uploadUrl(),
});
export type AddVendorPhotoRequest = z.infer<typeof addVendorPhotoRequestSchema>;

export const createPortalUserRequestSchema = z.object({
  username: z
    .string({ error: 'Username is required' })
    .trim()
    .min(1, 'Username is required')
    .max(64, 'Username must be at most 64 characters'),
  password: newPasswordSchema(
    'Password must be at least 6 characters',
    'Password must be at most 1024 characters',
  ),
  email: optionalEmail('Valid email required'),
  firstName: optionalText(100),
  lastName: optionalText(100),
});
export type CreatePortalUserRequest = z.input<typeof createPortalUserRequestSchema>;

export const updatePortalUserRequestSchema = z.object({
  isActive: z.boolean({ error: 'isActive must be true or false' }),
});
export type UpdatePortalUserRequest = z.infer<typeof updatePortalUserRequestSchema>;

export const portalUserSchema = z.object({
  id: z.string().uuid(),
  username: z.string(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  isActive: z.boolean(),
  companyId: z.string().uuid().nullable(),
  createdAt: z.string(),
  lastLogin: z.string().nullable(),
  /** The user's own language (issue 42): what statements' mails are written in. Optional: added to a deployed subject. */
  language: languageSchema.optional(),
});
export type PortalUser = z.infer<typeof portalUserSchema>;

export const uploadResponseSchema = z.object({ url: z.string() });
export type UploadResponse = z.infer<typeof uploadResponseSchema>;

/**
 * The partners screen's sorts (issue 27): `createdAt` (the default, newest first) and `name` (A–Z
 * first, any case), each along an index (partners migrations 20261125 directory and 20261212 partner
 * sorts). Its status filter: active or inactive (the card's Inactive chip).
 */
export const VENDOR_SORTS = ['createdAt', 'name'] as const;
export type VendorSort = (typeof VENDOR_SORTS)[number];
export const VENDOR_SORT_DEFAULT_ORDER: Readonly<Record<VendorSort, SortOrder>> = {
  createdAt: 'desc',
  name: 'asc',
};
export const VENDOR_STATUSES = ['active', 'inactive'] as const;
export type VendorStatusFilter = (typeof VENDOR_STATUSES)[number];

/**
 * GET /api/vendors: the partners screen's page, newest first unless `sort`/`order` say otherwise.
 * `search` matches the name or the e-mail (substring, any case); `category` keeps partners listing
 * that category; `status` active or inactive ones. Paged by `cursor` (keyset) or `offset`.
 */
export const vendorListQuerySchema = listQuerySchema.extend({
  category: z
    .union([z.literal(''), safeText().trim().max(60, 'category must be at most 60 characters')])
    .optional()
    .transform((v) => v || undefined),
  sort: z.enum(VENDOR_SORTS, `sort must be one of ${VENDOR_SORTS.join(', ')}`).optional(),
  order: z.enum(SORT_ORDERS, 'order must be asc or desc').optional(),
  status: z.enum(VENDOR_STATUSES, `status must be one of ${VENDOR_STATUSES.join(', ')}`).optional(),
});
export type VendorListQuery = z.input<typeof vendorListQuerySchema>;

/** Which of these uploaded files a service's records still refer to (before a file is deleted). */
export const uploadsInUseRequestSchema = z.object({
  urls: z.array(z.string().max(200)).max(200, 'At most 200 files at a time'),
});
export const uploadsInUseResponseSchema = z.object({ inUse: z.array(z.string()) });
export type UploadsInUseResponse = z.infer<typeof uploadsInUseResponseSchema>;
