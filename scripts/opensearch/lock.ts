import fs from 'node:fs';
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';

interface LockOwner {
  pid: number;
  host: string;
  since: number;
  /** Tells apart two holders in one process (release must only remove its own). */
  nonce: string;
}

export interface LockOptions {
  /** Give up waiting for another holder after this long. */
  waitMs?: number;
  /** A lock older than this is stale even if its holder still runs (a hung process). */
  maxHoldMs?: number;
  log?: (line: string) => void;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(file: string): { owner?: LockOwner; text: string; mtimeMs: number } | undefined {
  try {
    const text = fs.readFileSync(file, 'utf8');
    const mtimeMs = fs.statSync(file).mtimeMs;
    try {
      return { owner: JSON.parse(text) as LockOwner, text, mtimeMs };
    } catch {
      return { text, mtimeMs };
    }
  } catch {
    return undefined; // released meanwhile
  }
}

function isStale(found: NonNullable<ReturnType<typeof readOwner>>, maxHoldMs: number): boolean {
  const age = Date.now() - found.mtimeMs;
  // Unparsable: the holder died between creating and writing it (or is writing right now).
  if (!found.owner) return age > 30_000;
  if (age > maxHoldMs) return true;
  return found.owner.host === os.hostname() && !isAlive(found.owner.pid);
}

/**
 * Removes a stale lock without racing another remover: rename it aside first,
 * then check that what we moved is the lock we judged stale. If a fresh lock
 * was taken in between, put it back (link fails rather than overwrite).
 */
function breakStale(file: string, staleText: string): void {
  const aside = `${file}.stale-${process.pid}-${Math.random().toString(36).slice(2)}`;
  try {
    fs.renameSync(file, aside);
  } catch {
    return; // someone else removed it
  }
  const moved = fs.readFileSync(aside, 'utf8');
  if (moved !== staleText) {
    try {
      fs.linkSync(aside, file);
    } catch {
      // A third process holds the lock now; the one we moved belongs to a holder that will
      // find its lock gone on release, which is harmless.
    }
  }
  fs.rmSync(aside, { force: true });
}

/**
 * Runs `fn` holding an exclusive lock file (created with O_EXCL), so that two
 * processes calling ensureOpenSearch at once do not both fetch or start a node.
 */
export async function withLock<T>(
  file: string,
  fn: () => Promise<T>,
  options: LockOptions = {}
): Promise<T> {
  const { waitMs = 15 * 60_000, maxHoldMs = 30 * 60_000, log = () => undefined } = options;
  const me = JSON.stringify({
    pid: process.pid,
    host: os.hostname(),
    since: Date.now(),
    nonce: Math.random().toString(36).slice(2),
  } satisfies LockOwner);
  const deadline = Date.now() + waitMs;
  let announced = false;
  for (;;) {
    try {
      const fd = fs.openSync(file, 'wx', 0o644);
      fs.writeSync(fd, me);
      fs.closeSync(fd);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const found = readOwner(file);
    if (!found) continue;
    if (isStale(found, maxHoldMs)) {
      log(`Removing stale lock ${file} (${found.text || 'empty'})`);
      breakStale(file, found.text);
      continue;
    }
    if (Date.now() > deadline) {
      throw new Error(`Timed out waiting for lock ${file}, held by ${found.text}`);
    }
    if (!announced) {
      log(`Waiting for another process holding ${file} (${found.text})`);
      announced = true;
    }
    await sleep(250);
  }

  const release = () => {
    try {
      if (fs.readFileSync(file, 'utf8') === me) fs.unlinkSync(file);
    } catch {
      // already gone
    }
  };
  // A plain exit (process.exit, uncaught error) must not leave the lock behind.
  process.once('exit', release);
  try {
    return await fn();
  } finally {
    process.removeListener('exit', release);
    release();
  }
}
