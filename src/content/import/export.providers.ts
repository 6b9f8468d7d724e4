import type { Provider } from '@nestjs/common';
import { ContentExporter } from './content-exporter';
import { ExportRepository } from './export.repository';

/** The exporter: only the `content-export` command uses it (content-cli.module.ts). */
export const EXPORT_PROVIDERS: Provider[] = [ExportRepository, ContentExporter];
