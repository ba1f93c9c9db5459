import { useParams } from 'react-router-dom';
import { VoucherPage } from '../components/voucher-page';

/** The voucher page inside the app's router (a link from an admin list); phones get app/voucher-shell. */
export function VoucherRoute() {
  const { id = '' } = useParams<{ id: string }>();
  return <VoucherPage id={id} />;
}
