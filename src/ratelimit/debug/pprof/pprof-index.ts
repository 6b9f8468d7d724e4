/**
 * The page at /debug/pprof/: what can be downloaded and how to open it. Go's pprof serves an HTML
 * index at the same place; these are the Node counterparts, in Chrome DevTools' formats.
 */
export const PPROF_INDEX_HTML = `<!doctype html>
<html>
<head><meta charset="utf-8"><title>/debug/pprof/</title></head>
<body>
<h1>/debug/pprof/</h1>
<p>Profiles of this Node.js process, one of a kind at a time (a second request gets 409).</p>
<table>
<tr><th align="left">endpoint</th><th align="left">what</th><th align="left">open with</th></tr>
<tr><td><a href="profile?seconds=30">profile?seconds=30</a></td>
<td>CPU profile over <code>seconds</code> (1 to 300, default 30), V8's sampling profiler</td>
<td>Chrome DevTools: Performance panel, <em>Load profile</em>; VS Code; speedscope</td></tr>
<tr><td><a href="heap">heap</a></td>
<td>heap snapshot, only with <code>DEBUG_HEAP_SNAPSHOTS=true</code> (it holds every string of the
process, secrets included); pauses the process while it is taken and needs about as much memory
again; one at a time (a second request gets 503)</td>
<td>Chrome DevTools: Memory panel, <em>Load</em></td></tr>
<tr><td><a href="trace?seconds=1">trace?seconds=1</a></td>
<td>Node trace events over <code>seconds</code> (1 to 60, default 1);
<code>categories=v8,node.async_hooks,...</code> to choose (default v8, node.environment, node.perf)</td>
<td>ui.perfetto.dev, chrome://tracing, Chrome DevTools Performance panel</td></tr>
</table>
<p>From a shell: <code>curl -OJ http://HOST:PORT/debug/pprof/profile?seconds=10</code></p>
</body>
</html>
`;
