// Test support (not a test file): a TCP proxy in front of a server (PostgreSQL) that a test can
// stop and start again, to take the database away from a process without touching the database
// server itself, which other tests share.
import type { Server, Socket } from 'node:net';
import { connect, createServer } from 'node:net';

export interface TcpProxy {
  /** The port the proxy listens on, 127.0.0.1; the same after every start. */
  readonly port: number;
  /** Listens again on the same port: new connections reach the target again. */
  start(): Promise<void>;
  /** Cuts every open connection (both ends) and stops listening: connecting is refused. */
  stop(): Promise<void>;
}

/** A proxy on a free port of 127.0.0.1 to `targetHost:targetPort`, already listening. */
export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    // A cut connection errors on both ends; the test is the one cutting them.
    socket.on('error', () => {});
  };

  const makeServer = (): Server =>
    createServer((client) => {
      track(client);
      const upstream = connect(targetPort, targetHost);
      track(upstream);
      client.pipe(upstream);
      upstream.pipe(client);
      client.once('close', () => upstream.destroy());
      upstream.once('close', () => client.destroy());
    });

  const listen = (server: Server, port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        const address = server.address();
        if (typeof address === 'object' && address !== null) resolve(address.port);
        else reject(new Error('The proxy has no port'));
      });
    });

  let server = makeServer();
  const port = await listen(server, 0);
  let listening = true;

  return {
    port,
    async start() {
      if (listening) return;
      server = makeServer();
      await listen(server, port);
      listening = true;
    },
    async stop() {
      if (!listening) return;
      listening = false;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}
