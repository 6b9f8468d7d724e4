import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

/** Throws a message naming the Debian package when a load tool or server is missing. */
export async function requireTool(binary: string, debianPackage: string): Promise<void> {
  try {
    await promisify(execFile)('which', [binary]);
  } catch {
    throw new Error(`${binary} is missing: install it with \`apt-get install ${debianPackage}\``);
  }
}
