import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildOpenApiDocument, renderOpenApiDocument } from './openapi-document';

/*
 * `npm run docs:openapi`: writes docs/openapi.json from the controllers. An end-to-end test
 * compares the document the service serves with this committed copy, so drift shows.
 */
async function main(): Promise<void> {
  const root = join(__dirname, '..', '..', '..');
  writeFileSync(
    join(root, 'docs', 'openapi.json'),
    renderOpenApiDocument(await buildOpenApiDocument()),
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
