import type { CurrentUser } from '@avpass/contracts';
import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import LogoutRoundedIcon from '@mui/icons-material/LogoutRounded';
import MenuRoundedIcon from '@mui/icons-material/MenuRounded';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { BrandMark } from '@/components/brand/brand-mark';
import { homePathFor, paths } from '@/config/paths';
import { useT } from '@/i18n/i18n';
import { APP_NAME } from '@/lib/use-document-title';
import { LanguageMenu } from './language-menu';
import { hasSettings, NAV_LINKS, navTitleFor, type NavLinkItem } from './nav-links';
import { useSignOut } from './use-sign-out';

function initialsOf(user: CurrentUser): string {
  const fromName = [user.firstName, user.lastName]
    .filter((part): part is string => Boolean(part))
    .map((part) => part[0])
    .join('');
  return (fromName || user.username.slice(0, 2)).toUpperCase();
}

function isActive(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}

/** Shown only while signed in: a title bar, a row of role links on wide screens, a drawer on phones. */
export function NavBar({ user }: { user: CurrentUser }) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { pathname } = useLocation();
  const signOut = useSignOut();
  const links = NAV_LINKS[user.role];
  const t = useT();
  const named = navTitleFor(user.role, user.companyName);
  const title = 'key' in named ? t(named.key) : named.name;
  const showSettings = hasSettings(user.role);
  const closeDrawer = () => setDrawerOpen(false);

  return (
    <AppBar position="sticky" component="header">
      <Toolbar sx={{ gap: 1.5, minHeight: { xs: 60, md: 64 }, px: { xs: 1.5, sm: 3 } }}>
        <IconButton
          color="inherit"
          edge="start"
          aria-label={t('staff.nav.openMenu')}
          aria-controls="app-nav-drawer"
          aria-expanded={drawerOpen}
          onClick={() => setDrawerOpen(true)}
          sx={{ display: { lg: 'none' } }}
        >
          <MenuRoundedIcon />
        </IconButton>
        <Box
          component={NavLink}
          to={homePathFor(user.role)}
          // The name starts with the mark's visible "AV" (axe: label-content-name-mismatch).
          aria-label={t('staff.nav.home', { title })}
          sx={{
            color: 'inherit',
            textDecoration: 'none',
            display: 'flex',
            alignItems: 'center',
            minWidth: 0,
          }}
        >
          <BrandMark size="small" label="" />
        </Box>
        <Box sx={{ minWidth: 0, flexShrink: 1 }}>
          <Typography
            component="p"
            noWrap
            data-testid="nav-title"
            sx={{ fontWeight: 800, fontSize: { xs: '1rem', sm: '1.1rem' }, lineHeight: 1.2 }}
          >
            {title}
          </Typography>
          <Typography
            component="p"
            noWrap
            variant="caption"
            sx={(theme) => ({ color: theme.brand.onDarkSubtle, display: { xs: 'none', sm: 'block' } })}
          >
            {APP_NAME}
          </Typography>
        </Box>

        <Box sx={{ flexGrow: 1 }} />

        <Box sx={{ display: { xs: 'none', md: 'flex' }, alignItems: 'center', gap: 1 }}>
          <Avatar
            sx={(theme) => ({
              width: 32,
              height: 32,
              fontSize: '0.8rem',
              backgroundColor: theme.palette.secondary.main,
              color: theme.palette.secondary.contrastText,
            })}
          >
            {initialsOf(user)}
          </Avatar>
          <Typography variant="body2" noWrap sx={{ maxWidth: 180, fontWeight: 600, mr: 1 }}>
            {user.username}
          </Typography>
        </Box>

        {showSettings && (
          <Button
            component={NavLink}
            to={paths.settings.path}
            color="inherit"
            startIcon={<SettingsOutlinedIcon />}
            aria-current={isActive(pathname, paths.settings.path) ? 'page' : undefined}
            sx={(theme) => ({
              display: { xs: 'none', lg: 'inline-flex' },
              border: `1px solid ${theme.brand.glassBorder}`,
              '&[aria-current="page"]': { backgroundColor: theme.brand.glass },
            })}
          >
            {t('staff.nav.settings')}
          </Button>
        )}
        <LanguageMenu user={user} variant="bar" />
        <Button
          color="inherit"
          onClick={() => signOut('logout')}
          startIcon={<LogoutRoundedIcon />}
          sx={(theme) => ({
            display: { xs: 'none', lg: 'inline-flex' },
            '&:hover': { backgroundColor: theme.brand.glass },
          })}
        >
          {t('staff.nav.logout')}
        </Button>
      </Toolbar>

      <Box
        component="nav"
        aria-label={t('staff.nav.main')}
        sx={(theme) => ({
          display: { xs: 'none', lg: 'block' },
          borderTop: `1px solid ${theme.brand.glassBorder}`,
          backgroundColor: theme.brand.glass,
        })}
      >
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            m: 0,
            px: 2,
            py: 0,
            display: 'flex',
            gap: { lg: 0.25, xl: 0.5 },
            overflowX: 'auto',
          }}
        >
          {links.map((link) => (
            <Box component="li" key={link.to} sx={{ flexShrink: 0 }}>
              <DesktopNavLink link={link} active={isActive(pathname, link.to)} />
            </Box>
          ))}
        </Box>
      </Box>

      <Drawer
        id="app-nav-drawer"
        anchor="left"
        open={drawerOpen}
        onClose={closeDrawer}
        slotProps={{ paper: { sx: { width: 'min(320px, 86vw)' }, 'aria-label': t('staff.nav.menu') } }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1.5 }}>
          <BrandMark size="small" label={title} />
          <IconButton color="inherit" aria-label={t('staff.nav.closeMenu')} onClick={closeDrawer}>
            <CloseRoundedIcon />
          </IconButton>
        </Box>
        <Box sx={(theme) => ({ px: 2, pb: 1.5, color: theme.brand.onDarkMuted })}>
          {/* Wraps rather than cuts: a long name, or the words in a longer language. */}
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {t('staff.nav.signedInAs')} <strong>{user.username}</strong>
          </Typography>
        </Box>
        <Divider sx={(theme) => ({ borderColor: theme.brand.glassBorder })} />
        <List component="nav" aria-label={t('staff.nav.main')} sx={{ px: 1, py: 1.5 }}>
          {links.map((link) => (
            <DrawerNavLink
              key={link.to}
              link={link}
              active={isActive(pathname, link.to)}
              onNavigate={closeDrawer}
            />
          ))}
        </List>
        <Box sx={{ flexGrow: 1 }} />
        <Divider sx={(theme) => ({ borderColor: theme.brand.glassBorder })} />
        {/* Not a list: its items are buttons and a link, not list items (axe). */}
        <List component="div" sx={{ px: 1, py: 1.5 }}>
          {showSettings && (
            <DrawerNavLink
              link={{ label: 'staff.nav.settings', to: paths.settings.path, icon: SettingsOutlinedIcon }}
              active={isActive(pathname, paths.settings.path)}
              onNavigate={closeDrawer}
            />
          )}
          <LanguageMenu user={user} variant="drawer" />
          <ListItemButton
            onClick={() => {
              closeDrawer();
              signOut('logout');
            }}
            sx={{ mx: 0.5, my: 0.25 }}
          >
            <ListItemIcon sx={{ color: 'inherit', minWidth: 40 }}>
              <LogoutRoundedIcon />
            </ListItemIcon>
            <ListItemText
              primary={t('staff.nav.logout')}
              slotProps={{ primary: { sx: { fontWeight: 600 } } }}
            />
          </ListItemButton>
        </List>
      </Drawer>
    </AppBar>
  );
}

