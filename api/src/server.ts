import { createServer, STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { AddressInfo } from 'node:net';
import type { OperationId } from '@blog/shared';
import type { Config } from './config.ts';
import type { AccessRule } from './http/routes.ts';
import { createApp } from './app/app.ts';
import { contractOperations } from './app/contract-operations.ts';
import { COLLAB_EDIT_OPERATION } from './modules/collab/collab-access.ts';
import { attachCollab, type CollabServer } from './modules/collab/collab-server.ts';
import { appendLog } from './modules/logs/capped-log.ts';
import { createRuntime, type Runtime } from './runtime.ts';
import { searchDictionary } from './modules/search/post-search.service.ts';

export interface ApiServer {
  url: string;
  port: number;
  server: Server;
  runtime: Runtime;
  /** Live co-editing (WebSocket at /api/collab) on this same server. */
  collab: CollabServer;
  close(): Promise<void>;
}

const MALFORMED: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Adres lub nagłówki żądania są zbyt długie.'],
};

/**
 * A request Node cannot parse (headers over its 16 KB limit, a broken request line) never reaches
 * Express; Node would answer a bare 400/431 without a body. It gets the API's JSON error instead.
 */
function answerMalformedRequest(err: NodeJS.ErrnoException, socket: Duplex): void {
  if (!socket.writable || err.code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  const [status, message] = MALFORMED[err.code ?? ''] ?? [400, 'Nieprawidłowe żądanie HTTP.'];
  const body = JSON.stringify({ error: 'bad_request', message });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** The access rule (`x-auth`, `x-owner`) the contract gives an operation. */
function operationRule(operationId: OperationId): AccessRule {
  const operation = contractOperations().all.find((candidate) => candidate.operationId === operationId);
  if (!operation?.access) throw new Error(`The contract has no access rule for ${operationId}`);
  return { access: operation.access, owner: operation.owner };
}

export interface ApiServerOptions {
  webDistDir?: string;
  collabRecheckMs?: number;
  /**
   * Work that must be done before the first request is answered (`npm start` seeds the demo content
   * here, so a reader who opens the page the moment the port answers never sees an empty blog).
   */
  beforeListening?: (runtime: Runtime) => Promise<void>;
}

/** Builds the runtime and the app and listens; `close` stops accepting, drains, then disconnects. */
export async function startApiServer(config: Config, options: ApiServerOptions = {}): Promise<ApiServer> {
  const runtime = await createRuntime(config);
  // The search's Polish dictionary takes about a second to read: begun now (while beforeListening
  // works), it is ready for the first search.
  void searchDictionary();
  if (options.beforeListening)
    await options.beforeListening(runtime).catch(async (err: unknown) => {
      await runtime.close();
      throw err;
    });
  const app = createApp(runtime, { webDistDir: options.webDistDir, metricsQueues: runtime.queues.all });
  const server = await new Promise<Server>((resolve, reject) => {
    const listening = createServer(app);
    listening.once('error', reject);
    listening.listen(config.PORT, config.HOST, () => {
      listening.off('error', reject);
      resolve(listening);
    });
  }).catch(async (err: NodeJS.ErrnoException) => {
    await runtime.close();
    throw new Error(
      err.code === 'EADDRINUSE'
        ? `Port ${config.PORT} is already in use: set PORT to a free port`
        : err.message,
    );
  });
  server.keepAliveTimeout = 5000;
  server.on('clientError', answerMalformedRequest);
  const collab = attachCollab(runtime, server, {
    editRule: operationRule(COLLAB_EDIT_OPERATION),
    recheckMs: options.collabRecheckMs,
    bodyChanges: runtime.publicCache.changes,
  });
  const port = (server.address() as AddressInfo).port;
  runtime.relay.kick();
  await appendLog(runtime, 'system', 'INFO', `API uruchomione na porcie ${port} (pid ${process.pid})`);
  return {
    url: `http://localhost:${port}`,
    port,
    server,
    runtime,
    collab,
    async close() {
      await appendLog(runtime, 'system', 'INFO', `API zatrzymane (pid ${process.pid})`);
      await collab.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
        setTimeout(() => server.closeAllConnections(), 5000).unref();
      });
      await runtime.close();
    },
  };
}
