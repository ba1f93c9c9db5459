import { merchItemSchema, messageResponseSchema, pageSchema } from '@avpass/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson, apiUpload } from '@/lib/api-client';
import { INVENTORY_URLS, isInventoryQuery, withQuery } from '@/lib/inventory-api';

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

function saveMerchItem({ id, form }: { id?: string; form: MerchItemForm }) {
  return apiUpload(
    id ? `${INVENTORY_URLS.merchItems}/${id}` : INVENTORY_URLS.merchItems,
    {
      name: form.name,
      sku: form.sku,
      description: form.description,
      category: form.category,
      brand: form.brand,
      price: form.price,
      sizes: form.sizes.join(','),
      colors: form.colors.join(','),
      isActive: String(form.isActive),
      image: form.image,
    },
    merchItemSchema,
    { method: id ? 'PUT' : 'POST' },
  );
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
