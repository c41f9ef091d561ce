import net from 'node:net';

export interface FailoverProxy {
  port: number;
  /** Connections handed to each target so far, in the order the targets were given. */
  connections: number[];
  close(): Promise<void>;
}

/**
 * A load balancer's stand-in for drills: each new client connection goes to the first target that
 * accepts it, so once a process is gone (its port refuses) clients reconnecting land on the next.
 * A connection whose target dies is dropped, as the balancer would drop it.
 */
export async function startFailoverProxy(targetPorts: number[], host = '127.0.0.1'): Promise<FailoverProxy> {
  const sockets = new Set<net.Socket>();
  const connections = targetPorts.map(() => 0);
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  };
  const connectFrom = (client: net.Socket, index: number) => {
    if (index >= targetPorts.length) {
      client.destroy();
      return;
    }
    const upstream = net.connect(targetPorts[index]!, host);
    track(upstream);
    let connected = false;
    upstream.on('error', () => {
      // Refused before it connected: the next target; dropped later: the client goes too.
      if (connected) client.destroy();
      else connectFrom(client, index + 1);
    });
    upstream.once('connect', () => {
      connected = true;
      connections[index]! += 1;
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
  };
  const server = net.createServer((client) => {
    track(client);
    client.on('error', () => client.destroy());
    // Nothing is read until a target accepts: the client's first bytes wait in its buffer.
    client.pause();
    connectFrom(client, 0);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    connections,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
