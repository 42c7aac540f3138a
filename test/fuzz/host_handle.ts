/** Starts and stops the fuzzed host process (host_process.ts) and calls its REST API. */
import { spawn, type ChildProcess } from 'child_process';
import path from 'path';
import { openSearchUrl } from '../bed/context';
import { TEST_ENCRYPTION_KEY, type ApiResponse } from '../integration/federation_api';

export interface HostHandle {
  url: string;
  /** The host's process id (its CPU time is in /proc/<pid>/stat). */
  pid: number;
  call<T = any>(method: string, path: string, body?: unknown): Promise<ApiResponse<T>>;
  /** True while the process runs. */
  alive(): boolean;
  close(): Promise<void>;
}

export async function startHostProcess(settings: Record<string, unknown>): Promise<HostHandle> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(__dirname, 'host_process.ts')],
    {
      env: {
        ...process.env,
        OPENSEARCH_URL: openSearchUrl(),
        FUZZ_HOST_SETTINGS: JSON.stringify({ encryptionKey: TEST_ENCRYPTION_KEY, ...settings }),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    }
  );
  const url = await firstLine(child);
  return {
    url,
    pid: child.pid!,
    async call(method, urlPath, body) {
      const response = await fetch(`${url}${urlPath}`, {
        method,
        headers: { 'osd-xsrf': 'true', 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(60_000),
      });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // not JSON: keep the text
      }
      return { status: response.status, body: parsed as never, text };
    },
    alive: () => child.exitCode === null && child.signalCode === null,
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

function firstLine(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const timer = setTimeout(
      () => reject(new Error('the fuzz host did not start within 60 s')),
      60_000
    );
    child.stdout!.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const end = text.indexOf('\n');
      if (end >= 0) {
        clearTimeout(timer);
        resolve(text.slice(0, end).trim());
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the fuzz host exited with ${code} before it started`));
    });
  });
}
