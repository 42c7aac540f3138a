import fs from 'node:fs';
import { badRequest } from '../errors';
import { errorCode } from './driver_errors';

/** A certificate or key named in jdbc.url; unreadable is the user's to fix, hence a 400. */
export function readTlsFile(path: string, parameter: string): Buffer {
  try {
    return fs.readFileSync(path);
  } catch (err) {
    throw badRequest(
      `the ${parameter} file [${path}] of jdbc.url cannot be read (${errorCode(err) ?? 'error'})`
    );
  }
}
