import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import { Fragment, type ReactNode } from 'react';
import { Pager, type Paging } from '@/components/data-display/pager';

/** A list's frame: a card on wide screens, edge to edge inside the tab panel on phones. */
const edgeToEdgeOnPhoneSx = {
  borderRadius: { xs: 0, md: 3 },
  borderLeft: { xs: 'none', md: undefined },
  borderRight: { xs: 'none', md: undefined },
  boxShadow: { xs: 'none', md: undefined },
} as const;

/** A card holding a server-paged list, with the pager under a divider. */
export function PagedListCard({
  count,
  paging,
  edgeToEdgeOnPhone = false,
  children,
}: {
  count: number;
  paging: Paging;
  edgeToEdgeOnPhone?: boolean;
  children: ReactNode;
}) {
  return (
    <Card sx={edgeToEdgeOnPhone ? edgeToEdgeOnPhoneSx : undefined}>
      {children}
      <Divider />
      <Pager count={count} paging={paging} />
    </Card>
  );
}

/** A `<ul>` of rows with a divider between each two. */
export function DividedList<T>({
  label,
  items,
  itemKey,
  renderItem,
}: {
  label: string;
  items: readonly T[];
  itemKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
}) {
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {items.map((item, index) => (
        <Fragment key={itemKey(item)}>
          {index > 0 && <Divider component="li" aria-hidden />}
          {renderItem(item)}
        </Fragment>
      ))}
    </Box>
  );
}
