import { messageResponseSchema } from '../auth';
import { uuidParam } from '../common';
import {
  addVendorPhotoRequestSchema,
  companySummarySchema,
  createPortalUserRequestSchema,
  createVendorRequestSchema,
  portalUserSchema,
  publicPartnersQuerySchema,
  publicPartnersResponseSchema,
  vendorsByIdsRequestSchema,
  vendorsByIdsResponseSchema,
  updatePortalUserRequestSchema,
  updateVendorRequestSchema,
  uploadsInUseRequestSchema,
  uploadsInUseResponseSchema,
  vendorListQuerySchema,
  vendorSchema,
} from '../partners';
import { pageSchema } from '../vouchers';
import { contract, empty, byId, health, partnerScope, sentOnly } from './contract';

/** The partners subjects of RPC_CONTRACTS (rpc-contracts.ts). */
export const partnersContracts = {
  'partners.health.v1': health,
  /** Every partner: for services that check ids (the screen pages with partners.vendors.page.v1). */
  'partners.vendors.list.v1': contract('list', empty, vendorSchema.array()),
  /** GET /api/vendors: one page, searched and filtered by category, newest first. */
  'partners.vendors.page.v1': contract('page', vendorListQuerySchema, pageSchema(vendorSchema)),
  /** Which uploaded files a partner's logo or gallery still uses (the gateway deletes the rest). */
  'partners.uploads.in-use.v1': contract(
    'uploadsInUse',
    uploadsInUseRequestSchema,
    uploadsInUseResponseSchema,
  ),
  'partners.vendors.get.v1': contract('get', byId, vendorSchema),
  'partners.vendors.create.v1': contract('create', createVendorRequestSchema, vendorSchema),
  /** PATCH /api/vendors/{id}: the body's fields and the path's id, flat (field errors read `name`). */
  'partners.vendors.update.v1': contract(
    'update',
    updateVendorRequestSchema
      .extend({ id: uuidParam })
      .transform(({ id, ...changes }) => ({ id, changes: sentOnly(changes) })),
    vendorSchema,
  ),
  'partners.vendors.remove.v1': contract('remove', byId, messageResponseSchema),
  'partners.companies.list.v1': contract('listCompanies', empty, companySummarySchema.array()),
  /** GET /api/public/partners: the old list without a query, a keyset page with one (issue 24). */
  'partners.public.list.v1': contract('publicList', publicPartnersQuerySchema, publicPartnersResponseSchema),
  /** Internal (vouchers -> partners): a few partners' public details, for the voucher page. */
  'partners.vendors.get-many.v1': contract('getMany', vendorsByIdsRequestSchema, vendorsByIdsResponseSchema),
  'partners.vendors.add-photo.v1': contract('addPhoto', addVendorPhotoRequestSchema, vendorSchema),
  'partners.users.list.v1': contract('listUsers', partnerScope, portalUserSchema.array()),
  'partners.users.create.v1': contract(
    'createUser',
    createPortalUserRequestSchema.extend(partnerScope.shape),
    portalUserSchema,
  ),
  'partners.users.set-active.v1': contract(
    'setUserActive',
    partnerScope.extend({ userId: uuidParam }).extend(updatePortalUserRequestSchema.shape),
    portalUserSchema,
  ),
} as const;
