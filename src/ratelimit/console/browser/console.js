/* The operator console: plain DOM, the service's JSON API, uPlot for the charts. */
(function () {
  'use strict';

  var REFRESH_MS = 3000;
  var charts = {};
  var timer;

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (name) {
      if (name === 'text') node.textContent = attrs[name];
      else node.setAttribute(name, attrs[name]);
    });
    (children || []).forEach(function (child) {
      node.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
    });
    return node;
  }

  function getJson(path, options) {
    return fetch(path, Object.assign({ headers: { accept: 'application/json' } }, options)).then(
      function (response) {
        return response.json().then(function (body) {
          if (!response.ok) throw new Error(response.status + ': ' + (body.message || ''));
          return body;
        });
      },
    );
  }

  function table(node, header, rows) {
    node.textContent = '';
    node.appendChild(
      el(
        'tr',
        {},
        header.map(function (h) {
          return el('th', { text: h });
        }),
      ),
    );
    rows.forEach(function (row) {
      node.appendChild(
        el(
          'tr',
          {},
          row.map(function (cell) {
            return cell instanceof window.Node
              ? el('td', {}, [cell])
              : el('td', { text: String(cell) });
          }),
        ),
      );
    });
  }

  // Rules
  function limitText(limit) {
    if (limit.unlimited) return 'unlimited';
    var text =
      limit.requestsPerUnit +
      ' / ' +
      (limit.unitMultiplier > 1 ? limit.unitMultiplier + ' ' : '') +
      limit.unit.toLowerCase();
    if (limit.algorithm !== 'fixed_window') {
      text +=
        ' (' +
        limit.algorithm +
        (limit.algorithm === 'token_bucket' ? ', burst ' + limit.burst : '') +
        ')';
    }
    return text;
  }

  function treeOf(nodes) {
    return el(
      'ul',
      { class: 'tree' },
      nodes.map(function (node) {
        var label = [
          el('span', { class: 'node-key', text: node.key + (node.value ? '=' + node.value : '') }),
        ];
        node.limits.forEach(function (limit) {
          label.push(' ' + (limit.label ? limit.label + ': ' : '') + limitText(limit));
          if (limit.shadowMode) {
            label.push(' ', el('span', { class: 'flag shadow', text: 'shadow' }));
          }
          if (limit.quotaMode) label.push(' ', el('span', { class: 'flag', text: 'quota' }));
          if (limit.unlimited) {
            label.push(' ', el('span', { class: 'flag unlimited', text: 'unlimited' }));
          }
        });
        if (node.rule) label.push(' ', el('span', { class: 'flag rule', text: node.rule }));
        var item = el('li', { 'data-rule': node.rule || '' }, label);
        if (node.children.length) item.appendChild(treeOf(node.children));
        return item;
      }),
    );
  }

  function showRules() {
    return getJson('/console/rules.json').then(function (view) {
      var reload = document.getElementById('reload');
      reload.textContent = '';
      [
        ['Source', view.source],
        [
          'Last reload',
          (view.lastReloadAt || 'never') + ' (' + (view.lastReloadResult || 'none') + ')',
        ],
        ['Last rejected reload', view.lastRejectedAt || 'none'],
      ].forEach(function (pair) {
        reload.appendChild(el('dt', { text: pair[0] }));
        reload.appendChild(el('dd', { text: pair[1] }));
      });
      if (view.lastRejectedError) {
        reload.appendChild(el('dt', { text: 'Rejected with' }));
        reload.appendChild(
          el('dd', {}, [
            el('pre', { class: 'error', id: 'reload-error', text: view.lastRejectedError }),
          ]),
        );
      }
      var tree = document.getElementById('rule-tree');
      tree.textContent = '';
      view.domains.forEach(function (domain) {
        tree.appendChild(el('h3', { class: 'domain', text: 'domain: ' + domain.domain }));
        tree.appendChild(treeOf(domain.descriptors));
      });
      fillRulePicker(view.rules);
    });
  }

  // Live traffic
  function sum(values) {
    return values.reduce(function (a, b) {
      return a + b;
    }, 0);
  }

  function chartData(series) {
    return [series.t, series.hits, series.overLimit, series.nearLimit, series.shadow];
  }

  function chartOptions(title) {
    return {
      title: title,
      width: 420,
      height: 180,
      series: [
        {},
        { label: 'hits', stroke: '#1565c0' },
        { label: 'over limit', stroke: '#c62828' },
        { label: 'near limit', stroke: '#ef6c00' },
        { label: 'shadow', stroke: '#6a1b9a' },
      ],
    };
  }

  function showTraffic() {
    return getJson('/traffic').then(function (view) {
      document.getElementById('traffic-note').textContent = view.accounting
        ? ''
        : 'The console accounting is off (DEBUG_CONSOLE_ACCOUNTING=false).';
      var box = document.getElementById('traffic-charts');
      view.rules.forEach(function (rule) {
        ['perSecond', 'perMinute'].forEach(function (kind) {
          var id = rule.rule + '|' + kind;
          var data = chartData(rule[kind]);
          var total = rule[kind].hits.reduce(function (a, b) {
            return a + b;
          }, 0);
          if (charts[id]) {
            charts[id].chart.setData(data);
          } else {
            var holder = el('div', { class: 'chart', 'data-rule': rule.rule, 'data-kind': kind });
            box.appendChild(holder);
            var title =
              rule.rule +
              (kind === 'perSecond' ? ' — last minute, per second' : ' — last hour, per minute');
            charts[id] = {
              chart: new window.uPlot(chartOptions(title), data, holder),
              holder: holder,
            };
          }
          charts[id].holder.setAttribute('data-total-hits', String(total));
          charts[id].holder.setAttribute('data-total-shadow', String(sum(rule[kind].shadow)));
          charts[id].holder.setAttribute('data-total-over', String(sum(rule[kind].overLimit)));
        });
      });
    });
  }

  // Top callers
  function fillRulePicker(rules) {
    var select = document.getElementById('top-rule');
    var chosen = select.value;
    select.textContent = '';
    rules.forEach(function (rule) {
      select.appendChild(el('option', { value: rule, text: rule }));
    });
    if (chosen) select.value = chosen;
  }

  function hitterRows(list) {
    return list.map(function (h, i) {
      var link = el('a', { href: '#counters', text: h.key, 'data-descriptor': h.key });
      return [i + 1, link, h.count, h.error];
    });
  }

  function showTop() {
    var rule = document.getElementById('top-rule').value;
    if (!rule) return Promise.resolve();
    return getJson('/top?rule=' + encodeURIComponent(rule)).then(
      function (top) {
        document.getElementById('top-note').textContent =
          top.totalHits +
          ' hits over the last ' +
          top.windowSeconds +
          '–' +
          2 * top.windowSeconds +
          ' s; each count is at most "error" over the truth (k = ' +
          top.k +
          ')';
        table(
          document.getElementById('top-hits'),
          ['#', 'descriptor', 'hits', 'error'],
          hitterRows(top.byHits),
        );
        table(
          document.getElementById('top-over'),
          ['#', 'descriptor', 'over-limit hits', 'error'],
          hitterRows(top.byOverLimit),
        );
      },
      function (error) {
        document.getElementById('top-note').textContent = error.message;
      },
    );
  }

  // Counters
  function counterQuery() {
    var domain = document.getElementById('counter-domain').value;
    var descriptor = document.getElementById('counter-descriptor').value;
    return (
      '/counters?domain=' +
      encodeURIComponent(domain) +
      '&descriptor=' +
      encodeURIComponent(descriptor)
    );
  }

  function showCounters(lookup) {
    var message = document.getElementById('counter-message');
    if (lookup.rule === null) {
      message.textContent = 'No rule applies to this descriptor: it is never limited.';
    } else if (lookup.unlimited) message.textContent = 'Rule ' + lookup.rule + ' is unlimited.';
    else message.textContent = 'Rule ' + lookup.rule + ' on the ' + lookup.store + ' store.';
    table(
      document.getElementById('counter-table'),
      [
        'limit',
        'algorithm',
        'limit per window',
        'count',
        'remaining',
        'over limit',
        'reset in (s)',
        'state',
      ],
      lookup.limits.map(function (l) {
        var state = l.bucket
          ? 'tokens ' + l.bucket.tokens + ' of ' + l.bucket.capacity
          : 'window ' +
            new Date(l.window.start * 1000).toISOString() +
            ' – ' +
            new Date(l.window.end * 1000).toISOString() +
            (l.window.previous !== undefined ? ', previous window ' + l.window.previous : '');
        return [
          l.limit,
          l.algorithm + (l.shadowMode ? ' (shadow)' : ''),
          l.requestsPerUnit + ' / ' + l.unit.toLowerCase(),
          l.count,
          l.remaining,
          l.overLimit ? 'yes' : 'no',
          l.secondsToReset,
          state,
        ];
      }),
    );
  }

  function counterFailed(error) {
    document.getElementById('counter-message').textContent = error.message;
    document.getElementById('counter-table').textContent = '';
  }

  function lookUp() {
    return getJson(counterQuery()).then(showCounters, counterFailed);
  }

  // Health
  function showHealth() {
    return getJson('/console/health.json').then(function (h) {
      table(
        document.getElementById('health-table'),
        ['what', 'value'],
        [
          [
            'store',
            h.store.kind + (h.store.reachable ? ' reachable' : ' UNREACHABLE: ' + h.store.error),
          ],
          ['store latency (ms)', h.store.latencyMs.toFixed(2)],
          ['local over-limit cache keys', h.localOverLimitCacheKeys],
          ['process RSS (MiB)', (h.rssBytes / 1048576).toFixed(1)],
          [
            'event-loop delay mean / p99 / max (ms)',
            [h.eventLoopDelayMs.mean, h.eventLoopDelayMs.p99, h.eventLoopDelayMs.max]
              .map(function (v) {
                return v.toFixed(1);
              })
              .join(' / '),
          ],
          ['stats keys folded', h.statsKeysFolded],
          ['console accounting', h.accounting ? 'on' : 'off'],
        ],
      );
    });
  }

  // Dry run
  function showDryRun(report) {
    var state = document.getElementById('dry-state');
    if (report.state === 'none') {
      state.textContent = 'No dry run yet.';
    } else {
      state.textContent =
        (report.state === 'running' ? 'Running' : 'Finished') +
        ': ' +
        report.startedAt +
        ' – ' +
        report.endsAt;
    }
    table(
      document.getElementById('dry-table'),
      [
        'candidate rule',
        'hits',
        'would have limited',
        'near limit',
        'top values it would have limited',
      ],
      report.rules.map(function (rule) {
        return [
          rule.rule,
          rule.totalHits,
          rule.wouldHaveLimited,
          rule.nearLimit,
          rule.topLimited
            .slice(0, 5)
            .map(function (h) {
              return h.key + ' (' + h.count + ')';
            })
            .join(', '),
        ];
      }),
    );
  }

  function dryRunFailed(error) {
    document.getElementById('dry-state').textContent = error.message;
  }

  function refreshDryRun() {
    return getJson('/dry-run').then(showDryRun);
  }

  var PAGES = {
    rules: showRules,
    traffic: showTraffic,
    top: showTop,
    counters: function () {
      return Promise.resolve();
    },
    health: showHealth,
    'dry-run': refreshDryRun,
  };

  function show() {
    var page = (window.location.hash || '#rules').slice(1);
    if (!PAGES[page]) page = 'rules';
    document.querySelectorAll('.page').forEach(function (section) {
      section.classList.toggle('active', section.id === 'page-' + page);
    });
    document.querySelectorAll('nav a').forEach(function (link) {
      link.classList.toggle('active', link.getAttribute('data-page') === page);
    });
    window.clearInterval(timer);
    var refresh = function () {
      PAGES[page]().catch(function (error) {
        document.body.setAttribute('data-error', error.message);
      });
    };
    // The rule picker of Top callers comes from the rules.
    if (page === 'top') {
      showRules().then(refresh, refresh);
    } else {
      refresh();
    }
    if (page === 'traffic' || page === 'top' || page === 'health' || page === 'dry-run') {
      timer = window.setInterval(refresh, REFRESH_MS);
    }
  }

  document.addEventListener('DOMContentLoaded', function () {
    document.getElementById('counter-form').addEventListener('submit', function (event) {
      event.preventDefault();
      lookUp();
    });
    document.getElementById('counter-reset').addEventListener('click', function () {
      getJson(counterQuery(), { method: 'DELETE' }).then(function (lookup) {
        showCounters(lookup);
        document.getElementById('counter-message').textContent += ' Reset done.';
      }, counterFailed);
    });
    document.getElementById('top-rule').addEventListener('change', showTop);
    document.getElementById('dry-form').addEventListener('submit', function (event) {
      event.preventDefault();
      var seconds = document.getElementById('dry-seconds').value;
      getJson('/dry-run?seconds=' + encodeURIComponent(seconds), {
        method: 'POST',
        headers: { 'content-type': 'application/yaml', accept: 'application/json' },
        body: document.getElementById('dry-yaml').value,
      }).then(showDryRun, dryRunFailed);
    });
    document.getElementById('dry-stop').addEventListener('click', function () {
      getJson('/dry-run', { method: 'DELETE' }).then(showDryRun, dryRunFailed);
    });
    document.addEventListener('click', function (event) {
      var target = event.target;
      if (target && target.getAttribute && target.getAttribute('data-descriptor')) {
        var rule = document.getElementById('top-rule').value;
        document.getElementById('counter-domain').value = rule.split('.')[0];
        document.getElementById('counter-descriptor').value =
          target.getAttribute('data-descriptor');
        window.setTimeout(lookUp, 0);
      }
    });
    window.addEventListener('hashchange', show);
    show();
  });
})();
