// The playground page: GraphiQL (from its browser build, loaded before this file) posting to the
// path the page was opened at, with the access token of the bar above it.
(function () {
  'use strict';

  // Shared with admin.js, which can hand a new token over.
  const TOKEN_KEY = 'content-graphql.token';
  const DEFAULT_QUERY = '{ ping }\n';

  const body = document.body;
  const endpoint = body.dataset.endpoint;
  // GraphiQL's dialogs add one <style> element; webpack-style libraries read their nonce here.
  window.__webpack_nonce__ = body.dataset.styleNonce;

  const host = document.getElementById('graphiql');
  const form = document.getElementById('token-form');
  const input = document.getElementById('token-input');
  const state = document.getElementById('token-state');

  function storedToken() {
    try {
      return localStorage.getItem(TOKEN_KEY) || '';
    } catch {
      return ''; // storage disabled: the field still works for this page
    }
  }

  function storeToken(token) {
    try {
      if (token) localStorage.setItem(TOKEN_KEY, token);
      else localStorage.removeItem(TOKEN_KEY);
    } catch {
      // kept in memory only
    }
  }

  // The endpoint's own refusals (a bad token: 400 with Yii's {name, message, status}) become
  // GraphQL errors, which GraphiQL shows as such, also when fetching the schema.
  function graphqlResult(status, text) {
    let json;
    try {
      json = JSON.parse(text);
    } catch {
      return { errors: [{ message: 'HTTP ' + status + ': ' + text.slice(0, 500) }] };
    }
    const isObject = json !== null && typeof json === 'object' && !Array.isArray(json);
    if (isObject && !('data' in json) && !('errors' in json) && typeof json.message === 'string') {
      return { errors: [{ message: json.message, extensions: { status: status } }] };
    }
    return json;
  }

  function fetcherFor(token) {
    return async function (params, options) {
      const headers = { 'Content-Type': 'application/json', Accept: 'application/json' };
      if (token) headers.Authorization = 'Bearer ' + token;
      // Headers typed into GraphiQL's header editor win.
      Object.assign(headers, options && options.headers);
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: headers,
        body: JSON.stringify(params),
        credentials: 'omit',
      });
      return graphqlResult(response.status, await response.text());
    };
  }

  function showState(token) {
    state.textContent = token
      ? 'Sending the token ending in …' + token.slice(-4)
      : 'No token: the public schema';
  }

  if (typeof window.GraphiQL !== 'function' || typeof window.ReactDOM !== 'object') {
    host.textContent = 'GraphiQL could not be loaded.';
    return;
  }
  const root = ReactDOM.createRoot(host);

  // A new token means another schema: GraphiQL starts over (and fetches that schema); the
  // editors keep their text through GraphiQL's own storage.
  function render() {
    const token = storedToken();
    input.value = token;
    showState(token);
    root.render(
      React.createElement(GraphiQL, {
        key: token,
        fetcher: fetcherFor(token),
        defaultQuery: DEFAULT_QUERY,
      }),
    );
  }

  form.addEventListener('submit', function (event) {
    event.preventDefault();
    storeToken(input.value.trim());
    render();
  });
  document.getElementById('token-forget').addEventListener('click', function () {
    storeToken('');
    render();
  });
  // Another tab (the control panel) set a token.
  window.addEventListener('storage', function (event) {
    if (event.key === TOKEN_KEY) render();
  });

  render();
})();
