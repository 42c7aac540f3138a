import type { Logger } from '../http/route';

/** The standalone host's logger: one line per message on stderr, quiet below `minimum`. */
export function consoleLogger(minimum: 'debug' | 'info' | 'warn' | 'error' = 'info'): Logger {
  const levels = ['debug', 'info', 'warn', 'error'] as const;
  const enabled = (level: (typeof levels)[number]) =>
    levels.indexOf(level) >= levels.indexOf(minimum);
  const write = (level: (typeof levels)[number], message: string | Error) => {
    if (!enabled(level)) return;
    const text = message instanceof Error ? (message.stack ?? message.message) : message;
    process.stderr.write(`[${new Date().toISOString()}][${level}][federation] ${text}\n`);
  };
  return {
    debug: (m) => write('debug', m),
    info: (m) => write('info', m),
    warn: (m) => write('warn', m),
    error: (m) => write('error', m),
  };
}
