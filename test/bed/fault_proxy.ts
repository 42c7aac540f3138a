/**
 * A loopback TCP proxy in front of a real server, for fault tests: the test decides when the
 * network misbehaves.
 *
 *   const proxy = await startFaultProxy({ host: '127.0.0.1', port: 5432 });
 *   // point a datasource at 127.0.0.1:proxy.port, then:
 *   proxy.blackHole();            // sockets stay open, nothing passes either way
 *   proxy.blackHole({ afterServerBytes: 64 * 1024 }); // ... once 64 KiB more came from the server
 *   proxy.refuse();               // new connections: ECONNREFUSED (open ones keep working)
 *   proxy.reset();                // every open connection is reset
 *   proxy.resume();               // back to forwarding (held data is delivered)
 *   await proxy.close();
 *
 * A black hole holds data rather than dropping it, as a stalled network does (TCP retransmits
 * once the path is back): after `resume` a connection that was merely idle works again.
 */
import net from 'node:net';

export interface FaultProxyTarget {
  host: string;
  port: number;
}

type Mode = 'forward' | 'black_hole';

export interface FaultProxy {
  readonly host: string;
  readonly port: number;
  /** Connections open right now (client side). */
  readonly openConnections: number;
  /** Connections accepted since start. */
  readonly acceptedConnections: number;
  blackHole(options?: { afterServerBytes?: number }): void;
  refuse(): Promise<void>;
  reset(): void;
  resume(): Promise<void>;
  close(): Promise<void>;
}

interface Pair {
  client: net.Socket;
  server: net.Socket;
  /** Data held while black-holed, per direction. */
  toServer: Buffer[];
  toClient: Buffer[];
}

export async function startFaultProxy(target: FaultProxyTarget): Promise<FaultProxy> {
  const pairs = new Set<Pair>();
  let mode: Mode = 'forward';
  /** Server bytes still forwarded before a delayed black hole starts; null: none pending. */
  let budget: number | null = null;
  let accepted = 0;
  let listening: net.Server | null = null;
  let port = 0;

  const destroy = (pair: Pair) => {
    pairs.delete(pair);
    pair.client.destroy();
    pair.server.destroy();
  };

  const fromServer = (pair: Pair, chunk: Buffer) => {
    if (mode === 'forward' && budget !== null) {
      if (chunk.length >= budget) {
        const passed = chunk.subarray(0, budget);
        const held = chunk.subarray(budget);
        budget = null;
        mode = 'black_hole';
        if (passed.length > 0) pair.client.write(passed);
        if (held.length > 0) pair.toClient.push(held);
        return;
      }
      budget -= chunk.length;
    }
    if (mode === 'forward') pair.client.write(chunk);
    else pair.toClient.push(chunk);
  };

  const fromClient = (pair: Pair, chunk: Buffer) => {
    if (mode === 'forward') pair.server.write(chunk);
    else pair.toServer.push(chunk);
  };

  const accept = (client: net.Socket) => {
    accepted++;
    const server = net.connect(target);
    const pair: Pair = { client, server, toServer: [], toClient: [] };
    pairs.add(pair);
    client.on('data', (chunk: Buffer) => fromClient(pair, chunk));
    server.on('data', (chunk: Buffer) => fromServer(pair, chunk));
    for (const socket of [client, server]) {
      socket.on('error', () => destroy(pair));
      socket.on('close', () => destroy(pair));
    }
  };

  const listen = (onPort: number) =>
    new Promise<void>((resolve, reject) => {
      const server = net.createServer(accept);
      server.once('error', reject);
      server.listen(onPort, '127.0.0.1', () => {
        listening = server;
        port = (server.address() as net.AddressInfo).port;
        resolve();
      });
    });

  /** Stops accepting at once; close()'s callback would wait for the open connections to end. */
  const stopListening = () => {
    const server = listening;
    listening = null;
    server?.close();
  };

  await listen(0);

  return {
    host: '127.0.0.1',
    get port() {
      return port;
    },
    get openConnections() {
      return pairs.size;
    },
    get acceptedConnections() {
      return accepted;
    },
    blackHole(options = {}) {
      if (options.afterServerBytes !== undefined && options.afterServerBytes > 0) {
        mode = 'forward';
        budget = options.afterServerBytes;
      } else {
        budget = null;
        mode = 'black_hole';
      }
    },
    refuse() {
      stopListening();
      return Promise.resolve();
    },
    reset() {
      for (const pair of [...pairs]) {
        pair.client.resetAndDestroy();
        destroy(pair);
      }
    },
    async resume() {
      mode = 'forward';
      budget = null;
      for (const pair of pairs) {
        for (const chunk of pair.toServer.splice(0)) pair.server.write(chunk);
        for (const chunk of pair.toClient.splice(0)) pair.client.write(chunk);
      }
      if (!listening) await listen(port);
    },
    close() {
      stopListening();
      for (const pair of [...pairs]) destroy(pair);
      return Promise.resolve();
    },
  };
}
