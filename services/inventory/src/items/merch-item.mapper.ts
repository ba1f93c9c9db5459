import type { MerchItem } from '@avpass/contracts';
import type { MerchItemRow } from './merch-items.repository';

export function toMerchItem(row: MerchItemRow): MerchItem {
  return {
    id: row.id,
    name: row.name,
    sku: row.sku,
    description: row.description,
    category: row.category,
    brand: row.brand,
    price: row.price,
    imageUrl: row.image_url,
    additionalImages: [...row.additional_images],
    sizes: [...row.sizes],
    colors: [...row.colors],
    tags: [...row.tags],
    isActive: row.is_active,
    createdAt: new Date(row.created_at).toISOString(),
    createdBy: row.created_by,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}
