import type { LogsResponse } from '@blog/shared';
import { formatLogLine, type LogEntry } from './capped-log.ts';
import type { ImageLogEntry, LogType } from './log-types.ts';

/** Lines newest first; for images also the structured entries (those written as lines only are skipped). */
export function presentLogs(type: LogType, entries: LogEntry[], total: number): LogsResponse {
  const response: LogsResponse = { logs: entries.map((entry) => formatLogLine(type, entry)), total };
  if (type === 'images') {
    response.originalLogs = entries
      .map((entry) => entry.image)
      .filter((image): image is ImageLogEntry => image !== undefined)
      .map(({ timestamp, originalFilename, databasePath, postTitle }) => ({
        timestamp,
        originalFilename,
        databasePath,
        postTitle,
      }));
  }
  return response;
}
