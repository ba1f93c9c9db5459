import {
  type Actor,
  type AddVendorPhotoRequest,
  type CompanySummary,
  createVendorRequestSchema,
  updateVendorRequestSchema,
  type MessageResponse,
  type Page,
  type Vendor,
  type vendorListQuerySchema,
} from '@avpass/contracts';
import { DomainError, EventOutbox, Transactions } from '@avpass/platform';
import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import { CompaniesRepository, MAX_GALLERY_PHOTOS } from './companies.repository';
import type { Company } from './company.entity';
import { toCompanySummary, toVendor } from './company.mapper';

const EMAIL_TAKEN = 'A partner with that email already exists';

@Injectable()
export class CompaniesService {
  constructor(
    private readonly transactions: Transactions,
    private readonly companies: CompaniesRepository,
    private readonly outbox: EventOutbox,
  ) {}

  async list(): Promise<Vendor[]> {
    return (await this.companies.listNewestFirst()).map(toVendor);
  }

  /** Partners by id; unknown ids are left out. */
  async getMany(ids: string[]) {
    return (await this.companies.findByIds(ids)).map(toVendor);
  }

  async page(query: z.output<typeof vendorListQuerySchema>): Promise<Page<Vendor>> {
    const page = await this.companies.page(query);
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

  async create(input: z.output<typeof createVendorRequestSchema>): Promise<Vendor> {
    if (input.email) await this.assertEmailAvailable(input.email);
    const company = await this.companies.insertUnique(input);
    if (!company) throw emailTaken();
    return toVendor(company);
  }

  async update(id: string, changes: z.output<typeof updateVendorRequestSchema>): Promise<Vendor> {
    const company = await this.requireCompany(id);
    if (changes.email) await this.assertEmailAvailable(changes.email, id);
    if (!(await this.companies.assignUnique(company, changes))) throw emailTaken();
    return toVendor(company);
  }

  /**
   * The company and the partners.partner.deleted.v1 event go in one
   * transaction: identity learns of every delete that committed, and of no other.
   */
  async remove(id: string): Promise<MessageResponse> {
    await this.transactions.run(async (tx) => {
      const company = await this.companies.findById(id, tx);
      if (!company) throw DomainError.notFound('Partner');
      this.companies.remove(tx, company);
      this.outbox.record(tx, 'partners.partner.deleted.v1', {
        partnerId: company.id,
        name: company.name,
        deletedAt: new Date().toISOString(),
      });
    });
    return { message: 'Partner deleted' };
  }

  /** A logo replaces the current one; a gallery photo is appended (at most 50). */
  async addPhoto(input: AddVendorPhotoRequest): Promise<Vendor> {
    const company = await this.requireCompany(input.vendorId);
    switch (input.photoType) {
      case 'logo':
        company.logoUrl = input.url;
        await this.companies.save(company);
        return toVendor(company);
      case 'gallery': {
        if (!(await this.companies.appendGalleryPhoto(company.id, input.url))) {
          const message = `At most ${MAX_GALLERY_PHOTOS} gallery photos`;
          throw DomainError.validation(message, { galleryPhotos: [message] });
        }
        const updated = await this.companies.reload(company.id);
        if (!updated) throw DomainError.notFound('Partner');
        return toVendor(updated);
      }
    }
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

/** The unique index is the real guard: two simultaneous requests get a 409, not a 500. */
function emailTaken(): DomainError {
  return DomainError.conflict(EMAIL_TAKEN, { email: [EMAIL_TAKEN] });
}
