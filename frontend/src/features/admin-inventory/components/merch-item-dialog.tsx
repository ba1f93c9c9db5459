import type { MerchItem } from '@avpass/contracts';
import { centsToDollars, MERCH_CATEGORIES, MERCH_COLORS, MERCH_SIZES } from '@avpass/domain';
import AddPhotoAlternateOutlinedIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useEffect, useMemo, useState } from 'react';
import { useToast } from '@/components/toast/toast-context';
import type { Translate } from '@avpass/contracts/i18n/voucher-words';
import { apiErrorText, apiFieldErrorTexts } from '@/i18n/api-error-text';
import { useT } from '@/i18n/i18n';
import type { MessageId } from '@/i18n/message-id';
import { focusFirstError } from '@/lib/form-errors';
import { useSaveMerchItem, type MerchItemForm } from '../api/save-merch-item';
import { useBulkInventory } from '../api/bulk-inventory';

const DEFAULT_MIN_STOCK = 10;

const blank = (): MerchItemForm => ({
  name: '',
  sku: '',
  description: '',
  category: '',
  brand: '',
  price: '',
  sizes: [],
  colors: [],
  isActive: true,
  image: null,
});

const fromItem = (item: MerchItem): MerchItemForm => ({
  name: item.name,
  sku: item.sku,
  description: item.description ?? '',
  category: item.category,
  brand: item.brand ?? '',
  price: centsToDollars(item.price).toFixed(2),
  sizes: item.sizes,
  colors: item.colors,
  isActive: item.isActive,
  image: null,
});

function validate(form: MerchItemForm, t: Translate<MessageId>): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!form.name.trim()) errors.name = t('inventory.item.nameRequired');
  if (!form.sku.trim()) errors.sku = t('inventory.item.skuRequired');
  if (!form.category) errors.category = t('inventory.item.categoryRequired');
  if (!form.price.trim()) errors.price = t('inventory.item.priceRequired');
  else if (!Number.isFinite(Number(form.price)) || Number(form.price) < 0)
    errors.price = t('inventory.item.priceInvalid');
  if (form.sizes.length === 0) errors.sizes = t('inventory.item.sizesRequired');
  return errors;
}

const toggle = (list: string[], value: string, order: readonly string[]) =>
  list.includes(value)
    ? list.filter((v) => v !== value)
    : order.filter((v) => v === value || list.includes(v));

/** Add/Edit Merch Item (spec section 2); on create only, optional initial stock per chosen size. */
export function MerchItemDialog({
  open,
  item,
  onClose,
}: {
  open: boolean;
  /** The item to edit; null creates one. */
  item: MerchItem | null;
  onClose: () => void;
}) {
  // Mounted per opening, so the form starts from the item (or blank) every time.
  return open ? <MerchItemDialogBody item={item} onClose={onClose} /> : null;
}

