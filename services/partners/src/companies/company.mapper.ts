import type { CompanySummary, Vendor } from '@avpass/contracts';
import type { Company } from './company.entity';

export function toVendor(company: Company): Vendor {
  return {
    id: company.id,
    name: company.name,
    legalName: company.legalName,
    email: company.email,
    logoUrl: company.logoUrl,
    contactInfo: company.contactInfo,
    phone: company.phone,
    website: company.website,
    address: company.address,
    categories: [...company.categories],
    galleryPhotos: [...company.galleryPhotos],
    description: company.description,
    isActive: company.isActive,
    createdAt: company.createdAt.toISOString(),
  };
}

export function toCompanySummary(company: Company): CompanySummary {
  return {
    id: company.id,
    name: company.name,
    email: company.email,
    logoUrl: company.logoUrl,
    isActive: company.isActive,
  };
}
