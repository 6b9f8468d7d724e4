import { ContentExporter } from '../import/export/content-exporter';
import type { ExportFormat } from '../import/export/export-files';
import { boolFlag, type FlagDefinition } from '../../infra/cli/go-flags';
import { exportSummary } from './command-summary';
import { type CommandIo, EXIT_USAGE, readArguments, withContentContext } from './command';
import { ProgressReporter } from './progress-reporter';

export const EXPORT_PROGRAM = 'content-export';

const FORMATS: readonly ExportFormat[] = ['yaml', 'json'];

function formatFlag(usage: string): FlagDefinition<ExportFormat> {
  return {
    usage,
    initial: 'yaml',
    isBool: false,
    typeName: 'string',
    shownDefault: '"yaml"',
    apply: (_current, text) => {
      const format = text.toLowerCase() as ExportFormat;
      if (!FORMATS.includes(format)) throw new Error(`expected ${FORMATS.join(' or ')}`);
      return format;
    },
  };
}

const FLAGS = {
  format: formatFlag('content file format: yaml or json'),
  quiet: boolFlag('no progress output'),
  verbose: boolFlag("also print the service components' log lines (database, content model)"),
};

/**
 * `content-export <dir>`: writes every live element of the store as content files (the format
 * content-import reads) plus the asset files, into a new or empty directory.
 */
export async function contentExport(argv: readonly string[], io: CommandIo): Promise<number> {
  const parsed = readArguments(EXPORT_PROGRAM, '[flags] <dir>', FLAGS, argv, io, {
    min: 1,
    max: 1,
  });
  if (parsed === undefined) return EXIT_USAGE;
  const { flags, args } = parsed;
  const [directory] = args;
  return withContentContext(io, flags.verbose, async (app) => {
    const progress = new ProgressReporter(io.progress, 'exporting');
    try {
      const report = await app
        .get(ContentExporter)
        .export(directory, flags.format, ({ done, total }) => {
          if (!flags.quiet) progress.update({ done, total, unit: 'elements' });
        });
      progress.finish();
      for (const warning of report.warnings) io.err(`warning: ${warning}`);
      for (const line of exportSummary(report, directory)) io.out(line);
      return 0;
    } finally {
      progress.finish();
    }
  });
}
