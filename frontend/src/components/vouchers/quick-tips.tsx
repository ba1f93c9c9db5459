import LightbulbOutlinedIcon from '@mui/icons-material/LightbulbOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';

const DEFAULT_TIPS = [
  'Give the code a clear service name: it is the first thing a member reads at the till.',
  'Print at full size; the PDF card keeps the QR sharp for counters and posters.',
  'Use a usage limit of 1 for one-off gifts and Unlimited for standing partner discounts.',
  'A logo makes the voucher instantly recognisable. Without one, the partner’s initials are shown.',
  'Scan the code with your phone before you hand it out to check it opens the voucher page.',
];

export function QuickTips({
  tips = DEFAULT_TIPS,
  title = 'Quick Tips',
}: {
  tips?: readonly string[];
  title?: string;
}) {
  return (
    <Card>
      <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5 }}>
          <LightbulbOutlinedIcon color="warning" aria-hidden />
          <Typography variant="h6" component="h2">
            {title}
          </Typography>
        </Box>
        <Box component="ul" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 1 }}>
          {tips.map((tip) => (
            <Typography key={tip} component="li" variant="body2" color="text.secondary">
              {tip}
            </Typography>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}
