/**
 * One SQLite worker process, forked by sqlite_worker_pool.ts. better-sqlite3 is synchronous, so
 * every statement runs here, off the host's event loop; the host stops a statement by killing
 * this process (SIGKILL ends even a long native SQLite step). Plain CommonJS on purpose: it loads
 * the same way under tsx, vitest and a compiled build, with no TypeScript loader in the worker.
 *
 * Protocol (one statement at a time per worker):
 *   in:  {type: 'run', file, memory, busyTimeoutMs, idleTimeoutMs, sql, params, batchSize, batchMs}
 *        {type: 'next'}    produce the next batch of the running statement
 *        {type: 'cancel'}  the consumer stopped early: end the running statement
 *   out: {type: 'batch', rows, done} | {type: 'error', message, code}
 * A batch is produced only when asked for, so a huge table is never read ahead into memory.
 * Messages use the host's 'advanced' (structured clone) serialization: bigints and buffers cross
 * as they are.
 */
'use strict';
const { performance } = require('node:perf_hooks');
const Database = require('better-sqlite3');

/** One read-only connection per database file, closed once unused for the idle timeout. */
const connections = new Map();
let running = null;

function connection(message) {
  const now = Date.now();
  for (const [file, entry] of connections) {
    if (file !== message.file && now - entry.usedAt > message.idleTimeoutMs) {
      connections.delete(file);
      closeQuietly(entry.db);
    }
  }
  let entry = connections.get(message.file);
  if (!entry) {
    // In-memory databases cannot be read-only (and each connection has its own, empty one).
    const db = new Database(message.file, {
      readonly: !message.memory,
      fileMustExist: !message.memory,
      timeout: message.busyTimeoutMs,
    });
    entry = { db, usedAt: now };
    connections.set(message.file, entry);
  }
  entry.usedAt = now;
  return entry.db;
}

/** Sends to the host; nothing is left to do when the host has gone. */
function reply(message) {
  if (process.connected) process.send(message);
}

function closeQuietly(db) {
  try {
    db.close();
  } catch {
    // Already closed.
  }
}

/** better-sqlite3 binds numbers, strings, bigints, buffers and null only. */
function toParam(value) {
  if (ArrayBuffer.isView(value))
    return Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  return value;
}

/**
 * A row object from better-sqlite3's array (`raw(true)`) and the statement's column names.
 * better-sqlite3 builds object rows by assignment, so a column named `__proto__` lost its value
 * (issue 20, defect 3); here every column is an own property, as recordOf (sql/own_property.ts)
 * builds rows for the other drivers (this worker is plain JS and cannot load that file). Only
 * `__proto__` has a setter on Object.prototype; plain assignment keeps the other keys fast.
 * Integers are read as bigint so that none loses digits: unsafe ones become exact strings.
 */
function rowOf(names, values) {
  const row = {};
  for (let i = 0; i < names.length; i++) {
    let value = values[i];
    if (typeof value === 'bigint') {
      const n = Number(value);
      value = Number.isSafeInteger(n) ? n : value.toString();
    }
    if (names[i] === '__proto__') {
      Object.defineProperty(row, names[i], {
        value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    } else row[names[i]] = value;
  }
  return row;
}

function start(message) {
  const db = connection(message);
  const statement = db.prepare(message.sql);
  const params = message.params.map(toParam);
  if (!statement.reader) {
    // The connection is read-only; running a write here produces SQLite's own refusal.
    statement.run(...params);
    reply({ type: 'batch', rows: [], done: true });
    return;
  }
  running = {
    names: statement.columns().map((column) => column.name),
    rows: statement
      .safeIntegers(true)
      .raw(true)
      .iterate(...params),
    batchSize: message.batchSize,
    batchMs: message.batchMs,
  };
  sendBatch();
}

/**
 * Up to batchSize rows; a partial batch goes out once batchMs has passed, so rows that arrive
 * slowly (a selective filter over a large table) still reach the consumer early.
 */
function sendBatch() {
  const current = running;
  const rows = [];
  const started = performance.now();
  for (;;) {
    const step = current.rows.next();
    if (step.done) {
      running = null;
      reply({ type: 'batch', rows, done: true });
      return;
    }
    rows.push(rowOf(current.names, step.value));
    if (rows.length >= current.batchSize || performance.now() - started >= current.batchMs) break;
  }
  reply({ type: 'batch', rows, done: false });
}

function stop() {
  const current = running;
  running = null;
  if (current) current.rows.return();
}

// The host went away (exited, crashed or was killed): a worker has no other purpose.
process.on('disconnect', () => process.exit(0));

process.on('message', (message) => {
  try {
    if (message.type === 'run') {
      stop();
      start(message);
    } else if (message.type === 'next') {
      if (running) sendBatch();
      else reply({ type: 'batch', rows: [], done: true });
    } else if (message.type === 'cancel') {
      stop();
    }
  } catch (err) {
    try {
      stop();
    } catch {
      // The statement failed; ending it cannot fail in a way anyone can act on.
    }
    reply({
      type: 'error',
      message: err instanceof Error ? err.message : String(err),
      code: err && typeof err.code === 'string' ? err.code : undefined,
    });
  }
});
