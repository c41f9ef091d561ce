export type CloseStep = { name: string; close: () => Promise<void> };

/**
 * What the embedded run has started, closed in reverse order of starting: the worker and API
 * first, then the mail catcher, Redis and PostgreSQL they were using.
 */
export class ShutdownStack {
  private readonly steps: CloseStep[] = [];

  add(name: string, close: () => Promise<void>): void {
    this.steps.push({ name, close });
  }

  /** Closes everything, newest first; a failing step is reported and the rest still close. */
  async closeAll(report: (line: string) => void): Promise<boolean> {
    let clean = true;
    for (let step = this.steps.pop(); step; step = this.steps.pop()) {
      try {
        await step.close();
      } catch (error) {
        clean = false;
        report(`Could not stop ${step.name}: ${(error as Error).message?.split('\n')[0] ?? String(error)}`);
      }
    }
    return clean;
  }
}

/**
 * On SIGINT/SIGTERM/SIGHUP: close the stack and exit 0 (1 if something failed to close). A
 * second signal, or closing that hangs for `timeoutMs`, exits at once; the services' exit
 * hooks still stop their servers. One Ctrl+C under `npm start` arrives twice, from the terminal
 * and forwarded by npm: a repeat within `sameSignalMs` is that one press, not a second.
 */
export function closeOnSignals(stack: ShutdownStack, timeoutMs = 20_000, sameSignalMs = 1_000): void {
  let closingSince: number | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    if (closingSince !== undefined) {
      if (Date.now() - closingSince < sameSignalMs) return;
      process.stderr.write(`${signal} again: stopping now\n`);
      process.exit(1);
    }
    closingSince = Date.now();
    process.stdout.write('\nStopping the blog…\n');
    setTimeout(() => {
      process.stderr.write(`Stopping took more than ${timeoutMs / 1000} s: exiting anyway\n`);
      process.exit(1);
    }, timeoutMs).unref();
    void stack
      .closeAll((line) => process.stderr.write(`${line}\n`))
      .then((clean) => {
        if (clean) process.stdout.write('Stopped.\n');
        process.exit(clean ? 0 : 1);
      });
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, onSignal);
}
