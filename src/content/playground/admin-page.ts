import { escapeHtml } from './html-escape';
import { pageHtml } from './page-html';

/** The settings of one control panel page answer. */
export interface AdminPageSettings {
  /** GRAPHQL_PATH: the playground. */
  readonly playgroundPath: string;
  readonly styleNonce: string;
  readonly assetUrl: (name: string) => string;
}

/**
 * The control panel: a sign-in form for a server admin, then the GraphQL schemas and the access
 * tokens from the admin REST API, and a form to create a token. admin.js does the work; the
 * credentials stay in the page's memory.
 */
export function adminPage(settings: AdminPageSettings): string {
  const playground = escapeHtml(settings.playgroundPath);
  return pageHtml({
    title: 'GraphQL schemas and tokens',
    stylesheets: [settings.assetUrl('pages.css')],
    scripts: [settings.assetUrl('admin.js')],
    data: { playground: settings.playgroundPath, 'style-nonce': settings.styleNonce },
    body: [
      '<header class="bar">',
      '<span class="bar-title">GraphQL schemas and tokens</span>',
      `<a class="bar-link" href="${playground}">Playground</a>`,
      '<button type="button" id="sign-out" hidden>Sign out</button>',
      '</header>',
      '<main class="admin">',
      '<form id="sign-in" class="panel">',
      '<h2>Sign in</h2>',
      '<p>For server administrators (the users of the Grafana-compatible API).</p>',
      '<label>User <input name="login" autocomplete="username" required></label>',
      '<label>Password <input name="password" type="password" autocomplete="current-password" required></label>',
      '<button type="submit">Sign in</button>',
      '</form>',
      '<div id="signed-in" hidden>',
      '<section class="panel">',
      '<h2>Schemas</h2>',
      '<table id="schemas"><thead></thead><tbody></tbody></table>',
      '</section>',
      '<section class="panel">',
      '<h2>Access tokens</h2>',
      '<form id="new-token" class="inline-form">',
      '<label>Name <input name="name" required maxlength="190"></label>',
      '<label>Schema <select name="schema" required></select></label>',
      '<label>Expires <input name="expiryDate" type="date"></label>',
      '<button type="submit">Create token</button>',
      '</form>',
      '<div id="new-token-result" class="panel-note" hidden>',
      '<p>The access token of <strong id="new-token-name"></strong>, shown only now: <code id="new-token-value"></code></p>',
      '<button type="button" id="use-token">Use it in the playground</button>',
      '</div>',
      '<table id="tokens"><thead></thead><tbody></tbody></table>',
      '</section>',
      '</div>',
      '<p id="message" class="message" role="alert"></p>',
      '</main>',
    ].join('\n'),
  });
}
