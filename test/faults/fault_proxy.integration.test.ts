/** The fault proxy itself, in front of a local echo server. */
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFaultProxy, type FaultProxy } from '../bed/fault_proxy';

/** Sends `text` and collects what comes back for `ms`. */
async function exchange(socket: net.Socket, text: string, ms = 150): Promise<string> {
  let received = '';
  const onData = (chunk: Buffer) => (received += chunk.toString());
  socket.on('data', onData);
  socket.write(text);
  await sleep(ms);
  socket.off('data', onData);
  return received;
}

function connect(port: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port }, () => resolve(socket));
    socket.once('error', reject);
  });
}

describe('fault proxy', () => {
  let echo: net.Server;
  let proxy: FaultProxy;

  beforeAll(async () => {
    echo = net.createServer((s) => s.pipe(s));
    await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
    proxy = await startFaultProxy({
      host: '127.0.0.1',
      port: (echo.address() as net.AddressInfo).port,
    });
  });

  afterAll(async () => {
    await proxy.close();
    await new Promise((resolve) => echo.close(resolve));
  });

  it('forwards, black-holes (holding data), resumes and delivers what it held', async () => {
    const socket = await connect(proxy.port);
    expect(await exchange(socket, 'hello')).toBe('hello');
    proxy.blackHole();
    expect(await exchange(socket, 'held')).toBe('');
    const delivered = exchange(socket, '!');
    await proxy.resume();
    expect(await delivered).toBe('held!');
    socket.destroy();
  });

  it('black-holes after a number of server bytes', async () => {
    const socket = await connect(proxy.port);
    proxy.blackHole({ afterServerBytes: 3 });
    expect(await exchange(socket, 'abcdef')).toBe('abc');
    await proxy.resume();
    expect(await exchange(socket, '')).toBe('def');
    socket.destroy();
  });

  it('refuses new connections and resets open ones, then accepts again', async () => {
    const open = await connect(proxy.port);
    const closed = new Promise((resolve) => open.once('close', resolve));
    open.on('error', () => undefined);
    await proxy.refuse();
    await expect(connect(proxy.port)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    proxy.reset();
    await closed;
    expect(proxy.openConnections).toBe(0);
    await proxy.resume();
    const again = await connect(proxy.port);
    expect(await exchange(again, 'back')).toBe('back');
    again.destroy();
  });
});
