import { Writable } from 'node:stream';

const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO ',
  40: 'WARN ',
  50: 'ERROR',
  60: 'FATAL',
};

/** Fields that make the one-line summary; everything else is left out of the terminal. */
interface LogRecord {
  level?: number;
  time?: number;
  area?: string;
  msg?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: unknown;
  queue?: string;
  name?: string;
  kind?: string;
}

const clock = (time: number | undefined) => new Date(time ?? Date.now()).toTimeString().slice(0, 8);

/** One human line for one pino record: `12:00:01 INFO  GET /api/posts 200 12 ms`. */
export function formatPrettyLine(record: LogRecord): string {
  const head = `${clock(record.time)} ${LEVELS[record.level ?? 30] ?? 'INFO '}`;
  if (record.req && record.res) {
    const time = record.responseTime === undefined ? '' : ` ${Math.round(record.responseTime)} ms`;
    return `${head} ${record.req.method ?? ''} ${record.req.url ?? ''} ${record.res.statusCode ?? ''}${time}`;
  }
  const context = [record.queue, record.name, record.kind].filter(Boolean).join(' ');
  const error = record.err === undefined ? '' : ` (${typeof record.err === 'string' ? record.err : 'error'})`;
  const area = record.area ? `[${record.area}] ` : '';
  return `${head} ${area}${record.msg ?? ''}${context ? ` — ${context}` : ''}${error}`;
}

/** A pino destination that prints each JSON record as one readable line (development terminals). */
export function prettyLogStream(out: NodeJS.WritableStream): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (!line) continue;
        try {
          out.write(`${formatPrettyLine(JSON.parse(line) as LogRecord)}\n`);
        } catch {
          out.write(`${line}\n`);
        }
      }
      done();
    },
  });
}
