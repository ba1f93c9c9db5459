import { afterCursorSql, allOf, likeEscape, nextCursor } from '@avpass/platform';
import type { MerchItemFields } from '@avpass/contracts';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

export interface MerchItemRow {
  id: string;
  name: string;
  sku: string;
  description: string | null;
  category: string;
  brand: string | null;
  price: number;
  image_url: string | null;
  additional_images: string[];
  sizes: string[];
  colors: string[];
  tags: string[];
  is_active: boolean;
  created_at: Date;
  created_by: string | null;
  updated_at: Date;
}

export type MerchItemValues = Omit<MerchItemFields, 'isActive' | 'imageUrl'> & {
  isActive: boolean;
  imageUrl: string | null;
};

const COLUMNS = `id, name, sku, description, category, brand, price, image_url, additional_images, sizes,
  colors, tags, is_active, created_at, created_by, updated_at`;

/** merch_items. SKU uniqueness is the index's (lower(sku)); the service turns a violation into a 409. */
@Injectable()
export class MerchItemsRepository {
  constructor(private readonly em: EntityManager) {}

  async findById(id: string, em: EntityManager = this.em): Promise<MerchItemRow | null> {
    const [row] = (await em.execute(`select ${COLUMNS} from merch_items where id = ?`, [
      id,
    ])) as MerchItemRow[];
    return row ?? null;
  }

  async insert(
    id: string,
    values: MerchItemValues,
    createdBy: string,
    em: EntityManager = this.em,
  ): Promise<MerchItemRow> {
    const [row] = (await em.execute(
      `insert into merch_items (id, name, sku, description, category, brand, price, image_url, additional_images,
         sizes, colors, tags, is_active, created_by)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?::jsonb, ?::jsonb, ?::jsonb, ?, ?) returning ${COLUMNS}`,
      [id, ...valueParams(values), createdBy],
    )) as MerchItemRow[];
    return row!;
  }

  async update(
    id: string,
    values: MerchItemValues,
    em: EntityManager = this.em,
  ): Promise<MerchItemRow | null> {
    const [row] = (await em.execute(
      `update merch_items set name = ?, sku = ?, description = ?, category = ?, brand = ?, price = ?,
         image_url = ?, additional_images = ?::jsonb, sizes = ?::jsonb, colors = ?::jsonb, tags = ?::jsonb,
         is_active = ?, updated_at = now()
       where id = ? returning ${COLUMNS}`,
      [...valueParams(values), id],
    )) as MerchItemRow[];
    return row ?? null;
  }

  /** Deletes the item only while it has no inventory line (hence no allocation and no history). */
  async deleteIfUnstocked(id: string, em: EntityManager = this.em): Promise<boolean> {
    const rows = (await em.execute(
      `delete from merch_items i where i.id = ?
         and not exists (select 1 from merch_inventory l where l.merch_item_id = i.id) returning id`,
      [id],
    )) as { id: string }[];
    return rows.length > 0;
  }

  /** Newest first by keyset; search by name, SKU or brand (trigram indexes); optional category. */
  async page(query: { limit: number; cursor?: string; search?: string; category?: string }) {
    const search = query.search
      ? (() => {
          const like = `%${likeEscape(query.search)}%`;
          return { sql: 'i.name ilike ? or i.sku ilike ? or i.brand ilike ?', params: [like, like, like] };
        })()
      : null;
    const where = allOf(
      search,
      query.category ? { sql: 'i.category = ?', params: [query.category] } : null,
      afterCursorSql(query.cursor, 'i.created_at', 'i.id'),
    );
    const rows = (await this.em.execute(
      `select ${COLUMNS.replace(/(\w+)/g, 'i.$1')}, i.created_at::text as cursor_at from merch_items i
        where ${where.sql} order by i.created_at desc, i.id desc limit ?`,
      [...where.params, query.limit],
    )) as (MerchItemRow & { cursor_at: string })[];
    return { rows, nextCursor: nextCursor(rows, query.limit) };
  }

  /** The list's total: the item count, cheap at catalogue size (thousands), or the matches of a search. */
  async count(query: { search?: string; category?: string }): Promise<number> {
    const like = query.search ? `%${likeEscape(query.search)}%` : null;
    const where = allOf(
      like ? { sql: 'name ilike ? or sku ilike ? or brand ilike ?', params: [like, like, like] } : null,
      query.category ? { sql: 'category = ?', params: [query.category] } : null,
    );
    const [row] = (await this.em.execute(
      `select count(*)::int as n from merch_items where ${where.sql}`,
      where.params,
    )) as { n: number }[];
    return row!.n;
  }
}

function valueParams(v: MerchItemValues): unknown[] {
  return [
    v.name,
    v.sku,
    v.description ?? null,
    v.category,
    v.brand ?? null,
    v.price,
    v.imageUrl,
    JSON.stringify(v.additionalImages),
    JSON.stringify(v.sizes),
    JSON.stringify(v.colors),
    JSON.stringify(v.tags),
    v.isActive,
  ];
}
