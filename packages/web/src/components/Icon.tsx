// Small stroke icons (24×24), decorative: the accessible name always comes from visible or
// visually-hidden text next to them. The first page's own (components/EntryIcon.tsx) are there;
// these load with the pages that show them.
import { ENTRY_ICON_PATHS, SvgIcon } from './EntryIcon';

const PATHS = {
  ...ENTRY_ICON_PATHS,
  dashboard: 'M4 4h7v7H4zM13 4h7v4h-7zM13 10h7v10h-7zM4 13h7v7H4z',
  profile: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 20c1.5-3.5 4.5-5 8-5s6.5 1.5 8 5',
  security: 'M12 3l7 3v5c0 4.5-3 8.5-7 10-4-1.5-7-5.5-7-10V6zM9 12l2 2 4-4',
  access: 'M15 7a3 3 0 1 1 0 6 3 3 0 0 1 0-6zM12.5 11.5L4 20M7 17l2 2M5 19l2 2',
  notifications: 'M6 17V11a6 6 0 1 1 12 0v6l2 2H4zM10 21h4',
  logout: 'M15 4h4v16h-4M10 8l-4 4 4 4M6 12h10',
  external: 'M14 4h6v6M20 4l-9 9M18 14v6H4V6h6',
  client: 'M4 20V8l8-4 8 4v12M9 20v-6h6v6M4 20h16',
  my: 'M3 7h18v12H3zM3 11h18M16 15h2',
  fridom: 'M5 17a2 2 0 1 0 4 0 2 2 0 0 0-4 0zM15 17a2 2 0 1 0 4 0 2 2 0 0 0-4 0zM7 17l4-8h5l3 8M11 9l-2-3H6',
  deals: 'M20 12l-8 8-8-8V4h8zM8 8h.01',
  phone: 'M8 3h8v18H8zM11 18h2',
  // A screen on a stand: a desktop or laptop browser (the sessions list).
  computer: 'M3 4h18v12H3zM8 20h8M12 16v4',
  mail: 'M3 6h18v12H3zM3 7l9 6 9-6',
  key: 'M8 15a4 4 0 1 1 3.5-6L21 9v4h-3v3h-3v-3h-3.5A4 4 0 0 1 8 15z',
  // A stopwatch: the authenticator's code that changes every 30 seconds (the key is the recovery key's).
  authenticator: 'M12 21a8 8 0 1 0 0-16 8 8 0 0 0 0 16zM12 9v4l2.5 2.5M10 2h4M18.5 5.5l1.5-1.5',
  copy: 'M9 9h11v11H9zM5 15H4V4h11v1',
  download: 'M12 4v11M7 10l5 5 5-5M4 20h16',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, size, className }: { name: IconName; size?: number; className?: string }) {
  return <SvgIcon d={PATHS[name]} size={size} className={className} />;
}
