import {
  allOf,
  type Conflict,
  conflictOnUniqueViolation,
  type KeysetList,
  keysetOrder,
  likeEscape,
  type SqlClause,
} from '@avpass/platform';
import type { MerchItemFields, MerchItemSort, MerchItemStatus, SortOrder } from '@avpass/contracts';
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

  /** The new item; 'conflict' when its SKU is taken (the lower(sku) index is the real guard). */
  async insert(
    id: string,
    values: MerchItemValues,
    createdBy: string,
    em: EntityManager = this.em,
  ): Promise<MerchItemRow | Conflict> {
    const rows = await conflictOnUniqueViolation(
      () =>
        em.execute(
          `insert into merch_items (id, name, sku, description, category, brand, price, image_url, additional_images,
         sizes, colors, tags, is_active, created_by)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?::jsonb, ?::jsonb, ?::jsonb, ?, ?) returning ${COLUMNS}`,
          [id, ...valueParams(values), createdBy],
        ) as Promise<MerchItemRow[]>,
    );
    return rows === 'conflict' ? rows : rows[0]!;
  }

  /** The changed item, null when there is none; 'conflict' when its new SKU is taken. */
  async update(
    id: string,
    values: MerchItemValues,
    em: EntityManager = this.em,
  ): Promise<MerchItemRow | null | Conflict> {
    const rows = await conflictOnUniqueViolation(
      () =>
        em.execute(
          `update merch_items set name = ?, sku = ?, description = ?, category = ?, brand = ?, price = ?,
         image_url = ?, additional_images = ?::jsonb, sizes = ?::jsonb, colors = ?::jsonb, tags = ?::jsonb,
         is_active = ?, updated_at = now()
       where id = ? returning ${COLUMNS}`,
          [...valueParams(values), id],
        ) as Promise<MerchItemRow[]>,
    );
    return rows === 'conflict' ? rows : (rows[0] ?? null);
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

  /**
   * Newest first by keyset (the old cursor) or offset; or by name (merch_items_name_order_idx) or price
   * (merch_items_price_order_idx), either way, with a cursor that carries its sort (another sort's is a
   * 400). Search by name, SKU or brand (trigram indexes); category and status filters.
   */
  async page(query: MerchItemPageQuery): Promise<{ rows: MerchItemRow[]; nextCursor: string | null }> {
    const keyset = keysetOrder(ITEM_LIST, query);
    const where = allOf(itemFilterSql(query), keyset.after);
    const rows = (await this.em.execute(
      `select ${COLUMNS.replace(/(\w+)/g, 'i.$1')}, ${keyset.keyColumns}
         from merch_items i
        where ${where.sql} order by ${keyset.orderBy} limit ? offset ?`,
      [...where.params, query.limit, query.cursor ? 0 : (query.offset ?? 0)],
    )) as (MerchItemRow & { cursor_at: string; sort_value: string | null })[];
    return { rows, nextCursor: keyset.next(rows, query.limit) };
  }

  /**
   * The list's total, counting at most `bound` + 1 matches (the catalogue is thousands of items, but a
   * count never walks more than that).
   */
  async countUpTo(filter: MerchItemFilter, bound: number): Promise<number> {
    const where = itemFilterSql(filter);
    const [row] = (await this.em.execute(
      `select count(*)::int as n from (select 1 from merch_items i where ${where.sql} limit ?) hit`,
      [...where.params, bound + 1],
    )) as { n: number }[];
    return row!.n;
  }
}

/** What narrows the Merch Items table: the search box, the category and the status. */
export interface MerchItemFilter {
  search?: string | undefined;
  category?: string | undefined;
  status?: MerchItemStatus | undefined;
}

export interface MerchItemPageQuery extends MerchItemFilter {
  limit: number;
  offset?: number | undefined;
  cursor?: string | undefined;
  sort?: MerchItemSort | undefined;
  order?: SortOrder | undefined;
}

/**
 * The expression each sort reads along (inventory migration 20261211 table sorts); newest first keeps
 * the old cursor, every other order's cursor says which it is.
 */
const ITEM_LIST: KeysetList<MerchItemSort> = {
  id: 'i.id',
  sorts: {
    createdAt: { expression: 'i.created_at', type: 'timestamptz' },
    name: { expression: 'lower(i.name)', type: 'text' },
    price: { expression: 'i.price', type: 'int' },
  },
  defaultSort: 'createdAt',
  plainCursor: { sort: 'createdAt', column: 'i.created_at', orders: 'newest-first' },
};

function itemFilterSql(filter: MerchItemFilter): SqlClause {
  const text = filter.search?.trim();
  const like = text ? `%${likeEscape(text)}%` : null;
  return allOf(
    like ? { sql: 'i.name ilike ? or i.sku ilike ? or i.brand ilike ?', params: [like, like, like] } : null,
    filter.category ? { sql: 'i.category = ?', params: [filter.category] } : null,
    filter.status
      ? { sql: filter.status === 'active' ? 'i.is_active' : 'not i.is_active', params: [] }
      : null,
  );
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
