import { GraphqlResultCache } from '../cache/graphql-result-cache';
import { ContentImporter } from '../import/content-importer';
import { boolFlag } from '../../infra/cli/go-flags';
import { importSummary } from './command-summary';
import { type CommandIo, EXIT_USAGE, readArguments, withContentContext } from './command';
import { ProgressReporter } from './progress-reporter';

export const IMPORT_PROGRAM = 'content-import';

const FLAGS = {
  quiet: boolFlag('no progress output'),
  verbose: boolFlag("also print the service components' log lines (database, content model)"),
};

/**
 * `content-import <dir|file>...`: loads content files (YAML or JSON, the format of
 * docs/content-seed.md) into the store in one transaction, through the importer the boot
 * seeder uses. Prints progress on long runs and a summary per kind. A run with problems lists
 * them all and writes nothing (exit 1); otherwise it commits and drops cached GraphQL results.
 */
export async function contentImport(argv: readonly string[], io: CommandIo): Promise<number> {
  const parsed = readArguments(IMPORT_PROGRAM, '[flags] <dir|file>...', FLAGS, argv, io, {
    min: 1,
    max: Number.POSITIVE_INFINITY,
  });
  if (parsed === undefined) return EXIT_USAGE;
  const { flags, args } = parsed;
  return withContentContext(
    io,
    flags.verbose,
    async (app) => {
      const progress = new ProgressReporter(io.progress, 'importing');
      try {
        const report = await app
          .get(ContentImporter)
          .importPaths(args, ({ phase, done, total }) => {
            if (!flags.quiet) progress.update({ done, total, unit: phase });
          });
        progress.finish();
        // Committed: instances sharing the cache (Redis) must not answer from the old content.
        await app.get(GraphqlResultCache).invalidate();
        for (const line of importSummary(report)) io.out(line);
        return 0;
      } finally {
        progress.finish();
      }
    },
    { resultCache: true },
  );
}
