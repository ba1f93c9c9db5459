import { EntityManager, raw } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { Company } from './company.entity';

export const MAX_GALLERY_PHOTOS = 50;

@Injectable()
export class CompaniesRepository {
  constructor(private readonly em: EntityManager) {}

  findById(id: string): Promise<Company | null> {
    return this.em.findOne(Company, { id });
  }

  /** Newest first, as the partners screen lists them. */
  listNewestFirst(): Promise<Company[]> {
    return this.em.find(Company, {}, { orderBy: { createdAt: 'desc', id: 'asc' } });
  }

  /** For pickers: alphabetical; optionally only one company (a partner's own staff). */
  listByName(onlyId?: string): Promise<Company[]> {
    return this.em.find(Company, onlyId ? { id: onlyId } : {}, { orderBy: { name: 'asc', id: 'asc' } });
  }

  /** The landing page shows partners in the order they joined; the first three are featured. */
  listActiveOldestFirst(): Promise<Company[]> {
    return this.em.find(Company, { isActive: true }, { orderBy: { createdAt: 'asc', id: 'asc' } });
  }

  async isEmailTaken(email: string, exceptId?: string): Promise<boolean> {
    const qb = this.em.createQueryBuilder(Company).where('lower(email) = ?', [email.trim().toLowerCase()]);
    if (exceptId) qb.andWhere({ id: { $ne: exceptId } });
    return (await qb.getCount()) > 0;
  }

  /**
   * Appends a gallery photo in one statement, so two uploads at once both land and the cap holds.
   * Returns false when the company is missing or already has the maximum.
   */
  async appendGalleryPhoto(id: string, url: string): Promise<boolean> {
    const result = await this.em
      .createQueryBuilder(Company)
      .update({ galleryPhotos: raw('gallery_photos || ?::jsonb', [JSON.stringify([url])]) })
      .where({ id })
      .andWhere('jsonb_array_length(gallery_photos) < ?', [MAX_GALLERY_PHOTOS])
      .execute('run');
    return result.affectedRows > 0;
  }

  /** Re-reads a company changed by a statement that bypassed the identity map. */
  reload(id: string): Promise<Company | null> {
    return this.em.findOne(Company, { id }, { refresh: true });
  }
}
