/**
 * The host under attack: the fuzz suite's host script (test/fuzz/host_process.ts) in a child
 * process with a small V8 heap, so a request whose memory the input decides kills it in seconds
 * instead of after gigabytes, and the test keeps its own clock while the host's event loop is
 * held. Its stderr is kept (the last part), so a death is reported with its cause ("JavaScript
 * heap out of memory"); `cpuSeconds` reads what it has used from /proc.
 */
import { spawn } from 'child_process';
import { readFileSync } from 'fs';
import path from 'path';
import { openSearchUrl } from '../bed/context';
import { hostCall, type HostCall } from '../bed/host_process';
import { TEST_ENCRYPTION_KEY } from '../integration/federation_api';

/** How much of the host's stderr a failure shows. */
const STDERR_KEPT = 16_000;

export interface SmallHeapHost {
  url: string;
  pid: number;
  call: HostCall;
  /** Null while it runs; how it ended otherwise. */
  exit(): string | null;
  /** The end of its stderr. */
  stderr(): string;
  /** Resolves true once the process has ended, false if it still runs after `withinMs`. */
  ended(withinMs: number): Promise<boolean>;
  /** User + system CPU time it has used, in seconds. */
  cpuSeconds(): number;
  /**
   * Whether its main thread (where all JavaScript runs) is runnable right now: running or
   * waiting for a core. A loop that does not stop is runnable all the time however many other
   * processes share the cores, which its CPU time is not; an idle host sleeps in epoll.
   */
  runnable(): boolean;
  /** SIGTERM, then SIGKILL after 5 s (a frozen host never handles SIGTERM). */
  close(): Promise<void>;
}

export async function startSmallHeapHost(
  settings: Record<string, unknown>,
  heapMb: number
): Promise<SmallHeapHost> {
  const child = spawn(
    process.execPath,
    [
      `--max-old-space-size=${heapMb}`,
      '--import',
      'tsx',
      path.join(__dirname, '..', 'fuzz', 'host_process.ts'),
    ],
    {
      env: {
        ...process.env,
        OPENSEARCH_URL: openSearchUrl(),
        FUZZ_HOST_SETTINGS: JSON.stringify({ encryptionKey: TEST_ENCRYPTION_KEY, ...settings }),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    }
  );
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-STDERR_KEPT);
  });
  let exit: string | null = null;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exit = signal === null ? `exited with code ${code}` : `was killed by ${signal}`;
      resolve();
    })
  );
  const url = await new Promise<string>((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => reject(new Error('the host did not start within 60 s')), 60_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes('\n')) {
        clearTimeout(timer);
        resolve(text.slice(0, text.indexOf('\n')).trim());
      }
    });
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`the host ${exit} before it started:\n${stderr}`));
    });
  });
  const pid = child.pid!;
  return {
    url,
    pid,
    call: hostCall(url),
    exit: () => exit,
    stderr: () => stderr,
    ended: (withinMs) =>
      Promise.race([
        exited.then(() => true),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), withinMs).unref()),
      ]),
    cpuSeconds: () => {
      // utime and stime are fields 14 and 15, in clock ticks (100 a second on Linux).
      const fields = statFields(`/proc/${pid}/stat`);
      return (Number(fields[11]) + Number(fields[12])) / 100;
    },
    runnable: () => statFields(`/proc/${pid}/task/${pid}/stat`)[0] === 'R',
    close: async () => {
      if (exit !== null) return;
      const kill = setTimeout(() => child.kill('SIGKILL'), 5_000);
      child.kill('SIGTERM');
      await exited;
      clearTimeout(kill);
    },
  };
}

/**
 * The fields of a /proc stat file after `pid (comm)`, from field 3 (state) on; comm may hold
 * spaces and parentheses, so they start after the last `)`.
 */
function statFields(file: string): string[] {
  const stat = readFileSync(file, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}
