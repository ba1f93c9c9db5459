import AddAPhotoOutlinedIcon from '@mui/icons-material/AddAPhotoOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useRef } from 'react';
import { useToast } from '@/components/toast/toast-context';
import { errorMessageOf } from '@/lib/api-client';
import { TRAINER_IMAGE_MAX_BYTES, useUploadTrainerImage } from '@/lib/trainers-api';

/** The trainer's photo: at most 5 MB, images only (spec sections 5 and 9); the server checks the content too. */
export function TrainerPhoto({
  url,
  onChange,
}: {
  url: string | null;
  onChange: (url: string | null) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadTrainerImage();
  const { toast } = useToast();

  const pick = (file: File | undefined) => {
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      toast({ title: 'Upload Failed', description: 'Only image files are allowed', kind: 'destructive' });
      return;
    }
    if (file.size > TRAINER_IMAGE_MAX_BYTES) {
      toast({ title: 'Upload Failed', description: 'Image size must be less than 5MB', kind: 'destructive' });
      return;
    }
    upload.mutate(file, {
      onSuccess: (stored) => {
        onChange(stored);
        toast({ title: 'Photo Uploaded' });
      },
      onError: (error) =>
        toast({
          title: 'Upload Failed',
          description: errorMessageOf(error, 'Failed to upload trainer photo.'),
          kind: 'destructive',
        }),
    });
  };

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
      <Avatar
        src={url ?? undefined}
        alt="Trainer photo"
        sx={{ width: 64, height: 64 }}
        data-testid="trainer-photo"
      >
        <AddAPhotoOutlinedIcon />
      </Avatar>
      <Box>
        <input
          ref={input}
          type="file"
          accept="image/*"
          hidden
          aria-label="Trainer photo"
          data-testid="trainer-photo-input"
          onChange={(event) => {
            pick(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        <Button
          variant="outlined"
          size="small"
          onClick={() => input.current?.click()}
          disabled={upload.isPending}
          startIcon={upload.isPending ? <CircularProgress size={14} /> : undefined}
        >
          {url ? 'Change photo' : 'Upload photo'}
        </Button>
        {url && (
          <Button size="small" onClick={() => onChange(null)} sx={{ ml: 1 }}>
            Remove
          </Button>
        )}
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
          Optional. PNG or JPG, up to 5MB.
        </Typography>
      </Box>
    </Box>
  );
}
