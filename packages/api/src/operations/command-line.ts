// What the admin CLI's command families share: how they print, and how they read their arguments.

/** Prints one line of a command's answer. */
export type Write = (line: string) => void;

/** The value after `--name` in a command's arguments, if given. */
export function option(args: readonly string[], name: string): string | undefined {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
}

/** A row id typed on the command line (1 to 9 digits), else undefined. */
export const positiveId = (value: string | undefined) =>
  value && /^\d{1,9}$/.test(value) ? Number(value) : undefined;
