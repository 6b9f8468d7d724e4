import {
  closeSync,
  mkdtempSync,
  openSync,
  readSync,
  rmdirSync,
  rmSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A temporary file a load appends to and reads back (relation-spool.ts, entry-spool.ts). It and
 * its directory are unlinked as soon as it is open, so nothing is left behind, even by a killed
 * process; where the system does not allow that, `close` removes them.
 */
export class SpoolFile {
  private readonly fd: number;
  private readonly dir: string;
  /** Bytes written so far. */
  size = 0;

  constructor() {
    this.dir = mkdtempSync(join(tmpdir(), 'content-import-'));
    const path = join(this.dir, 'spool');
    this.fd = openSync(path, 'w+');
    try {
      unlinkSync(path);
      rmdirSync(this.dir);
    } catch {
      // Not while it is open on this system: close() removes it.
    }
  }

  /** Appends the bytes; returns where they start. */
  append(bytes: Uint8Array): number {
    const at = this.size;
    for (let done = 0; done < bytes.length;) {
      done += writeSync(this.fd, bytes, done, bytes.length - done, at + done);
    }
    this.size += bytes.length;
    return at;
  }

  /** Reads into `buffer` from `position`; the number of bytes read. */
  read(buffer: Uint8Array, position: number, length = buffer.length): number {
    let done = 0;
    while (done < length) {
      const read = readSync(this.fd, buffer, done, length - done, position + done);
      if (read === 0) break;
      done += read;
    }
    return done;
  }

  close(): void {
    closeSync(this.fd);
    rmSync(this.dir, { recursive: true, force: true });
  }
}
