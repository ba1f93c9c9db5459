import type { Vendor } from '@avpass/contracts';
import AddPhotoAlternateOutlinedIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import PhotoLibraryOutlinedIcon from '@mui/icons-material/PhotoLibraryOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useRef, useState, type ChangeEvent } from 'react';
import { useToast } from '@/components/toast/toast-context';
import { apiErrorText } from '@/i18n/api-error-text';
import { useT } from '@/i18n/i18n';
import { useUploadVendorPhoto } from '../api/upload-vendor-photo';
import { useUpdateVendor } from '../api/update-vendor';
import { PHOTO_ACCEPT, vendorPhotoProblem } from '../lib/photo-file';

/** Spec: at most 50 gallery photos (the server holds the same cap). */
export const MAX_GALLERY_PHOTOS = 50;

/** The partner's photo grid: Add Photo, remove one (its file is deleted), view one large. */
export function GalleryTab({ vendor }: { vendor: Vendor }) {
  const upload = useUploadVendorPhoto();
  const update = useUpdateVendor();
  const input = useRef<HTMLInputElement>(null);
  const [viewing, setViewing] = useState<string | null>(null);
  const { toast } = useToast();
  const t = useT();
  const photos = vendor.galleryPhotos;
  const full = photos.length >= MAX_GALLERY_PHOTOS;

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = vendorPhotoProblem(file, t);
    if (problem) {
      toast({ ...problem, kind: 'destructive' });
      return;
    }
    upload.mutate(
      { file, vendorId: vendor.id, photoType: 'gallery' },
      {
        onSuccess: () =>
          toast({ title: t('partners.gallery.uploaded'), description: t('partners.gallery.uploadedText') }),
        onError: (error) =>
          toast({
            title: t('partners.upload.failed'),
            description: apiErrorText(error, t('partners.upload.failedText')),
            kind: 'destructive',
          }),
      },
    );
  };

  const removePhoto = (url: string) =>
    update.mutate(
      { id: vendor.id, changes: { galleryPhotos: photos.filter((p) => p !== url) } },
      {
        onSuccess: () => {
          setViewing(null);
          toast({ title: t('partners.updated'), description: t('partners.gallery.removedText') });
        },
        onError: (error) =>
          toast({
            title: t('partners.errorTitle'),
            description: apiErrorText(error, t('partners.updateFailed')),
            kind: 'destructive',
          }),
      },
    );

  return (
    <Box>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2, gap: 2 }}>
        <Typography color="text.secondary">
          {t('partners.gallery.count', { count: photos.length, max: MAX_GALLERY_PHOTOS })}
        </Typography>
        <input
          ref={input}
          type="file"
          accept={PHOTO_ACCEPT}
          hidden
          onChange={choose}
          aria-label={t('partners.gallery.file')}
        />
        <Button
          variant="contained"
          startIcon={
            upload.isPending ? (
              <CircularProgress size={16} color="inherit" />
            ) : (
              <AddPhotoAlternateOutlinedIcon />
            )
          }
          disabled={upload.isPending || full}
          onClick={() => input.current?.click()}
        >
          {upload.isPending ? t('partners.upload.uploading') : t('partners.gallery.add')}
        </Button>
      </Stack>
      {photos.length === 0 ? (
        <Stack sx={{ alignItems: 'center', py: 5, color: 'text.secondary' }} spacing={1}>
          <PhotoLibraryOutlinedIcon sx={{ fontSize: 48 }} />
          <Typography>{t('partners.gallery.none')}</Typography>
        </Stack>
      ) : (
        <Box
          role="list"
          aria-label={t('partners.gallery.photos')}
          sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))' }}
        >
          {photos.map((url, index) => (
            <Box
              key={url}
              role="listitem"
              sx={{
                position: 'relative',
                aspectRatio: '1',
                borderRadius: 2,
                overflow: 'hidden',
                border: 1,
                borderColor: 'divider',
              }}
            >
              <ButtonBase
                onClick={() => setViewing(url)}
                aria-label={t('partners.gallery.view', { number: index + 1 })}
                sx={{ width: '100%', height: '100%' }}
              >
                <Box
                  component="img"
                  src={url}
                  alt={t('partners.gallery.photo', { number: index + 1 })}
                  loading="lazy"
                  sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
                />
              </ButtonBase>
              <Tooltip title={t('partners.gallery.remove')}>
                <IconButton
                  size="small"
                  aria-label={t('partners.gallery.removeNumber', { number: index + 1 })}
                  disabled={update.isPending}
                  onClick={() => removePhoto(url)}
                  sx={(theme) => ({
                    position: 'absolute',
                    top: 6,
                    right: 6,
                    bgcolor: theme.palette.background.paper,
                    boxShadow: 1,
                    '&:hover': { bgcolor: theme.palette.background.paper },
                  })}
                >
                  <DeleteOutlineRoundedIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </Box>
          ))}
        </Box>
      )}
      <Dialog
        open={viewing !== null}
        onClose={() => setViewing(null)}
        maxWidth="lg"
        aria-label={t('partners.gallery.large')}
      >
        <Box sx={{ position: 'relative', bgcolor: 'common.black' }}>
          <IconButton
            aria-label={t('partners.gallery.close')}
            onClick={() => setViewing(null)}
            sx={{ position: 'absolute', top: 8, right: 8, color: 'common.white', bgcolor: 'rgba(0,0,0,0.4)' }}
          >
            <CloseRoundedIcon />
          </IconButton>
          {viewing && (
            <Box
              component="img"
              src={viewing}
              alt={t('partners.gallery.largeAlt')}
              sx={{ display: 'block', maxWidth: '100%', maxHeight: '85vh', mx: 'auto' }}
            />
          )}
        </Box>
      </Dialog>
    </Box>
  );
}
