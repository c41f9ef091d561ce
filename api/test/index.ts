// What other workspaces' tests use (package export `@blog/api/testing`): a real API on a free port
// and the factories that make fresh rows.
export * from './factories.ts';
export { createTestConfig, startTestApi, type TestApi } from './harness.ts';
export { TestBrowser } from './browser.ts';
export { spawnEntry, type SpawnedProcess } from './spawn-process.ts';
export { sharedServicesEnv, startSecondApi } from './second-api.ts';
export { recordDrillFigures, until } from './drill.ts';
export { untilSettled } from './settled.ts';
export { untilLeasesRunOut } from './leases.ts';
export { startTcpProxy, type TcpProxy, viaProxy } from './tcp-proxy.ts';
export { createTestBucketEnv } from './s3.ts';
export { createScratchDatabase, type ScratchDatabase } from '../src/db/scratch-database.ts';
export { createMigratedScratchDatabase, testDatabaseUrl } from './test-database.ts';
export { clientIp, cookieHeaderFrom, type RawAnswer, rawRequest } from './http.ts';
export { comparable as comparableTransfer } from './transfer-comparable.ts';
