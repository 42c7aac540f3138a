import { spawn } from 'node:child_process';

export interface CommandResult {
  stdout: string;
  stderr: string;
}

/** Quotes an argv for messages, so a failure can be copied and rerun by hand. */
export function quoteCommand(argv: readonly string[]): string {
  return argv
    .map((a) => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replace(/'/g, `'\\''`)}'`))
    .join(' ');
}

/** The last `count` non-empty lines of a text, for error messages. */
export function lastLines(text: string, count: number): string {
  return text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .slice(-count)
    .join('\n');
}

/**
 * Runs a command to completion without a shell and collects its output.
 * Rejects with an error that quotes the command and the tail of its output.
 */
export function runCommand(
  argv: readonly string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}
): Promise<CommandResult> {
  const [file, ...args] = argv;
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (err) =>
      reject(new Error(`Cannot run \`${quoteCommand(argv)}\`: ${err.message}`, { cause: err }))
    );
    child.on('close', (code, signal) => {
      if (code === 0) {
        resolve({ stdout, stderr });
        return;
      }
      const why = signal ? `was killed by ${signal}` : `exited with code ${code}`;
      const tail = lastLines(`${stdout}\n${stderr}`, 30);
      reject(new Error(`\`${quoteCommand(argv)}\` ${why}${tail ? `:\n${tail}` : ''}`));
    });
  });
}

/** True when `file` can be found on PATH (or is an existing absolute path). */
export async function commandExists(file: string): Promise<boolean> {
  try {
    await runCommand(['sh', '-c', 'command -v "$0"', file]);
    return true;
  } catch {
    return false;
  }
}
