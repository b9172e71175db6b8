// The icons of the pages a visitor sees first (the header's language, a password's reveal, the
// login's card banner), apart from components/Icon.tsx's others: the login page loads only these.

export const ENTRY_ICON_PATHS = {
  arrow: 'M5 12h14M13 6l6 6-6 6',
  eye: 'M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12zM12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z',
  eyeOff:
    'M3 3l18 18M10.6 5.1A10 10 0 0 1 12 5c6.5 0 10 7 10 7a17 17 0 0 1-3.2 4M6.6 6.6C3.7 8.4 2 12 2 12s3.5 7 10 7a9.7 9.7 0 0 0 5.4-1.6M9.9 9.9a3 3 0 0 0 4.2 4.2',
  card: 'M3 6h18v12H3zM3 10h18M7 15h4',
  globe:
    'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM3 12h18M12 3c2.5 2.5 3.5 5.5 3.5 9s-1 6.5-3.5 9c-2.5-2.5-3.5-5.5-3.5-9s1-6.5 3.5-9z',
} as const;

/** A path of the 24×24 grid, drawn with the text's colour. */
export function SvgIcon({
  d,
  size = 24,
  className,
}: {
  d: string;
  size?: number | undefined;
  className?: string | undefined;
}) {
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={d} />
    </svg>
  );
}

export function EntryIcon({
  name,
  size,
  className,
}: {
  name: keyof typeof ENTRY_ICON_PATHS;
  size?: number;
  className?: string;
}) {
  return <SvgIcon d={ENTRY_ICON_PATHS[name]} size={size} className={className} />;
}
