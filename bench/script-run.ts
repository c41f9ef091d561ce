/**
 * The life of a one-shot script (bench:soak, security:scan): steps that undo what it created, run
 * once in reverse order at the end, on failure and on Ctrl-C; exit 0 when `main` says it passed.
 */
export function scriptRun(log: (message: string) => void) {
  const cleanups: (() => Promise<unknown>)[] = [];
  let cleaning: Promise<void> | undefined;
  const cleanUp = () =>
    (cleaning ??= (async () => {
      for (const step of cleanups.reverse())
        await step().catch((err: unknown) => log(`cleanup: ${String(err)}`));
    })());
  process.once('SIGINT', () => void cleanUp().finally(() => process.exit(130)));
  return {
    /** Adds undo steps (the last added runs first). */
    cleanups,
    run(main: () => Promise<boolean>): void {
      main()
        .then(async (passed) => {
          await cleanUp();
          process.exit(passed ? 0 : 1);
        })
        .catch(async (err: unknown) => {
          log(err instanceof Error ? (err.stack ?? err.message) : String(err));
          await cleanUp();
          process.exit(1);
        });
    },
  };
}
