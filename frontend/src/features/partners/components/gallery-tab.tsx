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
import { errorMessageOf } from '@/lib/api-client';
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
  const photos = vendor.galleryPhotos;
  const full = photos.length >= MAX_GALLERY_PHOTOS;

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = vendorPhotoProblem(file);
    if (problem) {
      toast({ ...problem, kind: 'destructive' });
      return;
    }
    upload.mutate(
      { file, vendorId: vendor.id, photoType: 'gallery' },
      {
        onSuccess: () =>
          toast({ title: 'Photo Uploaded', description: 'The photo was added to the gallery.' }),
        onError: (error) =>
          toast({
            title: 'Upload Failed',
            description: errorMessageOf(error, 'Upload failed'),
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
          toast({ title: 'Partner Updated', description: 'The photo was removed from the gallery.' });
        },
        onError: (error) =>
          toast({
            title: 'Error',
            description: errorMessageOf(error, 'Failed to update partner'),
            kind: 'destructive',
          }),
      },
    );

  return (
    <Box>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2, gap: 2 }}>
        <Typography color="text.secondary">
          {photos.length} of {MAX_GALLERY_PHOTOS} photos
        </Typography>
        <input
          ref={input}
          type="file"
          accept={PHOTO_ACCEPT}
          hidden
          onChange={choose}
          aria-label="Gallery photo file"
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
          {upload.isPending ? 'Uploading...' : 'Add Photo'}
        </Button>
      </Stack>
      {photos.length === 0 ? (
        <Stack sx={{ alignItems: 'center', py: 5, color: 'text.secondary' }} spacing={1}>
          <PhotoLibraryOutlinedIcon sx={{ fontSize: 48 }} />
          <Typography>No photos yet. Add the partner’s storefront, team or products.</Typography>
        </Stack>
      ) : (
        <Box
          role="list"
          aria-label="Gallery photos"
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
                aria-label={`View photo ${index + 1}`}
                sx={{ width: '100%', height: '100%' }}
              >
                <Box
                  component="img"
                  src={url}
                  alt={`Gallery photo ${index + 1}`}
                  loading="lazy"
                  sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
                />
              </ButtonBase>
              <Tooltip title="Remove photo">
                <IconButton
                  size="small"
                  aria-label={`Remove photo ${index + 1}`}
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
      <Dialog open={viewing !== null} onClose={() => setViewing(null)} maxWidth="lg" aria-label="Photo">
        <Box sx={{ position: 'relative', bgcolor: 'common.black' }}>
          <IconButton
            aria-label="Close photo"
            onClick={() => setViewing(null)}
            sx={{ position: 'absolute', top: 8, right: 8, color: 'common.white', bgcolor: 'rgba(0,0,0,0.4)' }}
          >
            <CloseRoundedIcon />
          </IconButton>
          {viewing && (
            <Box
              component="img"
              src={viewing}
              alt="Gallery photo, large"
              sx={{ display: 'block', maxWidth: '100%', maxHeight: '85vh', mx: 'auto' }}
            />
          )}
        </Box>
      </Dialog>
    </Box>
  );
}