function DesktopNavLink({ link, active }: { link: NavLinkItem; active: boolean }) {
  const t = useT();
  const Icon = link.icon;
  return (
    <Button
      component={NavLink}
      to={link.to}
      color="inherit"
      size="small"
      startIcon={<Icon fontSize="small" />}
      aria-current={active ? 'page' : undefined}
      sx={(theme) => ({
        position: 'relative',
        // Eight links and their icons only fit side by side on very wide screens.
        '& .MuiButton-startIcon': { display: { xs: 'none', xl: 'inherit' } },
        borderRadius: 0,
        minHeight: 46,
        // Twelve links (Members joined in issue 41) fit a 1366 px laptop with tighter sides below xl.
        px: { lg: 0.75, xl: 1.25 },
        whiteSpace: 'nowrap',
        fontWeight: 600,
        color: theme.brand.onDarkMuted,
        '&:hover': { color: theme.palette.common.white, backgroundColor: theme.brand.glass },
        '&::after': {
          content: '""',
          position: 'absolute',
          left: { lg: 6, xl: 10 },
          right: { lg: 6, xl: 10 },
          bottom: 0,
          height: 3,
          borderRadius: '3px 3px 0 0',
          backgroundColor: 'transparent',
        },
        '&[aria-current="page"]': {
          color: theme.palette.common.white,
          '&::after': { backgroundColor: theme.palette.secondary.main },
        },
      })}
    >
      {t(link.label)}
    </Button>
  );
}

function DrawerNavLink({
  link,
  active,
  onNavigate,
}: {
  link: NavLinkItem;
  active: boolean;
  onNavigate: () => void;
}) {
  const t = useT();
  const Icon = link.icon;
  return (
    <ListItemButton
      component={NavLink}
      to={link.to}
      onClick={onNavigate}
      aria-current={active ? 'page' : undefined}
      sx={(theme) => ({
        mx: 0.5,
        my: 0.25,
        color: theme.brand.onDarkMuted,
        '&[aria-current="page"]': {
          color: theme.palette.common.white,
          backgroundColor: theme.brand.glass,
          boxShadow: `inset 3px 0 0 ${theme.palette.secondary.main}`,
        },
      })}
    >
      <ListItemIcon sx={{ color: 'inherit', minWidth: 40 }}>
        <Icon />
      </ListItemIcon>
      <ListItemText primary={t(link.label)} slotProps={{ primary: { sx: { fontWeight: 600 } } }} />
    </ListItemButton>
  );
}
