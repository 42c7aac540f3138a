/**
 * A standalone host in a process of its own (host_process_main.ts). Tests need one for two
 * reasons, both served here: several hosts sharing nothing but OpenSearch and the databases (two
 * hosts, PIT pages read by another host, the load bench), and a host whose event loop a request
 * may hold or whose heap it may exhaust (fuzz, adversarial, caller aborts): in the test's own
 * process that would stop the test's timers too, so a hang could never be reported as one.
 * No test runner needed: the benches use it too.
 */
import { spawn } from 'child_process';
import { readFileSync } from 'fs';
import path from 'path';
import { TEST_ENCRYPTION_KEY } from './encryption_key';
import { hostCall, type HostCall } from './host_call';

/** A call that gets no answer in this time rejects: the host is hung, not slow. */
const CALL_TIMEOUT_MS = 60_000;
const START_TIMEOUT_MS = 60_000;
/** How much of the host's stderr a failure shows. */
const STDERR_KEPT = 16_000;

export interface HostProcessOptions {
  /** V8's old-space limit, so a request whose memory the input decides kills it in seconds. */
  heapMb?: number;
  /**
   * Keep stderr (its last part) for `stderr()`, so a death is reported with its cause ("JavaScript
   * heap out of memory"); otherwise it goes to the test run's own stderr.
   */
  keepStderr?: boolean;
}

export interface HostProcess {
  url: string;
  /** The host's process id (its CPU time and memory are in /proc/<pid>/). */
  pid: number;
  call: HostCall;
  /** True while the process runs. */
  alive(): boolean;
  /** Null while it runs; how it ended otherwise. */
  exit(): string | null;
  /** The end of its stderr, with `keepStderr`; empty otherwise. */
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
  /** SIGTERM, then SIGKILL after 10 s (a frozen host never handles SIGTERM). */
  close(): Promise<void>;
}

/**
 * Starts a host on `openSearchUrl` with `settings` (as in settings.ts, the encryption key
 * defaulting to the tests' one; `FEDERATION_*` variables of this process apply beneath them) and
 * resolves once it listens.
 */
export async function startHostProcess(
  openSearchUrl: string,
  settings: Record<string, unknown> = {},
  options: HostProcessOptions = {}
): Promise<HostProcess> {
  const child = spawn(
    process.execPath,
    [
      ...(options.heapMb === undefined ? [] : [`--max-old-space-size=${options.heapMb}`]),
      '--import',
      'tsx',
      path.join(__dirname, 'host_process_main.ts'),
    ],
    {
      env: {
        ...process.env,
        OPENSEARCH_URL: openSearchUrl,
        HOST_SETTINGS: JSON.stringify({ encryptionKey: TEST_ENCRYPTION_KEY, ...settings }),
      },
      stdio: ['ignore', 'pipe', options.keepStderr ? 'pipe' : 'inherit'],
    }
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
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
    const timer = setTimeout(
      () => reject(new Error(`the host process did not start within ${START_TIMEOUT_MS} ms`)),
      START_TIMEOUT_MS
    );
    child.stdout!.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const end = text.indexOf('\n');
      if (end >= 0) {
        clearTimeout(timer);
        resolve(text.slice(0, end).trim());
      }
    });
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`the host process ${exit} before it started:\n${stderr}`));
    });
  });
  const pid = child.pid!;
  return {
    url,
    pid,
    call: hostCall(url, CALL_TIMEOUT_MS),
    alive: () => exit === null,
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
      const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
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
