import {
  type Actor,
  type AddVendorPhotoRequest,
  type CompanySummary,
  createVendorRequestSchema,
  updateVendorRequestSchema,
  type MessageResponse,
  type Page,
  type RpcMeta,
  type Vendor,
  type vendorListQuerySchema,
  VENDOR_SORT_DEFAULT_ORDER,
  PARTNER_REFUSALS,
} from '@avpass/contracts';
import {
  AuditTrail,
  diffChanges,
  DomainError,
  EventOutbox,
  Transactions,
  requestedSort,
} from '@avpass/platform';
import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import { CompaniesRepository, MAX_GALLERY_PHOTOS } from './companies.repository';
import type { Company } from './company.entity';
import { toCompanySummary, toVendor } from './company.mapper';

const EMAIL_TAKEN = PARTNER_REFUSALS.emailTaken;

@Injectable()
export class CompaniesService {
  constructor(
    private readonly transactions: Transactions,
    private readonly companies: CompaniesRepository,
    private readonly outbox: EventOutbox,
    private readonly audit: AuditTrail,
  ) {}

  async list(): Promise<Vendor[]> {
    return (await this.companies.listNewestFirst()).map(toVendor);
  }

  /** Partners by id; unknown ids are left out. */
  async getMany(ids: string[]) {
    return (await this.companies.findByIds(ids)).map(toVendor);
  }

  /** The partners screen (issue 27): newest first unless `sort`/`order` say otherwise. */
  async page(query: z.output<typeof vendorListQuerySchema>): Promise<Page<Vendor>> {
    const { sort, order, ...rest } = query;
    const sorted = requestedSort(sort, order, VENDOR_SORT_DEFAULT_ORDER);
    const page = await this.companies.page({ ...rest, sort: sorted });
    return {
      items: page.items.map(toVendor),
      total: page.total,
      limit: query.limit,
      offset: query.cursor ? 0 : query.offset,
      nextCursor: page.nextCursor,
    };
  }

  uploadsInUse(urls: string[]): Promise<string[]> {
    return this.companies.uploadsInUse(urls);
  }

  async get(id: string): Promise<Vendor> {
    return toVendor(await this.requireCompany(id));
  }

  /** Everyone sees every company except partner staff, who see only their own. */
  async listCompanies(actor: Actor): Promise<CompanySummary[]> {
    if (actor.role === 'super_admin') return (await this.companies.listByName()).map(toCompanySummary);
    if (!actor.companyId) return [];
    return (await this.companies.listByName(actor.companyId)).map(toCompanySummary);
  }

  /** The company and its audit entry commit together (a refused create records nothing). */
  async create(input: z.output<typeof createVendorRequestSchema>, meta: RpcMeta): Promise<Vendor> {
    return this.transactions.run(async (tx) => {
      if (input.email) await this.assertEmailAvailable(input.email);
      const company = await this.companies.insertUnique(input);
      if (company === 'conflict') throw emailTaken();
      this.audit.appendEntry(tx, meta, {
        action: 'partners.partner.created',
        targetType: 'partner',
        targetId: company.id,
        companyId: company.id,
        changes: diffChanges(null, auditedFields(company)),
      });
      return toVendor(company);
    });
  }

  /**
   * Records the fields that changed, before → after; a PATCH that changes nothing records nothing. A
   * change of isActive is also a partners.partner.status-changed.v1 event, in the same transaction.
   */
  async update(
    id: string,
    changes: z.output<typeof updateVendorRequestSchema>,
    meta: RpcMeta,
  ): Promise<Vendor> {
    return this.transactions.run(async (tx) => {
      const company = await this.requireCompany(id);
      if (changes.email) await this.assertEmailAvailable(changes.email, id);
      const before = auditedFields(company);
      if ((await this.companies.assignUnique(company, changes)) === 'conflict') throw emailTaken();
      const diff = diffChanges(before, auditedFields(company));
      if (before.isActive !== company.isActive) {
        // Identity ends a deactivated partner's staff sessions and refuses their sign-in (decision 161).
        this.outbox.enqueueEvent(tx, 'partners.partner.status-changed.v1', {
          partnerId: company.id,
          isActive: company.isActive,
          version: await this.companies.raiseStatusVersion(tx, company.id),
        });
      }
      if (diff && Object.keys(diff).length) {
        this.audit.appendEntry(tx, meta, {
          action: 'partners.partner.updated',
          targetType: 'partner',
          targetId: company.id,
          companyId: company.id,
          changes: diff,
        });
      }
      return toVendor(company);
    });
  }

