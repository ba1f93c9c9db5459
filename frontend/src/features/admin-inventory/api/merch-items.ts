import { merchItemSchema, messageResponseSchema, pageSchema } from '@avpass/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiErrorOf, apiJson } from '@/lib/api-client';
import { INVENTORY_URLS, isInventoryQuery, withQuery } from '@/lib/inventory-api';
import { getAuthToken } from '@/lib/session/auth-storage';

const itemPageSchema = pageSchema(merchItemSchema);

/** GET /api/merch-items: search by name, SKU or brand; category filter ('all' for none). */
export const merchItemsQuery = (search = '', category = 'all') => {
  const url = withQuery(INVENTORY_URLS.merchItems, {
    limit: 200,
    search: search.trim() || undefined,
    category: category === 'all' ? undefined : category,
  });
  return queryOptions({
    queryKey: [url],
    queryFn: ({ signal }) => apiJson(url, itemPageSchema, { signal }),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
};

export function useMerchItems(search = '', category = 'all') {
  return useQuery(merchItemsQuery(search, category));
}

/** The item form as the server reads it: text fields (lists comma-joined, price in dollars) and the image. */
export interface MerchItemForm {
  name: string;
  sku: string;
  description: string;
  category: string;
  brand: string;
  price: string;
  sizes: string[];
  colors: string[];
  isActive: boolean;
  image: File | null;
}

async function saveMerchItem({ id, form }: { id?: string; form: MerchItemForm }) {
  const body = new FormData();
  body.append('name', form.name);
  body.append('sku', form.sku);
  body.append('description', form.description);
  body.append('category', form.category);
  body.append('brand', form.brand);
  body.append('price', form.price);
  body.append('sizes', form.sizes.join(','));
  body.append('colors', form.colors.join(','));
  body.append('isActive', String(form.isActive));
  if (form.image) body.append('image', form.image);
  const token = getAuthToken();
  const response = await fetch(id ? `${INVENTORY_URLS.merchItems}/${id}` : INVENTORY_URLS.merchItems, {
    method: id ? 'PUT' : 'POST',
    body,
    credentials: 'include',
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw await apiErrorOf(response);
  return merchItemSchema.parse(await response.json());
}

export function useSaveMerchItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMerchItem,
    onSuccess: () => queryClient.invalidateQueries({ predicate: (q) => isInventoryQuery(q.queryKey) }),
  });
}

export function useDeleteMerchItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiJson(`${INVENTORY_URLS.merchItems}/${id}`, messageResponseSchema, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ predicate: (q) => isInventoryQuery(q.queryKey) }),
  });
}
