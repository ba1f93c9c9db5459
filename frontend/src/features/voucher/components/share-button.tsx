import IosShareRoundedIcon from '@mui/icons-material/IosShareRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useEffect, useRef, useState } from 'react';
import { useToast } from '@/components/toast/toast-context';
import { shareLink, type SharedLink } from '../lib/share-link';

/**
 * "Share" (issue 29): the phone's share sheet with the voucher's link, so a member can send it to
 * themselves or keep it in a chat; where there is no share sheet, the link is copied ("Link copied"),
 * and where the clipboard is refused too, it is shown selected to copy by hand.
 */
export function ShareButton({ link }: { link: SharedLink }) {
  const { toast } = useToast();
  const [manual, setManual] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (manual) field.current?.select();
  }, [manual]);

  async function share() {
    // Straight from the tap: Safari allows the share sheet and the clipboard only inside the gesture.
    const outcome = await shareLink(link, navigator);
    if (outcome === 'copied') {
      toast({ title: 'Link copied', description: 'Paste it into a message or a note to keep this voucher.' });
    } else if (outcome === 'manual') {
      setManual(true);
      field.current?.select();
    }
  }

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Button
        variant="outlined"
        size="large"
        fullWidth
        onClick={() => void share()}
        startIcon={<IosShareRoundedIcon />}
        data-testid="share-button"
        sx={(theme) => ({
          minHeight: 48,
          borderRadius: 3,
          color: theme.palette.common.white,
          borderColor: theme.brand.glassBorder,
          backgroundColor: theme.brand.glass,
          '&:hover': { borderColor: theme.brand.onDarkSubtle, backgroundColor: theme.brand.glass },
        })}
      >
        Share
      </Button>
      {manual && (
        <Box
          component="input"
          ref={field}
          readOnly
          value={link.url}
          aria-label="Voucher link"
          data-testid="share-link-field"
          onFocus={(event: { currentTarget: HTMLInputElement }) => event.currentTarget.select()}
          sx={(theme) => ({
            font: 'inherit',
            p: 1.5,
            borderRadius: 2,
            border: `1px solid ${theme.brand.glassBorder}`,
            backgroundColor: theme.palette.common.white,
            color: theme.palette.text.primary,
          })}
        />
      )}
    </Box>
  );
}