function MerchItemDialogBody({ item, onClose }: { item: MerchItem | null; onClose: () => void }) {
  const t = useT();
  const { toast } = useToast();
  const save = useSaveMerchItem();
  const bulk = useBulkInventory();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [form, setForm] = useState<MerchItemForm>(() => (item ? fromItem(item) : blank()));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [withStock, setWithStock] = useState(false);
  const [stock, setStock] = useState<Record<string, string>>({});
  const chosenImage = useMemo(() => (form.image ? URL.createObjectURL(form.image) : null), [form.image]);
  useEffect(() => () => (chosenImage ? URL.revokeObjectURL(chosenImage) : undefined), [chosenImage]);
  const preview = chosenImage ?? item?.imageUrl ?? null;

  const set = <K extends keyof MerchItemForm>(key: K, value: MerchItemForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors(({ [key]: _fixed, ...rest }) => rest);
  };

  async function submit() {
    const found = validate(form, t);
    setErrors(found);
    if (Object.keys(found).length > 0) return focusFirstError();
    let saved: MerchItem;
    try {
      saved = await save.mutateAsync({ ...(item ? { id: item.id } : {}), form });
    } catch (error) {
      setErrors(apiFieldErrorTexts(error));
      toast({
        title: t('inventory.error'),
        description: apiErrorText(error, t('inventory.item.saveFailed')),
        kind: 'destructive',
      });
      return;
    }
    const entries = withStock
      ? form.sizes
          .map((size) => ({
            size,
            totalQuantity: Number(stock[size] || 0),
            minStockLevel: DEFAULT_MIN_STOCK,
          }))
          .filter((e) => Number.isInteger(e.totalQuantity) && e.totalQuantity > 0)
      : [];
    if (!item && entries.length > 0) {
      try {
        await bulk.mutateAsync({ merchItemId: saved.id, entries });
      } catch {
        toast({
          title: t('inventory.item.partial'),
          description: t('inventory.item.partialText'),
          kind: 'destructive',
        });
        onClose();
        return;
      }
    }
    toast({
      title: t('inventory.success'),
      description: item ? t('inventory.item.updated') : t('inventory.item.created'),
    });
    onClose();
  }

  const pending = save.isPending || bulk.isPending;
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth fullScreen={fullScreen}>
      <DialogTitle>{item ? t('inventory.item.editTitle') : t('inventory.item.addTitle')}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2.5}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label={t('inventory.item.name')}
              required
              fullWidth
              value={form.name}
              onChange={(e) => set('name', e.target.value)}
              error={!!errors.name}
              helperText={errors.name}
            />
            <TextField
              label={t('inventory.item.sku')}
              required
              fullWidth
              value={form.sku}
              onChange={(e) => set('sku', e.target.value)}
              error={!!errors.sku}
              helperText={errors.sku}
            />
          </Stack>
          <TextField
            label={t('inventory.item.description')}
            multiline
            minRows={2}
            value={form.description}
            onChange={(e) => set('description', e.target.value)}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              select
              label={t('inventory.item.category')}
              required
              fullWidth
              value={form.category}
              onChange={(e) => set('category', e.target.value)}
              error={!!errors.category}
              helperText={errors.category}
            >
              {MERCH_CATEGORIES.map((c) => (
                <MenuItem key={c} value={c}>
                  {t(`inventory.category.${c}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label={t('inventory.item.brand')}
              fullWidth
              value={form.brand}
              onChange={(e) => set('brand', e.target.value)}
            />
            <TextField
              label={t('inventory.item.price')}
              required
              fullWidth
              type="number"
              value={form.price}
              onChange={(e) => set('price', e.target.value)}
              error={!!errors.price}
              helperText={errors.price}
              slotProps={{ htmlInput: { step: 0.01, min: 0 } }}
            />
          </Stack>
          <Box>
            <FormLabel component="legend" required error={!!errors.sizes}>
              {t('inventory.item.sizes')}
            </FormLabel>
            <FormGroup row>
              {MERCH_SIZES.map((size) => (
                <FormControlLabel
                  key={size}
                  label={size}
                  control={
                    <Checkbox
                      checked={form.sizes.includes(size)}
                      onChange={() => set('sizes', toggle(form.sizes, size, MERCH_SIZES))}
                    />
                  }
                />
              ))}
            </FormGroup>
            {errors.sizes && <FormHelperText error>{errors.sizes}</FormHelperText>}
          </Box>
          <Box>
            <FormLabel component="legend">{t('inventory.item.colors')}</FormLabel>
            <FormGroup row>
              {MERCH_COLORS.map((color) => (
                <FormControlLabel
                  key={color}
                  label={color}
                  control={
                    <Checkbox
                      checked={form.colors.includes(color)}
                      onChange={() => set('colors', toggle(form.colors, color, MERCH_COLORS))}
                    />
                  }
                />
              ))}
            </FormGroup>
          </Box>
          {item && (
            <FormControlLabel
              label={form.isActive ? t('inventory.items.active') : t('inventory.items.inactive')}
              control={<Switch checked={form.isActive} onChange={(e) => set('isActive', e.target.checked)} />}
            />
          )}
          {!item && (
            <Box>
              <FormControlLabel
                label={t('inventory.item.initialStock')}
                control={<Switch checked={withStock} onChange={(e) => setWithStock(e.target.checked)} />}
              />
              {withStock && (
                <Box
                  sx={{
                    display: 'grid',
                    gridTemplateColumns: 'repeat(auto-fill, minmax(110px, 1fr))',
                    gap: 1.5,
                    mt: 1,
                  }}
                >
                  {form.sizes.length === 0 && (
                    <Typography variant="body2" color="text.secondary">
                      {t('inventory.item.chooseSizes')}
                    </Typography>
                  )}
                  {form.sizes.map((size) => (
                    <TextField
                      key={size}
                      label={t('inventory.item.quantityOf', { size })}
                      type="number"
                      size="small"
                      value={stock[size] ?? ''}
                      onChange={(e) => setStock((s) => ({ ...s, [size]: e.target.value }))}
                      slotProps={{ htmlInput: { min: 0, step: 1 } }}
                    />
                  ))}
                </Box>
              )}
            </Box>
          )}
          <Box>
            <FormLabel component="legend">{t('inventory.item.image')}</FormLabel>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mt: 1 }}>
              <Box
                sx={(theme) => ({
                  width: 96,
                  height: 96,
                  borderRadius: 2,
                  border: `1px dashed ${theme.palette.divider}`,
                  display: 'grid',
                  placeItems: 'center',
                  overflow: 'hidden',
                  flexShrink: 0,
                })}
              >
                {preview ? (
                  <Box
                    component="img"
                    src={preview}
                    alt={t('inventory.item.preview')}
                    sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
                  />
                ) : (
                  <AddPhotoAlternateOutlinedIcon color="disabled" />
                )}
              </Box>
              <Button variant="outlined" component="label">
                {preview ? t('inventory.item.changeImage') : t('inventory.item.uploadImage')}
                <input
                  hidden
                  type="file"
                  accept="image/png,image/jpeg,image/webp"
                  data-testid="merch-image-input"
                  onChange={(e) => set('image', e.target.files?.[0] ?? null)}
                />
              </Button>
            </Stack>
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('inventory.item.cancel')}</Button>
        <Button variant="contained" disabled={pending} onClick={() => void submit()}>
          {pending
            ? t('inventory.item.saving')
            : item
              ? t('inventory.item.update')
              : t('inventory.item.create')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
