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

export interface NavLinkItem {
  label: string;
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
    { label: 'Dashboard', to: paths.dashboard.path, icon: DashboardOutlinedIcon },
    // Issue 25: the administrator may redeem any code at the till.
    { label: 'Till', to: paths.till.path, icon: PointOfSaleOutlinedIcon },
    { label: 'Partners', to: paths.partners.path, icon: StorefrontOutlinedIcon },
    // Issue 41: the club's members.
    { label: 'Members', to: paths.members.path, icon: GroupsOutlinedIcon },
    { label: 'AV Pass Generator', to: paths.generate.path, icon: QrCode2OutlinedIcon },
    { label: 'Bulk Generate', to: paths.bulk.path, icon: DynamicFeedOutlinedIcon },
    { label: 'Trainer/Athlete QR', to: paths.trainerQr.path, icon: SportsOutlinedIcon },
    {
      label: 'Project Rooted QR Exclusives',
      to: paths.projectRootedExclusives.path,
      icon: ParkOutlinedIcon,
    },
    { label: 'Inventory', to: paths.adminInventory.path, icon: Inventory2OutlinedIcon },
    { label: 'Statements', to: paths.adminStatements.path, icon: ReceiptLongOutlinedIcon },
    { label: 'Analytics', to: paths.adminAnalytics.path, icon: AnalyticsOutlinedIcon },
    { label: 'Audit', to: paths.audit.path, icon: ManageSearchOutlinedIcon },
  ],
  company_admin: [
    // Issue 25: the partner's staff at the counter, first.
    { label: 'Till', to: paths.till.path, icon: PointOfSaleOutlinedIcon },
    { label: 'Dashboard', to: paths.companyDashboard.path, icon: DashboardOutlinedIcon },
    // Spec §2: every signed-in user may generate; a company's codes are its own (issue 24).
    { label: 'AV Pass Generator', to: paths.generate.path, icon: QrCode2OutlinedIcon },
    { label: 'Bulk Generate', to: paths.bulk.path, icon: DynamicFeedOutlinedIcon },
    { label: 'Credits', to: paths.partnerCredits.path, icon: CreditCardOutlinedIcon },
    { label: 'Inventory', to: paths.partnerInventory.path, icon: Inventory2OutlinedIcon },
    { label: 'Statements', to: paths.statements.path, icon: ReceiptLongOutlinedIcon },
    { label: 'Analytics', to: paths.companyAdmin.path, icon: AnalyticsOutlinedIcon },
  ],
};

/** Only super_admin has a Settings button (spec section 2). */
export function hasSettings(role: Role): boolean {
  return role === 'super_admin';
}

export function navTitleFor(role: Role, companyName: string | null): string {
  return role === 'super_admin' ? 'Admin Panel' : (companyName ?? 'Partner Portal');
}
