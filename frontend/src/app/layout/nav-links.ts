import type { Role } from '@avpass/contracts';
import type SvgIcon from '@mui/material/SvgIcon';
import AnalyticsOutlinedIcon from '@mui/icons-material/AnalyticsOutlined';
import CreditCardOutlinedIcon from '@mui/icons-material/CreditCardOutlined';
import DashboardOutlinedIcon from '@mui/icons-material/DashboardOutlined';
import DynamicFeedOutlinedIcon from '@mui/icons-material/DynamicFeedOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import ParkOutlinedIcon from '@mui/icons-material/ParkOutlined';
import PointOfSaleOutlinedIcon from '@mui/icons-material/PointOfSaleOutlined';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import ManageSearchOutlinedIcon from '@mui/icons-material/ManageSearchOutlined';
import QrCode2OutlinedIcon from '@mui/icons-material/QrCode2Outlined';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import SportsOutlinedIcon from '@mui/icons-material/SportsOutlined';
import { paths } from '@/config/paths';
import type { MessageId } from '@/i18n/message-id';

export interface NavLinkItem {
  /** The link's words: a key of the `staff` catalog. */
  label: MessageId;
  to: string;
  icon: typeof SvgIcon;
}

/**
 * Spec section 2, "Navigation bar": the links each role sees, in order — only to screens that exist.
 * Athlete/Partnership Analytics is reached from the dashboards (the admin's Analytics tab, the
 * company's card), as in the spec.
 */
export const NAV_LINKS: Record<Role, readonly NavLinkItem[]> = {
  super_admin: [
    { label: 'staff.nav.link.dashboard', to: paths.dashboard.path, icon: DashboardOutlinedIcon },
    // Issue 25: the administrator may redeem any code at the till.
    { label: 'staff.nav.link.till', to: paths.till.path, icon: PointOfSaleOutlinedIcon },
    { label: 'staff.nav.link.partners', to: paths.partners.path, icon: StorefrontOutlinedIcon },
    // Issue 41: the club's members.
    { label: 'staff.nav.link.members', to: paths.members.path, icon: GroupsOutlinedIcon },
    { label: 'staff.nav.link.generate', to: paths.generate.path, icon: QrCode2OutlinedIcon },
    { label: 'staff.nav.link.bulk', to: paths.bulk.path, icon: DynamicFeedOutlinedIcon },
    { label: 'staff.nav.link.trainerQr', to: paths.trainerQr.path, icon: SportsOutlinedIcon },
    { label: 'staff.nav.link.exclusives', to: paths.projectRootedExclusives.path, icon: ParkOutlinedIcon },
    { label: 'staff.nav.link.inventory', to: paths.adminInventory.path, icon: Inventory2OutlinedIcon },
    { label: 'staff.nav.link.statements', to: paths.adminStatements.path, icon: ReceiptLongOutlinedIcon },
    { label: 'staff.nav.link.analytics', to: paths.adminAnalytics.path, icon: AnalyticsOutlinedIcon },
    { label: 'staff.nav.link.audit', to: paths.audit.path, icon: ManageSearchOutlinedIcon },
  ],
  company_admin: [
    // Issue 25: the partner's staff at the counter, first.
    { label: 'staff.nav.link.till', to: paths.till.path, icon: PointOfSaleOutlinedIcon },
    { label: 'staff.nav.link.dashboard', to: paths.companyDashboard.path, icon: DashboardOutlinedIcon },
    // Spec §2: every signed-in user may generate; a company's codes are its own (issue 24).
    { label: 'staff.nav.link.generate', to: paths.generate.path, icon: QrCode2OutlinedIcon },
    { label: 'staff.nav.link.bulk', to: paths.bulk.path, icon: DynamicFeedOutlinedIcon },
    { label: 'staff.nav.link.credits', to: paths.partnerCredits.path, icon: CreditCardOutlinedIcon },
    { label: 'staff.nav.link.inventory', to: paths.partnerInventory.path, icon: Inventory2OutlinedIcon },
    { label: 'staff.nav.link.statements', to: paths.statements.path, icon: ReceiptLongOutlinedIcon },
    { label: 'staff.nav.link.analytics', to: paths.companyAdmin.path, icon: AnalyticsOutlinedIcon },
  ],
};

/** Only super_admin has a Settings button (spec section 2). */
export function hasSettings(role: Role): boolean {
  return role === 'super_admin';
}

/** The bar's title: a catalog key for the generic titles, the company's own name as it is written. */
export function navTitleFor(role: Role, companyName: string | null): { key: MessageId } | { name: string } {
  if (role === 'super_admin') return { key: 'staff.nav.adminPanel' };
  return companyName ? { name: companyName } : { key: 'staff.nav.partnerPortal' };
}
