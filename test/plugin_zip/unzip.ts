import { createWriteStream } from 'fs';
import { mkdir } from 'fs/promises';
import path from 'path';
import { pipeline } from 'stream/promises';
import { open as openZip, type Entry, type ZipFile } from 'yauzl';

/** Unpacks the entries of `zipPath` that `wanted` accepts under `dir`; returns their names. */
export function unzip(
  zipPath: string,
  dir: string,
  wanted: (name: string) => boolean = () => true
): Promise<string[]> {
  return new Promise((resolve, reject) => {
    openZip(zipPath, { lazyEntries: true }, (error, zip?: ZipFile) => {
      if (error || !zip) return reject(error ?? new Error('no zip'));
      const names: string[] = [];
      zip.on('error', reject).on('end', () => resolve(names));
      zip.on('entry', (entry: Entry) => {
        if (!wanted(entry.fileName) || entry.fileName.endsWith('/')) return zip.readEntry();
        names.push(entry.fileName);
        const target = path.join(dir, entry.fileName);
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error('no stream'));
          mkdir(path.dirname(target), { recursive: true })
            .then(() => pipeline(stream, createWriteStream(target)))
            .then(() => zip.readEntry(), reject);
        });
      });
      zip.readEntry();
    });
  });
}
