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
import { DomainError, EventOutbox } from '@avpass/platform';
import { EntityManager, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import { PartnerOfferStat } from '../public-partners/partner-offer-stat.entity';
import { CompaniesRepository, MAX_GALLERY_PHOTOS } from './companies.repository';
import { Company } from './company.entity';
import { toCompanySummary, toVendor } from './company.mapper';

const EMAIL_TAKEN = 'A partner with that email already exists';

@Injectable()
export class CompaniesService {
  constructor(
    private readonly em: EntityManager,
    private readonly companies: CompaniesRepository,
    private readonly outbox: EventOutbox,
  ) {}

  async list(): Promise<Vendor[]> {
    return (await this.companies.listNewestFirst()).map(toVendor);
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
    const company = this.em.create(Company, input);
    await this.flushUnique(company);
    return toVendor(company);
  }

  async update(id: string, changes: z.output<typeof updateVendorRequestSchema>): Promise<Vendor> {
    const company = await this.requireCompany(id);
    if (changes.email) await this.assertEmailAvailable(changes.email, id);
    this.em.assign(company, changes);
    await this.flushUnique(company);
    return toVendor(company);
  }

  /**
   * The company, its offer read model and the partners.partner.deleted.v1 event go in one
   * transaction: identity learns of every delete that committed, and of no other.
   */
  async remove(id: string): Promise<MessageResponse> {
    await this.em.transactional(async (tx) => {
      const company = await tx.findOne(Company, { id });
      if (!company) throw DomainError.notFound('Partner');
      tx.remove(company);
      await tx.nativeDelete(PartnerOfferStat, { partnerId: id });
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
        await this.em.flush();
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

  /** The unique index is the real guard: two simultaneous requests get a 409, not a 500. */
  private async flushUnique(company: Company): Promise<void> {
    try {
      await this.em.persistAndFlush(company);
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) {
        this.em.clear();
        throw emailTaken();
      }
      throw error;
    }
  }
}

function emailTaken(): DomainError {
  return DomainError.conflict(EMAIL_TAKEN, { email: [EMAIL_TAKEN] });
}
