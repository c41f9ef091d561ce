import { loadConfig } from '@blog/api/config';
import { runProcess } from '@blog/api/process';
import { startWorker } from './worker.ts';

/** Production worker process; run as many as the queues need (`docker compose up --scale worker=N`). */
runProcess('worker', async () => startWorker(loadConfig()));
