import type { LogType } from '@blog/shared';
import { DEFAULT_LOG_LIMIT, LOG_LIMITS, LOG_TYPES } from '@blog/shared/rules';
import type { LogLineCount } from '../../../api/logs.ts';

export const LOG_TABS: readonly LogType[] = LOG_TYPES;

export const LOG_TAB_LABELS: Record<LogType, string> = {
  application: 'Aplikacja',
  system: 'System',
  error: 'Błędy',
  images: 'Obrazy',
};

/** The line counts offered (the contract's LogLines, from the same rules); 100 by default. */
export const LOG_LINE_OPTIONS: readonly LogLineCount[] = LOG_LIMITS;
export const DEFAULT_LOG_LINES: LogLineCount = DEFAULT_LOG_LIMIT;

/** 'z 1 wpisu', 'z 5 wpisów': the genitive after „z”. */
export const entriesLabel = (count: number) => (count === 1 ? 'wpisu' : 'wpisów');
