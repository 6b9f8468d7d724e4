// The control panel: signs a server admin in (the credentials stay in this page's memory) and
// shows the GraphQL schemas and access tokens from the admin REST API (/api/content/...), with a
// form to create a token and each token's actions: disable or enable, expire, rotate, delete.
(function () {
  'use strict';

  // Shared with playground.js: "Use it in the playground" hands a new token over.
  const TOKEN_KEY = 'content-graphql.token';
  const SCHEMAS_URL = '/api/content/schemas';
  const TOKENS_URL = '/api/content/tokens';

  const playgroundPath = document.body.dataset.playground;
  const byId = (id) => document.getElementById(id);
  const signIn = byId('sign-in');
  const signedIn = byId('signed-in');
  const signOut = byId('sign-out');
  const message = byId('message');
  const newToken = byId('new-token');
  const newTokenResult = byId('new-token-result');

  let authorization = null;
  let shownToken = '';

  class ApiError extends Error {
    constructor(status, text) {
      super(text);
      this.status = status;
    }
  }

  async function api(method, url, payload) {
    const headers = { Accept: 'application/json', Authorization: authorization };
    if (payload !== undefined) headers['Content-Type'] = 'application/json';
    const response = await fetch(url, {
      method: method,
      headers: headers,
      body: payload === undefined ? undefined : JSON.stringify(payload),
      credentials: 'omit',
    });
    const text = await response.text();
    let json;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    if (!response.ok) {
      throw new ApiError(
        response.status,
        (json && typeof json.message === 'string' && json.message) || text || response.statusText,
      );
    }
    return json;
  }

  // UTF-8 user names and passwords: btoa alone takes Latin-1 only.
  function basic(login, password) {
    const bytes = new TextEncoder().encode(login + ':' + password);
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return 'Basic ' + btoa(binary);
  }

  function say(text) {
    message.textContent = text;
  }

  function explain(error) {
    if (error instanceof ApiError && error.status === 401) return 'Wrong user name or password.';
    if (error instanceof ApiError && error.status === 403) {
      return 'Only server administrators may manage GraphQL schemas and tokens.';
    }
    return error instanceof Error ? error.message : String(error);
  }

  function when(value) {
    if (value === null || value === undefined || value === '') return '';
    const date = new Date(value);
    if (Number.isNaN(date.getTime())) return String(value);
    return date.toISOString().slice(0, 16).replace('T', ' ') + ' UTC';
  }

  function isPast(value) {
    return value !== null && value !== undefined && new Date(value).getTime() <= Date.now();
  }

  function expires(value) {
    if (value === null || value === undefined) return 'never';
    return when(value) + (isPast(value) ? ' (expired)' : '');
  }

  function yesNo(value) {
    return value ? 'yes' : 'no';
  }

  function cell(row, text, title) {
    const td = row.insertCell();
    td.textContent = text;
    if (title) td.title = title;
    return td;
  }

  function fillTable(table, headings, rows, empty, fillRow) {
    const head = table.tHead;
    head.replaceChildren();
    const headRow = head.insertRow();
    for (const heading of headings) {
      const th = document.createElement('th');
      th.textContent = heading;
      headRow.appendChild(th);
    }
    const tbody = table.tBodies[0];
    tbody.replaceChildren();
    if (rows.length === 0) {
      const td = cell(tbody.insertRow(), empty);
      td.colSpan = headings.length;
      td.className = 'empty';
      return;
    }
    for (const item of rows) fillRow(tbody.insertRow(), item);
  }

  function showSchemas(schemas) {
    fillTable(
      byId('schemas'),
      ['Name', 'Handle', 'Public', 'Enabled', 'Expires', 'Tokens', 'Scope'],
      schemas,
      'No schemas: declare them in the content model (graphqlSchemas).',
      (row, schema) => {
        row.dataset.handle = schema.handle;
        cell(row, schema.name);
        cell(row, schema.handle, schema.uid);
        cell(row, yesNo(schema.public));
        cell(row, yesNo(schema.enabled) + (schema.usable === false ? ' (not usable)' : ''));
        cell(row, expires(schema.expiryDate));
        cell(row, schema.public ? '' : String(schema.tokens ?? ''));
        const scope = Array.isArray(schema.scope) ? schema.scope : [];
        cell(row, scope.length + ' permissions', scope.join('\n'));
      },
    );
    const select = newToken.elements.namedItem('schema');
    select.replaceChildren();
    // The public schema needs no token.
    for (const schema of schemas.filter((each) => each.public !== true)) {
      const option = document.createElement('option');
      option.value = schema.handle;
      option.textContent = schema.name + ' (' + schema.handle + ')';
      select.appendChild(option);
    }
  }

  function showTokens(tokens) {
    fillTable(
      byId('tokens'),
      ['Name', 'Schema', 'Enabled', 'Expires', 'Last used', 'Created', ''],
      tokens,
      'No tokens yet.',
      (row, token) => {
        row.dataset.name = token.name;
        cell(row, token.name);
        cell(row, token.schema === null ? '(removed schema)' : token.schema, token.schemaUid);
        cell(row, yesNo(token.enabled));
        cell(row, expires(token.expiryDate));
        cell(row, when(token.lastUsed) || 'never');
        cell(row, when(token.dateCreated));
        const actions = row.insertCell();
        const path = TOKENS_URL + '/' + encodeURIComponent(token.id);
        action(actions, token.enabled ? 'Disable' : 'Enable', () =>
          api('PATCH', path, { enabled: !token.enabled }),
        );
        if (!isPast(token.expiryDate)) {
          action(actions, 'Expire now', () =>
            api('PATCH', path, { expiryDate: new Date().toISOString() }),
          );
        }
        action(actions, 'Rotate', async () => {
          if (!window.confirm('Rotate "' + token.name + '"? Its current token stops working.')) {
            return;
          }
          showNewToken(token.name, (await api('POST', path + '/rotate')).accessToken);
        });
        action(actions, 'Delete', async () => {
          if (!window.confirm('Delete the token "' + token.name + '"?')) return;
          await api('DELETE', path);
        });
      },
    );
  }

  // A button running an API call, then showing the lists as they now are.
  function action(parent, label, call) {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = label;
    button.addEventListener('click', async function () {
      say('');
      try {
        await call();
        await refresh();
      } catch (error) {
        say(explain(error));
      }
    });
    parent.appendChild(button);
  }

  function showNewToken(name, token) {
    shownToken = token;
    byId('new-token-name').textContent = name;
    byId('new-token-value').textContent = token;
    newTokenResult.hidden = false;
  }

  async function refresh() {
    const [schemas, tokens] = await Promise.allSettled([
      api('GET', SCHEMAS_URL),
      api('GET', TOKENS_URL),
    ]);
    // Wrong credentials: the caller says so and stays signed out.
    for (const result of [schemas, tokens]) {
      if (result.status === 'rejected' && [401, 403].includes(result.reason.status)) {
        throw result.reason;
      }
    }
    const problems = [];
    if (schemas.status === 'fulfilled') showSchemas(schemas.value);
    else problems.push('The schemas cannot be listed: ' + explain(schemas.reason));
    if (tokens.status === 'fulfilled') showTokens(tokens.value);
    else problems.push('The tokens cannot be listed: ' + explain(tokens.reason));
    say(problems.join(' '));
  }

  function show(signedInNow) {
    signIn.hidden = signedInNow;
    signedIn.hidden = !signedInNow;
    signOut.hidden = !signedInNow;
  }

  signIn.addEventListener('submit', async function (event) {
    event.preventDefault();
    const fields = signIn.elements;
    authorization = basic(fields.namedItem('login').value, fields.namedItem('password').value);
    say('');
    try {
      await refresh();
      fields.namedItem('password').value = '';
      show(true);
    } catch (error) {
      authorization = null;
      say(explain(error));
    }
  });

  signOut.addEventListener('click', function () {
    authorization = null;
    shownToken = '';
    newTokenResult.hidden = true;
    byId('new-token-value').textContent = '';
    for (const id of ['schemas', 'tokens']) byId(id).tBodies[0].replaceChildren();
    say('');
    show(false);
  });

  newToken.addEventListener('submit', async function (event) {
    event.preventDefault();
    const fields = newToken.elements;
    const expiry = fields.namedItem('expiryDate').value;
    say('');
    try {
      const created = await api('POST', TOKENS_URL, {
        name: fields.namedItem('name').value,
        schema: fields.namedItem('schema').value,
        expiryDate: expiry === '' ? null : expiry,
      });
      showNewToken(created.name, created.accessToken);
      fields.namedItem('name').value = '';
      fields.namedItem('expiryDate').value = '';
      await refresh();
    } catch (error) {
      say(explain(error));
    }
  });

  byId('use-token').addEventListener('click', function () {
    try {
      localStorage.setItem(TOKEN_KEY, shownToken);
    } catch {
      say('The browser does not let this page store the token: paste it into the playground.');
      return;
    }
    window.location.assign(playgroundPath);
  });

  show(false);
})();
