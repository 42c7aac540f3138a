/**
 * SQL Server's streaming against a stand-in for mssql's pool and request (no SQL Server runs in
 * the test bed): rows arrive as the consumer pulls, an early break or a deadline sends one
 * ATTENTION, and the request is resumed so the acknowledgement can be read.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CONNECTOR_LIMITS } from '../connector_limits';
import { SqlServerConnector } from './sqlserver_connector';

/** What the fake driver does with each request, and what it saw. */
const driver = vi.hoisted(() => ({
  /** Rows each query produces; Infinity: until cancelled; 0 with `hang`: none, never done. */
  rows: 0,
  hang: false,
  requests: [] as Array<{ sql: string; inputs: unknown[]; cancels: number; calls: string[] }>,
}));

vi.mock('mssql', async (importOriginal) => {
  // mssql is CommonJS: its exports (the type objects the date converters compare with) are on
  // the default export.
  const actual = (await importOriginal<{ default: typeof import('mssql') }>()).default;
  // Imported here: the mock is set up before the file's own imports are.
  const { EventEmitter } = await import('node:events');
  class ConnectionPool {
    on() {
      return this;
    }
    connect() {
      return Promise.resolve(this);
    }
    close() {
      return Promise.resolve();
    }
  }
  class Request extends EventEmitter {
    stream = false;
    arrayRowMode = false;
    private paused = false;
    private sent = 0;
    private readonly seen = { sql: '', inputs: [] as unknown[], cancels: 0, calls: [] as string[] };
    input(_name: string, value: unknown) {
      this.seen.inputs.push(value);
    }
    query(sql: string) {
      this.seen.sql = sql;
      driver.requests.push(this.seen);
      setImmediate(() => {
        this.emit('recordset', [
          { name: 'n', type: actual.Int },
          { name: 'at', type: actual.DateTime },
        ]);
        this.produce();
      });
    }
    pause() {
      this.paused = true;
      return true;
    }
    resume() {
      this.seen.calls.push('resume');
      this.paused = false;
      setImmediate(() => this.produce());
    }
    cancel() {
      this.seen.cancels++;
      this.seen.calls.push('cancel');
      return true;
    }
    private produce() {
      if (driver.hang) return;
      while (!this.paused && this.sent < driver.rows) {
        this.sent++;
        this.emit('row', [this.sent, new Date(Date.UTC(2024, 0, 2, 3, 4, 5, 6))]);
      }
      if (this.sent >= driver.rows) this.emit('done');
    }
  }
  const mocked = { ...actual, ConnectionPool, Request };
  return { ...mocked, default: mocked };
});

const LIMITS = { ...DEFAULT_CONNECTOR_LIMITS, batchSize: 10, statementTimeoutMs: 0 };

function connector() {
  return new SqlServerConnector(
    {
      kind: 'sqlserver',
      host: 'sql.example.com',
      port: 1433,
      encrypt: false,
      trustServerCertificate: true,
    },
    LIMITS
  );
}

afterEach(() => {
  driver.requests.length = 0;
  driver.hang = false;
});

describe('SqlServerConnector on a stand-in driver', () => {
  it('collects every row with bound parameters and dates as stored text', async () => {
    driver.rows = 25;
    const rows = await connector().query('SELECT n, at FROM t WHERE n > @p1', [10n]);
    expect(rows).toHaveLength(25);
    expect(rows[24]).toEqual({ n: 25, at: '2024-01-02 03:04:05.006' });
    expect(driver.requests[0]).toMatchObject({ inputs: ['10'], cancels: 0 });
  });

  it('sends one ATTENTION, and resumes the request, when the consumer breaks early', async () => {
    driver.rows = Infinity;
    let seen = 0;
    for await (const _row of connector().stream('SELECT n FROM endless', [])) {
      if (++seen === 15) break;
    }
    expect(driver.requests[0].cancels).toBe(1);
    // A paused request is resumed after the ATTENTION, or its acknowledgement is never read.
    expect(driver.requests[0].calls.slice(-2)).toEqual(['cancel', 'resume']);
  });

  it('answers a statement past its timeout with a 504 and cancels it once', async () => {
    driver.hang = true;
    const error = await connector()
      .forEachRow('SELECT slow', [], () => undefined, { timeoutMs: 50 })
      .catch((err: unknown) => err);
    expect(error).toMatchObject({ status: 504, type: 'datasource_timeout_exception' });
    expect(driver.requests[0].cancels).toBe(1);
  });

  it('answers an abort mid-stream with a 499', async () => {
    driver.rows = Infinity;
    const controller = new AbortController();
    let seen = 0;
    const error = await (async () => {
      for await (const _row of connector().stream('SELECT n FROM endless', [], {
        signal: controller.signal,
      })) {
        if (++seen === 5) controller.abort();
      }
    })().catch((err: unknown) => err);
    expect(error).toMatchObject({ status: 499, type: 'request_aborted_exception' });
    expect(seen).toBe(5);
    expect(driver.requests[0].cancels).toBe(1);
  });
});
