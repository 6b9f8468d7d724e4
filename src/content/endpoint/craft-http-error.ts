import type { YiiErrorBody } from '../../infra/http/craft-request/yii-error-body';

/** Yii's names of the HTTP statuses the endpoint answers with. */
const STATUS_NAMES: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  403: 'Forbidden',
  404: 'Not Found',
  413: 'Request Entity Too Large',
  415: 'Unsupported Media Type',
  500: 'Internal Server Error',
};

/**
 * An HTTP error raised by the GraphQL controller (docs/content-endpoint.md#errors), answered as Yii
 * renders an HttpException in JSON: `{"name":"Bad Request","message":"…","code":0,"status":400}`.
 */
export class CraftHttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'CraftHttpError';
  }

  get body(): YiiErrorBody {
    return yiiErrorBody(this.status, this.message);
  }
}

export function yiiErrorBody(status: number, message: string): YiiErrorBody {
  return { name: STATUS_NAMES[status] ?? 'Error', message, code: 0, status };
}

/** Yii's answer to an unexpected exception outside devMode. */
export const INTERNAL_ERROR_MESSAGE = 'An internal server error occurred.';
