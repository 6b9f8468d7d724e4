import { DecisionRequest, descriptor, Descriptor } from '../requests';
import { SOAK } from './soak-settings';

/** Descriptors per request, each a minute-window and a day-window key (rules/bench.yaml). */
const KEYS_PER_REQUEST = 4;

/**
 * The soak's requests (values `s<k>` match the prefill of soak.ts), numbered: every 20th goes to one of SOAK_UNKNOWN_DOMAINS unknown domains;
 * the others count 4 distinct values (cycling through SOAK_KEYS) under `user` (minute window) and
 * `tenant` (day window), and every 10th adds a descriptor with a request `limit` override on a
 * distinct value (per-value statistics). gRPC and /json share one numbering, so the two transports
 * walk the key space together.
 */
export class RequestMix {
  private sequence = 0;
  private nextKey = 0;

  next(): DecisionRequest {
    const number = this.sequence++;
    if (number % 20 === 19) {
      return {
        domain: `soak_unknown_${number % SOAK.unknownDomains}`,
        descriptors: [descriptor(['user', `u${number}`])],
      };
    }
    const descriptors: Descriptor[] = [];
    for (let i = 0; i < KEYS_PER_REQUEST; i++) {
      const key = this.nextKey;
      this.nextKey = (this.nextKey + 1) % SOAK.keys;
      descriptors.push(descriptor(['user', `s${key}`]), descriptor(['tenant', `s${key}`]));
    }
    if (number % 10 === 3) {
      descriptors.push({
        ...descriptor(['user', `o${this.nextKey}`]),
        limit: { requestsPerUnit: 1_000_000 + (number % 1000), unit: 'MINUTE' },
      });
    }
    return { domain: 'bench', descriptors };
  }

  /** Distinct values counted so far (capped at SOAK_KEYS once the cycle wrapped). */
  get keysTouched(): number {
    return Math.min(SOAK.keys, Math.ceil((this.sequence * KEYS_PER_REQUEST * 19) / 20));
  }
}
