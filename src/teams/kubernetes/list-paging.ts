import { KubeStatusError } from './kube-status';

/**
 * `limit` and `continue` of a list. The continue token is opaque to clients: the base64url of
 * the last id served. Teams are listed by id, so a page never repeats or skips a team that
 * exists throughout the listing, whatever is written between pages.
 */
export interface ListPaging {
  /** 0: no limit. */
  readonly limit: number;
  readonly afterId: number;
}

export function readListPaging(limit: unknown, token: unknown): ListPaging {
  let parsedLimit = 0;
  if (typeof limit === 'string' && limit !== '') {
    if (!/^\d+$/.test(limit) || !Number.isSafeInteger(Number(limit))) {
      throw KubeStatusError.badRequest(`invalid value for limit: ${JSON.stringify(limit)}`);
    }
    parsedLimit = Number(limit);
  } else if (limit !== undefined && typeof limit !== 'string') {
    throw KubeStatusError.badRequest('limit may be given once');
  }
  let afterId = 0;
  if (typeof token === 'string' && token !== '') {
    const decoded = Buffer.from(token, 'base64url').toString('utf8');
    const match = /^\{"id":([1-9]\d*)\}$/.exec(decoded);
    if (!match || !Number.isSafeInteger(Number(match[1]))) {
      throw KubeStatusError.badRequest('continue key is not valid: not a token of this list');
    }
    afterId = Number(match[1]);
  } else if (token !== undefined && typeof token !== 'string') {
    throw KubeStatusError.badRequest('continue may be given once');
  }
  return { limit: parsedLimit, afterId };
}

export function continueToken(lastId: number): string {
  return Buffer.from(JSON.stringify({ id: lastId }), 'utf8').toString('base64url');
}
