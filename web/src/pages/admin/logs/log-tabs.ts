import type { LogType } from '@blog/shared';
import type { LogLineCount } from '../../../api/logs.ts';

export const LOG_TABS: LogType[] = ['application', 'system', 'error', 'images'];

export const LOG_TAB_LABELS: Record<LogType, string> = {
  application: 'Aplikacja',
  system: 'System',
  error: 'Błędy',
  images: 'Obrazy',
};

/** The line counts offered; 100 by default. */
export const LOG_LINE_OPTIONS: LogLineCount[] = [50, 100, 200, 500, 1000];
export const DEFAULT_LOG_LINES: LogLineCount = 100;

/** 'z 1 wpisu', 'z 5 wpisów': the genitive after „z”. */
export const entriesLabel = (count: number) => (count === 1 ? 'wpisu' : 'wpisów');
