import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

interface SectionHeadingProps {
  id: string;
  eyebrow: string;
  title: string;
  description?: string;
}

export function SectionHeading({ id, eyebrow, title, description }: SectionHeadingProps) {
  return (
    <Box sx={{ textAlign: 'center', maxWidth: 680, mx: 'auto', mb: { xs: 5, md: 7 } }}>
      <Typography variant="overline" sx={(theme) => ({ color: theme.palette.secondary.dark })}>
        {eyebrow}
      </Typography>
      <Typography id={id} variant="h2" sx={{ mt: 0.5 }}>
        {title}
      </Typography>
      {description && (
        <Typography color="text.secondary" sx={{ mt: 2, fontSize: '1.05rem' }}>
          {description}
        </Typography>
      )}
    </Box>
  );
}
