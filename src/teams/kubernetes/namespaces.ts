/**
 * Grafana's namespaces: `default` is org 1, `org-<id>` any org. `stacks-<id>` (Grafana Cloud's
 * form) is accepted as the one org a stack has here: org 1. Undefined: not a namespace.
 */
export function namespaceOrg(namespace: string): number | undefined {
  if (namespace === 'default') return 1;
  const org = /^org-([1-9]\d*)$/.exec(namespace);
  if (org) {
    const id = Number(org[1]);
    return Number.isSafeInteger(id) ? id : undefined;
  }
  return /^stacks-[1-9]\d*$/.test(namespace) ? 1 : undefined;
}
