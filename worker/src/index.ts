export { startWorker, type WorkerHandle } from './worker.ts';
