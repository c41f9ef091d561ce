import { Bar, Presets } from 'cli-progress';

export interface Progress {
  /** Sets how many steps there are (once known) and where we are. */
  update(done: number, total?: number): void;
  stop(): void;
}

/**
 * A progress bar on stderr for the operator's long commands (storage:migrate, backup, restore):
 * a live bar on a terminal, a plain line every 10 % otherwise (cron mails, CI logs), nothing when
 * `quiet`. stdout stays free for data (`npm run backup -- -` writes the archive there).
 */
export function startProgress(label: string, options: { quiet?: boolean } = {}): Progress {
  if (options.quiet) return { update() {}, stop() {} };
  if (process.stderr.isTTY) {
    const bar = new Bar(
      { stream: process.stderr, format: `${label} [{bar}] {percentage}% {value}/{total}`, hideCursor: true },
      Presets.shades_classic,
    );
    let started = false;
    return {
      update(done, total) {
        if (!started) {
          bar.start(total ?? 0, done);
          started = true;
        } else {
          if (total !== undefined) bar.setTotal(total);
          bar.update(done);
        }
      },
      stop() {
        if (started) bar.stop();
        started = false;
      },
    };
  }
  let lastTenth = -1;
  let known = 0;
  return {
    update(done, total) {
      if (total !== undefined) known = total;
      const tenth = known > 0 ? Math.floor((done / known) * 10) : 0;
      if (tenth === lastTenth) return;
      lastTenth = tenth;
      process.stderr.write(`${label}: ${done}/${known} (${tenth * 10}%)\n`);
    },
    stop() {},
  };
}
