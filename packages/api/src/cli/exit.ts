/** Runs a command's entry point on this process's arguments and exits with its code; 1 on an error. */
export function runAndExit(main: (argv: string[]) => Promise<number>): void {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
