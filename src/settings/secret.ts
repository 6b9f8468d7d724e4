import { inspect } from 'node:util';

const REDACTED = '[secret]';

/**
 * A password or credential read from the environment. The settings object is long-lived and may
 * be logged, serialised or dumped: this wrapper prints as `[secret]` in every form (String,
 * JSON, util.inspect, template literals), and a value needed only once (ADMIN_PASSWORD, at the
 * first start) is dropped with `forget()` so the settings object no longer reaches it. The value
 * lives in a private field, which the settings loader's deep freeze does not touch.
 */
export class Secret {
  #value: string;

  constructor(value: string) {
    this.#value = value;
  }

  /** Set and not forgotten. */
  get isSet(): boolean {
    return this.#value !== '';
  }

  /** The value, for the one place that hands it to a client or a hash; '' once forgotten. */
  reveal(): string {
    return this.#value;
  }

  /** Drops the value: later `reveal()` calls get ''. */
  forget(): void {
    this.#value = '';
  }

  toString(): string {
    return REDACTED;
  }

  toJSON(): string {
    return REDACTED;
  }

  [inspect.custom](): string {
    return REDACTED;
  }
}

/** An empty secret: the default of every secret setting. */
export const NO_SECRET = new Secret('');

/** The parser of a secret setting: the raw value as is, wrapped. */
export function parseSecret(raw: string): Secret {
  return new Secret(raw);
}
