import { escapeHtml } from './html-escape';
import { pageHtml } from './page-html';

/** The settings of one playground page answer. */
export interface PlaygroundPageSettings {
  /** The path the page was opened at (GRAPHQL_PATH or `/api`): where its queries go. */
  readonly endpoint: string;
  readonly adminPath: string;
  readonly styleNonce: string;
  readonly assetUrl: (name: string) => string;
}

/**
 * GraphiQL with a bar above it: the access token field (kept in the browser's localStorage and
 * sent as `Authorization: Bearer`) and a link to the control panel. playground.js does the rest.
 */
export function playgroundPage(settings: PlaygroundPageSettings): string {
  return pageHtml({
    title: 'GraphQL playground',
    stylesheets: [settings.assetUrl('graphiql.min.css'), settings.assetUrl('pages.css')],
    scripts: [
      settings.assetUrl('react.production.min.js'),
      settings.assetUrl('react-dom.production.min.js'),
      settings.assetUrl('graphiql.min.js'),
      settings.assetUrl('playground.js'),
    ],
    data: { endpoint: settings.endpoint, 'style-nonce': settings.styleNonce },
    body: [
      '<div class="playground">',
      '<header class="bar">',
      '<span class="bar-title">GraphQL playground</span>',
      '<form id="token-form" class="token-form" autocomplete="off">',
      '<label for="token-input">Access token</label>',
      '<input id="token-input" name="token" type="password" autocomplete="off" spellcheck="false" placeholder="none: the public schema">',
      '<button type="submit">Use token</button>',
      '<button type="button" id="token-forget">Forget</button>',
      '</form>',
      '<output id="token-state" class="token-state" for="token-input"></output>',
      `<a class="bar-link" href="${escapeHtml(settings.adminPath)}">Schemas and tokens</a>`,
      '</header>',
      '<main id="graphiql" class="graphiql-host"><p class="note">Loading GraphiQL…</p></main>',
      '<noscript><p class="note">The playground needs JavaScript.</p></noscript>',
      '</div>',
    ].join('\n'),
  });
}
