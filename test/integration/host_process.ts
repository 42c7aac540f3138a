/**
 * A standalone host in a process of its own (test/integration/serve_process.ts), for tests of
 * several hosts sharing nothing but OpenSearch and the databases: a second PIT server, catalog
 * and saved-query changes seen across processes.
 */
import { spawn, type ChildProcess } from 'child_process';
import path from 'path';
import { openSearchUrl } from '../bed/context';
import { TEST_ENCRYPTION_KEY, type FederationApi } from './federation_api';

export interface HostProcess {
  url: string;
  pid: number;
  call: FederationApi['call'];
  close(): Promise<void>;
}

export async function startHostProcess(): Promise<HostProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(__dirname, 'serve_process.ts')],
    {
      env: {
        ...process.env,
        OPENSEARCH_URL: openSearchUrl(),
        FEDERATION_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
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
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

function firstLine(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    child.stdout!.on('data', (chunk) => {
      text += chunk;
      const newline = text.indexOf('\n');
      if (newline >= 0) resolve(text.slice(0, newline).trim());
    });
    child.on('exit', (code) => reject(new Error(`the host process exited with ${code}`)));
  });
}
