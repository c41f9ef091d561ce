import { appendLog, type LogDeps } from './capped-log.ts';
import { LOG_LEVELS, LOG_TYPES, type LogType } from './log-types.ts';

const TEST_MESSAGES = {
  ERROR: 'Wpis testowy: błąd',
  WARN: 'Wpis testowy: ostrzeżenie',
  INFO: 'Wpis testowy: informacja',
  DEBUG: 'Wpis testowy: diagnostyka',
} as const;

/**
 * POST /admin/logs/generate-test: one entry of each level in every text log, so an operator can
 * see the screen's colours and filters work. The images log gets none: its entries describe real files.
 */
export async function generateTestLogs(deps: LogDeps, actor: string): Promise<number> {
  const textLogs = LOG_TYPES.filter((type): type is Exclude<LogType, 'images'> => type !== 'images');
  let written = 0;
  for (const type of textLogs) {
    for (const level of LOG_LEVELS) {
      if (await appendLog(deps, type, level, TEST_MESSAGES[level], { by: actor })) written += 1;
    }
  }
  return written;
}
