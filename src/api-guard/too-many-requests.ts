import type { YiiErrorBody } from '../infra/http/craft-request/yii-error-body';
import { ProtectedApi } from '../settings/api-guard.settings';

/** A refusal in the API's own error shape. */
export interface Refusal {
  readonly contentType: string;
  readonly body: string;
}

/** Yii's TooManyRequestsHttpException as Craft renders it, with yii\filters\RateLimiter's text. */
const GRAPHQL_BODY: YiiErrorBody = {
  name: 'Too Many Requests',
  message: 'Rate limit exceeded.',
  code: 0,
  status: 429,
};

/** A Grafana handler error. */
const TEAMS_BODY = { message: 'Too many requests' };

const REFUSALS: Readonly<Record<ProtectedApi, Refusal>> = {
  graphql: {
    contentType: 'application/json; charset=utf-8',
    body: JSON.stringify(GRAPHQL_BODY),
  },
  teams: { contentType: 'application/json; charset=utf-8', body: JSON.stringify(TEAMS_BODY) },
};

export function tooManyRequests(api: ProtectedApi): Refusal {
  return REFUSALS[api];
}
