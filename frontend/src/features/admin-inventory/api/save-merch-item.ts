import { merchItemSchema } from '@avpass/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUpload } from '@/lib/api-client';
import { INVENTORY_URLS, isInventoryQuery } from '@/lib/inventory-api';

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
