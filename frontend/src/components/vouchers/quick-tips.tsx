import LightbulbOutlinedIcon from '@mui/icons-material/LightbulbOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useT } from '@/i18n/i18n';
import type { MessageId } from '@/i18n/message-id';

const DEFAULT_TIPS = [
  'staff.tips.service',
  'staff.tips.print',
  'staff.tips.limit',
  'staff.tips.logo',
  'staff.tips.scan',
] as const satisfies readonly MessageId[];

export function QuickTips({ tips, title }: { tips?: readonly string[]; title?: string }) {
  const t = useT();
  const shown = tips ?? DEFAULT_TIPS.map((tip) => t(tip));
  return (
    <Card>
      <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5 }}>
          <LightbulbOutlinedIcon color="warning" aria-hidden />
          <Typography variant="h6" component="h2">
            {title ?? t('staff.tips.title')}
          </Typography>
        </Box>
        <Box component="ul" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 1 }}>
          {shown.map((tip) => (
            <Typography key={tip} component="li" variant="body2" color="text.secondary">
              {tip}
            </Typography>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}