  /**
   * The company, the partners.partner.deleted.v1 event and the audit entry go in one
   * transaction: identity learns of every delete that committed, and of no other.
   */
  async remove(id: string, meta: RpcMeta): Promise<MessageResponse> {
    await this.transactions.run(async (tx) => {
      const company = await this.companies.findById(id, tx);
      if (!company) throw DomainError.notFound('Partner');
      const before = auditedFields(company);
      this.companies.remove(tx, company);
      this.outbox.enqueueEvent(tx, 'partners.partner.deleted.v1', {
        partnerId: company.id,
        name: company.name,
        deletedAt: new Date().toISOString(),
      });
      this.audit.appendEntry(tx, meta, {
        action: 'partners.partner.deleted',
        targetType: 'partner',
        targetId: company.id,
        companyId: company.id,
        changes: diffChanges(before, null),
      });
    });
    return { message: 'Partner deleted' };
  }

  /** A logo replaces the current one; a gallery photo is appended (at most 50). */
  async addPhoto(input: AddVendorPhotoRequest, meta: RpcMeta): Promise<Vendor> {
    return this.transactions.run(async (tx) => {
      const company = await this.requireCompany(input.vendorId);
      const entry = { targetType: 'partner' as const, targetId: company.id, companyId: company.id };
      switch (input.photoType) {
        case 'logo': {
          const before = { logoUrl: company.logoUrl };
          company.logoUrl = input.url;
          await this.companies.save(company);
          this.audit.appendEntry(tx, meta, {
            ...entry,
            action: 'partners.partner.logo-changed',
            changes: diffChanges(before, { logoUrl: company.logoUrl }),
          });
          return toVendor(company);
        }
        case 'gallery': {
          const before = { galleryPhotos: [...company.galleryPhotos] };
          if (!(await this.companies.appendGalleryPhoto(company.id, input.url))) {
            const message = PARTNER_REFUSALS.galleryFull(MAX_GALLERY_PHOTOS);
            throw DomainError.validation(message, { galleryPhotos: [message] });
          }
          const updated = await this.companies.reload(company.id);
          if (!updated) throw DomainError.notFound('Partner');
          this.audit.appendEntry(tx, meta, {
            ...entry,
            action: 'partners.partner.gallery-photo-added',
            changes: diffChanges(before, { galleryPhotos: [...updated.galleryPhotos] }),
          });
          return toVendor(updated);
        }
      }
    });
  }

  async requireCompany(id: string): Promise<Company> {
    const company = await this.companies.findById(id);
    if (!company) throw DomainError.notFound('Partner');
    return company;
  }

  private async assertEmailAvailable(email: string, exceptId?: string): Promise<void> {
    if (await this.companies.isEmailTaken(email, exceptId)) throw emailTaken();
  }
}

/** A partner's recorded fields (its id is the entry's target; its creation time never changes). */
function auditedFields(company: Company) {
  const { id: _id, createdAt: _createdAt, ...fields } = toVendor(company);
  return fields;
}

/** The unique index is the real guard: two simultaneous requests get a 409, not a 500. */
function emailTaken(): DomainError {
  return DomainError.conflict(EMAIL_TAKEN, { email: [EMAIL_TAKEN] });
}
