import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

const JAVASCRIPT = 'text/javascript; charset=utf-8';
const STYLESHEET = 'text/css; charset=utf-8';

/** One file the playground pages load, served as `<ASSET_PREFIX>/<name>`. */
export interface AssetSource {
  readonly name: string;
  readonly contentType: string;
  /** Absolute path of the file. */
  readonly path: string;
}

/**
 * Every file the pages may load, and nothing else: GraphiQL's browser build with the React 18
 * builds it runs on (resolved from node_modules, so the service needs no CDN), and the pages' own
 * scripts and styles.
 */
export function assetSources(): AssetSource[] {
  return [
    packageAsset('react.production.min.js', 'react', 'umd/react.production.min.js'),
    packageAsset('react-dom.production.min.js', 'react-dom', 'umd/react-dom.production.min.js'),
    packageAsset('graphiql.min.js', 'graphiql', 'graphiql.min.js'),
    packageAsset('graphiql.min.css', 'graphiql', 'graphiql.min.css'),
    ...['playground.js', 'admin.js'].map((name) => browserAsset(name, JAVASCRIPT)),
    ...['pages.css'].map((name) => browserAsset(name, STYLESHEET)),
  ];
}

function packageAsset(name: string, packageName: string, file: string): AssetSource {
  const root = dirname(require.resolve(`${packageName}/package.json`));
  return {
    name,
    contentType: name.endsWith('.css') ? STYLESHEET : JAVASCRIPT,
    path: join(root, file),
  };
}

function browserAsset(name: string, contentType: string): AssetSource {
  return { name, contentType, path: join(browserDirectory(), name) };
}

/**
 * The pages' own browser files: beside this module (sources, and `nest build`'s output, which
 * copies them as assets), else in the sources next to a plain `tsc` output directory.
 */
export function browserDirectory(): string {
  const beside = join(__dirname, 'browser');
  if (existsSync(beside)) return beside;
  return join(__dirname, '..', '..', '..', 'src', 'content', 'playground', 'browser');
}
