/**
 * A standalone host in a process of its own (test/integration/serve_process.ts), for tests and
 * benches of several hosts sharing nothing but OpenSearch and the databases, and `hostCall`, the
 * JSON call every test and bench client makes. No test runner needed: the benches use it too.
 */
import { spawn, type ChildProcess } from 'child_process';
import path from 'path';

export interface HostResponse {
  status: number;
  /** The parsed JSON (any route's shape), or the text when it is not JSON. */
  body: any;
  text: string;
}

export type HostCall = (method: string, urlPath: string, body?: unknown) => Promise<HostResponse>;

/** Calls a host at `baseUrl` as the app does (xsrf header, JSON in and, when it is JSON, out). */
export function hostCall(baseUrl: string): HostCall {
  return async (method, urlPath, body) => {
    const response = await fetch(`${baseUrl}${urlPath}`, {
      method,
      headers: { 'osd-xsrf': 'true', 'content-type': 'application/json' },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body: parsed, text };
  };
}

export interface HostProcess {
  url: string;
  pid: number;
  call: HostCall;
  close(): Promise<void>;
}

/** `env`: more of its environment, e.g. `FEDERATION_*` settings (settings_from_env.ts). */
export async function startHostProcess(
  openSearchUrl: string,
  encryptionKey: string,
  env: Record<string, string> = {}
): Promise<HostProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(__dirname, '..', 'integration', 'serve_process.ts')],
    {
      env: {
        ...process.env,
        OPENSEARCH_URL: openSearchUrl,
        FEDERATION_ENCRYPTION_KEY: encryptionKey,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    }
  );
  const url = await firstLine(child);
  return {
    url,
    pid: child.pid!,
    call: hostCall(url),
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
