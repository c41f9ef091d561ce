// What the worker and other modules use (package export `@blog/api/logs`): the one capped-log writer.
export {
  appendImageLog,
  appendLog,
  clearLog,
  formatLogLine,
  readLog,
  type LogDeps,
  type LogEntry,
} from './capped-log.ts';
export {
  type ImageLogEntry,
  LOG_CAP,
  LOG_LEVELS,
  LOG_TYPES,
  type LogFields,
  type LogLevel,
  type LogType,
} from './log-types.ts';
