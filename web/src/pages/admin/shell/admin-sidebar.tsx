import { ADMIN_PAGES, PUBLIC_PAGES } from '@blog/shared/addresses';
import type { Role } from '@blog/shared';
import { Box, Link, Separator, Stack, Text } from '@chakra-ui/react';
import {
  ArrowLeft,
  FilePlus,
  FileText,
  FolderTree,
  LayoutDashboard,
  type LucideIcon,
  Mail,
  MessageSquare,
  ScrollText,
  Settings,
  Users,
} from 'lucide-react';
import { Link as RouterLink, useLocation } from 'react-router';
import { adminNavFor, isAdminNavActive } from './admin-nav.ts';

const ICONS: Record<string, LucideIcon> = {
  [ADMIN_PAGES.dashboard]: LayoutDashboard,
  [ADMIN_PAGES.posts]: FileText,
  [ADMIN_PAGES.postNew]: FilePlus,
  [ADMIN_PAGES.categories]: FolderTree,
  [ADMIN_PAGES.comments]: MessageSquare,
  [ADMIN_PAGES.users]: Users,
  [ADMIN_PAGES.subscriptions]: Mail,
  [ADMIN_PAGES.settings]: Settings,
  [ADMIN_PAGES.logs]: ScrollText,
};

const linkStyle = {
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  px: '3',
  py: '2',
  borderRadius: 'md',
  fontWeight: 'medium',
  textDecoration: 'none',
  _hover: { bg: 'brand.subtle', color: 'brand.fg', textDecoration: 'none' },
} as const;

/** The admin sections this role may use, plus the way back to the blog; `onNavigate` closes the phone drawer. */
export function AdminSidebarNav({ role, onNavigate }: { role: Role; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  return (
    <Stack as="nav" aria-label="Nawigacja panelu" gap="1">
      <Text px="3" pb="2" fontSize="xs" fontWeight="semibold" textTransform="uppercase" color="fg.muted">
        Panel administracyjny
      </Text>
      {adminNavFor(role).map((item) => {
        const active = isAdminNavActive(item.to, pathname);
        const Icon = ICONS[item.to] ?? FileText;
        return (
          <Link
            key={item.to}
            asChild
            {...linkStyle}
            color={active ? 'brand.fg' : 'fg'}
            bg={active ? 'brand.subtle' : undefined}
          >
            <RouterLink to={item.to} aria-current={active ? 'page' : undefined} onClick={onNavigate}>
              <Icon size={18} aria-hidden="true" />
              {item.label}
            </RouterLink>
          </Link>
        );
      })}
      <Box py="2">
        <Separator />
      </Box>
      <Link asChild {...linkStyle} color="fg.muted">
        <RouterLink to={PUBLIC_PAGES.home} onClick={onNavigate}>
          <ArrowLeft size={18} aria-hidden="true" />
          Wróć do bloga
        </RouterLink>
      </Link>
    </Stack>
  );
}
