export { startWorker, type WorkerHandle } from './worker.ts';
export { purgeTargetFor } from './cdn/purge-targets.ts';
